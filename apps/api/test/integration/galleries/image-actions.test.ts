import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundClaim } from '../../../src/services/claims/claims.ts';
import { purgeDeletedImages } from '../../../src/services/images/purge-deleted-images.ts';
import { ensureAdminAccount } from '../../../src/services/members/ensure-admin.ts';
import { startWorkers } from '../../../src/worker/start-workers.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember } from '../../support/factories.ts';
import { waitFor } from '../../support/generation.ts';
import { uniqueMember } from '../../support/sessions.ts';

type Who = { id: string; headers: Record<string, string> };

describe('image actions', () => {
  let t: TestApp;
  let admin: Who;

  const member = async (): Promise<Who> => {
    const m = await createMember(t.services.db);
    return { id: m.id, headers: { authorization: `Bearer ${t.app.signAccessToken({ sub: m.id, role: 'member' })}` } };
  };
  const post = (path: string, who: Who | null, payload?: object) =>
    t.app.inject({ method: 'POST', url: path, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const get = (path: string, who: Who | null, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers: { ...(who?.headers ?? {}), ...headers } });
  const image = (id: string) => t.services.db.image.findUniqueOrThrow({ where: { imageId: id } });
  const balance = async (id: string) => (await t.services.db.member.findUniqueOrThrow({ where: { id } })).coinBalance;

  beforeAll(async () => {
    const adminEmail = uniqueMember('mod').email;
    // Claims refund after 0.05 s here; the promise to members is 24 hours at most.
    t = await createTestApp({
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: 'moderator!Pass1',
      CLAIM_REFUND_DELAY_MINUTES: '0.001',
      CLAIM_DAILY_LIMIT: '3',
      REPORT_HIDE_THRESHOLD: '2',
      PURGE_DELETED_AFTER_HOURS: '1',
    });
    await t.services.queues.images.obliterate({ force: true });
    await ensureAdminAccount(t.services.db, t.services.config);
    admin = {
      id: adminEmail,
      headers: { authorization: `Bearer ${t.app.signAccessToken({ sub: adminEmail, role: 'admin' })}` },
    };
  });
  afterAll(() => t.close());

  it('keeps a private image unreachable by anyone but its owner (404, never 403)', async () => {
    const a = await member();
    const b = await member();
    const [id] = await createCompleteImages(t.services, a.id, 1);
    const attempts = [
      () => get(`/api/v2/status/${id}`, b),
      () => get(`/api/v2/image/detail/${id}`, b),
      () => get(`/api/v2/likeimage/detail/${id}`, b),
      () => get(`/api/v1/image/detail/${id}`, null),
      () => get(`/api/v2/image/thumb/${id}`, b),
      () => post(`/api/v2/image/likes/${id}`, b),
      () => post(`/api/v1/image/likes/${id}`, b),
      () => post(`/api/v1/image/view/${id}`, b),
      () => post(`/api/v1/image/down/${id}`, b),
      () => post(`/api/v2/image/publish/${id}`, b),
      () => post(`/api/v2/image/claim/${id}`, b),
      () => post(`/api/v2/image/delete/${id}`, b),
      () => post(`/api/v2/image/report/${id}`, b, { reason: 'spam' }),
    ];
    for (const [i, attempt] of attempts.entries()) {
      expect((await attempt()).statusCode, `attempt ${i}`).toBe(404);
    }
    expect(await image(id!)).toMatchObject({ isOpen: false, isClaim: false, isDelete: false, likeCnt: 0, viewCnt: 0 });
    // Even a published image keeps its owner-only routes the owner's.
    await post(`/api/v2/image/publish/${id}`, a);
    for (const attempt of [
      () => post(`/api/v2/image/claim/${id}`, b),
      () => post(`/api/v2/image/delete/${id}`, b),
      () => post(`/api/v2/image/publish/${id}`, b),
      () => get(`/api/v2/image/detail/${id}`, b),
    ]) {
      expect((await attempt()).statusCode).toBe(404);
    }
    // Guests are asked to log in for actions.
    expect((await post(`/api/v2/image/likes/${id}`, null)).statusCode).toBe(401);
  });

  it('toggles likes with exact counts under concurrency', async () => {
    const owner = await member();
    const [id] = await createCompleteImages(t.services, owner.id, 1, { open: true });
    const fans = await Promise.all(Array.from({ length: 25 }, () => member()));
    const results = await Promise.all(fans.map((fan) => post(`/api/v2/image/likes/${id}`, fan)));
    expect(results.every((r) => r.json().is_liked === 'Y')).toBe(true);
    expect((await image(id!)).likeCnt).toBe(25);
    // One member toggling 9 times at once ends liked (odd), and the count still matches the rows.
    const flipper = fans[0]!;
    await Promise.all(Array.from({ length: 9 }, () => post(`/api/v1/image/likes/${id}`, flipper)));
    const rows = await t.services.db.like.count({ where: { imageId: id! } });
    expect((await image(id!)).likeCnt).toBe(rows);
    expect(rows).toBe(24);
    const again = await post(`/api/v2/image/likes/${id}`, flipper);
    expect(again.json()).toEqual({ status: 'ok', is_liked: 'Y', like_cnt: 25 });
  });

  it('counts views and downloads, then serves the picture from the right detail path', async () => {
    const owner = await member();
    const fan = await member();
    const [id] = await createCompleteImages(t.services, owner.id, 1, { open: true });
    expect((await post(`/api/v1/image/view/${id}`, fan)).json()).toEqual({ status: 'ok', view_cnt: 1 });
    expect((await post(`/api/v1/image/view/${id}`, owner)).json()).toEqual({ status: 'ok', view_cnt: 2 });
    expect((await post(`/api/v1/image/down/${id}`, fan)).json()).toEqual({ status: 'ok' });
    expect((await image(id!)).downloadCnt).toBe(1);

    const pub = await get(`/api/v1/image/detail/${id}`, null);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/webp');
    expect(pub.headers['cache-control']).toBe('public, max-age=300');
    // The likes path needs the like.
    expect((await get(`/api/v2/likeimage/detail/${id}`, fan)).statusCode).toBe(404);
    await post(`/api/v2/image/likes/${id}`, fan);
    expect((await get(`/api/v2/likeimage/detail/${id}`, fan)).statusCode).toBe(200);
    // Unpublished: gone from the public and likes paths at once.
    await post(`/api/v2/image/publish/${id}`, owner);
    expect((await get(`/api/v1/image/detail/${id}`, null)).statusCode).toBe(404);
    expect((await get(`/api/v2/likeimage/detail/${id}`, fan)).statusCode).toBe(404);
    expect((await get(`/api/v2/image/detail/${id}`, owner)).statusCode).toBe(200);
  });

  it('publishes and unpublishes, and refuses claimed or deleted images', async () => {
    const owner = await member();
    const [id, claimedId] = await createCompleteImages(t.services, owner.id, 2);
    expect((await post(`/api/v2/image/publish/${id}`, owner)).json()).toEqual({ status: 'ok', is_open: 'Y' });
    expect((await image(id!)).publishedAt).toBeInstanceOf(Date);
    expect((await post(`/api/v2/image/publish/${id}`, owner)).json()).toEqual({ status: 'ok', is_open: 'N' });
    await post(`/api/v2/image/claim/${claimedId}`, owner);
    const res = await post(`/api/v2/image/publish/${claimedId}`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A claimed image cannot be published.');
    await post(`/api/v2/image/delete/${id}`, owner);
    expect((await post(`/api/v2/image/publish/${id}`, owner)).json().message).toBe(
      'This image is deleted and cannot be published.',
    );
  });

  it('claims once, unpublishes, and refunds the image share exactly once after the delay', async () => {
    const owner = await member();
    const [id] = await createCompleteImages(t.services, owner.id, 2, { open: true });
    const workers = startWorkers(t.services, pino({ level: 'silent' }));
    try {
      const res = await post(`/api/v2/image/claim/${id}`, owner);
      expect(res.json()).toEqual({
        status: 'ok',
        is_claim: 'Y',
        is_open: 'N',
        message: 'Your claim request has been received. The coin will be automatically recharged within 24 hours.',
      });
      expect(await image(id!)).toMatchObject({ isClaim: true, isOpen: false });
      const again = await post(`/api/v2/image/claim/${id}`, owner);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This image has already been claimed.');

      const claim = await waitFor(async () => {
        const c = await t.services.db.claim.findUnique({ where: { imageId: id! } });
        return c?.status === 'refunded' ? c : null;
      });
      expect(claim.coins).toBe(100);
      expect(await balance(owner.id)).toBe(100);
      // The job or the hook running again pays nothing more.
      expect(await refundClaim(t.services, claim.id)).toBeNull();
      expect(await balance(owner.id)).toBe(100);
      const refunds = await t.services.db.ledgerEntry.findMany({
        where: { memberId: owner.id, reason: 'claim_refund' },
      });
      expect(refunds).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it('lets support reject a pending claim (no refund ever) or approve it (refund now)', async () => {
    await t.services.queues.images.pause();
    try {
      const owner = await member();
      const [rejectMe, approveMe] = await createCompleteImages(t.services, owner.id, 2);
      await post(`/api/v2/image/claim/${rejectMe}`, owner);
      await post(`/api/v2/image/claim/${approveMe}`, owner);
      const listRes = await get('/api/admin/claims?status=pending', admin);
      expect(listRes.statusCode, listRes.body).toBe(200);
      const list = listRes.json();
      const byImage = (imageId: string) => list.list.find((c: { image_id: string }) => c.image_id === imageId);
      expect(byImage(rejectMe!)).toMatchObject({ status: 'pending', coins: 100, member_id: owner.id });

      const noReason = await post(`/api/admin/claims/${byImage(rejectMe!).id}`, admin, { decision: 'reject' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toMatchObject({ field: 'reason' });
      const rejected = await post(`/api/admin/claims/${byImage(rejectMe!).id}`, admin, {
        decision: 'reject',
        reason: 'The picture matches the prompt.',
      });
      expect(rejected.json().claim).toMatchObject({ status: 'rejected', decided_at: expect.any(String) });
      expect(await refundClaim(t.services, byImage(rejectMe!).id)).toBeNull();
      const approved = await post(`/api/admin/claims/${byImage(approveMe!).id}`, admin, { decision: 'approve' });
      expect(approved.json().claim).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
      expect(await balance(owner.id)).toBe(100);
      const twice = await post(`/api/admin/claims/${byImage(approveMe!).id}`, admin, { decision: 'approve' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/^Already handled: approved by mod\..+ at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
      expect(await balance(owner.id)).toBe(100);
      expect((await get('/api/admin/claims', owner)).statusCode).toBe(403);
    } finally {
      await t.services.queues.images.resume();
    }
  });

  it('limits claims per member per day with a clear message', async () => {
    const owner = await member();
    const ids = await createCompleteImages(t.services, owner.id, 4);
    for (const id of ids.slice(0, 3)) expect((await post(`/api/v2/image/claim/${id}`, owner)).statusCode).toBe(200);
    const res = await post(`/api/v2/image/claim/${ids[3]}`, owner);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('You can claim at most 3 images a day. Please try again tomorrow.');
    expect((await image(ids[3]!)).isClaim).toBe(false);
  });

  it('deletes softly, hides the image everywhere, and purges its files later', async () => {
    const owner = await member();
    const [id] = await createCompleteImages(t.services, owner.id, 1, { open: true });
    const res = await post(`/api/v2/image/delete/${id}`, owner);
    expect(res.json()).toEqual({ status: 'ok', message: 'The image has been deleted.' });
    const row = await image(id!);
    expect(row).toMatchObject({ isDelete: true, isOpen: false });
    expect((await post(`/api/v2/image/delete/${id}`, owner)).json()).toEqual({
      status: 'no',
      message: 'This image has already been deleted.',
    });
    expect((await get(`/api/v2/status/${id}`, owner)).json()).toMatchObject({ is_delete: 'Y', image_url: null });
    expect((await get(`/api/v2/image/detail/${id}`, owner)).statusCode).toBe(404);

    expect(await purgeDeletedImages(t.services)).toBe(0);
    expect(await t.services.storage.get(row.originalKey!)).not.toBeNull();
    expect(await purgeDeletedImages(t.services, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await t.services.storage.get(row.originalKey!)).toBeNull();
    expect(await t.services.storage.get(row.thumbnailKey!)).toBeNull();
    expect(await image(id!)).toMatchObject({ originalKey: null, thumbnailKey: null, purgedAt: expect.any(Date) });
  });

  it('hides an image reported by enough members until support decides', async () => {
    const owner = await member();
    const [id] = await createCompleteImages(t.services, owner.id, 1, { open: true });
    const [r1, r2] = [await member(), await member()];
    expect((await post(`/api/v2/image/report/${id}`, r1, { reason: 'minor' })).json()).toEqual({
      status: 'ok',
      message: 'Thank you. Our team will review this image.',
    });
    expect((await post(`/api/v2/image/report/${id}`, r1, { reason: 'spam' })).statusCode).toBe(409);
    expect((await post(`/api/v2/image/report/${id}`, r1, { reason: 'nonsense' })).json().field).toBe('reason');
    expect((await image(id!)).isOpen).toBe(true);
    await post(`/api/v2/image/report/${id}`, r2, { reason: 'violence' });
    expect(await image(id!)).toMatchObject({ isOpen: false, hiddenForReview: true });
    const republish = await post(`/api/v2/image/publish/${id}`, owner);
    expect(republish.statusCode).toBe(409);
    expect(republish.json().message).toBe('This image is under review after reports and cannot be published for now.');

    const reports = (await get('/api/admin/reports?status=open', admin)).json();
    expect(reports.list.filter((r: { image_id: string }) => r.image_id === id)).toHaveLength(2);
    expect((await post(`/api/admin/reports/${id}`, admin, { decision: 'dismiss' })).json()).toEqual({
      status: 'ok',
      decided: 2,
    });
    expect(await image(id!)).toMatchObject({ isOpen: true, hiddenForReview: false });

    const r3 = await member();
    await post(`/api/v2/image/report/${id}`, r3, { reason: 'illegal' });
    expect((await post(`/api/admin/reports/${id}`, admin, { decision: 'unpublish' })).json().decided).toBe(1);
    expect(await image(id!)).toMatchObject({ isOpen: false, hiddenForReview: true });
    expect((await post(`/api/v2/image/publish/${id}`, owner)).statusCode).toBe(409);
    expect((await post(`/api/admin/reports/${id}`, owner, { decision: 'dismiss' })).statusCode).toBe(403);
  });
});
