// Both rate limiters against their real stores: the database (SQLite, or PostgreSQL when DATABASE_URL is set)
// and Redis (REDIS_URL, else the local one).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPostgresSchema, openDatabase, type DatabaseHandle } from '../db/database.js';
import { databaseRateLimiter, redisRateLimiter, type Limit, type RateLimiter } from './limiter.js';
import { testSchemaName } from '../../../scripts/pg-schemas.mjs';

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

    const limit = (key: string, max: number, windowMs = 10 * MINUTE): Limit => ({
      key,
      limit: max,
      windowMs,
    });

    it('reserves while a limit has room, then says how long until it has room again', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await limiter.reserve([limit('a', 3)])).ok).toBe(true);
        now += MINUTE;
      }
      const refused = await limiter.reserve([limit('a', 3)]);
      // The first of the three leaves the 10-minute window 7 minutes from now.
      expect(refused).toEqual({ ok: false, retryAfterMs: 7 * MINUTE });
      expect(await limiter.counts(['a'], 10 * MINUTE)).toEqual([3]);
      now += 7 * MINUTE;
      expect((await limiter.reserve([limit('a', 3)])).ok).toBe(true);
    });

    it('records on every key or on none, and a release takes the reservation back', async () => {
      expect((await limiter.reserve([limit('full', 1)])).ok).toBe(true);
      const refused = await limiter.reserve([limit('free', 5), limit('full', 1)]);
      expect(refused.ok).toBe(false);
      expect(await limiter.counts(['free', 'full'], MINUTE)).toEqual([0, 1]);
      const taken = await limiter.reserve([limit('free', 5), limit('other', 5)]);
      expect(await limiter.counts(['free', 'other'], MINUTE)).toEqual([1, 1]);
      if (!taken.ok) throw new Error('expected room');
      await taken.release();
      expect(await limiter.counts(['free', 'other'], MINUTE)).toEqual([0, 0]);
    });

    it('judges each key by its own window when one reservation holds several', async () => {
      // Two events under both keys, 20 minutes ago: outside the short window, inside the long one.
      for (let i = 0; i < 2; i++)
        await limiter.reserve([limit('win:short', 2, 10 * MINUTE), limit('win:long', 3, 60 * MINUTE)]);
      now += 20 * MINUTE;
      expect(
        (await limiter.reserve([limit('win:short', 2, 10 * MINUTE), limit('win:long', 3, 60 * MINUTE)])).ok,
      ).toBe(true);
      const refused = await limiter.reserve([
        limit('win:short', 2, 10 * MINUTE),
        limit('win:long', 3, 60 * MINUTE),
      ]);
      expect(refused.ok).toBe(false);
      // The long window frees up when the first two events leave it, 40 minutes from now.
      if (!refused.ok) expect(refused.retryAfterMs).toBe(40 * MINUTE);
      expect(await limiter.counts(['win:short'], 10 * MINUTE)).toEqual([1]);
    });

    it('lets exactly the limit through when hundreds reserve at once', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 300 }, () =>
          limiter.reserve([limit('burst:account', 10), limit('burst:address', 100)]),
        ),
      );
      expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(10);
      expect(await limiter.counts(['burst:account', 'burst:address'], MINUTE)).toEqual([10, 10]);
    });

    it('forgets a cleared key and leaves the others', async () => {
      await limiter.reserve([limit('c', 5), limit('d', 5)]);
      await limiter.clear('c');
      expect(await limiter.counts(['c', 'd'], MINUTE)).toEqual([0, 1]);
    });

    it('takes keys as data, not as part of the query or script', async () => {
      const hostile = `x' or '1'='1`;
      await limiter.reserve([limit(hostile, 5), limit("') end --", 5)]);
      expect(await limiter.counts([hostile, "x'", "') end --"], MINUTE)).toEqual([1, 0, 1]);
    });
  });
}

behavesAsALimiter('the database limiter', async () => {
  const url = process.env.DATABASE_URL;
  const schema = url ? testSchemaName('limits') : undefined;
  const handle: DatabaseHandle = await openDatabase({
    url,
    sqlitePath: ':memory:',
    ...(schema ? { pgSchema: schema } : {}),
  });
  return {
    limiter: databaseRateLimiter(handle.db, handle.dialect, clock),
    close: async () => {
      await handle.close();
      if (url && schema) await dropPostgresSchema(url, schema);
    },
  };
});

describe('the database limiter inside a transaction', () => {
  it("takes a reservation back with the caller's transaction: kept when it rolls back, gone when it commits", async () => {
    const url = process.env.DATABASE_URL;
    const schema = url ? testSchemaName('limits') : undefined;
    const handle = await openDatabase({
      url,
      sqlitePath: ':memory:',
      ...(schema ? { pgSchema: schema } : {}),
    });
    try {
      const limiter = databaseRateLimiter(handle.db, handle.dialect, clock);
      const key = { key: 'within', limit: 5, windowMs: MINUTE };
      const first = await limiter.reserve([key]);
      if (!first.ok) throw new Error('expected room');
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await first.release(trx);
          throw new Error('the work failed');
        }),
      ).rejects.toThrow('the work failed');
      expect(await limiter.counts(['within'], MINUTE)).toEqual([1]);
      await handle.db.transaction().execute((trx) => first.release(trx));
      expect(await limiter.counts(['within'], MINUTE)).toEqual([0]);
    } finally {
      await handle.close();
      if (url && schema) await dropPostgresSchema(url, schema);
    }
  });
});

describe('the SQLite limiter on a file', () => {
  it('writes its events without a disk flush and gives the rest of the server its full flush back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-limits-'));
    const handle = await openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
    try {
      const limiter = databaseRateLimiter(handle.db, handle.dialect, clock, 'full');
      const synchronous = async () =>
        (await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)).rows[0]?.synchronous;
      const key = { key: 'file', limit: 50, windowMs: MINUTE };
      // Reservations, releases and refusals interleaved with other writes, all at once.
      const work = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 3 === 0
            ? sql`select 1`.execute(handle.db).then(() => 'other')
            : limiter.reserve([key]).then(async (taken) => {
                if (taken.ok && i % 3 === 1) await taken.release();
                return taken.ok ? 'taken' : 'refused';
              }),
        ),
      );
      expect(work.filter((what) => what === 'other')).toHaveLength(20);
      expect(await synchronous()).toBe(2); // FULL
      expect(await limiter.counts(['file'], MINUTE)).toEqual([20]);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
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
