import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireMemberships } from '../../../src/services/payments/expire-memberships.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { startFakeStripe, stripeEvent, type FakeStripe } from '../../support/fakes/stripe.ts';
import { fundedMember } from '../../support/generation.ts';

const WEBHOOK_SECRET = 'whsec_test_velvet_webhook_secret';
// Only the SDK's own test helper signs webhook payloads here: the real signature scheme.
const signer = new Stripe('sk_test_signer');

describe('card payments (Stripe against a local fake of its API)', () => {
  let stripe: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_velvet',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_velvet',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_URL: 'https://velvet.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const memberRow = (id: string) => t.services.db.member.findUniqueOrThrow({ where: { id } });
  const coinPack = { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' };

  const webhook = (event: object, opts: { secret?: string; timestamp?: number; signature?: string } = {}) => {
    const payload = JSON.stringify(event);
    const header =
      opts.signature ??
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? WEBHOOK_SECRET,
        ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
      });
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  };

  async function startPayment(headers: Record<string, string>, body: object = coinPack) {
    const res = await post('/api/payment/create-intent', headers, body);
    expect(res.statusCode, res.body).toBe(200);
    const intentId = (res.json().clientSecret as string).split('_secret_')[0]!;
    return intentId;
  }

  it('says cards are available, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.json()).toEqual({ card: { provider: 'stripe', public_key: 'pk_test_velvet', checkout: 'embedded' } });
  });

  it('prices the intent on the server and refuses a different client amount', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const bad = await post('/api/payment/create-intent', m.headers, { ...coinPack, amount: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'amount' });
    const intentId = await startPayment(m.headers);
    const created = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && stripe.intents.get(intentId)?.amount === Number(r.form.amount),
    );
    expect(created?.auth).toBe('Bearer sk_test_velvet');
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: 1500, currency: 'usd' });
    const row = await t.services.db.payment.findFirstOrThrow({ where: { providerRef: intentId } });
    expect(row).toMatchObject({
      memberId: m.member.id,
      kind: 'coin',
      coins: 12000,
      amountCents: 1500,
      status: 'pending',
    });
    expect(stripe.intents.get(intentId)!.metadata).toEqual({ payment_id: row.id, member_id: m.member.id });
  });

  it('grants coins on complete only once the processor says succeeded, and only once', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const intentId = await startPayment(m.headers);
    const early = await post('/api/payment/complete', m.headers, { paymentIntentId: intentId });
    expect(early.statusCode).toBe(409);
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
    stripe.succeedIntent(intentId);
    const done = await post('/api/payment/complete', m.headers, { paymentIntentId: intentId });
    expect(done.json()).toEqual({ status: 'ok', cur_tokens: 12000, member_kind: 'free' });
    const again = await post('/api/payment/complete', m.headers, { paymentIntentId: intentId });
    expect(again.json().cur_tokens).toBe(12000);
    const other = await fundedMember(t.app, t.services.db, 0);
    expect((await post('/api/payment/complete', other.headers, { paymentIntentId: intentId })).statusCode).toBe(404);
  });

  it('credits once for a webhook replayed 20 times, racing complete', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const intentId = await startPayment(m.headers);
    const intent = stripe.succeedIntent(intentId);
    const event = stripeEvent('payment_intent.succeeded', intent);
    const replays = await Promise.all(Array.from({ length: 20 }, () => webhook(event)));
    expect(replays.every((r) => r.statusCode === 200 && r.json().handled === 'payment.succeeded')).toBe(true);
    // The webhooks alone granted it.
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    const racing = await Promise.all([
      webhook(event),
      post('/api/payment/complete', m.headers, { paymentIntentId: intentId }),
      post('/api/payment/complete', m.headers, { paymentIntentId: intentId }),
    ]);
    expect(racing.every((r) => r.statusCode === 200)).toBe(true);
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    const credits = await t.services.db.ledgerEntry.findMany({ where: { memberId: m.member.id, reason: 'coin_pack' } });
    expect(credits).toHaveLength(1);
    expect(credits[0]!.idempotencyKey).toBe(`payment:stripe:${intentId}`);
  });

  it('answers 400 and credits nothing for a bad, foreign or stale signature', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const intentId = await startPayment(m.headers);
    const event = stripeEvent('payment_intent.succeeded', stripe.succeedIntent(intentId));
    for (const res of [
      await webhook(event, { signature: 't=1,v1=deadbeef' }),
      await webhook(event, { secret: 'whsec_someone_else' }),
      await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Webhook signature check failed/);
    }
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
  });

  it('refuses a tampered amount: nothing granted, the payment marked failed', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const intentId = await startPayment(m.headers);
    const intent = stripe.succeedIntent(intentId, 500);
    expect((await webhook(stripeEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
    const res = await post('/api/payment/complete', m.headers, { paymentIntentId: intentId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The paid amount does not match this purchase. Our support team will contact you.');
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
    const row = await t.services.db.payment.findFirstOrThrow({ where: { providerRef: intentId } });
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/amount mismatch/);
  });

  it('takes coins back on a full refund (once), records a partial one for support', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const intentId = await startPayment(m.headers);
    stripe.succeedIntent(intentId);
    await post('/api/payment/complete', m.headers, { paymentIntentId: intentId });
    const partial = stripeEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intentId,
      amount: 1500,
      amount_refunded: 500,
    });
    await webhook(partial);
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    const full = stripeEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intentId,
      amount: 1500,
      amount_refunded: 1500,
    });
    await Promise.all([webhook(full), webhook(full), webhook(full)]);
    expect((await memberRow(m.member.id)).coinBalance).toBe(0);
    const row = await t.services.db.payment.findFirstOrThrow({ where: { providerRef: intentId } });
    expect(row).toMatchObject({ status: 'refunded', reversedCoins: 12000, shortfallCoins: 0 });
    expect(
      await t.services.db.ledgerEntry.count({ where: { memberId: m.member.id, reason: 'payment_reversal' } }),
    ).toBe(1);
  });

  it('never goes below zero when the coins were spent: the shortfall is recorded and the account flagged', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const intentId = await startPayment(m.headers);
    stripe.succeedIntent(intentId);
    await post('/api/payment/complete', m.headers, { paymentIntentId: intentId });
    // Spend most of it.
    await t.services.db.$transaction(async (tx) => {
      const { postLedgerEntry } = await import('../../../src/services/ledger/post-ledger-entry.ts');
      await postLedgerEntry(tx, {
        memberId: m.member.id,
        delta: -11000,
        reason: 'generation',
        idempotencyKey: `spend:${m.member.id}`,
      });
    });
    const disputed = await webhook(
      stripeEvent('charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: intentId, amount: 1500 }),
    );
    expect(disputed.json()).toEqual({ received: true, handled: 'payment.disputed' });
    const member = await memberRow(m.member.id);
    expect(member.coinBalance).toBe(0);
    expect(member.flagged).toBe(true);
    const row = await t.services.db.payment.findFirstOrThrow({ where: { providerRef: intentId } });
    expect(row).toMatchObject({
      status: 'refunded',
      failureReason: 'disputed',
      reversedCoins: 1000,
      shortfallCoins: 11000,
    });
  });

  it('grants a yearly plan: tier, a year, the yearly coins at once; a renewal extends it', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const plan = {
      amount: 13 * 12 * 100,
      paymentType: 'membership',
      coins: 500000,
      planName: 'Ultimate',
      billingPeriod: 'yearly',
    };
    const first = await startPayment(m.headers, plan);
    stripe.succeedIntent(first);
    const res = await post('/api/payment/complete', m.headers, { paymentIntentId: first });
    expect(res.json()).toEqual({ status: 'ok', cur_tokens: 500000, member_kind: 'level2' });
    const afterFirst = (await memberRow(m.member.id)).membershipExpiresAt!;
    const inAYear = new Date();
    inAYear.setUTCMonth(inAYear.getUTCMonth() + 12);
    expect(Math.abs(afterFirst.getTime() - inAYear.getTime())).toBeLessThan(60_000);

    const monthly = {
      amount: 1800,
      paymentType: 'membership',
      coins: 30000,
      planName: 'Ultimate',
      billingPeriod: 'monthly',
    };
    const second = await startPayment(m.headers, monthly);
    stripe.succeedIntent(second);
    await post('/api/payment/complete', m.headers, { paymentIntentId: second });
    const extended = (await memberRow(m.member.id)).membershipExpiresAt!;
    const expected = new Date(afterFirst);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(extended.getTime()).toBe(expected.getTime());
    expect((await memberRow(m.member.id)).coinBalance).toBe(530000);

    const me = await t.app.inject({ method: 'GET', url: '/api/members', headers: m.headers });
    expect(me.json()).toMatchObject({ member_kind: 'level2', membership_expires_at: extended.toISOString() });

    // When the time is over the member is Free again (coins stay).
    expect(await expireMemberships(t.services.db, new Date(extended.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await memberRow(m.member.id)).toMatchObject({
      memberKind: 'free',
      membershipExpiresAt: null,
      coinBalance: 530000,
    });
  });

  it('runs the hosted checkout flow: verify before payment fails, after it grants once with the webhooks', async () => {
    const m = await fundedMember(t.app, t.services.db, 0);
    const start = await post('/api/payment/checkout-session', m.headers, coinPack);
    expect(start.statusCode).toBe(200);
    const { url, session_id: sessionId } = start.json();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const session = stripe.sessions.get(sessionId)!;
    expect(session.success_url).toBe('https://velvet.example/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('https://velvet.example/payment-cancel');

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify',
      payload: { session_id: sessionId },
    });
    expect(early.statusCode).toBe(402);
    expect(early.json()).toEqual({
      status: 'error',
      message: 'The payment was not completed.',
      error: 'The payment was not completed.',
    });

    const paid = stripe.payCheckout(sessionId);
    const results = await Promise.all([
      webhook(stripeEvent('checkout.session.completed', paid.session)),
      webhook(stripeEvent('payment_intent.succeeded', paid.intent)),
      t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: { session_id: sessionId } }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results[2]!.json()).toEqual({ status: 'ok', cur_tokens: 12000 });
    expect((await memberRow(m.member.id)).coinBalance).toBe(12000);
    expect(await t.services.db.ledgerEntry.count({ where: { memberId: m.member.id, reason: 'coin_pack' } })).toBe(1);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify',
      payload: { session_id: 'cs_nope' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Payment not found');
  });
});

describe('without a card processor', () => {
  it('says so and refuses card payments with a clear 503', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/payment/config' })).json()).toEqual({ card: null });
      const m = await fundedMember(t.app, t.services.db, 0);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/create-intent',
        headers: m.headers,
        payload: { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Card payments are not available right now. Please pay with crypto.');
    } finally {
      await t.close();
    }
  });
});
