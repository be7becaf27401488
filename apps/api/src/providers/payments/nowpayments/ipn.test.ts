// NOWPayments publishes no signature test vector: neither its API documentation nor the official Node
// SDK's tests (NowPaymentsIO/nowpayments-sdk-nodejs test/sdk.test.js @ f92304313c35037087d3d663dc87a1065e65b735
// only round-trips its own signer) give a fixed hex digest. So each expected signature here is computed
// in the test with node:crypto, from the documented algorithm applied to a canonical text written out
// by hand, never by the code under test. The body is the payment of the documentation's "Webhooks
// examples" (NOWPayments API, Postman collection 422a8b0d-ed97-46e9-847c-36e147397c00, "Instant
// Payments Notifications", as stored in DishIs/fce-frontend postman.json @
// 12666adb9878a7132fddaf50bc66fdc45bf2c07e), with the comma missing after payment_extra_ids restored.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../index.ts';
import {
  IpnPayloadError,
  canonicalIpnBody,
  decimalText,
  parseIpnPayment,
  readIpn,
  signIpnBody,
  verifyIpnSignature,
} from './ipn.ts';

const SECRET = 'ipn-secret-from-the-dashboard';

// As NOWPayments sends it: its own key order, pretty-printed (what is signed is not these bytes).
const DOCS_IPN = `{
"payment_id":123456789,
"parent_payment_id":987654321,
"invoice_id":null,
"payment_status":"finished",
"pay_address":"address",
"payin_extra_id":null,
"price_amount":1,
"price_currency":"usd",
"pay_amount":15,
"actually_paid":15,
"actually_paid_at_fiat":0,
"pay_currency":"trx",
"order_id":null,
"order_description":null,
"purchase_id":"123456789",
"outcome_amount":14.8106,
"outcome_currency":"trx",
"payment_extra_ids":null,
"fee": {
"currency":"btc",
"depositFee":0.09853637216235617,
"withdrawalFee":0,
"serviceFee":0
}
}`;

const TOP =
  '"actually_paid":15,"actually_paid_at_fiat":0,"fee":FEE,"invoice_id":null,"order_description":null,' +
  '"order_id":null,"outcome_amount":14.8106,"outcome_currency":"trx","parent_payment_id":987654321,' +
  '"pay_address":"address","pay_amount":15,"pay_currency":"trx","payin_extra_id":null,' +
  '"payment_extra_ids":null,"payment_id":123456789,"payment_status":"finished","price_amount":1,' +
  '"price_currency":"usd","purchase_id":"123456789"';
/** Current docs (sortObject / tksort), official SDK's sortObjectDeep: every level sorted. */
const RECURSIVE = `{${TOP.replace('FEE', '{"currency":"btc","depositFee":0.09853637216235617,"serviceFee":0,"withdrawalFee":0}')}}`;
/** Older docs, JSON.stringify(params, Object.keys(params).sort()): the key list also filters `fee`. */
const REPLACER = `{${TOP.replace('FEE', '{}')}}`;
/** PHP ksort (the official WooCommerce plugin): only the top level sorted. */
const TOP_LEVEL = `{${TOP.replace('FEE', '{"currency":"btc","depositFee":0.09853637216235617,"withdrawalFee":0,"serviceFee":0}')}}`;

const hmac = (text: string, secret = SECRET) => createHmac('sha512', secret).update(text).digest('hex');

