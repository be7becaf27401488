// The global payment modals (spec section 2, Layout: card payment, payment method chooser, crypto
// wallet creation), wired to the modal flags, the held payment details and the session. Mounted once by
// the root route next to the login and logout modals. Credit Cards opens the card modal for a processor
// with card fields in the page (Stripe) and leaves for the processor's page otherwise (Verotel).
import { useCallback } from 'react';
import type { CryptoCoin } from '@velvet/contracts/options';
import type { TCompletePaymentResponse } from '@velvet/contracts/payment/complete-payment';
import { selectToken, setBalance, updateUser } from '../../../features/auth/slice.ts';
import { closeModal, openModal, selectModals } from '../../../features/modals/slice.ts';
import { useGetPaymentConfigQuery } from '../../../features/payments/api.ts';
import { cardCheckoutOf } from '../../../features/payments/card-payment.ts';
import { CardPaymentModal } from '../../../features/payments/components/card-payment-modal.tsx';
import { PaymentMethodModal } from '../../../features/payments/components/payment-method-modal.tsx';
import { WalletCreationModal } from '../../../features/payments/components/wallet-creation-modal.tsx';
import type { DepositCredited } from '../../../features/payments/hooks/use-deposit-tracking.ts';
import { useHostedCheckout } from '../../../features/payments/hooks/use-hosted-checkout.ts';
import { coinSelected, selectPaymentDetails } from '../../../features/payments/slice.ts';
import { useToast } from '../../../features/toast/use-toast.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';
import { refreshMemberStanding } from '../../refresh-member.ts';

export interface PaymentModalsProps {
  /** False while the adult gate is up: nothing else may open over it. */
  enabled: boolean;
}

export function PaymentModals({ enabled }: PaymentModalsProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const modals = useAppSelector(selectModals);
  const details = useAppSelector(selectPaymentDetails);
  const token = useAppSelector(selectToken);
  const chooserOpen = enabled && modals.paymentKind;
  const cardOpen = enabled && modals.payment;
  const { data: config } = useGetPaymentConfigQuery(undefined, { skip: !chooserOpen && !cardOpen });
  const card = config?.card ?? null;
  const checkout = cardCheckoutOf(config);
  const hosted = useHostedCheckout(toast);
  const startHostedCheckout = hosted.start;

  const closeChooser = useCallback(() => dispatch(closeModal('paymentKind')), [dispatch]);
  const closeWallet = useCallback(() => dispatch(closeModal('walletCreation')), [dispatch]);
  const closeCard = useCallback(() => dispatch(closeModal('payment')), [dispatch]);

  const chooseCard = useCallback(() => {
    // The chooser stays open (saying it is redirecting) until the browser leaves, or shows the error.
    if (checkout === 'redirect') return void startHostedCheckout(details);
    dispatch(closeModal('paymentKind'));
    dispatch(openModal('payment'));
  }, [checkout, details, dispatch, startHostedCheckout]);

  const chooseCrypto = useCallback(
    (coin: CryptoCoin) => {
      dispatch(coinSelected(coin));
      dispatch(closeModal('paymentKind'));
      dispatch(openModal('walletCreation'));
    },
    [dispatch],
  );

  const onCredited = useCallback(
    ({ cur_tokens, member_kind }: DepositCredited) => {
      if (cur_tokens !== undefined) dispatch(setBalance(cur_tokens));
      if (member_kind !== undefined) dispatch(updateUser({ member_kind }));
      if (cur_tokens === undefined || member_kind === undefined) {
        // Learnt from a status poll rather than an event: read balance and member kind afresh.
        refreshMemberStanding(dispatch);
      }
      toast.success('Payment received: your purchase has been added to your account.');
    },
    [dispatch, toast],
  );

  const onPaid = useCallback(
    ({ cur_tokens, member_kind }: TCompletePaymentResponse) => {
      dispatch(setBalance(cur_tokens));
      dispatch(updateUser({ member_kind }));
      dispatch(closeModal('payment'));
      toast.success('Payment Successful!');
    },
    [dispatch, toast],
  );

  return (
    <>
      <PaymentMethodModal
        open={chooserOpen}
        details={details}
        cardAvailable={card !== null}
        cardRedirecting={hosted.redirecting}
        onClose={closeChooser}
        onChooseCard={chooseCard}
        onChooseCrypto={chooseCrypto}
      />
      <WalletCreationModal
        open={enabled && modals.walletCreation}
        details={details}
        token={token}
        onClose={closeWallet}
        onCredited={onCredited}
      />
      {card?.checkout === 'embedded' ? (
        <CardPaymentModal
          open={cardOpen}
          publicKey={card.public_key}
          details={details}
          onClose={closeCard}
          onPaid={onPaid}
        />
      ) : null}
    </>
  );
}
