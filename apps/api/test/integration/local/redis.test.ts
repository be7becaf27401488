import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startLocalRedis } from '../../../src/local/redis.ts';

describe('local redis-server child process', () => {
  it('starts on its own port, answers, and stops cleanly (twice is harmless)', async () => {
    const local = await startLocalRedis();
    const client = new Redis(local.url);
    try {
      expect(await client.ping()).toBe('PONG');
      await client.set('velvet:test', '1');
      expect(await client.get('velvet:test')).toBe('1');
    } finally {
      client.disconnect();
    }
    await local.stop();
    await local.stop();
    const after = new Redis(local.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    after.on('error', () => undefined);
    await expect(after.connect()).rejects.toThrow();
  });
});