describe('NOWPayments IPN signature', () => {
  it('re-encodes the body exactly as each documented form does', () => {
    const body = JSON.parse(DOCS_IPN) as Record<string, unknown>;
    expect(canonicalIpnBody(body, 'recursive')).toBe(RECURSIVE);
    expect(canonicalIpnBody(body, 'replacer')).toBe(REPLACER);
    expect(canonicalIpnBody(body, 'top-level')).toBe(TOP_LEVEL);
    expect(signIpnBody(body, SECRET)).toBe(hmac(RECURSIVE));
  });

  it.each([
    ['recursive', RECURSIVE],
    ['replacer', REPLACER],
    ['top-level', TOP_LEVEL],
  ] as const)('accepts a signature over the %s form of the raw body', (form, canonical) => {
    const result = verifyIpnSignature(Buffer.from(DOCS_IPN), hmac(canonical), SECRET);
    expect(result).toMatchObject({ ok: true, form });
  });

  it('accepts the header in upper case or with spaces, and a secret pasted with a newline', () => {
    expect(verifyIpnSignature(DOCS_IPN, ` ${hmac(RECURSIVE).toUpperCase()} `, SECRET).ok).toBe(true);
    expect(verifyIpnSignature(DOCS_IPN, hmac(RECURSIVE), `${SECRET}\n`).ok).toBe(true);
  });

  it('refuses a tampered body, a wrong secret, and a missing or malformed header', () => {
    const tampered = DOCS_IPN.replace('"actually_paid":15', '"actually_paid":150');
    expect(verifyIpnSignature(tampered, hmac(RECURSIVE), SECRET)).toEqual({ ok: false, reason: 'bad-signature' });
    const redirected = DOCS_IPN.replace('"payment_id":123456789', '"payment_id":123456780');
    expect(verifyIpnSignature(redirected, hmac(REPLACER), SECRET)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyIpnSignature(DOCS_IPN, hmac(RECURSIVE, 'another-secret'), SECRET)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifyIpnSignature(DOCS_IPN, undefined, SECRET)).toEqual({ ok: false, reason: 'missing-signature' });
    expect(verifyIpnSignature(DOCS_IPN, 'abc', SECRET)).toEqual({ ok: false, reason: 'malformed-signature' });
    expect(verifyIpnSignature('payment_id=1', hmac('payment_id=1'), SECRET)).toEqual({
      ok: false,
      reason: 'malformed-body',
    });
    expect(verifyIpnSignature('[1]', hmac('[1]'), SECRET)).toEqual({ ok: false, reason: 'malformed-body' });
  });

  it('readIpn throws the webhook signature error (400, nothing done) for a forged IPN', () => {
    expect(() => readIpn(DOCS_IPN, hmac(RECURSIVE, 'guess'), SECRET)).toThrow(WebhookSignatureError);
    expect(() => readIpn(DOCS_IPN, undefined, SECRET)).toThrow(/missing-signature/);
    expect(readIpn(DOCS_IPN, hmac(RECURSIVE), SECRET).paymentId).toBe('123456789');
  });

  it('refuses to verify with an empty secret rather than accept anything', () => {
    expect(() => verifyIpnSignature(DOCS_IPN, hmac(RECURSIVE, ''), ' ')).toThrow(/secret is empty/);
  });
});

describe('reading a payment update', () => {
  it('reads the documentation’s webhook example', () => {
    expect(parseIpnPayment(JSON.parse(DOCS_IPN))).toEqual({
      paymentId: '123456789',
      parentPaymentId: '987654321',
      invoiceId: null,
      orderId: null,
      orderDescription: null,
      status: 'finished',
      rawStatus: 'finished',
      payAddress: 'address',
      payAmount: '15',
      actuallyPaid: '15',
      payCurrency: 'trx',
      priceAmount: '1',
      priceCurrency: 'usd',
      actuallyPaidAtFiat: '0',
      outcomeAmount: '14.8106',
      outcomeCurrency: 'trx',
      purchaseId: '123456789',
      createdAt: null,
      updatedAt: null,
    });
  });

  it('reads the documentation’s "Get payment status" answer (numbers as ids, "null" as text)', () => {
    // NOWPayments API docs, "Get payment status", 200 example (same collection as above).
    const update = parseIpnPayment({
      payment_id: 6249365965,
      invoice_id: null,
      payment_status: 'finished',
      pay_address: 'address',
      payin_extra_id: null,
      price_amount: 1,
      price_currency: 'usd',
      pay_amount: 11.8,
      actually_paid: 12,
      pay_currency: 'trx',
      order_id: null,
      order_description: null,
      purchase_id: 5312822613,
      outcome_amount: 11.8405,
      outcome_currency: 'trx',
      payout_hash: 'hash',
      payin_hash: 'hash',
      created_at: '2023-07-28T15:06:09.932Z',
      updated_at: '2023-07-28T15:09:40.535Z',
      burning_percent: 'null',
      type: 'crypto2crypto',
      payment_extra_ids: [5513339153],
    });
    expect(update).toMatchObject({
      paymentId: '6249365965',
      purchaseId: '5312822613',
      payAmount: '11.8',
      actuallyPaid: '12',
      outcomeAmount: '11.8405',
      createdAt: new Date('2023-07-28T15:06:09.932Z'),
      updatedAt: new Date('2023-07-28T15:09:40.535Z'),
    });
  });

  it('keeps an unknown status visible but typed as null, and refuses what is not a payment', () => {
    const update = parseIpnPayment({ payment_id: 1, payment_status: 'cancelled' });
    expect([update.status, update.rawStatus]).toEqual([null, 'cancelled']);
    // A payout IPN (documented "Withdrawals" example) has no payment_id.
    expect(() => parseIpnPayment({ id: '123456789', status: 'CREATING', amount: '50' })).toThrow(IpnPayloadError);
    expect(() => parseIpnPayment({ payment_id: 1 })).toThrow(/payment_status/);
    expect(() => parseIpnPayment({ payment_id: 1, payment_status: 'finished', pay_amount: 'lots' })).toThrow(
      IpnPayloadError,
    );
  });

  it('turns JSON numbers into exact decimal text, exponents included', () => {
    expect(decimalText(0.1)).toBe('0.1');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(1.5e-7)).toBe('0.00000015');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
    expect(decimalText(2.5e21)).toBe('2500000000000000000000');
    expect(decimalText('0.00012345')).toBe('0.00012345');
    expect(decimalText(null)).toBeNull();
    expect(decimalText('null')).toBeNull();
  });
});
