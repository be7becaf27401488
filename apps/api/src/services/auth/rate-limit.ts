import type { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';

export interface AttemptLimit {
  /** What is limited, e.g. 'ip:203.0.113.9' or 'email:ann@example.com'. */
  key: string;
  max: number;
  windowSeconds: number;
}

// INCR and set the window's expiry on the first hit, atomically.
const CONSUME = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { n, redis.call('TTL', KEYS[1]) }`;

function retryText(seconds: number): string {
  if (seconds <= 60) return 'in a minute';
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one attempt against every limit (fixed windows in Redis, shared by all API instances) and
 * throws 429 with a clear message when any is exceeded.
 */
export async function consumeAttempts(redis: Redis, scope: string, limits: AttemptLimit[], what: string) {
  for (const limit of limits) {
    const [count, ttl] = (await redis.eval(CONSUME, 1, `ratelimit:${scope}:${limit.key}`, limit.windowSeconds)) as [
      number,
      number,
    ];
    if (count > limit.max) {
      const retryAfter = ttl > 0 ? ttl : limit.windowSeconds;
      throw new RateLimitError(`Too many ${what}. Please try again ${retryText(retryAfter)}.`, retryAfter);
    }
  }
}

export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'RateLimitError';
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}
