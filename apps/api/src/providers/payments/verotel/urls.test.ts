import { describe, expect, it } from 'vitest';
import { computeSignature, signRequest } from './signature.ts';
import {
  buildCancelSubscriptionUrl,
  buildPurchaseUrl,
  buildStatusUrl,
  buildSubscriptionUrl,
  fetchSaleStatus,
  formatPriceAmount,
  parsePriceAmount,
  parseStatusResponse,
  VEROTEL_BASE_URL,
  type FlexPayConfig,
} from './urls.ts';

const SECRET = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const CONFIG: FlexPayConfig = { baseUrl: VEROTEL_BASE_URL, shopId: '60678', signatureKey: SECRET };

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('buildPurchaseUrl', () => {
  it("reproduces flexpay4j's purchase URL byte for byte (order, encoding, signature)", () => {
    // Golden: github.com/verotel/flexpay4j @ 0ab1009c700a97dd8b3937bef1aed9f20f19f146,
    // src/test/kotlin/com/bitsafe/flexpay/FlexPayClientTest.kt `get purchase url returns correct url`.
    const url = buildPurchaseUrl(CONFIG, {
      amountCents: 4520,
      currency: 'EUR',
      description: 'My Dščřčřřěřě&?=blah123',
      paymentMethod: 'CC',
      referenceID: 'ref1',
      custom1: 'custom1',
      custom2: 'custom2',
      custom3: 'custom3',
      successURL: 'http://example.com/approve',
      declineURL: 'http://example.com/decline',
      email: 'foo@example.com',
    });
    expect(url).toBe(
      'https://secure.verotel.com/startorder?custom1=custom1&custom2=custom2&custom3=custom3' +
        '&declineURL=http%3A%2F%2Fexample.com%2Fdecline' +
        '&description=My+D%C5%A1%C4%8D%C5%99%C4%8D%C5%99%C5%99%C4%9B%C5%99%C4%9B%26%3F%3Dblah123' +
        '&email=foo%40example.com&paymentMethod=CC&priceAmount=45.20&priceCurrency=EUR&referenceID=ref1' +
        '&shopID=60678&successURL=http%3A%2F%2Fexample.com%2Fapprove&type=purchase&version=4' +
        '&signature=08a33095ae3f4cee4ba25bc50a4076d11c008b84e40423a1cd436c29d2a9225b',
    );
  });

  it('leaves out what is not given and uses the configured base URL (a fake)', () => {
    const url = buildPurchaseUrl(
      { ...CONFIG, baseUrl: 'http://127.0.0.1:9999/' },
      { amountCents: 999, currency: 'USD', description: '1000 coins', referenceID: 'pay_1' },
    );
    expect(url.startsWith('http://127.0.0.1:9999/startorder?')).toBe(true);
    expect(Object.keys(queryOf(url))).toEqual([
      'description',
      'priceAmount',
      'priceCurrency',
      'referenceID',
      'shopID',
      'type',
      'version',
      'signature',
    ]);
    expect(queryOf(url).priceAmount).toBe('9.99');
  });
});

describe('buildSubscriptionUrl', () => {
  it('asks for a recurring subscription with the plan period, name and return URLs, signed', () => {
    const url = buildSubscriptionUrl(CONFIG, {
      amountCents: 9999,
      currency: 'USD',
      name: 'Ultimate, yearly',
      period: 'P1Y',
      referenceID: 'pay_42',
      successURL: 'https://velvet.test/payment-success',
      declineURL: 'https://velvet.test/payment-cancel',
      email: 'member@velvet.test',
    });
    const query = queryOf(url);
    expect(url.startsWith('https://secure.verotel.com/startorder?')).toBe(true);
    expect(query).toMatchObject({
      type: 'subscription',
      subscriptionType: 'recurring',
      period: 'P1Y',
      name: 'Ultimate, yearly',
      priceAmount: '99.99',
      priceCurrency: 'USD',
      referenceID: 'pay_42',
      successURL: 'https://velvet.test/payment-success',
      declineURL: 'https://velvet.test/payment-cancel',
      email: 'member@velvet.test',
      shopID: '60678',
      version: '4',
    });
    const { signature, ...sent } = query;
    expect(signature).toBe(signRequest(SECRET, sent));
    // email is not signed: the signature is the same without it.
    const { email: _email, ...unsignedLeftOut } = sent;
    expect(signature).toBe(computeSignature(SECRET, unsignedLeftOut));
  });
});

