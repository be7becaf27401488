// The Purchase/Buy click of the subscription and coin pages (spec section 4, Payment flow): logged out
// it opens the login modal; logged in it holds the payment details and opens the method chooser. The
// pages also load the payment config early, so the chooser knows at once whether cards are on.
import { useCallback } from 'react';
import type { BillingPeriod, CoinPack, Plan } from '@velvet/contracts/catalog';
import { selectIsLoggedIn, selectToken } from '../../../features/auth/slice.ts';
import { openModal } from '../../../features/modals/slice.ts';
import { useGetPaymentConfigQuery } from '../../../features/payments/api.ts';
import { coinPackChosen, membershipChosen } from '../../../features/payments/slice.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';

export function useStartPurchase() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => selectIsLoggedIn(state) && selectToken(state) !== null);
  const cardAvailable = Boolean(useGetPaymentConfigQuery().data?.card);

  const purchasePlan = useCallback(
    (plan: Plan, billingPeriod: BillingPeriod) => {
      if (!signedIn) return void dispatch(openModal('login'));
      dispatch(membershipChosen({ plan, billingPeriod }));
      dispatch(openModal('paymentKind'));
    },
    [dispatch, signedIn],
  );

  const buyCoinPack = useCallback(
    (pack: CoinPack) => {
      if (!signedIn) return void dispatch(openModal('login'));
      dispatch(coinPackChosen(pack));
      dispatch(openModal('paymentKind'));
    },
    [dispatch, signedIn],
  );

  return { purchasePlan, buyCoinPack, cardAvailable };
}
