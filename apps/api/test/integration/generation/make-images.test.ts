import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findRunWithImages } from '../../../src/repositories/generation.repository.ts';
import { runDrawing } from '../../../src/services/generation/run-generation.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { fundedMember, makeBody } from '../../support/generation.ts';
import { createMember } from '../../support/factories.ts';

describe('POST /api/v2/images/make', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.services.queues.generation.obliterate({ force: true });
  });
  afterAll(() => t.close());

  const make = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v2/images/make', headers, payload: body });
  const balanceOf = async (id: string) => (await t.services.db.member.findUniqueOrThrow({ where: { id } })).coinBalance;

  it('charges the cost, writes the run and its processing images, and queues one job', async () => {
    const m = await fundedMember(t.app, t.services.db, 1000);
    const body = makeBody({
      request_cnt: '2',
      fourk_yn: 'yes',
      prompt: 'say "hello" $now <b>|x|</b>',
      run_ratio: 'Landscape',
      strength: '0.7',
    });
    const res = await make(m.headers, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      cur_tokens: 600,
      image_ids: [`${body.run_id}001`, `${body.run_id}002`],
    });

    const run = await t.services.db.generationRun.findUniqueOrThrow({
      where: { runId: body.run_id as string },
      include: { images: true },
    });
    expect(run).toMatchObject({
      memberId: m.member.id,
      cost: 400,
      requestCnt: 2,
      fourk: true,
      width: 1216,
      height: 832,
      status: 'processing',
    });
    // The schema cleans (removals, whitespace) but does not bracket: that is the web's sanitiser.
    expect(run.prompt).toBe('say "hello" now bx/b');
    expect(Number(run.strength)).toBe(0.7);
    expect(run.images.map((i) => i.status)).toEqual(['processing', 'processing']);
    expect(run.details).toBe(body.details);
    // Each image carries the run's settings, its owner, and nothing published, liked or stored yet.
    expect(run.images.map((i) => i.imageId).sort()).toEqual([`${body.run_id}001`, `${body.run_id}002`]);
    for (const image of run.images) {
      expect(image).toMatchObject({
        ownerId: m.member.id,
        prompt: run.prompt,
        runType: run.runType,
        runStyle: run.runStyle,
        runRatio: 'Landscape',
        width: 1216,
        height: 832,
        isOpen: false,
        isClaim: false,
        isDelete: false,
        likeCnt: 0,
        originalKey: null,
        thumbnailKey: null,
        completedAt: null,
      });
      expect(Number(image.strength)).toBe(0.7);
      expect(image.createdAt.getTime()).toBe(run.createdAt.getTime());
    }
    const ledger = await t.services.db.ledgerEntry.findMany({ where: { memberId: m.member.id, reason: 'generation' } });
    expect(ledger).toEqual([expect.objectContaining({ delta: -400, balanceAfter: 600, reference: body.run_id })]);
    const job = await t.services.queues.generation.getJob(body.run_id as string);
    // The job carries what to draw, exactly as the worker reads it from the committed run.
    const committed = await findRunWithImages(t.services.db, body.run_id as string);
    expect(job?.data).toEqual({
      runId: body.run_id,
      drawing: {
        prompt: 'say "hello" now bx/b',
        model: body.run_type,
        style: body.run_style,
        width: 1216,
        height: 832,
        strength: 0.7,
        count: 2,
        upscale4k: true,
      },
    });
    expect(job?.data.drawing).toEqual(runDrawing(committed!));
  });

  it('answers no with a clear detail and charges nothing when coins are short', async () => {
    const m = await fundedMember(t.app, t.services.db, 300);
    const body = makeBody({ request_cnt: 4 });
    const res = await make(m.headers, body);
    expect(res.json()).toEqual({
      status: 'no',
      detail: 'Not enough coins: this generation costs 400 coins and your balance is 300. Top up on the Coins page.',
      cur_tokens: 300,
    });
    expect(await balanceOf(m.member.id)).toBe(300);
    expect(await t.services.db.generationRun.count({ where: { runId: body.run_id as string } })).toBe(0);
  });

  it('never takes a cost from the client', async () => {
    const m = await fundedMember(t.app, t.services.db, 500);
    const res = await make(m.headers, { ...makeBody(), cost: 1, cur_tokens: 99999, price: 0 });
    expect(res.json()).toMatchObject({ status: 'ok', cur_tokens: 400 });
  });

  it('answers the same outcome for a repeated run_id and charges once', async () => {
    const m = await fundedMember(t.app, t.services.db, 500);
    const body = makeBody({ request_cnt: 2 });
    const first = await make(m.headers, body);
    const again = await Promise.all([make(m.headers, body), make(m.headers, body)]);
    expect(first.json()).toMatchObject({ status: 'ok', cur_tokens: 300 });
    for (const res of again) expect(res.json()).toEqual(first.json());
    expect(await balanceOf(m.member.id)).toBe(300);
    expect(await t.services.db.ledgerEntry.count({ where: { memberId: m.member.id, reason: 'generation' } })).toBe(1);
  });

  it("refuses another member's run_id", async () => {
    const a = await fundedMember(t.app, t.services.db, 500);
    const b = await fundedMember(t.app, t.services.db, 500);
    const body = makeBody();
    await make(a.headers, body);
    const res = await make(b.headers, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'run_id' });
    expect(await balanceOf(b.member.id)).toBe(500);
  });

  it.each([
    [{ run_type: 'Photoreal' }, 'run_type'],
    [{ run_style: 'Other' }, 'run_style'],
    [{ run_ratio: 'Wide' }, 'run_ratio'],
    [{ request_cnt: '5' }, 'request_cnt'],
    [{ request_cnt: 0 }, 'request_cnt'],
    [{ strength: '1.5' }, 'strength'],
    [{ strength: '0.55' }, 'strength'],
    [{ fourk_yn: 'maybe' }, 'fourk_yn'],
    [{ run_id: 'short' }, 'run_id'],
    [{ prompt: '   ' }, 'prompt'],
    [{ prompt: '<<<>>>$$$' }, 'prompt'],
    [{ is_open: 'Y' }, 'is_open'],
  ])('refuses %j with 400 naming %s and charges nothing', async (overrides, field) => {
    const m = await fundedMember(t.app, t.services.db, 500);
    const res = await make(m.headers, makeBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await balanceOf(m.member.id)).toBe(500);
  });

  it('needs a member with a nickname', async () => {
    const noNick = await createMember(t.services.db, { nickname: null });
    const token = t.app.signAccessToken({ sub: noNick.id, role: 'member' });
    const res = await make({ authorization: `Bearer ${token}` }, makeBody());
    expect(res.json()).toMatchObject({
      status: 'no',
      detail: 'Please set a nickname on the Manage Account page before generating images.',
    });
    expect((await make({}, makeBody())).statusCode).toBe(401);
  });

  it('refuses unsafe prompts before charging, records them, and mutes and flags a member who insists', async () => {
    const m = await fundedMember(t.app, t.services.db, 500);
    const answers = [];
    for (const prompt of ['a cute l0li in bed', '17yo girl', 'sexy t e e n']) {
      const res = await make(m.headers, makeBody({ prompt }));
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    const refused = 'This prompt cannot be used: content involving minors is not allowed on Velvet.';
    expect(answers.slice(0, 2)).toEqual([
      { status: 'no', detail: refused, cur_tokens: 500 },
      { status: 'no', detail: refused, cur_tokens: 500 },
    ]);
    // The third refusal within a day mutes the member and says until when.
    expect(answers[2]).toMatchObject({ status: 'no', cur_tokens: 500, muted_until: expect.any(String) });
    expect(answers[2].detail).toMatch(
      /^This prompt cannot be used: content involving minors is not allowed on Velvet\. You cannot generate images until \d{4}-\d\d-\d\d \d\d:\d\d UTC because several of your prompts were refused\.$/,
    );
    expect(await balanceOf(m.member.id)).toBe(500);
    expect(await t.services.db.generationRun.count({ where: { memberId: m.member.id } })).toBe(0);
    const events = await t.services.db.promptSafetyEvent.findMany({
      where: { memberId: m.member.id, outcome: 'refused' },
      orderBy: { createdAt: 'asc' },
    });
    expect(events.map((e) => e.prompt)).toEqual(['a cute l0li in bed', '17yo girl', 'sexy t e e n']);
    expect(events[0]!.matchedTerms.length).toBeGreaterThan(0);
    const member = await t.services.db.member.findUniqueOrThrow({ where: { id: m.member.id } });
    expect(member.flagged).toBe(true);
    expect(member.mutedUntil?.toISOString()).toBe(answers[2].muted_until);
  });

  it('lets exactly as many of 200 concurrent requests through as the balance pays for', async () => {
    const m = await fundedMember(t.app, t.services.db, 2000);
    const results = await Promise.all(Array.from({ length: 200 }, () => make(m.headers, makeBody())));
    const statuses = results.map((r) => r.json().status);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(20);
    expect(statuses.filter((s) => s === 'no')).toHaveLength(180);
    expect(await balanceOf(m.member.id)).toBe(0);
    const sum = await t.services.db.ledgerEntry.aggregate({ where: { memberId: m.member.id }, _sum: { delta: true } });
    expect(sum._sum.delta).toBe(0);
    expect(await t.services.db.generationRun.count({ where: { memberId: m.member.id } })).toBe(20);
  });
});

describe('GET /api/v2/generation/config', () => {
  it('says the built-in demo provider answers by default', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/generation/config' });
      expect(res.json()).toEqual({ provider: 'demo', is_demo: true });
    } finally {
      await t.close();
    }
  });
});
