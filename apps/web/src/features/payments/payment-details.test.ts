import { describe, expect, it } from 'vitest';
import { COIN_PACKS, CRYPTO, PLANS, findPlan } from '@velvet/contracts/catalog';
import { ZCreateIntentRequest } from '@velvet/contracts/payment/create-intent';
import { ZCreateWalletRequest } from '@velvet/contracts/payment/create-wallet';
import {
  bestValuePack,
  cardPaymentRequest,
  coinPackDetails,
  coinPackOf,
  depositAmount,
  depositUsd,
  formatUsd,
  initialPaymentDetails,
  membershipDetails,
  purchaseSummary,
  walletCreateRequest,
} from './payment-details.ts';

const ultimate = findPlan('Ultimate')!;
const aiMaster = findPlan('AI Master')!;
const pack12k = COIN_PACKS.find((pack) => pack.amount === 12000)!;

describe('initial payment details', () => {
  it('default to a coin payment with Bitcoin and nothing chosen', () => {
    expect(initialPaymentDetails).toEqual({
      billingPeriod: '',
      plan: null,
      selectedCoin: 'BTC',
      amount: 0,
      planName: '',
      paymentType: 'coin',
    });
  });
});

describe('deposit amount (spec section 4: price x rate, 8 decimals)', () => {
  it('a monthly plan deposits its monthly price', () => {
    const details = membershipDetails(initialPaymentDetails, ultimate, 'monthly');
    expect(depositUsd(details)).toBe(18);
    expect(depositAmount(depositUsd(details), 0.0000155)).toBe('0.00027900');
  });

  it('a yearly plan deposits its yearly price per month x 12', () => {
    const details = membershipDetails(initialPaymentDetails, ultimate, 'yearly');
    expect(depositUsd(details)).toBe(13 * 12);
    expect(depositAmount(depositUsd(details), 0.00001503)).toBe('0.00234468');
  });

  it('a coin pack deposits the pack price', () => {
    expect(depositUsd(coinPackDetails(initialPaymentDetails, pack12k))).toBe(15);
  });

  it('falls back to the default 17 US$ only when nothing is chosen', () => {
    expect(depositUsd(initialPaymentDetails)).toBe(CRYPTO.defaultAmountUsd);
    expect(depositUsd({ ...initialPaymentDetails, paymentType: 'membership' })).toBe(17);
  });

  it('always has exactly 8 decimals', () => {
    expect(depositAmount(17, 2)).toBe('34.00000000');
    expect(depositAmount(5, 0.12345678)).toBe('0.61728390');
    expect(depositAmount(156, 0.0000151234)).toBe('0.00235925');
  });
});

describe('membership and coin pack details', () => {
  it('a membership holds the plan (a copy), its name, period and card amount in cents', () => {
    const details = membershipDetails(initialPaymentDetails, aiMaster, 'yearly');
    expect(details).toMatchObject({
      paymentType: 'membership',
      planName: 'AI Master',
      billingPeriod: 'yearly',
      amount: 12000,
    });
    expect(details.plan).toEqual(aiMaster);
    expect(details.plan).not.toBe(aiMaster);
    expect(details.plan?.features).not.toBe(aiMaster.features);
  });

  it('a coin pack holds no plan, its coins as the name and its price in cents', () => {
    const details = coinPackDetails(membershipDetails(initialPaymentDetails, ultimate, 'yearly'), pack12k);
    expect(details).toMatchObject({
      paymentType: 'coin',
      plan: null,
      planName: '12000',
      billingPeriod: '',
      amount: 1500,
    });
    expect(coinPackOf(details)).toEqual(pack12k);
  });

  it('keeps the selected coin', () => {
    const details = coinPackDetails({ ...initialPaymentDetails, selectedCoin: 'XRP' }, pack12k);
    expect(details.selectedCoin).toBe('XRP');
  });
});

describe('wallet create request', () => {
  it('for a plan: the period, membership and the plan name lowercased', () => {
    const details = membershipDetails(initialPaymentDetails, aiMaster, 'monthly');
    const body = walletCreateRequest(details, 'ETH', '0.00512345');
    expect(body).toEqual({
      coin_type: 'ETH',
      period_unit: 'monthly',
      service_kind: 'membership',
      service_title: 'ai master',
      request_coin_cnt: '0.00512345',
    });
    expect(ZCreateWalletRequest.safeParse(body).success).toBe(true);
  });

  it('for a coin pack: no period, coin, the coin amount as the title', () => {
    const body = walletCreateRequest(coinPackDetails(initialPaymentDetails, pack12k), 'BTC', '0.00022545');
    expect(body).toEqual({
      coin_type: 'BTC',
      period_unit: '',
      service_kind: 'coin',
      service_title: '12000',
      request_coin_cnt: '0.00022545',
    });
    expect(ZCreateWalletRequest.safeParse(body).success).toBe(true);
  });
});

describe('card payment request', () => {
  it.each(PLANS.flatMap((plan) => (['monthly', 'yearly'] as const).map((period) => [plan.name, period] as const)))(
    '%s %s: price x 100 and the coins of the period',
    (name, period) => {
      const plan = findPlan(name)!;
      const body = cardPaymentRequest(membershipDetails(initialPaymentDetails, plan, period));
      const usd = period === 'yearly' ? plan.yearlyPrice * 12 : plan.monthlyPrice;
      expect(body).toEqual({
        amount: usd * 100,
        paymentType: 'membership',
        coins: period === 'yearly' ? plan.yearlyCoinAmount : plan.monthlyCoinAmount,
        planName: plan.name,
        billingPeriod: period,
      });
      expect(ZCreateIntentRequest.safeParse(body).success).toBe(true);
    },
  );

  it('a coin pack sends the held card amount and its coins', () => {
    const body = cardPaymentRequest(coinPackDetails(initialPaymentDetails, pack12k));
    expect(body).toEqual({ amount: 1500, paymentType: 'coin', coins: 12000, planName: '12000', billingPeriod: '' });
    expect(ZCreateIntentRequest.safeParse(body).success).toBe(true);
  });

  it('is null when the details are missing', () => {
    expect(cardPaymentRequest(initialPaymentDetails)).toBeNull();
    expect(
      cardPaymentRequest({ ...initialPaymentDetails, paymentType: 'membership', planName: 'Ultimate' }),
    ).toBeNull();
    expect(cardPaymentRequest({ ...initialPaymentDetails, planName: '5000', amount: 500 })).toBeNull();
  });
});

describe('display helpers', () => {
  it('formats US$', () => {
    expect(formatUsd(156)).toBe('$156');
    expect(formatUsd(1200)).toBe('$1,200');
    expect(formatUsd(4.5)).toBe('$4.50');
  });

  it('summarises a purchase', () => {
    expect(purchaseSummary(membershipDetails(initialPaymentDetails, ultimate, 'yearly'))).toEqual({
      title: 'Ultimate plan',
      detail: 'Billed yearly · 500K coins',
      price: '$156',
    });
    expect(purchaseSummary(coinPackDetails(initialPaymentDetails, pack12k))).toEqual({
      title: '12,000 Coins',
      detail: 'One-off coin pack',
      price: '$15',
    });
    expect(purchaseSummary(initialPaymentDetails)).toBeNull();
  });

  it('the best value pack has the lowest price per coin', () => {
    expect(bestValuePack(COIN_PACKS)).toEqual({ amount: 30000, price: 30 });
    expect(bestValuePack([])).toBeUndefined();
  });
});
