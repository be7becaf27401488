// The console's Queues API (issue 15): counts per queue, failed jobs, and a retry of a job that
// really failed in BullMQ (a second retry, or a retry of a job no longer failed, is a 409; audited).
import { Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisConnection } from '../../../src/jobs/queues.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember } from '../../support/factories.ts';
import { waitFor } from '../../support/generation.ts';
import { bearer } from '../../support/sessions.ts';

describe('admin queues routes', () => {
  let t: TestApp;
  let worker: Worker;
  let support: { id: string; headers: Record<string, string> };
  /** Job ids that fail on their first run and succeed when retried. */
  const runs = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.queues.deposits.obliterate({ force: true });
    const row = await createMember(t.services.db, { role: 'support' });
    support = { id: row.id, headers: bearer(t.app.signAccessToken({ sub: row.id, role: 'support' })) };
    worker = new Worker(
      'deposits',
      async (job: Job) => {
        const n = (runs.get(job.id!) ?? 0) + 1;
        runs.set(job.id!, n);
        if (n === 1) throw new Error(`chain node unreachable (${job.id})`);
        return 'ok';
      },
      { connection: redisConnection(t.services.config.REDIS_URL) },
    );
  });
  afterAll(async () => {
    await worker.close();
    await t.services.queues.deposits.obliterate({ force: true });
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, headers = support.headers) =>
    t.app.inject({ method, url, headers });

  /** Adds a job that fails once; resolves when BullMQ has it in the failed state. */
  async function failedJob(id: string) {
    await t.services.queues.deposits.add('test.fail-once.v1', { id }, { jobId: id, attempts: 1 });
    // attemptsMade is written with the state; wait for the state itself, not the worker's event.
    await waitFor(async () => (await t.services.queues.deposits.getJobState(id)) === 'failed');
  }

  it('counts jobs per queue, lists failed jobs, and retries a failed one once (audited)', async () => {
    await failedJob('job-a');
    await failedJob('job-b');
    const counts = await call('GET', '/api/admin/queues');
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().queues.map((q: { name: string }) => q.name)).toEqual(['generation', 'images', 'deposits']);
    expect(counts.json().queues[2]).toMatchObject({
      name: 'deposits',
      label: 'Crypto deposits',
      counts: { failed: 2, waiting: 0, active: 0, delayed: 0, completed: 0 },
    });

    const page1 = (await call('GET', '/api/admin/queues/deposits/failed?limit=1')).json();
    expect(page1.items).toHaveLength(1);
    expect(page1.next_cursor).toBe('1');
    const page2 = (await call('GET', `/api/admin/queues/deposits/failed?limit=1&cursor=${page1.next_cursor}`)).json();
    expect(page2.next_cursor).toBeNull();
    const failed = [...page1.items, ...page2.items];
    expect(failed.map((j: { id: string }) => j.id).sort()).toEqual(['job-a', 'job-b']);
    expect(failed.find((j: { id: string }) => j.id === 'job-a')).toMatchObject({
      queue: 'deposits',
      name: 'test.fail-once.v1',
      failed_reason: 'chain node unreachable (job-a)',
      attempts_made: 1,
      failed_at: expect.any(String),
    });

    const retried = await call('POST', '/api/admin/queues/deposits/jobs/job-a/retry');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ status: 'ok', queue: 'deposits', job_id: 'job-a' });
    await waitFor(async () => (await t.services.queues.deposits.getJobState('job-a')) === 'completed');
    expect(runs.get('job-a')).toBe(2);

    const again = await call('POST', '/api/admin/queues/deposits/jobs/job-a/retry');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already handled: this job is completed now, not failed.');
    expect(runs.get('job-a')).toBe(2);

    const entries = await t.services.db.auditEntry.findMany({
      where: { action: 'job.retry', targetId: 'deposits:job-a' },
    });
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: support.id,
        targetType: 'job',
        before: expect.objectContaining({ state: 'failed', attempts_made: 1 }),
      }),
    ]);
    const after = (await call('GET', '/api/admin/queues')).json().queues[2].counts;
    expect(after).toMatchObject({ failed: 1, completed: 1 });
  });

  it('two retries at once: the job runs again once', async () => {
    await failedJob('job-c');
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/queues/deposits/jobs/job-c/retry'),
      call('POST', '/api/admin/queues/deposits/jobs/job-c/retry'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    await waitFor(async () => (await t.services.queues.deposits.getJobState('job-c')) === 'completed');
    expect(runs.get('job-c')).toBe(2);
  });

  it('404 for an unknown job, 400 for an unknown queue, 403 for a member', async () => {
    expect((await call('POST', '/api/admin/queues/deposits/jobs/nope/retry')).statusCode).toBe(404);
    const bad = await call('GET', '/api/admin/queues/emails/failed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'queue' });
    expect((await call('GET', '/api/admin/queues/deposits/failed?cursor=-1')).json()).toMatchObject({
      field: 'cursor',
    });
    const m = await createMember(t.services.db);
    const asMember = bearer(t.app.signAccessToken({ sub: m.id, role: 'member' }));
    expect((await call('GET', '/api/admin/queues', asMember)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/queues/deposits/jobs/x/retry', asMember)).statusCode).toBe(403);
  });
});
