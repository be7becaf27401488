// The console's Deposits and payments API (issue 15): crypto deposits needing a decision (credit once
// or refuse, each with a note, audited, 409 for the second), and card payments with refunds and
// disputes (keyset paged, filtered, searched by member email).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import type { FakeChains } from '../../support/fakes/chains/index.ts';
import { bearer } from '../../support/sessions.ts';
import {
  backdate,
  balanceOf,
  createDeposit,
  depositRow,
  member,
  runWatcher,
  startCryptoApp,
} from '../deposits/helpers.ts';

type Headers = Record<string, string>;

describe('admin deposits and payments', () => {
  let fakes: FakeChains;
  let t: TestApp;
  let support: { id: string; headers: Headers };
  let support2: { id: string; headers: Headers };

  beforeAll(async () => {
    ({ fakes, t } = await startCryptoApp());
    for (const slot of [0, 1]) {
      const row = await createMember(t.services.db, { role: 'support' });
      const s = { id: row.id, headers: bearer(t.app.signAccessToken({ sub: row.id, role: 'support' })) };
      if (slot === 0) support = s;
      else support2 = s;
    }
  });
  afterAll(async () => {
    await t.close();
    await fakes.stop();
  });

  const call = (method: 'GET' | 'PATCH', url: string, headers: Headers = support.headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** An XRP deposit of a new member that got half its amount and expired: underpaid, needs review. */
  async function underpaidDeposit() {
    const m = await member(t);
    const d = await createDeposit(t, m.headers, 'XRP');
    fakes.rippled.pay({ tag: d.destination_tag!, amount: '8.333334', delivered: '4.2' });
    await runWatcher(t, 'XRP');
    await backdate(t, d.deposit_id, 61);
    await runWatcher(t, 'XRP');
    expect(await depositRow(t, d.deposit_id)).toMatchObject({ outcome: 'underpaid', needsReview: true });
    return { m, id: d.deposit_id };
  }

  const audit = (action: string, targetId: string) =>
    t.services.db.auditEntry.findMany({ where: { action, targetId } });

  describe('crypto deposits', () => {
    it('lists what needs a decision by outcome and member email, keyset paged', async () => {
      const a = await underpaidDeposit();
      const b = await underpaidDeposit();
      const search = encodeURIComponent(b.m.member.id.toUpperCase());
      const found = await call('GET', `/api/admin/deposits?needs_review=true&outcome=underpaid&search=${search}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().list.map((d: { id: string }) => d.id)).toEqual([b.id]);

      const first = (await call('GET', '/api/admin/deposits?needs_review=true&limit=1')).json();
      expect(first.list).toHaveLength(1);
      expect(first.next_cursor).toEqual(expect.any(String));
      const second = (
        await call('GET', `/api/admin/deposits?needs_review=true&limit=1&cursor=${first.next_cursor}`)
      ).json();
      expect(second.list).toHaveLength(1);
      // Newest first: b then a, never the same row twice.
      expect([first.list[0].id, second.list[0].id]).toEqual([b.id, a.id]);

      const bad = await call('GET', '/api/admin/deposits?cursor=garbage');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'cursor' });
      expect((await call('GET', '/api/admin/deposits?outcome=short')).json()).toMatchObject({ field: 'outcome' });
    });

    it('a note is required (400 naming note)', async () => {
      const { id } = await underpaidDeposit();
      for (const payload of [{ action: 'credit' }, { action: 'credit', note: '   ' }]) {
        const res = await call('PATCH', `/api/admin/deposits/${id}`, support.headers, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 'error', field: 'note' });
      }
      expect(await depositRow(t, id)).toMatchObject({ needsReview: true, status: 'confirmed' });
    });

    it('two support people credit at once: credited once, the other gets a 409 naming the first; audited', async () => {
      const { m, id } = await underpaidDeposit();
      const credit = (headers: Headers) =>
        call('PATCH', `/api/admin/deposits/${id}`, headers, {
          action: 'credit',
          note: 'member asked; shortfall accepted',
        });
      const [a, b] = await Promise.all([credit(support.headers), credit(support2.headers)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? support : support2;
      expect([a, b].find((r) => r.statusCode === 409)!.json().message).toMatch(
        new RegExp(`^Already handled: credited by ${winner.id.replace(/\./g, '\\.')} at \\d{4}-\\d\\d-\\d\\d `),
      );
      expect(await balanceOf(t, m.member.id)).toBe(3600);
      const credits = await t.services.db.ledgerEntry.findMany({ where: { memberId: m.member.id, reference: id } });
      expect(credits).toHaveLength(1);
      expect(await audit('deposit.credit', id)).toEqual([
        expect.objectContaining({
          actorId: winner.id,
          actorRole: 'support',
          targetType: 'deposit',
          note: 'member asked; shortfall accepted',
          before: expect.objectContaining({ status: 'confirmed', needs_review: true }),
          after: expect.objectContaining({ status: 'credited', needs_review: false }),
        }),
      ]);
    });

    it('refuse: not credited, marked failed, audited; credit afterwards is a 409', async () => {
      const { m, id } = await underpaidDeposit();
      const res = await call('PATCH', `/api/admin/deposits/${id}`, support.headers, {
        action: 'refuse',
        note: 'refunded 4.2 XRP, tx ABC',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().deposit).toMatchObject({ status: 'failed', needs_review: false, reviewed_by: support.id });
      const again = await call('PATCH', `/api/admin/deposits/${id}`, support2.headers, { action: 'credit', note: 'x' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain(`Already handled: refused by ${support.id}`);
      expect(await balanceOf(t, m.member.id)).toBe(0);
      expect(await audit('deposit.refuse', id)).toHaveLength(1);
    });
  });

  describe('card payments', () => {
    async function payment(memberId: string, data: Record<string, unknown>) {
      return t.services.db.payment.create({
        data: {
          provider: 'fake',
          providerRef: `pi_${Math.random().toString(36).slice(2)}`,
          memberId,
          kind: 'coin',
          coins: 3600,
          amountCents: 500,
          ...data,
        },
      });
    }

    it('lists payments with processor ids, refunds and disputes, filtered and searched, keyset paged', async () => {
      const buyer = await createMember(t.services.db);
      const ok = await payment(buyer.id, { status: 'succeeded', completedAt: new Date() });
      const refunded = await payment(buyer.id, { status: 'refunded', failureReason: 'refunded', reversedCoins: 3600 });
      const disputed = await payment(buyer.id, {
        status: 'refunded',
        failureReason: 'disputed',
        reversedCoins: 1000,
        shortfallCoins: 2600,
        kind: 'membership',
        planName: 'Plus',
        billingPeriod: 'monthly',
      });
      const partial = await payment(buyer.id, {
        status: 'succeeded',
        failureReason: 'partial refund of 200 cents: review',
      });
      const search = `&search=${encodeURIComponent(buyer.id)}`;

      const all = await call('GET', `/api/admin/payments?limit=100${search}`);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().items.map((p: { id: string }) => p.id)).toEqual([partial.id, disputed.id, refunded.id, ok.id]);
      expect(all.json().items.find((p: { id: string }) => p.id === disputed.id)).toMatchObject({
        provider: 'fake',
        provider_ref: disputed.providerRef,
        member_id: buyer.id,
        kind: 'membership',
        amount_cents: 500,
        status: 'refunded',
        reversal: 'dispute',
        reversed_coins: 1000,
        shortfall_coins: 2600,
      });

      const reversals = (await call('GET', `/api/admin/payments?view=reversals${search}`)).json();
      expect(reversals.items.map((p: { id: string; reversal: string }) => [p.id, p.reversal])).toEqual([
        [partial.id, 'partial_refund'],
        [disputed.id, 'dispute'],
        [refunded.id, 'refund'],
      ]);
      const memberships = (await call('GET', `/api/admin/payments?kind=membership${search}`)).json();
      expect(memberships.items.map((p: { id: string }) => p.id)).toEqual([disputed.id]);
      const succeeded = (await call('GET', `/api/admin/payments?status=succeeded${search}`)).json();
      expect(succeeded.items.map((p: { id: string }) => p.id)).toEqual([partial.id, ok.id]);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Array<{ id: string }>; next_cursor: string | null } = (
          await call('GET', `/api/admin/payments?limit=3${search}${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        seen.push(...page.items.map((p) => p.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual([partial.id, disputed.id, refunded.id, ok.id]);

      expect((await call('GET', '/api/admin/payments?status=paid')).json()).toMatchObject({ field: 'status' });
      expect((await call('GET', '/api/admin/payments?cursor=%%%')).json()).toMatchObject({ field: 'cursor' });
    });

    it('members get 403, guests 401', async () => {
      const m = await member(t);
      for (const url of ['/api/admin/payments', '/api/admin/deposits', '/api/admin/rates']) {
        expect((await call('GET', url, m.headers)).statusCode, url).toBe(403);
        expect((await call('GET', url, {})).statusCode, url).toBe(401);
      }
    });
  });
});
