// Postback vectors: Verotel's official clients test signature validation only on generic parameters
// (signature.test.ts), with no per-event postbacks. These signed postbacks (legacy SHA-1 form) are copied
// from a third-party client's tests, github.com/pipisco/laravel-verotel-flexpay
// @ 97af8f6464450c98118927cd630920de19a6d41a, tests/Verotel/FlexPay/FlexPayTest.php ($signature_key,
// $postback_*_request); they verify under the official clients' algorithm unchanged.
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../index.ts';
import { FlexPayPostbackError, parsePostback, type FlexPayPostbackEvent } from './postback.ts';
import { computeSignature } from './signature.ts';

const KEY = 'KzkfbQBeTEAPjFXFuPfuAzUfZZzSqz';
const CUSTOM = 'custom1=Custom+Param+1&custom2=Custom+Param+2&custom3=Custom+Param+3';
const POSTBACKS = {
  purchase: `CCBrand=1010101010101&${CUSTOM}&paymentMethod=CC&priceAmount=12.31&priceCurrency=EUR&referenceID=98040000000000000&saleID=456789&shopID=115790&transactionID=1001000&truncatedPAN=XXXXXXXXXXXX3321&type=purchase&signature=4d3119e55dc0307154a84140367f5abb976c694e`,
  initial: `${CUSTOM}&event=initial&expiresOn=2019-06-09&paymentMethod=CC&period=P1M&priceAmount=12.31&priceCurrency=EUR&referenceID=98040000000000000&saleID=500000&shopID=115790&subscriptionType=one-time&transactionID=100100&type=subscription&signature=7a1a4b6b582743029c4d28667db4b254f35d8ebd`,
  rebill: `amount=12.31&currency=EUR&${CUSTOM}&event=rebill&nextChargeOn=2019-06-30&paymentMethod=CC&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=recurring&type=subscription&signature=a2a4a35f826faf8b13ec4b09840585245dc40b76`,
  cancel: `cancelledBy=user&${CUSTOM}&event=cancel&expiresOn=2019-06-30&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=recurring&type=subscription&signature=f74697510b90abcf693febcec131e55d8f6703b3`,
  uncancel: `${CUSTOM}&event=uncancel&nextChargeOn=2019-06-09&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=recurring&type=subscription&uncancelledBy=support&signature=f9160b82a665834224e21d851ef927ef0557e166`,
  extend: `${CUSTOM}&event=extend&expiresOn=2019-06-09&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=one-time&type=subscription&signature=8ca04bd64b0fb2cefaa26572220e6c237dfb930c`,
  expiry: `${CUSTOM}&event=expiry&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionType=one-time&type=subscription&signature=e8f5bd4af673ba0ee6036c98848b34e1b84e9372`,
  downgrade: `amount=12.31&currency=EUR&${CUSTOM}&event=downgrade&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=one-time&type=subscription&signature=a68fe675f12b88eb1a3097bc1bf3a4b41e88fe23`,
  credit: `${CUSTOM}&event=credit&parentID=10101010&priceAmount=12.31&priceCurrency=EUR&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=one-time&transactionID=1001000&type=subscription&signature=6d44120eee1f5c4f8eee6debd4e02d8cb0e99aae`,
  chargeback: `${CUSTOM}&event=chargeback&parentID=10101010&priceAmount=12.31&priceCurrency=EUR&referenceID=98040000000000000&saleID=456789&shopID=115790&subscriptionPhase=normal&subscriptionType=one-time&transactionID=1001000&type=subscription&signature=37429bf3bd4d7917023f4586ec9f9d94df9d1e8d`,
};

const parse = (query: string, options = {}): FlexPayPostbackEvent =>
  parsePostback(new URLSearchParams(query), KEY, options);

function errorOf(run: () => unknown): FlexPayPostbackError {
  try {
    run();
  } catch (err) {
    if (err instanceof FlexPayPostbackError) return err;
    throw err;
  }
  throw new Error('expected a FlexPayPostbackError');
}

