// Attack suite (c): the same request many times at once. Coins are spent once and never go below
// zero, a claim / a like / a deletion / a payment happens once, and the ledger agrees with every
// balance afterwards (services/ledger/check-ledger.ts). Every answer is a 2xx or a product error body.
import { generationCost } from '@velvet/contracts/catalog';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/services/ledger/check-ledger.ts';
import { errorBodyProblem } from '../../support/attack.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';
import { startFakeStripe, stripeEvent, type FakeStripe } from '../../support/fakes/stripe.ts';
import { fundedMember, makeBody } from '../../support/generation.ts';

const PARALLEL = 10;
const WEBHOOK_SECRET = 'whsec_test_velvet_attack_secret';
// The SDK's own helper signs the webhook payloads: the processor's real signature scheme.
const signer = new Stripe('sk_test_signer');

describe('attack suite (c): concurrency', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  const touched = new Set<string>();

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
    await t?.close();
    await stripe?.stop();
  });

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const times = <T>(n: number, fn: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
  const member = async (coins: number) => {
    const m = await fundedMember(t.app, t.services.db, coins);
    touched.add(m.member.id);
    return m;
  };
  const balanceOf = async (id: string) => (await t.services.db.member.findUniqueOrThrow({ where: { id } })).coinBalance;

  /** Every answer is a success or the product's error body; never a 5xx. */
  function expectCleanAnswers(results: Array<{ statusCode: number; body: string }>) {
    for (const res of results) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(errorBodyProblem(null, res.body), res.body).toBeNull();
    }
  }

  /** The member's ledger: never below zero, and its sum is the balance (check-ledger agrees). */
  async function expectLedgerConsistent(memberId: string) {
    const entries = await t.services.db.ledgerEntry.findMany({ where: { memberId }, orderBy: { createdAt: 'asc' } });
    for (const entry of entries) expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
    const balance = await balanceOf(memberId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(balance);
    const check = await checkLedger(t.services.db);
    expect(check.mismatches.filter((m) => touched.has(m.memberId))).toEqual([]);
  }

  it(`accepts exactly one of ${PARALLEL} parallel generations when the balance pays for one`, async () => {
    const m = await member(generationCost(1, false));
    const results = await times(PARALLEL, () =>
      inject('POST', '/api/v2/images/make', m.headers, makeBody({ request_cnt: '1', fourk_yn: 'no' })),
    );
    expectCleanAnswers(results);
    const outcomes = results.map((r) => r.json().status);
    expect(outcomes.filter((s) => s === 'ok')).toHaveLength(1);
    expect(outcomes.filter((s) => s === 'no')).toHaveLength(PARALLEL - 1);
    expect(await balanceOf(m.member.id)).toBe(0);
    expect(await t.services.db.generationRun.count({ where: { memberId: m.member.id } })).toBe(1);
    await expectLedgerConsistent(m.member.id);
  });

  it(`charges once for ${PARALLEL} parallel generations with the same run id`, async () => {
    const m = await member(generationCost(1, false) * 5);
    const body = makeBody({ request_cnt: '1', fourk_yn: 'no' });
    const results = await times(PARALLEL, () => inject('POST', '/api/v2/images/make', m.headers, body));
    expectCleanAnswers(results);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results[0]!.json()).toMatchObject({ status: 'ok' });
    expect(await balanceOf(m.member.id)).toBe(generationCost(1, false) * 4);
    expect(await t.services.db.ledgerEntry.count({ where: { memberId: m.member.id, reason: 'generation' } })).toBe(1);
    await expectLedgerConsistent(m.member.id);
  });

  it(`records one claim for ${PARALLEL} parallel claims of one image`, async () => {
    const m = await member(0);
    const [imageId] = await createCompleteImages(t.services, m.member.id, 1);
    const results = await times(PARALLEL, () => inject('POST', `/api/v2/image/claim/${imageId}`, m.headers));
    expectCleanAnswers(results);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(PARALLEL - 1);
    expect(await t.services.db.claim.count({ where: { imageId: imageId! } })).toBe(1);
    expect(await t.services.db.image.findUniqueOrThrow({ where: { imageId: imageId! } })).toMatchObject({
      isClaim: true,
      isOpen: false,
    });
    await expectLedgerConsistent(m.member.id);
  });

  it('keeps like_cnt equal to the likes under parallel toggles', async () => {
    const owner = await member(0);
    const [imageId] = await createCompleteImages(t.services, owner.member.id, 1, { open: true });
    const url = `/api/v2/image/likes/${imageId}`;
    // One member toggling an odd number of times at once ends liked once.
    const fan = await member(0);
    const toggles = await times(PARALLEL + 1, () => inject('POST', url, fan.headers));
    expectCleanAnswers(toggles);
    const image = () => t.services.db.image.findUniqueOrThrow({ where: { imageId: imageId! } });
    expect((await image()).likeCnt).toBe(1);
    expect(await t.services.db.like.count({ where: { imageId: imageId! } })).toBe(1);
    // Many members at once: one like each.
    const fans = await times(PARALLEL, () => member(0));
    const likes = await Promise.all(fans.map((f) => inject('POST', url, f.headers)));
    expectCleanAnswers(likes);
    expect(likes.every((r) => r.json().is_liked === 'Y')).toBe(true);
    expect((await image()).likeCnt).toBe(PARALLEL + 1);
    expect(await t.services.db.like.count({ where: { imageId: imageId! } })).toBe(PARALLEL + 1);
  });

  it(`deletes an account once for ${PARALLEL} parallel deletions, without a server error`, async () => {
    const m = await member(500);
    const results = await times(PARALLEL, () => inject('DELETE', '/api/members/delete', m.headers));
    const lines = results.map((r) => `${r.statusCode} ${r.body}`);
    expect(
      results.filter((r) => r.statusCode === 200),
      lines.join('\n'),
    ).toHaveLength(1);
    expectCleanAnswers(results);
    expect(await t.services.db.member.count({ where: { id: m.member.id } })).toBe(0);
    // The token no longer works.
    expect((await inject('GET', '/api/members', m.headers)).statusCode).toBe(401);
  });

  describe('payment fulfilment', () => {
    const coinPack = { amount: 1500, paymentType: 'coin', coins: 12000, planName: '', billingPeriod: '' };
    const webhook = (event: object) => {
      const payload = JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
    };

    it(`credits a card payment once for ${PARALLEL} parallel completions and webhooks`, async () => {
      const m = await member(0);
      const start = await inject('POST', '/api/payment/create-intent', m.headers, coinPack);
      expect(start.statusCode, start.body).toBe(200);
      const intentId = (start.json().clientSecret as string).split('_secret_')[0]!;
      const event = stripeEvent('payment_intent.succeeded', stripe.succeedIntent(intentId));
      const results = await times(PARALLEL, (i) =>
        i % 2 === 0
          ? inject('POST', '/api/payment/complete', m.headers, { paymentIntentId: intentId })
          : webhook(event),
      );
      expectCleanAnswers(results);
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balanceOf(m.member.id)).toBe(coinPack.coins);
      expect(await t.services.db.ledgerEntry.count({ where: { memberId: m.member.id, reason: 'coin_pack' } })).toBe(1);
      await expectLedgerConsistent(m.member.id);
    });

    it(`credits a checkout session once for ${PARALLEL} parallel verifications and webhooks`, async () => {
      const m = await member(0);
      const start = await inject('POST', '/api/payment/checkout-session', m.headers, coinPack);
      expect(start.statusCode, start.body).toBe(200);
      const sessionId = start.json().session_id as string;
      const paid = stripe.payCheckout(sessionId);
      const results = await times(PARALLEL, (i) =>
        i % 3 === 0
          ? webhook(stripeEvent('checkout.session.completed', paid.session))
          : i % 3 === 1
            ? webhook(stripeEvent('payment_intent.succeeded', paid.intent))
            : inject('POST', '/api/payment/verify', i % 2 ? m.headers : {}, { session_id: sessionId }),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
      expect(await balanceOf(m.member.id)).toBe(coinPack.coins);
      expect(await t.services.db.ledgerEntry.count({ where: { memberId: m.member.id, reason: 'coin_pack' } })).toBe(1);
      await expectLedgerConsistent(m.member.id);
    });
  });

  it('leaves every member of this suite with a balance its ledger explains', async () => {
    const other = await createMember(t.services.db);
    touched.add(other.id);
    const check = await checkLedger(t.services.db);
    expect(check.members).toBeGreaterThan(0);
    expect(check.mismatches.filter((m) => touched.has(m.memberId))).toEqual([]);
  });
});
