// The support console's Claims screen (issue 15): the pending queue oldest first with the automatic
// refund time, the image for support only, approve (one refund even when two people click at once),
// reject with a mandatory reason, 409 once decided (also after the automatic refund), audit rows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundClaim } from '../../../src/services/claims/claims.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';
import { bearer } from '../../support/sessions.ts';

const MINUTE = 60_000;

describe('support console: claims', () => {
  let t: TestApp;
  let support: { id: string; token: string };
  let other: { id: string; token: string };

  const person = async (role: 'member' | 'support') => {
    const m = await createMember(t.services.db);
    if (role !== 'member') await t.services.db.member.update({ where: { id: m.id }, data: { role } });
    return { id: m.id, token: t.app.signAccessToken({ sub: m.id, role }) };
  };
  const get = (url: string, token = support.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload?: object, token = support.token) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const balance = async (id: string) => (await t.services.db.member.findUniqueOrThrow({ where: { id } })).coinBalance;
  /** A member claims `count` images through the member route; returns the claim ids, oldest first. */
  const claim = async (owner: { id: string; token: string }, count: number) => {
    const images = await createCompleteImages(t.services, owner.id, count);
    const ids: string[] = [];
    for (const imageId of images) {
      const res = await post(`/api/v2/image/claim/${imageId}`, undefined, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      ids.push((await t.services.db.claim.findUniqueOrThrow({ where: { imageId } })).id);
    }
    return ids;
  };

  beforeAll(async () => {
    // No worker runs here: the automatic refund fires only when a test calls refundClaim (its handler).
    t = await createTestApp({ CLAIM_REFUND_DELAY_MINUTES: '60', CLAIM_DAILY_LIMIT: '10' });
    await t.services.queues.images.obliterate({ force: true });
    await t.services.db.claim.updateMany({ where: { status: 'pending' }, data: { status: 'rejected' } });
    support = await person('support');
    other = await person('support');
  });
  afterAll(() => t.close());

  it('refuses members (403) on every claims route', async () => {
    const member = await person('member');
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/admin/claims/queue'],
      ['GET', `/api/admin/claims/${id}/image`],
      ['POST', `/api/admin/claims/${id}/approve`],
      ['POST', `/api/admin/claims/${id}/reject`],
      ['GET', '/api/admin/claims'],
      ['POST', `/api/admin/claims/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(member.token) });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('lists pending claims oldest first with the image, the member, the coins and the automatic refund time', async () => {
    const owner = await person('member');
    const ids = await claim(owner, 3);
    const first = await get('/api/admin/claims/queue?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    const row = first.json().items[0];
    expect(row).toMatchObject({
      status: 'pending',
      member_id: owner.id,
      prompt: 'a lighthouse in the fog',
      coins: expect.any(Number),
      image_url: `/api/admin/claims/${ids[0]}/image`,
    });
    expect(Date.parse(row.auto_refund_at) - Date.parse(row.created_at)).toBe(60 * MINUTE);
    const rest = await get(`/api/admin/claims/queue?limit=2&cursor=${first.json().next_cursor}`);
    expect(rest.json().items.map((c: { id: string }) => c.id)).toEqual(ids.slice(2));
    expect(rest.json().next_cursor).toBeNull();

    const picture = await get(row.image_url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    // The claimed image stays private: the member routes do not serve it to support.
    const publicThumb = await get(`/api/v2/image/thumb/${row.image_id}`);
    expect(publicThumb.statusCode).toBe(404);
    await t.services.db.claim.updateMany({ where: { id: { in: ids } }, data: { status: 'rejected' } });
  });

  it('refunds once when two people approve at once; the other gets 409 Already handled', async () => {
    const owner = await person('member');
    const [id] = await claim(owner, 1);
    const coins = (await t.services.db.claim.findUniqueOrThrow({ where: { id: id! } })).coins;
    expect(coins).toBeGreaterThan(0);
    const before = await balance(owner.id);

    const results = await Promise.all([
      post(`/api/admin/claims/${id}/approve`),
      post(`/api/admin/claims/${id}/approve`, undefined, other.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.statusCode === 200)!;
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(won.json().claim).toMatchObject({
      status: 'refunded',
      member_balance: before + coins,
      auto_refund_at: null,
    });
    const winner = won.json().claim.decided_by as string;
    expect([support.id, other.id]).toContain(winner);
    expect(lost.json().message).toMatch(
      new RegExp(`^Already handled: approved by ${winner.replace(/\./g, '\\.')} at .+ UTC\\.$`),
    );
    expect(await balance(owner.id)).toBe(before + coins);

    // The automatic refund firing later pays nothing more.
    expect(await refundClaim(t.services, id!)).toBeNull();
    expect(await balance(owner.id)).toBe(before + coins);
    const refunds = await t.services.db.ledgerEntry.findMany({ where: { reference: id!, reason: 'claim_refund' } });
    expect(refunds).toHaveLength(1);

    const audit = await t.services.db.auditEntry.findMany({ where: { targetType: 'claim', targetId: id! } });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'claim.approve',
        actorId: winner,
        actorRole: 'support',
        before: { status: 'pending', balance: before },
        after: { status: 'refunded', coins, balance: before + coins },
      }),
    ]);
  });

  it('rejects only with a reason; the claim is never refunded and the reason is kept', async () => {
    const owner = await person('member');
    const [id] = await claim(owner, 1);
    const before = await balance(owner.id);
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await post(`/api/admin/claims/${id}/reject`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('reason');
    }
    const rejected = await post(`/api/admin/claims/${id}/reject`, { reason: 'The image matches the prompt.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().claim).toMatchObject({
      status: 'rejected',
      reject_reason: 'The image matches the prompt.',
      decided_by: support.id,
      member_balance: before,
    });
    expect(await refundClaim(t.services, id!)).toBeNull();
    expect(await balance(owner.id)).toBe(before);
    const again = await post(`/api/admin/claims/${id}/approve`, undefined, other.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Already handled: rejected by .+ at .+ UTC\.$/);
    const rejectedList = await get('/api/admin/claims/queue?status=rejected');
    expect(rejectedList.json().items[0]).toMatchObject({ id, reject_reason: 'The image matches the prompt.' });

    const audit = await t.services.db.auditEntry.findMany({ where: { targetType: 'claim', targetId: id! } });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'claim.reject', actorId: support.id, note: 'The image matches the prompt.' }),
    ]);
  });

  it('answers 409 when the automatic refund fired first', async () => {
    const owner = await person('member');
    const [id] = await claim(owner, 1);
    expect(await refundClaim(t.services, id!)).toMatchObject({ status: 'refunded' });
    const before = await balance(owner.id);
    for (const res of [
      await post(`/api/admin/claims/${id}/approve`),
      await post(`/api/admin/claims/${id}/reject`, { reason: 'x' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^Already handled: refunded automatically at .+ UTC\.$/);
    }
    expect(await balance(owner.id)).toBe(before);
    expect(await t.services.db.auditEntry.count({ where: { targetId: id! } })).toBe(0);
  });
});
