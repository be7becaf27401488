import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';

type CheckResult = 'ok' | 'failed';

async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Ready means both stores answer within a second; a load balancer stops sending traffic otherwise. */
export async function checkReadiness({ db, redis }: { db: Database; redis: Redis }) {
  const [postgres, redisCheck] = await Promise.all([
    check(() => db.$queryRaw`SELECT 1`, 1000),
    check(() => redis.ping(), 1000),
  ]);
  const ok = postgres === 'ok' && redisCheck === 'ok';
  return { status: ok ? ('ok' as const) : ('error' as const), checks: { postgres, redis: redisCheck } };
}
