// The renewing-plan endpoints (issue 16) against the real store: paths and methods, and that the plan is
// read afresh after a payment is verified (the account page then shows the new renewal). In app/
// because it needs the real store (a feature never imports app/).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionApi } from '../features/account/subscription-api.ts';
import { paymentsApi } from '../features/payments/api.ts';
import { makeStore } from './store.ts';

type Answer = { status: number; body: unknown };

/** Answers each call by its path; records every request. */
function stubFetch(answers: Record<string, () => Answer>): Request[] {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push(request);
      const answer = answers[new URL(request.url).pathname]?.() ?? { status: 404, body: { status: 'error' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

// The app's base URL is the relative '/api', which Node's Request cannot resolve: give it an origin.
const NodeRequest = globalThis.Request;
class SameOriginRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://velvet.test') : input, init);
  }
}

beforeEach(() => {
  vi.stubGlobal('Request', SameOriginRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renewing = {
  payment_id: 'cm3payment0001',
  provider: 'verotel',
  plan_name: 'Ultimate',
  period_unit: 'yearly',
  renews: true,
  next_charge_on: '2027-11-24',
  ends_at: '2027-11-24T08:30:00.000Z',
};

const paths = (calls: Request[]) => calls.map((call) => `${call.method} ${new URL(call.url).pathname}`);

describe('renewing plan endpoints', () => {
  it('reads the plan with GET /api/payment/subscription', async () => {
    const calls = stubFetch({ '/api/payment/subscription': () => ({ status: 200, body: { subscription: renewing } }) });
    const store = makeStore();
    const result = await store.dispatch(subscriptionApi.endpoints.getSubscription.initiate());
    expect(result.data).toEqual({ subscription: renewing });
    expect(paths(calls)).toEqual(['GET /api/payment/subscription']);
  });

  it("asks for the processor's cancel page with POST /api/payment/subscription/cancel", async () => {
    const url = 'https://secure.verotel.com/cancel-subscription?shopID=117000&saleID=1&signature=ab';
    const calls = stubFetch({ '/api/payment/subscription/cancel': () => ({ status: 200, body: { url } }) });
    const store = makeStore();
    const result = await store.dispatch(subscriptionApi.endpoints.cancelSubscription.initiate());
    expect(result).toMatchObject({ data: { url } });
    expect(paths(calls)).toEqual(['POST /api/payment/subscription/cancel']);
  });

  it('a verified payment makes the account page read the plan again', async () => {
    let subscription: typeof renewing | null = null;
    const calls = stubFetch({
      '/api/payment/subscription': () => ({ status: 200, body: { subscription } }),
      '/api/payment/verify': () => {
        subscription = renewing;
        return { status: 200, body: { status: 'ok', cur_tokens: 500_000 } };
      },
    });
    const store = makeStore();
    const watching = store.dispatch(subscriptionApi.endpoints.getSubscription.initiate());
    await watching;
    expect(subscriptionApi.endpoints.getSubscription.select()(store.getState()).data).toEqual({ subscription: null });

    await store.dispatch(paymentsApi.endpoints.verifyPayment.initiate({ session_id: 'cm3payment0001' }));
    await vi.waitFor(() =>
      expect(subscriptionApi.endpoints.getSubscription.select()(store.getState()).data).toEqual({
        subscription: renewing,
      }),
    );
    expect(paths(calls).filter((line) => line === 'GET /api/payment/subscription')).toHaveLength(2);
    watching.unsubscribe();
  });
});
