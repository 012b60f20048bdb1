// Both rate limiters against their real stores: the database (SQLite, or PostgreSQL when DATABASE_URL is set)
// and Redis (REDIS_URL, else the local one).
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPostgresSchema, openDatabase, type DatabaseHandle } from '../db/database.js';
import { databaseRateLimiter, redisRateLimiter, type RateLimiter } from './limiter.js';

let now = Date.UTC(2026, 10, 22, 9, 0, 0);
const clock = () => now;
const MINUTE = 60_000;

function behavesAsALimiter(
  name: string,
  open: () => Promise<{ limiter: RateLimiter; close: () => Promise<void> }>,
) {
  describe(name, () => {
    let limiter: RateLimiter;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ limiter, close } = await open());
    });
    afterAll(async () => close());

    it('counts each key within its window, several keys in one call, in the order asked', async () => {
      await limiter.record('a', 'b');
      now += MINUTE;
      await limiter.record('a');
      expect(await limiter.count('a', 10 * MINUTE)).toBe(2);
      expect(await limiter.count('a', MINUTE / 2)).toBe(1);
      expect(await limiter.counts(['b', 'unknown', 'a'], 10 * MINUTE)).toEqual([1, 0, 2]);
      expect(await limiter.counts(['a', 'b'], MINUTE / 2)).toEqual([1, 0]);
      expect(await limiter.counts([], MINUTE)).toEqual([]);
    });

    it('forgets a cleared key and leaves the others', async () => {
      await limiter.record('c', 'd');
      await limiter.clear('c');
      expect(await limiter.counts(['c', 'd'], MINUTE)).toEqual([0, 1]);
    });

    it('takes keys as data, not as part of the query', async () => {
      const hostile = `x' or '1'='1`;
      await limiter.record(hostile);
      expect(await limiter.counts([hostile, "x'"], MINUTE)).toEqual([1, 0]);
    });
  });
}

behavesAsALimiter('the database limiter', async () => {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const handle: DatabaseHandle = await openDatabase({
    url,
    sqlitePath: ':memory:',
    ...(schema ? { pgSchema: schema } : {}),
  });
  return {
    limiter: databaseRateLimiter(handle.db, clock),
    close: async () => {
      await handle.close();
      if (url && schema) await dropPostgresSchema(url, schema);
    },
  };
});

behavesAsALimiter('the Redis limiter', async () => {
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const prefix = `test-${crypto.randomBytes(6).toString('hex')}:`;
  return {
    limiter: redisRateLimiter(client, prefix, clock),
    close: async () => {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
      client.disconnect();
    },
  };
});
