// Payment details held in the app (spec section 3): what the member chose to buy and with which coin,
// from the Purchase/Buy click until the chooser, wallet or card modal is done with it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BillingPeriod, CoinPack, Plan } from '@velvet/contracts/catalog';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { CryptoCoin } from '@velvet/contracts/options';
import { coinPackDetails, initialPaymentDetails, membershipDetails } from './payment-details.ts';

export type PaymentsState = TPaymentDetails;

export const paymentsSlice = createSlice({
  name: 'payments',
  initialState: initialPaymentDetails,
  reducers: {
    /** Purchase on a plan card: the plan for the billing period the toggle shows. */
    membershipChosen(state, action: PayloadAction<{ plan: Plan; billingPeriod: BillingPeriod }>) {
      return membershipDetails(state, action.payload.plan, action.payload.billingPeriod);
    },
    /** Buy on a coin pack card. */
    coinPackChosen(state, action: PayloadAction<CoinPack>) {
      return coinPackDetails(state, action.payload);
    },
    /** A crypto option of the method chooser. */
    coinSelected(state, action: PayloadAction<CryptoCoin>) {
      state.selectedCoin = action.payload;
    },
    paymentDetailsCleared() {
      return initialPaymentDetails;
    },
  },
});

export const { membershipChosen, coinPackChosen, coinSelected, paymentDetailsCleared } = paymentsSlice.actions;
export const paymentsReducer = paymentsSlice.reducer;

type WithPayments = { payments: PaymentsState };
export const selectPaymentDetails = (state: WithPayments) => state.payments;
