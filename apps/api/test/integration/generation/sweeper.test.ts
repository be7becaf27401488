import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleStuckRuns } from '../../../src/services/generation/settle-stuck-runs.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { fundedMember, makeBody } from '../../support/generation.ts';

const log = pino({ level: 'silent' });

describe('generation sweeper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GENERATION_TIMEOUT_MINUTES: '10' });
    await t.services.queues.generation.obliterate({ force: true });
  });
  afterAll(() => t.close());

  const makeRun = async (memberHeaders: Record<string, string>, count = 2) => {
    const body = makeBody({ request_cnt: count });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/images/make',
      headers: memberHeaders,
      payload: body,
    });
    expect(res.json().status).toBe('ok');
    return body.run_id as string;
  };
  const backdate = (runId: string, minutes: number) =>
    t.services.db.generationRun.update({
      where: { runId },
      data: { createdAt: new Date(Date.now() - minutes * 60_000) },
    });

  it('refunds a run whose job was lost, once, and leaves young or queued runs alone', async () => {
    const m = await fundedMember(t.app, t.services.db, 1000);
    const lost = await makeRun(m.headers);
    const queued = await makeRun(m.headers);
    const young = await makeRun(m.headers);
    await (await t.services.queues.generation.getJob(lost))!.remove();
    await (await t.services.queues.generation.getJob(young))!.remove();
    await backdate(lost, 11);
    await backdate(queued, 11);

    expect(await settleStuckRuns(t.services, log)).toEqual([lost]);
    expect(await settleStuckRuns(t.services, log)).toEqual([]);

    const member = await t.services.db.member.findUniqueOrThrow({ where: { id: m.member.id } });
    expect(member.coinBalance).toBe(1000 - 3 * 200 + 200);
    const images = await t.services.db.image.findMany({ where: { runId: lost } });
    expect(images.map((i) => i.status)).toEqual(['failed', 'failed']);
    expect((await t.services.db.generationRun.findUniqueOrThrow({ where: { runId: queued } })).status).toBe(
      'processing',
    );

    // A queued job that still has not run after four timeouts is given up too.
    await backdate(queued, 41);
    expect(await settleStuckRuns(t.services, log)).toEqual([queued]);
  });
});
