import { describe, expect, it } from 'vitest';
import { findCoinPack, findPlan } from '@velvet/contracts/catalog';
import { ZPaymentDetails } from '@velvet/contracts/entities';
import {
  coinPackChosen,
  coinSelected,
  membershipChosen,
  paymentDetailsCleared,
  paymentsReducer,
  selectPaymentDetails,
} from './slice.ts';

const ultimate = findPlan('Ultimate')!;
const pack = findCoinPack(3600)!;

describe('payments slice (payment details held in the app)', () => {
  it('starts with the defaults: coin payment, Bitcoin, nothing chosen', () => {
    const state = paymentsReducer(undefined, { type: 'init' });
    expect(state).toEqual({
      billingPeriod: '',
      plan: null,
      selectedCoin: 'BTC',
      amount: 0,
      planName: '',
      paymentType: 'coin',
    });
    expect(ZPaymentDetails.safeParse(state).success).toBe(true);
  });

  it('holds a membership for the chosen billing period', () => {
    const state = paymentsReducer(undefined, membershipChosen({ plan: ultimate, billingPeriod: 'monthly' }));
    expect(state).toMatchObject({
      paymentType: 'membership',
      planName: 'Ultimate',
      billingPeriod: 'monthly',
      amount: 1800,
    });
    expect(state.plan?.name).toBe('Ultimate');
    expect(ZPaymentDetails.safeParse(state).success).toBe(true);
  });

  it('a coin pack replaces a membership and clears the plan', () => {
    let state = paymentsReducer(undefined, membershipChosen({ plan: ultimate, billingPeriod: 'yearly' }));
    state = paymentsReducer(state, coinPackChosen(pack));
    expect(state).toMatchObject({ paymentType: 'coin', plan: null, planName: '3600', billingPeriod: '', amount: 500 });
    expect(ZPaymentDetails.safeParse(state).success).toBe(true);
  });

  it('remembers the chosen coin across purchases', () => {
    let state = paymentsReducer(undefined, coinSelected('ETH'));
    state = paymentsReducer(state, membershipChosen({ plan: ultimate, billingPeriod: 'yearly' }));
    expect(state.selectedCoin).toBe('ETH');
  });

  it('does not freeze or share the catalogue plan', () => {
    const state = paymentsReducer(undefined, membershipChosen({ plan: ultimate, billingPeriod: 'yearly' }));
    expect(state.plan).not.toBe(ultimate);
    expect(Object.isFrozen(ultimate)).toBe(false);
  });

  it('clears back to the defaults', () => {
    let state = paymentsReducer(undefined, coinPackChosen(pack));
    state = paymentsReducer(state, paymentDetailsCleared());
    expect(state).toEqual(paymentsReducer(undefined, { type: 'init' }));
  });

  it('selector reads the slice', () => {
    const payments = paymentsReducer(undefined, coinPackChosen(pack));
    expect(selectPaymentDetails({ payments })).toBe(payments);
  });
});