describe('status and cancel-subscription URLs', () => {
  it('builds salestatus by saleID in the shape flexpay4j expects', () => {
    // flexpay4j `get status url returns correct url`: saleID, shopID, version, then the signature.
    const url = buildStatusUrl(CONFIG, { saleID: '433456' });
    const signature = signRequest(SECRET, { version: '4', saleID: '433456', shopID: '60678' });
    expect(url).toBe(
      `https://secure.verotel.com/salestatus?saleID=433456&shopID=60678&version=4&signature=${signature}`,
    );
  });

  it('builds salestatus by referenceID and cancel-subscription by saleID', () => {
    expect(queryOf(buildStatusUrl(CONFIG, { referenceID: 'pay_42' }))).toMatchObject({ referenceID: 'pay_42' });
    const cancel = buildCancelSubscriptionUrl(CONFIG, { saleID: '555' });
    expect(
      cancel.startsWith('https://secure.verotel.com/cancel-subscription?saleID=555&shopID=60678&version=4&signature='),
    ).toBe(true);
  });
});

describe('amounts', () => {
  it('formats integer cents as nnn.nn and reads FlexPay amounts back to cents', () => {
    expect(formatPriceAmount(0)).toBe('0.00');
    expect(formatPriceAmount(5)).toBe('0.05');
    expect(formatPriceAmount(123456)).toBe('1234.56');
    expect(() => formatPriceAmount(1.5)).toThrow();
    expect(() => formatPriceAmount(-1)).toThrow();
    expect(parsePriceAmount('12.31')).toBe(1231);
    expect(parsePriceAmount('6.9')).toBe(690);
    expect(parsePriceAmount('10')).toBe(1000);
    expect(parsePriceAmount('1,00')).toBeNull();
    expect(parsePriceAmount('-1.00')).toBeNull();
  });
});

describe('parseStatusResponse', () => {
  it('reads a FOUND answer line by line, approved only when saleResult is APPROVED', () => {
    const status = parseStatusResponse(
      'response: FOUND\nshopID: 60678\nsaleID: 433456\nreferenceID: pay_42\nsaleResult: APPROVED\n' +
        'type: subscription\npriceAmount: 99.99\npriceCurrency: USD\nnextChargeOn: 2027-11-24\n',
    );
    expect(status).toMatchObject({
      response: 'FOUND',
      saleID: '433456',
      referenceID: 'pay_42',
      approved: true,
      type: 'subscription',
      amountCents: 9999,
      currency: 'USD',
    });
    expect(status.fields.nextChargeOn).toBe('2027-11-24');
    expect(parseStatusResponse('response: FOUND\nsaleResult: DECLINED\n')).toMatchObject({ approved: false });
  });

  it('tells NOTFOUND from an error and never throws on garbage', () => {
    expect(parseStatusResponse('response: NOTFOUND\n').response).toBe('NOTFOUND');
    expect(parseStatusResponse('response: ERROR\nerror: invalid signature\n')).toMatchObject({
      response: 'ERROR',
      message: 'invalid signature',
    });
    expect(parseStatusResponse('<html>502</html>').response).toBe('ERROR');
  });
});

describe('fetchSaleStatus', () => {
  it('calls the signed salestatus URL with the injected fetch and parses the answer', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => {
      calls.push(url);
      return new Response('response: FOUND\nsaleID: 7\nsaleResult: APPROVED\n', { status: 200 });
    }) as unknown as typeof fetch;
    const status = await fetchSaleStatus(CONFIG, { saleID: '7' }, { fetch: fakeFetch });
    expect(calls).toEqual([buildStatusUrl(CONFIG, { saleID: '7' })]);
    expect(status).toMatchObject({ response: 'FOUND', approved: true });
  });

  it('turns a transport failure or an HTTP error into an ERROR answer', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect((await fetchSaleStatus(CONFIG, { saleID: '7' }, { fetch: down })).response).toBe('ERROR');
    const failing = (async () => new Response('oops', { status: 500 })) as unknown as typeof fetch;
    expect(await fetchSaleStatus(CONFIG, { saleID: '7' }, { fetch: failing })).toMatchObject({
      response: 'ERROR',
      message: 'salestatus answered HTTP 500',
    });
  });
});
