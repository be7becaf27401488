import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/config/env.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../support/app.ts';
import { fundedMember, makeBody, waitFor } from '../../support/generation.ts';

const WORKER_DIR = path.join(REPO_ROOT, 'apps/worker');

/**
 * The real worker process (apps/worker), as `npm start` and compose run it. Node itself with tsx's
 * loader, not the tsx command: that one runs the program in a child process, which a SIGKILL of the
 * command would leave running.
 */
function startWorkerProcess(t: TestApp): ChildProcess {
  const { config } = t.services;
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: WORKER_DIR,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      JWT_SECRET: TEST_JWT_SECRET,
      STORAGE_DIR: config.STORAGE_DIR,
      WORKER_CONCURRENCY: '1',
      // A dead worker's job comes back after ~2 s instead of 30.
      WORKER_LOCK_DURATION_MS: '2000',
    },
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

describe('a worker killed in the middle of a generation', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ WORKER_LOCK_DURATION_MS: '2000' });
    await t.services.queues.generation.obliterate({ force: true });
  });
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await t.close();
  });

  it('has its job finished by the next worker: no coin lost, none refunded twice', async () => {
    const m = await fundedMember(t.app, t.services.db, 1000);
    const body = makeBody({ request_cnt: 4, fourk_yn: 'yes' });
    const runId = body.run_id as string;

    const first = startWorkerProcess(t);
    children.push(first);
    const made = await t.app.inject({ method: 'POST', url: '/api/v2/images/make', headers: m.headers, payload: body });
    expect(made.json()).toMatchObject({ status: 'ok', cur_tokens: 200 });

    // kill -9 while the job is running: no shutdown hook, no lock release.
    await waitFor(
      async () => (await (await t.services.queues.generation.getJob(runId))?.getState()) === 'active',
      60_000,
    );
    first.kill('SIGKILL');
    await exited(first);
    const afterKill = await t.services.db.image.findMany({ where: { runId } });
    expect(afterKill.some((i) => i.status === 'processing')).toBe(true);

    const second = startWorkerProcess(t);
    children.push(second);
    const run = await waitFor(async () => {
      const r = await t.services.db.generationRun.findUnique({ where: { runId }, include: { images: true } });
      return r && r.status !== 'processing' ? r : null;
    }, 90_000);

    const member = await t.services.db.member.findUniqueOrThrow({ where: { id: m.member.id } });
    const ledger = await t.services.db.ledgerEntry.findMany({ where: { memberId: m.member.id } });
    const ledgerSum = ledger.reduce((sum, e) => sum + e.delta, 0);
    expect(ledgerSum).toBe(member.coinBalance);
    const failed = run.images.filter((i) => i.status === 'failed').length;
    const refunds = ledger.filter((e) => e.reason === 'generation_refund');
    expect(refunds).toHaveLength(failed);
    expect(new Set(refunds.map((r) => r.reference)).size).toBe(failed);
    expect(member.coinBalance).toBe(200 + failed * 200);
    // With a healthy second worker the job simply completes.
    expect(run.status).toBe('complete');
    expect(run.images.map((i) => i.status)).toEqual(['complete', 'complete', 'complete', 'complete']);
  }, 180_000);
});
