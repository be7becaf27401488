// The console's Moderation screen API (issue 15): one queue of reported images and held pictures,
// the detail with the member's history, and the decisions (approve, remove, mute, escalate): each
// safe to repeat (the second is a 409 naming who decided) and written to the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDemoImage } from '../../../src/providers/image-model/demo.ts';
import { imageKeys } from '../../../src/providers/storage/image-files.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createCompleteImages, createMember, createProcessingRun } from '../../support/factories.ts';
import { bearer } from '../../support/sessions.ts';

type Headers = Record<string, string>;
const ALREADY = /^Already handled: .+ by .+ at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/;

describe('admin moderation routes', () => {
  let t: TestApp;
  let support: { id: string; headers: Headers };
  let support2: { id: string; headers: Headers };
  let memberHeaders: Headers;

  const db = () => t.services.db;
  const headersOf = (id: string, role: 'member' | 'support' | 'admin') =>
    bearer(t.app.signAccessToken({ sub: id, role }));

  beforeAll(async () => {
    t = await createTestApp();
    const s1 = await createMember(db(), { role: 'support' });
    const s2 = await createMember(db(), { role: 'support' });
    support = { id: s1.id, headers: headersOf(s1.id, 'support') };
    support2 = { id: s2.id, headers: headersOf(s2.id, 'support') };
    const m = await createMember(db());
    memberHeaders = headersOf(m.id, 'member');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Headers = support.headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A published image of a new member, reported by `reasons.length` members. */
  async function reportedImage(reasons: string[] = ['minor', 'violence']) {
    const owner = await createMember(db());
    const [imageId] = await createCompleteImages(t.services, owner.id, 1, {
      open: true,
      prompt: 'a dancer on a rooftop',
    });
    for (const reason of reasons) {
      const reporter = await createMember(db());
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/image/report/${imageId}`,
        headers: headersOf(reporter.id, 'member'),
        payload: { reason },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { owner, imageId: imageId! };
  }

  /** A picture withheld by the picture check: held, quarantined, a pending hold. */
  async function heldPicture() {
    const owner = await createMember(db());
    const runId = await createProcessingRun(db(), owner.id, 1, 'a portrait by a window');
    const imageId = `${runId}001`;
    const quarantineKey = `quarantine/${imageId}.webp`;
    await t.services.storage.put(quarantineKey, await drawDemoImage(imageId, 64, 64), 'image/webp');
    await db().image.update({ where: { imageId }, data: { status: 'held' } });
    await db().generationRun.update({ where: { runId }, data: { status: 'failed' } });
    const hold = await db().safetyHold.create({
      data: { imageId, memberId: owner.id, checker: 'face-age-local', minAge: 14, faces: 1, quarantineKey },
    });
    return { owner, hold, imageId, quarantineKey };
  }

  /** Every queue item, walking the pages with a small limit. */
  async function wholeQueue(query = '') {
    const items: Array<{ kind: string; id: string; waiting_since: string }> = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/api/admin/moderation?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  }

  const audit = (action: string, targetId: string) =>
    db().auditEntry.findMany({ where: { action, targetId }, orderBy: { createdAt: 'asc' } });

  it('refuses members (403) and guests (401) on every moderation route', async () => {
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/api/admin/moderation'],
      ['GET', `/api/admin/moderation/reports/${'a'.repeat(32)}001`],
      ['GET', `/api/admin/moderation/reports/${'a'.repeat(32)}001/picture`],
      ['POST', `/api/admin/moderation/reports/${'a'.repeat(32)}001`, { decision: 'approve' }],
      ['GET', '/api/admin/moderation/holds/0190a8e0-0000-7000-8000-000000000000'],
      ['POST', '/api/admin/moderation/holds/0190a8e0-0000-7000-8000-000000000000', { decision: 'remove' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, {}, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, memberHeaders, payload)).statusCode, url).toBe(403);
    }
  });

  it('lists reported images (grouped, with reasons) and held pictures in one queue, oldest first, paged', async () => {
    const reported = await reportedImage(['minor', 'violence', 'minor']);
    const held = await heldPicture();
    const items = await wholeQueue();
    const times = items.map((i) => Date.parse(i.waiting_since));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(items.map((i) => `${i.kind}:${i.id}`)).size).toBe(items.length);

    const report = items.find((i) => i.id === reported.imageId);
    expect(report).toMatchObject({
      kind: 'report',
      image_id: reported.imageId,
      member_id: reported.owner.id,
      prompt: 'a dancer on a rooftop',
      report_count: 3,
      reasons: ['minor', 'violence'],
      hidden: true,
      picture_path: `/api/admin/moderation/reports/${reported.imageId}/picture`,
    });
    const hold = items.find((i) => i.id === held.hold.id);
    expect(hold).toMatchObject({
      kind: 'hold',
      image_id: held.imageId,
      min_age: 14,
      picture_path: `/api/admin/safety/holds/${held.hold.id}/picture`,
    });
    expect(items.indexOf(report!)).toBeLessThan(items.indexOf(hold!));

    const onlyHolds = await wholeQueue('&kind=hold');
    expect(onlyHolds.every((i) => i.kind === 'hold')).toBe(true);
    expect(onlyHolds.map((i) => i.id)).toContain(held.hold.id);

    const bad = await call('GET', '/api/admin/moderation?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'cursor' });
    expect((await call('GET', '/api/admin/moderation?kind=nope')).json()).toMatchObject({ field: 'kind' });
  });

  it("shows a reported image with its picture, prompt and the member's history", async () => {
    const { owner, imageId } = await reportedImage(['spam']);
    const [older] = await createCompleteImages(t.services, owner.id, 1, { prompt: 'an earlier try' });
    await db().promptSafetyEvent.create({
      data: { memberId: owner.id, prompt: 'x', matchedTerms: [], outcome: 'refused', rule: 'lexicon:en:x' },
    });
    const res = await call('GET', `/api/admin/moderation/reports/${imageId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ state: 'open', item: { report_count: 1, reasons: ['spam'] } });
    expect(body.history.member).toMatchObject({ id: owner.id, muted_until: null });
    expect(body.history.recent_generations.map((g: { image_id: string }) => g.image_id)).toEqual(
      expect.arrayContaining([imageId, older]),
    );
    expect(body.history.reports).toEqual([
      expect.objectContaining({ image_id: imageId, reason: 'spam', status: 'open' }),
    ]);
    expect(body.history.safety_events).toEqual([expect.objectContaining({ outcome: 'refused' })]);

    const picture = await call('GET', body.item.picture_path);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('no-store');
    expect(picture.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // The same route does not serve the member's other, unreported pictures.
    const other = await call('GET', body.item.picture_path.replace(imageId, older));
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().message).toMatch(/Reported image/);
  });

  it('remove: unpublished for good, audited; a second decision is a 409 naming who removed it', async () => {
    const { imageId } = await reportedImage(['illegal']);
    const res = await call('POST', `/api/admin/moderation/reports/${imageId}`, support.headers, {
      decision: 'remove',
      note: 'clearly against the rules',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', decision: 'remove', deleted_files: 0 });
    expect(await db().image.findUniqueOrThrow({ where: { imageId } })).toMatchObject({
      isOpen: false,
      hiddenForReview: true,
    });
    const again = await call('POST', `/api/admin/moderation/reports/${imageId}`, support2.headers, {
      decision: 'approve',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(ALREADY);
    expect(again.json().message).toContain(`removed by ${support.id}`);
    expect(await db().image.findUniqueOrThrow({ where: { imageId } })).toMatchObject({ isOpen: false });
    expect(await audit('report.remove', imageId)).toEqual([
      expect.objectContaining({
        actorId: support.id,
        actorRole: 'support',
        targetType: 'report',
        note: 'clearly against the rules',
      }),
    ]);
    expect(await audit('report.approve', imageId)).toEqual([]);
    expect((await call('GET', `/api/admin/moderation/reports/${imageId}`)).json()).toMatchObject({
      state: 'upheld',
      decided_by: support.id,
    });
    // Owner cannot publish it again.
    expect((await wholeQueue('&kind=report')).map((i) => i.id)).not.toContain(imageId);
  });

  it('approve: reports dismissed and the image back in Explore; two at once: one wins, one 409', async () => {
    const { imageId } = await reportedImage(['minor', 'spam']);
    const decide = (headers: Headers) =>
      call('POST', `/api/admin/moderation/reports/${imageId}`, headers, { decision: 'approve' });
    const [a, b] = await Promise.all([decide(support.headers), decide(support2.headers)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toMatch(/^Already handled: approved by /);
    expect(await db().image.findUniqueOrThrow({ where: { imageId } })).toMatchObject({
      isOpen: true,
      hiddenForReview: false,
    });
    expect(await audit('report.approve', imageId)).toHaveLength(1);
  });

  it('the older report routes still work for support, and are audited', async () => {
    const { imageId } = await reportedImage(['spam']);
    const res = await call('POST', `/api/admin/reports/${imageId}`, support.headers, { decision: 'dismiss' });
    expect(res.json()).toEqual({ status: 'ok', decided: 1 });
    expect(await audit('report.approve', imageId)).toHaveLength(1);
    expect(
      (await call('POST', `/api/admin/reports/${imageId}`, support.headers, { decision: 'dismiss' })).statusCode,
    ).toBe(409);
  });

  it('remove of a held picture deletes every stored copy (picture and thumbnail) and says so', async () => {
    const { hold, imageId, quarantineKey } = await heldPicture();
    // A copy under the image's own keys too (as a release would have stored it).
    const keys = imageKeys(imageId);
    const picture = await drawDemoImage(imageId, 64, 64);
    await t.services.storage.put(keys.originalKey, picture, 'image/webp');
    await t.services.storage.put(keys.thumbnailKey, picture, 'image/webp');

    const detail = (await call('GET', `/api/admin/moderation/holds/${hold.id}`)).json();
    expect(detail).toMatchObject({ state: 'pending', item: { kind: 'hold', prompt: 'a portrait by a window' } });
    expect((await call('GET', detail.item.picture_path)).statusCode).toBe(200);

    const res = await call('POST', `/api/admin/moderation/holds/${hold.id}`, support.headers, {
      decision: 'remove',
      note: 'under-age face',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'remove', deleted_files: 3 });
    expect(res.json().message).toContain('every stored copy');
    for (const key of [quarantineKey, keys.originalKey, keys.thumbnailKey]) {
      expect(await t.services.storage.get(key), key).toBeNull();
    }
    expect(await db().safetyHold.findUniqueOrThrow({ where: { id: hold.id } })).toMatchObject({
      status: 'removed',
      decidedBy: support.id,
      decisionNote: 'under-age face',
    });
    expect((await call('GET', detail.item.picture_path)).statusCode).toBe(404);
    const again = await call('POST', `/api/admin/moderation/holds/${hold.id}`, support2.headers, {
      decision: 'approve',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(ALREADY);
    expect(again.json().message).toContain(`removed by ${support.id}`);
    expect(await audit('hold.remove', hold.id)).toEqual([
      expect.objectContaining({ actorId: support.id, after: { status: 'removed', deleted_files: 3 } }),
    ]);
  });

  it('approve of a held picture releases it to its owner (audited)', async () => {
    const { hold, imageId } = await heldPicture();
    const res = await call('POST', `/api/admin/moderation/holds/${hold.id}`, support.headers, { decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    const image = await db().image.findUniqueOrThrow({ where: { imageId } });
    expect(image).toMatchObject({ status: 'complete' });
    expect(await t.services.storage.get(image.originalKey!)).not.toBeNull();
    expect(await audit('hold.approve', hold.id)).toHaveLength(1);
    expect((await wholeQueue('&kind=hold')).map((i) => i.id)).not.toContain(hold.id);
  });

  it('mute: the owner cannot generate; a second mute is a 409; both kinds of item can mute', async () => {
    const { owner, imageId } = await reportedImage(['violence']);
    const res = await call('POST', `/api/admin/moderation/reports/${imageId}`, support.headers, {
      decision: 'mute',
      note: 'repeat offender',
    });
    expect(res.statusCode, res.body).toBe(200);
    const member = await db().member.findUniqueOrThrow({ where: { id: owner.id } });
    expect(member.mutedUntil!.getTime()).toBeGreaterThan(Date.now());
    const again = await call('POST', `/api/admin/moderation/reports/${imageId}`, support2.headers, {
      decision: 'mute',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      new RegExp(`^Already handled: muted until .+ by ${support.id.replace('.', '\\.')} at `),
    );
    expect(await audit('member.mute', owner.id)).toEqual([
      expect.objectContaining({ actorId: support.id, targetType: 'member', note: 'repeat offender' }),
    ]);
    // The reports themselves are still open: mute is not a decision on the image.
    expect((await call('GET', `/api/admin/moderation/reports/${imageId}`)).json().state).toBe('open');
  });

  it('mute after a mute from the Members screen, or by the safety checks: the 409 names who muted', async () => {
    const { owner, imageId } = await reportedImage(['violence']);
    const fromMembers = await call('POST', `/api/admin/members/${owner.id}/mute`, support.headers, {
      reason: 'spamming refused prompts',
    });
    expect(fromMembers.statusCode, fromMembers.body).toBe(200);
    const again = await call('POST', `/api/admin/moderation/reports/${imageId}`, support2.headers, {
      decision: 'mute',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      new RegExp(
        `^Already handled: muted until [0-9: -]+ UTC by ${support.id.replace('.', '\\.')} at [0-9: -]+ UTC\\.$`,
      ),
    );
    const log = await db().promptSafetyEvent.findMany({ where: { memberId: owner.id, outcome: 'muted' } });
    expect(log).toEqual([
      expect.objectContaining({
        category: 'moderation',
        rule: expect.stringMatching(`^muted-by:${support.id}:until:`),
      }),
    ]);

    const other = await reportedImage(['violence']);
    const until = new Date(Date.now() + 3_600_000);
    await db().member.update({ where: { id: other.owner.id }, data: { mutedUntil: until } });
    await db().promptSafetyEvent.create({
      data: {
        memberId: other.owner.id,
        prompt: '',
        matchedTerms: [],
        outcome: 'muted',
        rule: `mute:3-in-24h:until:${until.toISOString()}`,
      },
    });
    const automatic = await call('POST', `/api/admin/moderation/reports/${other.imageId}`, support2.headers, {
      decision: 'mute',
    });
    expect(automatic.statusCode).toBe(409);
    expect(automatic.json().message).toMatch(/^Already handled: muted until .+ UTC by the safety checks at /);
  });

  it("escalate: an escalation record keeps the member's safety log; once per item", async () => {
    const { owner, hold } = await heldPicture();
    const res = await call('POST', `/api/admin/moderation/holds/${hold.id}`, support.headers, { decision: 'escalate' });
    expect(res.statusCode, res.body).toBe(200);
    const escalations = await db().safetyEscalation.findMany({ where: { memberId: owner.id } });
    expect(escalations).toEqual([expect.objectContaining({ stage: 'moderation', rule: `hold:${hold.id}` })]);
    const again = await call('POST', `/api/admin/moderation/holds/${hold.id}`, support2.headers, {
      decision: 'escalate',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`escalated by ${support.id}`);
    expect(await audit('hold.escalate', hold.id)).toHaveLength(1);
    // Still pending: escalating keeps the picture for the decision.
    expect((await db().safetyHold.findUniqueOrThrow({ where: { id: hold.id } })).status).toBe('pending');
  });

  it('bad input is a 400 naming the field; unknown items are 404', async () => {
    const { imageId } = await reportedImage(['spam']);
    const bad = await call('POST', `/api/admin/moderation/reports/${imageId}`, support.headers, { decision: 'delete' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'decision' });
    const long = await call('POST', `/api/admin/moderation/reports/${imageId}`, support.headers, {
      decision: 'approve',
      note: 'x'.repeat(1001),
    });
    expect(long.json()).toMatchObject({ field: 'note' });
    const unknown = `${'b'.repeat(32)}001`;
    expect((await call('GET', `/api/admin/moderation/reports/${unknown}`)).statusCode).toBe(404);
    expect(
      (
        await call('POST', '/api/admin/moderation/holds/0190a8e0-0000-7000-8000-000000000000', support.headers, {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(404);
  });
});
