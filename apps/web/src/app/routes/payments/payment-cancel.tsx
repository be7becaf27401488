// Return from the card provider's hosted checkout after the buyer cancelled (spec section 2).
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { HomeIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { PaymentResultPanel } from '../../../features/payments/components/payment-result-panel.tsx';
import { PAYMENT_RESULT_TEXTS as TEXTS } from '../../../features/payments/payment-result.ts';

export function Component() {
  return (
    <PaymentResultPanel state="cancelled" title={TEXTS.cancelled} message={TEXTS.cancelledText}>
      <Link to={paths.root} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
        <HomeIcon size={18} />
        {TEXTS.returnHome}
      </Link>
    </PaymentResultPanel>
  );
}
