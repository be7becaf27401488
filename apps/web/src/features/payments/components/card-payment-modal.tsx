// Card payment modal (spec sections 2, 4, 5 and 8), shown only when card payments are configured. The
// Stripe libraries load with the dialog (a separate chunk), so pages that never open it never fetch
// them, and Stripe.js itself is requested only when the dialog first renders.
import { lazy, Suspense } from 'react';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { TCompletePaymentResponse } from '@velvet/contracts/payment/complete-payment';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

const CardPaymentDialog = lazy(() => import('./card-payment-dialog.tsx'));

export interface CardPaymentModalProps {
  open: boolean;
  /** The processor's browser key (GET /api/payment/config). */
  publicKey: string;
  details: TPaymentDetails;
  onClose(): void;
  /** The payment went through: the new balance and member kind. */
  onPaid(result: TCompletePaymentResponse): void;
}

export function CardPaymentModal({ open, ...props }: CardPaymentModalProps) {
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <Modal open title="Pay by Card" onClose={props.onClose} size="wide" testId="card-payment-modal">
          <Spinner size={24} label="Loading" />
        </Modal>
      }
    >
      <CardPaymentDialog {...props} />
    </Suspense>
  );
}
