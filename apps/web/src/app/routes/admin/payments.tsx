// The support console's Deposits and payments screen (issue 15, docs/support.md "Deposits and
// payments"), inside the console layout.
import { PaymentsScreen } from '../../../features/console-payments/components/payments-screen.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';

export function Component() {
  return <PaymentsScreen notify={useToast()} />;
}
