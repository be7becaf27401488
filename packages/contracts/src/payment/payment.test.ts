import { describe, expect, it } from 'vitest';
import { ZCreateIntentRequest } from './create-intent.ts';
import { ZCreateWalletRequest, ZCreateWalletResponse } from './create-wallet.ts';
import { ZQueryRateRequest } from './query-rate.ts';
import { ZVerifyPaymentErrorResponse, ZVerifyPaymentRequest } from './verify-payment.ts';

function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first = result.error?.issues[0];
  return { path: first?.path.join('.'), message: first?.message };
}

describe('ZCreateIntentRequest', () => {
  const coinPack = { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' };
  const membership = {
    amount: 1800,
    paymentType: 'membership',
    coins: 30000,
    planName: 'Ultimate',
    billingPeriod: 'monthly',
  };

  it('accepts a coin pack and a membership', () => {
    expect(ZCreateIntentRequest.safeParse(coinPack).success).toBe(true);
    expect(ZCreateIntentRequest.safeParse(membership).success).toBe(true);
    expect(ZCreateIntentRequest.safeParse({ ...membership, planName: 'ai master' }).success).toBe(true);
  });

  it.each([
    [{ ...coinPack, coins: 5000 }, 'coins', 'coins must be the amount of a coin pack'],
    [{ ...membership, planName: 'Gold' }, 'planName', 'planName must name a membership plan'],
    [{ ...membership, billingPeriod: '' }, 'billingPeriod', 'billingPeriod must be monthly or yearly for a membership'],
    [{ ...coinPack, amount: 0 }, 'amount', 'amount must be greater than 0'],
    [{ ...coinPack, amount: 15.5 }, 'amount', 'amount must be a whole number of cents'],
    [{ ...coinPack, paymentType: 'gift' }, 'paymentType', 'paymentType must be one of membership or coin'],
  ])('rejects %j at %s', (body, path, message) => {
    expect(firstIssue(ZCreateIntentRequest.safeParse(body))).toEqual({ path, message });
  });
});

describe('ZCreateWalletRequest', () => {
  const body = {
    coin_type: 'BTC',
    period_unit: 'yearly',
    service_kind: 'membership',
    service_title: ' AI Master ',
    request_coin_cnt: '0.00123456',
  };

  it('normalises service_title and parses the amount', () => {
    expect(ZCreateWalletRequest.parse(body)).toMatchObject({
      service_title: 'ai master',
      request_coin_cnt: 0.00123456,
    });
    expect(ZCreateWalletRequest.parse({ ...body, request_coin_cnt: 42.5 }).request_coin_cnt).toBe(42.5);
  });

  it('accepts a coin pack without a period', () => {
    expect(
      ZCreateWalletRequest.safeParse({ ...body, service_kind: 'coin', period_unit: '', service_title: '3600 coins' })
        .success,
    ).toBe(true);
  });

  it.each([
    ['request_coin_cnt', '0.000000001', 'request_coin_cnt must be a positive amount with at most 8 decimals'],
    ['request_coin_cnt', 0, 'request_coin_cnt must be a positive amount with at most 8 decimals'],
    ['request_coin_cnt', 'abc', 'request_coin_cnt must be a positive amount with at most 8 decimals'],
    ['coin_type', 'DOGE', 'coin_type must be one of BTC, ETH or XRP'],
    ['period_unit', 'weekly', 'period_unit must be one of (empty), monthly or yearly'],
    ['service_title', 'gold', 'service_title must name a membership plan'],
  ])('rejects %s=%j', (field, value, message) => {
    expect(firstIssue(ZCreateWalletRequest.safeParse({ ...body, [field]: value }))).toEqual({ path: field, message });
  });

  it('response has the address, the amount and the XRP tag', () => {
    const response = {
      wallet_address: 'bc1q',
      request_coin_cnt: 0.001,
      request_coin_text: '0.00100000',
      destination_tag: null,
      instructions: 'Send exactly 0.00100000 BTC to bc1q.',
      deposit_id: 'd1',
      coin: 'BTC',
      expires_at: '2026-01-01T00:00:00.000Z',
      is_demo: false,
    };
    expect(ZCreateWalletResponse.safeParse(response).success).toBe(true);
    expect(ZCreateWalletResponse.safeParse({ ...response, destination_tag: 42, coin: 'XRP' }).success).toBe(true);
    expect(ZCreateWalletResponse.safeParse({ ...response, wallet_address: '' }).success).toBe(false);
    expect(ZCreateWalletResponse.safeParse({ ...response, destination_tag: 0 }).success).toBe(false);
  });
});

describe('wallet path params', () => {
  it('accept the three coins only', () => {
    expect(ZQueryRateRequest.parse({ coin: 'XRP' })).toEqual({ coin: 'XRP' });
    expect(firstIssue(ZQueryRateRequest.safeParse({ coin: 'btc' }))).toEqual({
      path: 'coin',
      message: 'coin must be one of BTC, ETH or XRP',
    });
  });
});

describe('verify payment', () => {
  it('names session_id when it is missing', () => {
    expect(firstIssue(ZVerifyPaymentRequest.safeParse({}))).toEqual({
      path: 'session_id',
      message: 'session_id is required',
    });
  });

  it('error body carries the spec error field', () => {
    expect(
      ZVerifyPaymentErrorResponse.safeParse({
        status: 'error',
        message: 'Payment not found',
        error: 'Payment not found',
      }).success,
    ).toBe(true);
    // The shared error body (a validation error raised before the handler) must serialise too.
    expect(ZVerifyPaymentErrorResponse.safeParse({ status: 'error', message: 'x', field: 'session_id' }).success).toBe(
      true,
    );
  });
});
