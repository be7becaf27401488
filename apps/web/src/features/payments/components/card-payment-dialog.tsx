// The card modal's dialog: Stripe Elements card entry, Pay and Cancel, the inline error area, and the
// hosted checkout as an alternative. Idle -> processing (buttons disabled, full-screen overlay) ->
// closed on success; on error the message shows in the modal (spec section 4).
//
// Paying: create-intent (the server prices it; amount = held card amount for a coin pack, price x 100
// for a membership) -> stripe.confirmCardPayment -> complete -> the caller updates balance and member
// kind and closes the modal.
import { useMemo, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { TCompletePaymentResponse } from '@velvet/contracts/payment/complete-payment';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCompletePaymentMutation, useCreateCheckoutMutation, useCreateIntentMutation } from '../api.ts';
import { CARD_MESSAGES, confirmResult, validateCardPayment } from '../card-payment.ts';
import { cardPaymentRequest, purchaseSummary } from '../payment-details.ts';
import { ExternalIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { ProcessingOverlay } from './processing-overlay.tsx';
import { PurchaseSummaryBox } from './purchase-summary.tsx';
import styles from './payment-modals.module.css';

export interface CardPaymentDialogProps {
  publicKey: string;
  details: TPaymentDetails;
  onClose(): void;
  onPaid(result: TCompletePaymentResponse): void;
}

// One Stripe instance per key for the page's life; a failed load (blocked network) resolves to null,
// which the form reports as 'Payment system is not ready yet.'.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publicKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publicKey);
  if (!promise) {
    promise = loadStripe(publicKey).catch((error: unknown) => {
      console.error('Failed to load the card payment system', error);
      stripeByKey.delete(publicKey);
      return null;
    });
    stripeByKey.set(publicKey, promise);
  }
  return promise;
}

function cardElementOptions(): StripeCardElementOptions {
  const css = getComputedStyle(document.documentElement);
  const value = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    hidePostalCode: false,
    style: {
      base: {
        color: value('--text', '#f5f1f8'),
        iconColor: value('--text-muted', '#aaa2b6'),
        fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
        fontSize: '16px',
        '::placeholder': { color: value('--text-faint', '#6e6679') },
      },
      invalid: { color: value('--error', '#f05252'), iconColor: value('--error', '#f05252') },
    },
  };
}

export default function CardPaymentDialog({ publicKey, ...props }: CardPaymentDialogProps) {
  const stripe = useMemo(() => stripeFor(publicKey), [publicKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

type Phase = 'idle' | 'processing';

function CardForm({ details, onClose, onPaid }: Omit<CardPaymentDialogProps, 'publicKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [createIntent] = useCreateIntentMutation();
  const [completePayment] = useCompletePaymentMutation();
  const [createCheckout] = useCreateCheckoutMutation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const [options] = useState(cardElementOptions);
  const busy = phase !== 'idle';
  const price = purchaseSummary(details)?.price;

  const fail = (message: string) => {
    setError(message);
    setPhase('idle');
  };

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const card = elements?.getElement(CardElement) ?? null;
    const check = validateCardPayment(Boolean(stripe && card), details);
    if (!check.ok) return setError(check.message);
    if (!stripe || !card) return;
    setError(null);
    setPhase('processing');

    let clientSecret: string;
    try {
      clientSecret = (await createIntent(check.request).unwrap()).clientSecret;
    } catch {
      return fail(CARD_MESSAGES.intentFailed);
    }

    let confirmed;
    try {
      confirmed = confirmResult(await stripe.confirmCardPayment(clientSecret, { payment_method: { card } }));
    } catch {
      return fail(CARD_MESSAGES.failed);
    }
    if (!confirmed.ok) return fail(confirmed.message);

    try {
      const completed = await completePayment({ paymentIntentId: confirmed.paymentIntentId }).unwrap();
      if (completed.status !== 'ok') return fail(CARD_MESSAGES.completeFailed);
      setPhase('idle');
      onPaid(completed);
    } catch {
      fail(CARD_MESSAGES.completeFailed);
    }
  };

  const payOnCheckoutPage = async () => {
    if (busy) return;
    const request = cardPaymentRequest(details);
    if (!request) return setError(CARD_MESSAGES.detailsMissing);
    setError(null);
    setPhase('processing');
    try {
      const { url } = await createCheckout(request).unwrap();
      window.location.assign(url);
    } catch {
      fail(CARD_MESSAGES.failed);
    }
  };

  return (
    <Modal open onClose={onClose} dismissible={!busy} title="Pay by Card" size="wide" testId="card-payment-modal">
      <PurchaseSummaryBox details={details} />
      <form onSubmit={(event) => void pay(event)} noValidate>
        <p className={styles.fieldLabel} id="card-label">
          Card details
        </p>
        <div className={styles.cardField} data-focused={focused} aria-labelledby="card-label" role="group">
          <CardElement
            options={options}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(change) => setError(change.error?.message ?? null)}
          />
        </div>
        <div className={styles.errorArea}>
          <FormError message={error} testId="card-payment-error" />
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            <LockIcon size={16} />
            {price ? `Pay ${price}` : 'Pay'}
          </Button>
        </div>
      </form>
      <p className={styles.divider}>or</p>
      <Button variant="ghost" block disabled={busy} onClick={() => void payOnCheckoutPage()}>
        Pay on a secure checkout page
        <ExternalIcon size={15} />
      </Button>
      <ProcessingOverlay active={busy} />
    </Modal>
  );
}
