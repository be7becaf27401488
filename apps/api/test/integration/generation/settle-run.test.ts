import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleRunStatus } from '../../../src/repositories/generation.repository.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { createMember, createProcessingRun } from '../../support/factories.ts';

// A run's status once its images are settled, as My Collections and the run's status call show it.
describe('settling a generation run', () => {
  let t: TestApp;
  let memberId: string;
  beforeAll(async () => {
    t = await createTestApp();
    memberId = (await createMember(t.services.db)).id;
  });
  afterAll(() => t.close());

  const db = () => t.services.db;
  const runWith = async (statuses: Array<'processing' | 'complete' | 'failed' | 'held'>) => {
    const runId = await createProcessingRun(db(), memberId, statuses.length);
    const images = await db().image.findMany({ where: { runId }, orderBy: { imageId: 'asc' } });
    for (const [i, status] of statuses.entries()) {
      await db().image.update({ where: { imageId: images[i]!.imageId }, data: { status } });
    }
    return runId;
  };
  const runOf = (runId: string) => db().generationRun.findUniqueOrThrow({ where: { runId } });

  it('leaves a run with an image still processing as it is', async () => {
    const runId = await runWith(['complete', 'processing']);
    const before = await runOf(runId);
    await settleRunStatus(db(), runId);
    const after = await runOf(runId);
    expect(after.status).toBe('processing');
    expect(after.completedAt).toBeNull();
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('completes a run with a complete or a held image, and fails one whose images all failed', async () => {
    const cases = [
      { statuses: ['complete', 'failed'] as const, expected: 'complete' },
      { statuses: ['held', 'failed', 'failed'] as const, expected: 'complete' },
      { statuses: ['held'] as const, expected: 'complete' },
      { statuses: ['failed', 'failed'] as const, expected: 'failed' },
    ];
    for (const { statuses, expected } of cases) {
      const runId = await runWith([...statuses]);
      const before = await runOf(runId);
      await settleRunStatus(db(), runId);
      const after = await runOf(runId);
      expect({ statuses, status: after.status }).toEqual({ statuses, status: expected });
      expect(after.completedAt).toBeInstanceOf(Date);
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
      expect(after.completedAt!.getTime()).toBeGreaterThanOrEqual(before.createdAt.getTime());
    }
  });

  it('does nothing for a run that does not exist', async () => {
    await expect(settleRunStatus(db(), 'x'.repeat(32))).resolves.toBeUndefined();
  });
});
