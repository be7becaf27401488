// Enforcement of the prompt screen through POST /api/v2/images/make (issue 10, parts 1 and 6): control
// characters never reach a stage or the database, refusals name the rule category and are logged,
// repeated refusals mute, abuse-rated attempts are escalated (and survive account deletion), and a
// classifier that is down is a 503 that charges, logs and counts nothing. The classifier is the real
// OpenAI moderation adapter talking to a local fake of /v1/moderations.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAFETY_UNAVAILABLE_DETAIL } from '../../../src/services/safety/prompt-pipeline.ts';
import { PROMPT_REFUSED_DETAIL } from '../../../src/services/safety/screen-prompt.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { startOpenAiModerationFake, type OpenAiModerationFake } from '../../support/fakes/openai-moderation.ts';
import { fundedMember, makeBody } from '../../support/generation.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const CLEAN_PROMPT = 'a woman in a red dress on a balcony at night';
/** Text only the classifier (the fake) rates as sexual content involving minors: no lexicon knows it. */
const MINOR_MARKER = 'zqvx-semantic-zqvx';
const MUTE_TEXT =
  /^You cannot generate images until (\d{4}-\d\d-\d\d \d\d:\d\d) UTC because several of your prompts were refused\.$/;

describe('prompt safety enforcement on POST /api/v2/images/make', () => {
  let t: TestApp;
  let classifier: OpenAiModerationFake;

  beforeAll(async () => {
    classifier = await startOpenAiModerationFake('ok', { minorMarkers: [MINOR_MARKER] });
    t = await createTestApp({
      SAFETY_CLASSIFIER: 'openai-moderation',
      SAFETY_CLASSIFIER_URL: classifier.url,
      SAFETY_CLASSIFIER_TIMEOUT_MS: '2000',
      SAFETY_CLASSIFIER_FAIL_CLOSED: 'true',
    });
  });
  beforeEach(async () => {
    classifier.mode = 'ok';
    classifier.requests.length = 0;
    await t.services.queues.generation.obliterate({ force: true });
  });
  afterAll(async () => {
    await t.close();
    await classifier.close();
  });

  const db = () => t.services.db;
  const make = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v2/images/make', headers, payload: body, remoteAddress: '203.0.113.7' });
  const balanceOf = async (id: string) => (await db().member.findUniqueOrThrow({ where: { id } })).coinBalance;
  const eventsOf = (memberId: string) =>
    db().promptSafetyEvent.findMany({ where: { memberId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const runsOf = (memberId: string) => db().generationRun.count({ where: { memberId } });
  /** What the classifier was asked, in order. */
  const classified = () => classifier.requests.map((r) => (r.json as { input: string }).input);

  describe('input: control characters', () => {
    it('strips NUL from the prompt, so "lo\\u0000li" is screened as "loli", refused and logged (never a 500)', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const res = await make(m.headers, makeBody({ prompt: 'a cute lo\u0000li in bed' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'no', detail: PROMPT_REFUSED_DETAIL, cur_tokens: 500 });
      const [event] = await eventsOf(m.member.id);
      expect(event).toMatchObject({ prompt: 'a cute loli in bed', outcome: 'refused', stage: 'lexicon' });
      expect(await balanceOf(m.member.id)).toBe(500);
      expect(await runsOf(m.member.id)).toBe(0);
    });

    it('no stage sees a control character: a word split by them reaches the classifier whole', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const split = `nude ${MINOR_MARKER.slice(0, 5)}\u0000\u0001\u001B\u007F\u0085\u009F${MINOR_MARKER.slice(5)} on a bed`;
      const res = await make(m.headers, makeBody({ prompt: split }));
      expect(res.json()).toMatchObject({ status: 'no', detail: PROMPT_REFUSED_DETAIL });
      expect(classified()).toEqual([`nude ${MINOR_MARKER} on a bed`]);
      const [event] = await eventsOf(m.member.id);
      expect(event).toMatchObject({ prompt: `nude ${MINOR_MARKER} on a bed`, stage: 'classifier' });
    });

    it('stores an allowed prompt without its control characters', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const body = makeBody({ prompt: 'a woman\u0000 in a red\u0007 dress\u009F\non a\tbalcony' });
      const res = await make(m.headers, body);
      expect(res.json()).toMatchObject({ status: 'ok', cur_tokens: 400 });
      const run = await db().generationRun.findUniqueOrThrow({ where: { runId: body.run_id } });
      expect(run.prompt).toBe('a woman in a red dress on a balcony');
    });

    it.each([
      ['NUL', 'Realistic, Free,\u0000 Portrait'],
      ['a C1 control', 'Realistic\u0085 Free'],
      ['a line feed', 'Realistic,\nFree'],
    ])(
      'answers 400 naming details when details holds %s, before any stage, charging nothing',
      async (_name, details) => {
        const m = await fundedMember(t.app, db(), 500);
        const res = await make(m.headers, makeBody({ details }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          status: 'error',
          field: 'details',
          message: 'details must not contain control characters',
        });
        expect(classified()).toEqual([]);
        expect(await eventsOf(m.member.id)).toEqual([]);
        expect(await balanceOf(m.member.id)).toBe(500);
      },
    );

    it.each([
      ['a lone surrogate in the prompt', { prompt: 'a woman \ud800 in red' }],
      ['a lone surrogate in details', { details: 'Realistic \udfff' }],
    ])('never answers 500 for %s', async (_name, overrides) => {
      const m = await fundedMember(t.app, db(), 500);
      const res = await make(m.headers, makeBody(overrides));
      expect(res.statusCode).toBeLessThan(500);
    });

    it('answers 400 (not 500) for a prompt of control characters only', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const res = await make(m.headers, makeBody({ prompt: '\u0000\u0001\u0002' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'prompt', message: 'prompt must not be blank' });
    });
  });

  describe('refusals', () => {
    it('name the rule category, never the matched word; charge nothing; log member, prompt, matches, stage, rule and address', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const res = await make(m.headers, makeBody({ prompt: 'a cute loli in bed' }));
      expect(res.json()).toEqual({
        status: 'no',
        detail: 'This prompt cannot be used: content involving minors is not allowed on Velvet.',
        cur_tokens: 500,
      });
      expect(res.json().detail).not.toContain('loli');
      const events = await eventsOf(m.member.id);
      expect(events).toEqual([
        expect.objectContaining({
          memberId: m.member.id,
          prompt: 'a cute loli in bed',
          outcome: 'refused',
          stage: 'lexicon',
          category: 'minors',
          ip: '203.0.113.7',
          imageId: null,
        }),
      ]);
      expect(events[0]!.rule).toMatch(/^lexicon/);
      expect(events[0]!.matchedTerms.length).toBeGreaterThan(0);
      // The lexicon decided: the classifier was not asked.
      expect(classified()).toEqual([]);
      expect(await balanceOf(m.member.id)).toBe(500);
      expect(await runsOf(m.member.id)).toBe(0);
    });

    it('screen the details text like the prompt', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const res = await make(m.headers, makeBody({ details: `Realistic, Free, ${MINOR_MARKER}` }));
      expect(res.json()).toEqual({ status: 'no', detail: PROMPT_REFUSED_DETAIL, cur_tokens: 500 });
      const [event] = await eventsOf(m.member.id);
      expect(event).toMatchObject({
        prompt: `details: Realistic, Free, ${MINOR_MARKER}`,
        stage: 'classifier',
        rule: 'openai-moderation:sexual/minors',
      });
      expect(await balanceOf(m.member.id)).toBe(500);
    });
  });

  describe('mutes', () => {
    it('mutes a member refused 3 times within 24 hours for 24 hours, says until when, and refuses everything meanwhile', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const before = Date.now();
      const answers = [];
      for (const prompt of ['a cute loli in bed', `nude ${MINOR_MARKER}`, 'loli on a beach']) {
        answers.push((await make(m.headers, makeBody({ prompt }))).json());
      }
      expect(answers[0]).toEqual({ status: 'no', detail: PROMPT_REFUSED_DETAIL, cur_tokens: 500 });
      expect(answers[1]).toEqual({ status: 'no', detail: PROMPT_REFUSED_DETAIL, cur_tokens: 500 });

      const member = await db().member.findUniqueOrThrow({ where: { id: m.member.id } });
      expect(member.flagged).toBe(true);
      const until = member.mutedUntil!;
      // 24 hours later, rounded up to the minute the member is told.
      expect(until.getTime()).toBeGreaterThanOrEqual(before + DAY);
      expect(until.getTime()).toBeLessThanOrEqual(Date.now() + DAY + 60_000);
      expect(until.getUTCSeconds() + until.getUTCMilliseconds()).toBe(0);
      const readable = `${until.toISOString().slice(0, 10)} ${until.toISOString().slice(11, 16)}`;
      expect(answers[2]).toEqual({
        status: 'no',
        detail: `${PROMPT_REFUSED_DETAIL} You cannot generate images until ${readable} UTC because several of your prompts were refused.`,
        cur_tokens: 500,
        muted_until: until.toISOString(),
      });

      // Muted: even a clean prompt is refused before any stage, with nothing charged or logged.
      classifier.requests.length = 0;
      const eventsBefore = (await eventsOf(m.member.id)).length;
      const muted = (await make(m.headers, makeBody({ prompt: CLEAN_PROMPT }))).json();
      expect(muted).toEqual({
        status: 'no',
        detail: `You cannot generate images until ${readable} UTC because several of your prompts were refused.`,
        cur_tokens: 500,
        muted_until: until.toISOString(),
      });
      expect(muted.detail).toMatch(MUTE_TEXT);
      expect(classified()).toEqual([]);
      expect(await eventsOf(m.member.id)).toHaveLength(eventsBefore);
      expect(await balanceOf(m.member.id)).toBe(500);
      expect(await runsOf(m.member.id)).toBe(0);
      // The mute is in the safety log too.
      expect((await eventsOf(m.member.id)).map((e) => e.outcome)).toEqual(['refused', 'refused', 'refused', 'muted']);
    });

    it('counts only refusals within the window', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const old = new Date(Date.now() - 25 * HOUR);
      for (let i = 0; i < 5; i += 1) {
        await db().promptSafetyEvent.create({
          data: { memberId: m.member.id, prompt: 'loli', matchedTerms: ['loli'], createdAt: old },
        });
      }
      for (let i = 0; i < 2; i += 1) {
        expect((await make(m.headers, makeBody({ prompt: 'loli' }))).json().detail).toBe(PROMPT_REFUSED_DETAIL);
      }
      expect((await db().member.findUniqueOrThrow({ where: { id: m.member.id } })).mutedUntil).toBeNull();
      expect((await make(m.headers, makeBody({ prompt: 'loli' }))).json().detail).toMatch(
        /You cannot generate images until/,
      );
    });

    it('lets the member generate once the mute ends, and refusals before it do not count again', async () => {
      const m = await fundedMember(t.app, db(), 500);
      for (let i = 0; i < 3; i += 1) await make(m.headers, makeBody({ prompt: 'loli' }));
      expect((await make(m.headers, makeBody({ prompt: CLEAN_PROMPT }))).json().status).toBe('no');
      // The mute ran out (its refusals are still within the 24-hour window).
      await db().member.update({ where: { id: m.member.id }, data: { mutedUntil: new Date(Date.now() - 1000) } });
      expect((await make(m.headers, makeBody({ prompt: CLEAN_PROMPT }))).json()).toMatchObject({ status: 'ok' });
      expect((await make(m.headers, makeBody({ prompt: 'loli' }))).json().detail).toBe(PROMPT_REFUSED_DETAIL);
      expect((await db().member.findUniqueOrThrow({ where: { id: m.member.id } })).mutedUntil!.getTime()).toBeLessThan(
        Date.now(),
      );
    });

    it('mutes once when refusals arrive together', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => make(m.headers, makeBody({ prompt: 'loli' })).then((r) => r.json())),
      );
      expect(answers.every((a) => a.status === 'no')).toBe(true);
      const outcomes = (await eventsOf(m.member.id)).map((e) => e.outcome);
      expect(outcomes.filter((o) => o === 'muted')).toHaveLength(1);
      expect((await db().member.findUniqueOrThrow({ where: { id: m.member.id } })).mutedUntil).not.toBeNull();
    });
  });

  describe('escalations', () => {
    it('keeps a record of an attempt the classifier rates as abuse material: member, email, 30 days of prompts, address, retention', async () => {
      const m = await fundedMember(t.app, db(), 500);
      const longAgo = new Date(Date.now() - 31 * DAY);
      await db().promptSafetyEvent.create({
        data: { memberId: m.member.id, prompt: 'too old to copy', matchedTerms: [], createdAt: longAgo },
      });
      await make(m.headers, makeBody({ prompt: 'a cute loli in bed' }));
      const before = Date.now();
      const res = await make(m.headers, makeBody({ prompt: `nude ${MINOR_MARKER} on a bed` }));
      expect(res.json()).toEqual({ status: 'no', detail: PROMPT_REFUSED_DETAIL, cur_tokens: 500 });

      const escalations = await db().safetyEscalation.findMany({ where: { memberId: m.member.id } });
      expect(escalations).toHaveLength(1);
      const [escalation] = escalations;
      expect(escalation).toMatchObject({
        memberId: m.member.id,
        memberEmail: m.member.id,
        ip: '203.0.113.7',
        stage: 'classifier',
        rule: 'openai-moderation:sexual/minors',
        reportedAt: null,
      });
      expect(escalation!.retainUntil.getTime()).toBeGreaterThanOrEqual(before + 365 * DAY);
      expect(escalation!.retainUntil.getTime()).toBeLessThanOrEqual(Date.now() + 365 * DAY);
      const prompts = escalation!.prompts as Array<Record<string, unknown>>;
      expect(prompts).toEqual([
        expect.objectContaining({ prompt: 'a cute loli in bed', stage: 'lexicon', ip: '203.0.113.7' }),
        expect.objectContaining({
          prompt: `nude ${MINOR_MARKER} on a bed`,
          outcome: 'refused',
          stage: 'classifier',
          rule: 'openai-moderation:sexual/minors',
          ip: '203.0.113.7',
        }),
      ]);
      for (const p of prompts) expect(Number.isNaN(Date.parse(p.time as string))).toBe(false);
      // A lexicon refusal alone is not escalated.
      expect(await db().safetyEscalation.count({ where: { memberId: m.member.id } })).toBe(1);
    });

    it('survive account deletion, with the email, and so does the safety log', async () => {
      const m = await fundedMember(t.app, db(), 500);
      await make(m.headers, makeBody({ prompt: `nude ${MINOR_MARKER}` }));
      const escalation = await db().safetyEscalation.findFirstOrThrow({ where: { memberId: m.member.id } });
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/members/delete', headers: m.headers });
      expect(deleted.statusCode).toBe(200);

      const kept = await db().safetyEscalation.findUniqueOrThrow({ where: { id: escalation.id } });
      expect(kept.memberEmail).toBe(m.member.id);
      expect(kept.prompts).toEqual(escalation.prompts);
      expect(kept.memberId).not.toBe(m.member.id);
      const log = await db().promptSafetyEvent.findMany({ where: { memberId: kept.memberId } });
      expect(log.map((e) => e.prompt)).toEqual([`nude ${MINOR_MARKER}`]);
    });
  });

  describe('a classifier that is down (fail closed)', () => {
    it.each(['server-error', 'not-json', 'malformed'] as const)(
      'answers 503 on %s: nothing charged, logged or counted towards a mute',
      async (mode) => {
        const m = await fundedMember(t.app, db(), 500);
        classifier.mode = mode;
        for (let i = 0; i < 3; i += 1) {
          const res = await make(m.headers, makeBody({ prompt: CLEAN_PROMPT }));
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ status: 'error', message: SAFETY_UNAVAILABLE_DETAIL });
        }
        expect(await eventsOf(m.member.id)).toEqual([]);
        expect(await balanceOf(m.member.id)).toBe(500);
        expect(await runsOf(m.member.id)).toBe(0);
        const member = await db().member.findUniqueOrThrow({ where: { id: m.member.id } });
        expect([member.mutedUntil, member.flagged]).toEqual([null, false]);
        classifier.mode = 'ok';
        expect((await make(m.headers, makeBody({ prompt: CLEAN_PROMPT }))).json()).toMatchObject({ status: 'ok' });
      },
    );

    it('still refuses what the lexicons catch (they run first, offline)', async () => {
      const m = await fundedMember(t.app, db(), 500);
      classifier.mode = 'server-error';
      const res = await make(m.headers, makeBody({ prompt: 'a cute loli in bed' }));
      expect(res.json()).toEqual({ status: 'no', detail: PROMPT_REFUSED_DETAIL, cur_tokens: 500 });
    });
  });
});
