// Golden vectors from Verotel's official clients' own tests; the expected signatures are copied, not
// computed here:
//   PHP:    github.com/verotel/flexpay-php-client @ 476011c6cfaef20f4b90fa5f315e829149d50bbd
//           tests/FlexPayTest.php ($signOfFiltered, $signOfAll) and tests/VerotelFlexPayClientTest.php
//           (test_validate_signature__returns_true_for_old_sha1_signature)
//   Kotlin: github.com/verotel/flexpay4j @ 0ab1009c700a97dd8b3937bef1aed9f20f19f146
//           src/test/kotlin/com/bitsafe/flexpay/FlexPayClientTest.kt
import { describe, expect, it } from 'vitest';
import { computeSignature, signRequest, verifyPostbackSignature } from './signature.ts';

const SECRET = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const DESCRIPTION = 'My Dščřčřřěřě&?=blah123';

/** flexpay-php-client tests/FlexPayTest.php setUp(): $this->params. */
const PHP_PARAMS = {
  shopID: '68849',
  saleID: '433456',
  priceAmount: '0.00',
  referenceID: 'reference1234',
  priceCurrency: 'USD',
  custom1: 'My',
  description: DESCRIPTION,
  subscriptionType: 'RECURRING',
  period: 'P1M',
  name: 'My name',
  trialAmount: '0.01',
  trialPeriod: 'P3D',
  successURL: 'http://backURL.test',
  declineURL: 'http://declineURL.test',
  cancelDiscountPercentage: '30',
  blah: 'something',
};

describe('request signature (SHA-256 over the signed keys)', () => {
  it("matches the PHP client's signOfFiltered: unsigned keys (blah) left out, raw UTF-8 values", () => {
    expect(signRequest(SECRET, PHP_PARAMS)).toBe('ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2');
  });

  it("matches flexpay4j's signatureOfFiltered", () => {
    const params = { ...PHP_PARAMS, successURL: 'http://successURL.test' };
    expect(signRequest(SECRET, params)).toBe('1a790e1ebf654b9a38884a5c9a867a7e57134f103a1c9c8d9854da794a839d03');
  });

  it("matches flexpay4j's upgrade URL signature (subscription fields: name, lowercase subscriptionType)", () => {
    // FlexPayClientTest `get upgrade subscription url returns correct url`, its query read back.
    const params = {
      custom1: 'custom1 value',
      name: DESCRIPTION,
      period: 'P1M',
      precedingSaleID: '433456',
      priceAmount: '0.00',
      priceCurrency: 'USD',
      shopID: '60678',
      subscriptionType: 'recurring',
      successURL: 'http://successURL.test',
      trialAmount: '0.01',
      trialPeriod: 'P3D',
      type: 'upgradesubscription',
      version: '4',
    };
    expect(signRequest(SECRET, params)).toBe('cc4da94d214a4eb64a3f7affa3c39d168a9163c020f9caacca9bfd7498e33abc');
  });

  it('drops empty values and leaves email out, so neither changes the signature', () => {
    const signed = signRequest(SECRET, PHP_PARAMS);
    expect(signRequest(SECRET, { ...PHP_PARAMS, custom2: '', custom3: null, email: 'a@b.test' })).toBe(signed);
    expect(signRequest(SECRET, { ...PHP_PARAMS, custom2: 'x' })).not.toBe(signed);
  });
});

describe('postback verification (every received parameter)', () => {
  it("accepts the PHP client's signOfAll (SHA-256), even uppercase as FlexPayTest sends it", () => {
    const signOfAll = 'e50b4e92fcd0a21114d3bf3a64f888edfbc784df170e70ee165c4350fe9ffc3c';
    expect(verifyPostbackSignature({ ...PHP_PARAMS, signature: signOfAll }, SECRET)).toEqual({
      ok: true,
      algorithm: 'sha256',
    });
    expect(verifyPostbackSignature({ ...PHP_PARAMS, signature: signOfAll.toUpperCase() }, SECRET).ok).toBe(true);
  });

  it("accepts the PHP client's legacy SHA-1 vector, shopID filled in from the configured shop", () => {
    // VerotelFlexPayClientTest: the client adds its shopID (68849) to params that lack it.
    const { shopID: _shopID, ...withoutShop } = PHP_PARAMS;
    const signature = 'fc63f38e2722d2e5bc4f2044ad3ffb2051e89643';
    expect(verifyPostbackSignature({ ...withoutShop, signature }, SECRET, { shopId: '68849' })).toEqual({
      ok: true,
      algorithm: 'sha1',
    });
    expect(verifyPostbackSignature({ ...withoutShop, signature }, SECRET).ok).toBe(false);
  });

  it("accepts flexpay4j's `validates signature as correct` vector", () => {
    const { saleID: _saleID, blah: _blah, ...params } = { ...PHP_PARAMS, successURL: 'http://successURL.test' };
    const signature = '0df722dd32b8a9f68e3ae4e3f226651eba1397d7928862635ba32674dc7bed6a';
    expect(verifyPostbackSignature({ ...params, signature }, SECRET).ok).toBe(true);
  });

  it("refuses flexpay4j's `validate signature returns false if incorrect` case (an added parameter)", () => {
    const signatureOfAll = 'a8c18e900fad7af686c3b6dc9f00f197f9d6ea210566ef0d81fb07555f23504d';
    const params = { ...PHP_PARAMS, successURL: 'http://successURL.test', custom2: 'Your', signature: signatureOfAll };
    expect(verifyPostbackSignature(params, SECRET)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a changed value, a wrong key, a missing or malformed signature and a repeated parameter', () => {
    const signature = computeSignature(SECRET, PHP_PARAMS);
    expect(verifyPostbackSignature({ ...PHP_PARAMS, signature }, SECRET).ok).toBe(true);
    expect(verifyPostbackSignature({ ...PHP_PARAMS, priceAmount: '0.01', signature }, SECRET).ok).toBe(false);
    expect(verifyPostbackSignature({ ...PHP_PARAMS, signature }, 'another key').ok).toBe(false);
    expect(verifyPostbackSignature(PHP_PARAMS, SECRET)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyPostbackSignature({ ...PHP_PARAMS, signature: 'zz' }, SECRET)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const repeated = new URLSearchParams({ ...PHP_PARAMS, signature });
    repeated.append('priceAmount', '99.00');
    expect(verifyPostbackSignature(repeated, SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('verifies over empty received values too, as the official clients do', () => {
    const params = { ...PHP_PARAMS, custom2: '' };
    const signature = computeSignature(SECRET, params);
    expect(verifyPostbackSignature({ ...params, signature }, SECRET).ok).toBe(true);
    expect(verifyPostbackSignature({ ...PHP_PARAMS, signature }, SECRET).ok).toBe(false);
  });
});
