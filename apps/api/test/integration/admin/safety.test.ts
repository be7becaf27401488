// The support team's safety desk under /api/admin/safety (issue 10, part 6): muted members and lifting
// a mute, the safety log, picture holds (remove / release, one decision wins) and escalation records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDemoImage } from '../../../src/providers/image-model/demo.ts';
import { imageKeys } from '../../../src/providers/storage/image-files.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember, createProcessingRun } from '../../support/factories.ts';
import { fundedMember, makeBody } from '../../support/generation.ts';
import { bearer } from '../../support/sessions.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('admin safety routes', () => {
  let t: TestApp;
  let admin: { id: string; headers: Record<string, string> };
  let member: { id: string; headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createMember(t.services.db, { role: 'admin' });
    admin = { id: a.id, headers: bearer(t.app.signAccessToken({ sub: a.id, role: 'admin' })) };
    const m = await createMember(t.services.db);
    member = { id: m.id, headers: bearer(t.app.signAccessToken({ sub: m.id, role: 'member' })) };
  });
  afterAll(() => t.close());

  const db = () => t.services.db;
  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = admin.headers,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A member muted until `until`, with refusals at the given ages (hours ago). */
  async function mutedMember(until: Date, refusalAgesHours: number[] = []) {
    const m = await createMember(db());
    await db().member.update({ where: { id: m.id }, data: { mutedUntil: until, flagged: true } });
    for (const age of refusalAgesHours) {
      await db().promptSafetyEvent.create({
        data: { memberId: m.id, prompt: 'loli', matchedTerms: ['loli'], createdAt: new Date(Date.now() - age * HOUR) },
      });
    }
    return m;
  }

  /** An image withheld by the picture check: held, with its picture in quarantine and a pending hold. */
  async function heldPicture(ownerId = member.id) {
    const runId = await createProcessingRun(db(), ownerId, 1, 'a portrait by a window');
    const imageId = `${runId}001`;
    const picture = await drawDemoImage(imageId, 64, 64);
    const quarantineKey = `quarantine/${imageId}.webp`;
    await t.services.storage.put(quarantineKey, picture, 'image/webp');
    await db().image.update({ where: { imageId }, data: { status: 'held' } });
    await db().generationRun.update({ where: { runId }, data: { status: 'failed' } });
    const hold = await db().safetyHold.create({
      data: { imageId, memberId: ownerId, checker: 'face-age-local', minAge: 14, faces: 1, quarantineKey },
    });
    return { hold, imageId, runId, picture, quarantineKey };
  }

  describe('access', () => {
    const routes: Array<['GET' | 'POST', string, Record<string, unknown>?]> = [
      ['GET', '/api/admin/safety/mutes'],
      ['POST', '/api/admin/safety/mutes/someone%40example.test/lift'],
      ['GET', '/api/admin/safety/log'],
      ['GET', '/api/admin/safety/holds'],
      ['GET', '/api/admin/safety/holds/0190a8e0-0000-7000-8000-000000000000/picture'],
      ['POST', '/api/admin/safety/holds/0190a8e0-0000-7000-8000-000000000000', { decision: 'remove' }],
      ['GET', '/api/admin/safety/escalations'],
      ['POST', '/api/admin/safety/escalations/0190a8e0-0000-7000-8000-000000000000/report', { report_ref: 'x' }],
    ];

    it('the support role may use the safety desk (issue 15)', async () => {
      const s = await createMember(db(), { role: 'support' });
      const headers = bearer(t.app.signAccessToken({ sub: s.id, role: 'support' }));
      for (const url of ['/api/admin/safety/mutes', '/api/admin/safety/log', '/api/admin/safety/holds']) {
        expect((await call('GET', url, headers)).statusCode, url).toBe(200);
      }
    });

    it.each(routes)('%s %s: 401 without a token, 403 for a member', async (method, url, payload) => {
      const anonymous = await call(method, url, {}, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 'error', message: 'Login required' });
      const asMember = await call(method, url, member.headers, payload);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ status: 'error' });
    });
  });

  describe('mutes', () => {
    it('lists members muted now, soonest end first, with their refusals within the window', async () => {
      const later = await mutedMember(new Date(Date.now() + 20 * HOUR), [1, 2, 3, 30]);
      const sooner = await mutedMember(new Date(Date.now() + 2 * HOUR), [5]);
      const expired = await mutedMember(new Date(Date.now() - HOUR), [1, 2, 3]);
      const res = await call('GET', '/api/admin/safety/mutes?limit=100');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const ids = body.list.map((m: { id: string }) => m.id);
      expect(ids).not.toContain(expired.id);
      expect(ids.indexOf(sooner.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
      const entry = body.list.find((m: { id: string }) => m.id === later.id);
      expect(entry).toEqual({
        id: later.id,
        email: later.id,
        nickname: later.nickname,
        muted_until: (await db().member.findUniqueOrThrow({ where: { id: later.id } })).mutedUntil!.toISOString(),
        refusals_in_window: 3,
      });
      expect(body).toMatchObject({ page: 1, limit: 100 });
      expect(body.total_count).toBeGreaterThanOrEqual(2);
    });

    it('lifts a mute: the member generates again at once, and the safety log records who lifted it', async () => {
      const funded = await fundedMember(t.app, db(), 500);
      const until = new Date(Date.now() + 10 * HOUR);
      await db().member.update({ where: { id: funded.member.id }, data: { mutedUntil: until } });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v2/images/make',
        headers: funded.headers,
        payload: makeBody(),
      });
      expect(refused.json()).toMatchObject({ status: 'no', muted_until: until.toISOString() });

      const url = `/api/admin/safety/mutes/${encodeURIComponent(funded.member.id)}/lift`;
      const res = await call('POST', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', member_id: funded.member.id, lifted_until: until.toISOString() });
      expect((await db().member.findUniqueOrThrow({ where: { id: funded.member.id } })).mutedUntil).toBeNull();
      const log = await db().promptSafetyEvent.findMany({ where: { memberId: funded.member.id } });
      expect(log).toEqual([expect.objectContaining({ outcome: 'mute_lifted', rule: `lifted-by:${admin.id}` })]);

      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v2/images/make',
        headers: funded.headers,
        payload: makeBody(),
      });
      expect(made.json()).toMatchObject({ status: 'ok', cur_tokens: 400 });

      // Lifting again changes nothing.
      expect((await call('POST', url)).json()).toEqual({
        status: 'ok',
        member_id: funded.member.id,
        lifted_until: null,
      });
      expect(await db().promptSafetyEvent.count({ where: { memberId: funded.member.id } })).toBe(1);
    });

    it('answers 404 for an unknown member', async () => {
      const res = await call('POST', '/api/admin/safety/mutes/nobody%40example.test/lift');
      expect(res.statusCode).toBe(404);
    });
  });

  describe('safety log', () => {
    it('lists entries newest first, filtered by member, stage and outcome, page by page', async () => {
      const m = await createMember(db());
      const base = Date.now() - HOUR;
      const entries = [
        { stage: 'lexicon', outcome: 'refused', prompt: 'first' },
        { stage: 'classifier', outcome: 'refused', prompt: 'second' },
        { stage: 'picture', outcome: 'held', prompt: 'third' },
        { stage: 'lexicon', outcome: 'muted', prompt: '' },
        { stage: 'lexicon', outcome: 'refused', prompt: 'fifth' },
      ];
      for (const [i, e] of entries.entries()) {
        await db().promptSafetyEvent.create({
          data: {
            memberId: m.id,
            matchedTerms: ['x'],
            rule: `rule-${i}`,
            ip: '198.51.100.1',
            createdAt: new Date(base + i * 1000),
            ...e,
          },
        });
      }
      const q = encodeURIComponent(m.id);
      const all = (await call('GET', `/api/admin/safety/log?member_id=${q}`)).json();
      expect(all.list.map((e: { prompt: string }) => e.prompt)).toEqual(['fifth', '', 'third', 'second', 'first']);
      expect(all.next_cursor).toBeNull();
      expect(all.list[0]).toEqual({
        id: expect.any(String),
        member_id: m.id,
        prompt: 'fifth',
        matched_terms: ['x'],
        outcome: 'refused',
        stage: 'lexicon',
        category: 'minors',
        rule: 'rule-4',
        image_id: null,
        ip: '198.51.100.1',
        created_at: new Date(base + 4000).toISOString(),
      });

      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: { list: Array<{ prompt: string }>; next_cursor: string | null } = (
          await call('GET', `/api/admin/safety/log?member_id=${q}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        pages.push(page.list.map((e) => e.prompt));
        cursor = page.next_cursor;
      } while (cursor);
      expect(pages).toEqual([['fifth', ''], ['third', 'second'], ['first']]);

      const lexiconRefusals = (
        await call('GET', `/api/admin/safety/log?member_id=${q}&stage=lexicon&outcome=refused`)
      ).json();
      expect(lexiconRefusals.list.map((e: { prompt: string }) => e.prompt)).toEqual(['fifth', 'first']);
      const holds = (await call('GET', `/api/admin/safety/log?member_id=${q}&outcome=held`)).json();
      expect(holds.list.map((e: { prompt: string }) => e.prompt)).toEqual(['third']);
    });

    it.each([
      ['stage=everywhere', 'stage'],
      ['outcome=maybe', 'outcome'],
      ['limit=0', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
    ])('refuses %s with 400 naming %s', async (query, field) => {
      const res = await call('GET', `/api/admin/safety/log?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', field });
    });
  });

  describe('picture holds', () => {
    it('lists pending holds oldest first with image, member, youngest age, checker and prompt, and shows the picture', async () => {
      const { hold, imageId, picture } = await heldPicture();
      const res = await call('GET', '/api/admin/safety/holds?limit=100');
      expect(res.statusCode).toBe(200);
      const entry = res.json().list.find((h: { id: string }) => h.id === hold.id);
      expect(entry).toEqual({
        id: hold.id,
        image_id: imageId,
        member_id: member.id,
        min_age: 14,
        faces: 1,
        checker: 'face-age-local',
        prompt: 'a portrait by a window',
        status: 'pending',
        decided_by: null,
        decided_at: null,
        created_at: hold.createdAt.toISOString(),
      });
      const shown = await call('GET', `/api/admin/safety/holds/${hold.id}/picture`);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/webp');
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.rawPayload.equals(picture)).toBe(true);
    });

    it('release: stores the picture as a normal image, completes it for its owner, and a second decision is a 409', async () => {
      const { hold, imageId, runId, picture, quarantineKey } = await heldPicture();
      const thumbUrl = `/api/v2/image/thumb/${imageId}`;
      expect((await call('GET', thumbUrl, member.headers)).statusCode).toBe(404);

      const res = await call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'release' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ok',
        hold: { id: hold.id, status: 'released', decided_by: admin.id, decided_at: expect.any(String) },
      });
      const keys = imageKeys(imageId);
      const image = await db().image.findUniqueOrThrow({ where: { imageId } });
      expect(image).toMatchObject({ status: 'complete', ...keys });
      expect(image.completedAt).not.toBeNull();
      expect((await t.services.storage.get(keys.originalKey))!.equals(picture)).toBe(true);
      expect(await t.services.storage.get(keys.thumbnailKey)).not.toBeNull();
      expect(await t.services.storage.get(quarantineKey)).toBeNull();
      expect((await db().generationRun.findUniqueOrThrow({ where: { runId } })).status).toBe('complete');
      const thumb = await call('GET', thumbUrl, member.headers);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      // Decided: the quarantine view is gone.
      expect((await call('GET', `/api/admin/safety/holds/${hold.id}/picture`)).statusCode).toBe(404);

      const again = await call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'remove' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        status: 'error',
        message: expect.stringContaining(`Already handled: approved (released) by ${admin.id} at `),
      });
      expect((await db().safetyHold.findUniqueOrThrow({ where: { id: hold.id } })).status).toBe('released');
      expect((await db().image.findUniqueOrThrow({ where: { imageId } })).status).toBe('complete');
      expect(await t.services.storage.get(keys.originalKey)).not.toBeNull();
    });

    it('remove: deletes the quarantined picture, the image stays held and unseen, and a second decision is a 409', async () => {
      const { hold, imageId, quarantineKey } = await heldPicture();
      const res = await call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'remove' });
      expect(res.statusCode).toBe(200);
      expect(res.json().hold).toMatchObject({ status: 'removed', decided_by: admin.id });
      expect(await t.services.storage.get(quarantineKey)).toBeNull();
      const stored = await db().safetyHold.findUniqueOrThrow({ where: { id: hold.id } });
      expect(stored).toMatchObject({ status: 'removed', quarantineKey: null, decidedBy: admin.id });
      expect(await db().image.findUniqueOrThrow({ where: { imageId } })).toMatchObject({
        status: 'held',
        originalKey: null,
      });

      const again = await call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'release' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^Already handled: removed by /);
      expect((await db().image.findUniqueOrThrow({ where: { imageId } })).status).toBe('held');
      expect(await t.services.storage.get(imageKeys(imageId).originalKey)).toBeNull();
      expect((await call('GET', `/api/v2/image/thumb/${imageId}`, member.headers)).statusCode).toBe(404);
    });

    it('one of two simultaneous decisions wins; the other is a 409', async () => {
      const { hold, imageId } = await heldPicture();
      const [a, b] = await Promise.all([
        call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'release' }),
        call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'remove' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'released' : 'removed';
      expect((await db().safetyHold.findUniqueOrThrow({ where: { id: hold.id } })).status).toBe(winner);
      expect((await db().image.findUniqueOrThrow({ where: { imageId } })).status).toBe(
        winner === 'released' ? 'complete' : 'held',
      );
    });

    it('lists decided holds by status and answers 404 / 400 for unknown holds and decisions', async () => {
      const { hold } = await heldPicture();
      await call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'remove' });
      const removed = (await call('GET', '/api/admin/safety/holds?status=removed&limit=100')).json();
      expect(removed.list.map((h: { id: string }) => h.id)).toContain(hold.id);
      const pending = (await call('GET', '/api/admin/safety/holds?limit=100')).json();
      expect(pending.list.map((h: { id: string }) => h.id)).not.toContain(hold.id);

      const unknown = '0190a8e0-0000-7000-8000-000000000000';
      expect(
        (await call('POST', `/api/admin/safety/holds/${unknown}`, admin.headers, { decision: 'remove' })).statusCode,
      ).toBe(404);
      const bad = await call('POST', `/api/admin/safety/holds/${hold.id}`, admin.headers, { decision: 'keep' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'decision' });
    });
  });

  describe('escalations', () => {
    async function escalation(memberId: string, createdAt: Date) {
      return db().safetyEscalation.create({
        data: {
          memberId,
          memberEmail: memberId,
          prompts: [
            {
              prompt: 'p',
              outcome: 'refused',
              stage: 'classifier',
              rule: 'r',
              time: createdAt.toISOString(),
              ip: null,
            },
          ],
          ip: '192.0.2.5',
          stage: 'classifier',
          rule: 'openai-moderation:sexual/minors',
          createdAt,
          retainUntil: new Date(createdAt.getTime() + 365 * DAY),
        },
      });
    }

    it('lists records newest first and marks one reported once, with the reference', async () => {
      const m = await createMember(db());
      const older = await escalation(m.id, new Date(Date.now() - 2 * HOUR));
      const newer = await escalation(m.id, new Date(Date.now() - HOUR));
      const list = (await call('GET', '/api/admin/safety/escalations?reported=false&limit=100')).json();
      const mine = list.list.filter((e: { member_id: string }) => e.member_id === m.id);
      expect(mine.map((e: { id: string }) => e.id)).toEqual([newer.id, older.id]);
      expect(mine[0]).toEqual({
        id: newer.id,
        member_id: m.id,
        member_email: m.id,
        prompts: [
          { prompt: 'p', outcome: 'refused', stage: 'classifier', rule: 'r', time: expect.any(String), ip: null },
        ],
        ip: '192.0.2.5',
        stage: 'classifier',
        rule: 'openai-moderation:sexual/minors',
        created_at: newer.createdAt.toISOString(),
        retain_until: newer.retainUntil.toISOString(),
        reported_at: null,
        report_ref: null,
      });

      const url = `/api/admin/safety/escalations/${older.id}/report`;
      const res = await call('POST', url, admin.headers, { report_ref: '  CT-123456  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().escalation).toMatchObject({
        id: older.id,
        report_ref: 'CT-123456',
        reported_at: expect.any(String),
      });

      const again = await call('POST', url, admin.headers, { report_ref: 'CT-999' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^Already handled: reported as CT-123456 at /);
      expect(await db().auditEntry.findMany({ where: { action: 'escalation.report', targetId: older.id } })).toEqual([
        expect.objectContaining({ actorId: admin.id, actorRole: 'admin', after: { report_ref: 'CT-123456' } }),
      ]);
      expect((await db().safetyEscalation.findUniqueOrThrow({ where: { id: older.id } })).reportRef).toBe('CT-123456');

      const reported = (await call('GET', '/api/admin/safety/escalations?reported=true&limit=100')).json();
      expect(reported.list.map((e: { id: string }) => e.id)).toContain(older.id);
      expect(reported.list.map((e: { id: string }) => e.id)).not.toContain(newer.id);
    });

    it('answers 404 for an unknown record and 400 for a blank reference', async () => {
      const unknown = await call(
        'POST',
        '/api/admin/safety/escalations/0190a8e0-0000-7000-8000-000000000000/report',
        admin.headers,
        {
          report_ref: 'CT-1',
        },
      );
      expect(unknown.statusCode).toBe(404);
      const m = await createMember(db());
      const e = await escalation(m.id, new Date());
      const blank = await call('POST', `/api/admin/safety/escalations/${e.id}/report`, admin.headers, {
        report_ref: '   ',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ field: 'report_ref' });
    });
  });
});