describe('parsePostback: golden postbacks', () => {
  it('reads a purchase (no event field, type=purchase) with its amount in cents', () => {
    expect(parse(POSTBACKS.purchase)).toMatchObject({
      event: 'purchase',
      idempotencyKey: 'verotel:456789:1001000',
      saleID: '456789',
      transactionID: '1001000',
      referenceID: '98040000000000000',
      shopID: '115790',
      saleType: 'purchase',
      amountCents: 1231,
      currency: 'EUR',
      paymentMethod: 'CC',
      custom1: 'Custom Param 1',
      signatureAlgorithm: 'sha1',
    });
  });

  it('reads a subscription start (initial) with its period and dates', () => {
    expect(parse(POSTBACKS.initial)).toMatchObject({
      event: 'initial',
      idempotencyKey: 'verotel:500000:100100',
      transactionID: '100100',
      subscriptionType: 'one-time',
      period: 'P1M',
      expiresOn: '2019-06-09',
      nextChargeOn: null,
      amountCents: 1231,
    });
  });

  it('reads a rebill (amount/currency fields, no transactionID: keyed by its next charge date)', () => {
    expect(parse(POSTBACKS.rebill)).toMatchObject({
      event: 'rebill',
      idempotencyKey: 'verotel:456789:rebill:2019-06-30',
      transactionID: null,
      nextChargeOn: '2019-06-30',
      amountCents: 1231,
      currency: 'EUR',
    });
  });

  it('reads a chargeback and a credit with the transaction they reverse', () => {
    expect(parse(POSTBACKS.chargeback)).toMatchObject({
      event: 'chargeback',
      idempotencyKey: 'verotel:456789:1001000',
      transactionID: '1001000',
      parentID: '10101010',
      amountCents: 1231,
      subscriptionPhase: 'normal',
    });
    expect(parse(POSTBACKS.credit)).toMatchObject({ event: 'credit', parentID: '10101010', amountCents: 1231 });
  });

  it('reads cancel, uncancel, extend and expiry, keyed by event and date', () => {
    expect(parse(POSTBACKS.cancel)).toMatchObject({
      event: 'cancel',
      idempotencyKey: 'verotel:456789:cancel:2019-06-30',
      expiresOn: '2019-06-30',
      cancelledBy: 'user',
    });
    expect(parse(POSTBACKS.uncancel)).toMatchObject({
      event: 'uncancel',
      idempotencyKey: 'verotel:456789:uncancel:2019-06-09',
      uncancelledBy: 'support',
    });
    expect(parse(POSTBACKS.extend)).toMatchObject({
      event: 'extend',
      idempotencyKey: 'verotel:456789:extend:2019-06-09',
      expiresOn: '2019-06-09',
    });
    expect(parse(POSTBACKS.expiry)).toMatchObject({ event: 'expiry', idempotencyKey: 'verotel:456789:expiry' });
  });

  it('acknowledges an event the product does not act on as ignored', () => {
    expect(parse(POSTBACKS.downgrade)).toMatchObject({ event: 'ignored', eventName: 'downgrade', saleID: '456789' });
  });

  it('keeps every parameter but the signature for the audit trail', () => {
    const event = parse(POSTBACKS.chargeback);
    expect(event.params.signature).toBeUndefined();
    expect(event.params.parentID).toBe('10101010');
  });
});

describe('parsePostback: refusals, always a typed FlexPayPostbackError', () => {
  it('refuses an unsigned postback', () => {
    const unsigned = POSTBACKS.purchase.replace(/&signature=.*$/, '');
    const error = errorOf(() => parse(unsigned));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error.code).toBe('unsigned');
  });

  it('refuses a tampered amount, a swapped sale and a forged signature', () => {
    expect(errorOf(() => parse(POSTBACKS.purchase.replace('priceAmount=12.31', 'priceAmount=1231.00'))).code).toBe(
      'bad_signature',
    );
    expect(errorOf(() => parse(POSTBACKS.chargeback.replace('saleID=456789', 'saleID=456790'))).code).toBe(
      'bad_signature',
    );
    expect(errorOf(() => parsePostback(new URLSearchParams(POSTBACKS.purchase), 'guessed key')).code).toBe(
      'bad_signature',
    );
  });

  it('refuses a parameter appended after signing, and a repeated one', () => {
    expect(errorOf(() => parse(`${POSTBACKS.rebill}&event=initial`)).code).toBe('malformed');
    expect(errorOf(() => parse(`${POSTBACKS.purchase}&custom1=x`)).code).toBe('malformed');
    expect(errorOf(() => parse(POSTBACKS.purchase.replace('&signature', '&bonus=1&signature'))).code).toBe(
      'bad_signature',
    );
  });

  it('refuses a postback for another shop when the shop is configured', () => {
    expect(parse(POSTBACKS.purchase, { shopId: '115790' }).event).toBe('purchase');
    expect(errorOf(() => parse(POSTBACKS.purchase, { shopId: '1' })).code).toBe('wrong_shop');
  });

  it('refuses a signed postback that lacks what its event needs, naming the field', () => {
    const signed = (params: Record<string, string>) =>
      new URLSearchParams({ ...params, signature: computeSignature(KEY, params) });
    const noSale = errorOf(() => parsePostback(signed({ shopID: '1', type: 'purchase', transactionID: '9' }), KEY));
    expect([noSale.code, noSale.field]).toEqual(['malformed', 'saleID']);
    const badAmount = errorOf(() =>
      parsePostback(
        signed({
          shopID: '1',
          saleID: '2',
          type: 'purchase',
          transactionID: '9',
          priceAmount: 'free',
          priceCurrency: 'USD',
        }),
        KEY,
      ),
    );
    expect([badAmount.code, badAmount.field]).toEqual(['malformed', 'priceAmount']);
    const badDate = errorOf(() =>
      parsePostback(signed({ shopID: '1', saleID: '2', event: 'cancel', expiresOn: '30/06/2019' }), KEY),
    );
    expect(badDate.field).toBe('expiresOn');
  });

  it('accepts the SHA-256 form of the same postback', () => {
    const params = Object.fromEntries(new URLSearchParams(POSTBACKS.rebill));
    delete params.signature;
    const query = new URLSearchParams({ ...params, signature: computeSignature(KEY, params, 'sha256') });
    expect(parsePostback(query, KEY)).toMatchObject({ event: 'rebill', signatureAlgorithm: 'sha256' });
  });
});
