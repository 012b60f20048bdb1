// Sliding-window counters shared by every server process: in Redis when REDIS_URL is set (sorted sets that
// expire by themselves), else in the database.
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../accounts/tokens.js';
import type { Clock } from '../clock.js';

export interface RateLimiter {
  /** Events recorded under the key within the last windowMs. */
  count(key: string, windowMs: number): Promise<number>;
  /** The same for several keys at once (one round trip), in the keys' order. */
  counts(keys: readonly string[], windowMs: number): Promise<number[]>;
  /** Records one event under each key. */
  record(...keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets events older than the longest window in use. */
  prune(olderThanMs: number): Promise<void>;
}

/** No limit counts events for longer than this. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

/** A limiter whose single count is its several counts of one key. */
function withCount(limiter: Omit<RateLimiter, 'count'>): RateLimiter {
  return {
    ...limiter,
    async count(key, windowMs) {
      const [n = 0] = await limiter.counts([key], windowMs);
      return n;
    },
  };
}

export function databaseRateLimiter(db: Kysely<Database>, clock: Clock): RateLimiter {
  const since = (ms: number) => new Date(clock() - ms).toISOString();
  return withCount({
    async counts(keys, windowMs) {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('rate_events')
        .select((eb) => ['key', eb.fn.countAll<string | number>().as('n')])
        .where('key', 'in', keys)
        .where('at', '>', since(windowMs))
        .groupBy('key')
        .execute();
      const found = new Map(rows.map((row) => [row.key, Number(row.n)]));
      return keys.map((key) => found.get(key) ?? 0);
    },
    async record(...keys) {
      const at = new Date(clock()).toISOString();
      await db
        .insertInto('rate_events')
        .values(keys.map((key) => ({ id: newId(), key, at })))
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('rate_events').where('key', '=', key).execute();
    },
    async prune(olderThanMs) {
      await db.deleteFrom('rate_events').where('at', '<', since(olderThanMs)).execute();
    },
  });
}

/** One sorted set per key (`<prefix>rate:<key>`), scored by time; a set expires a window after its last event. */
export function redisRateLimiter(client: Redis, prefix: string, clock: Clock): RateLimiter {
  const name = (key: string) => `${prefix}rate:${key}`;
  return withCount({
    async counts(keys, windowMs) {
      if (keys.length === 0) return [];
      const from = `(${clock() - windowMs}`;
      const batch = client.pipeline();
      for (const key of keys) batch.zcount(name(key), from, '+inf');
      const results = (await batch.exec()) ?? [];
      return keys.map((key, index) => {
        const [error, n] = results[index] ?? [new Error(`redis: no count for ${key}`), 0];
        if (error) throw error;
        return Number(n);
      });
    },
    async record(...keys) {
      const now = clock();
      const batch = client.multi();
      for (const key of keys) {
        batch
          .zadd(name(key), now, `${now}:${newId()}`)
          .zremrangebyscore(name(key), '-inf', now - LONGEST_WINDOW_MS)
          .pexpire(name(key), LONGEST_WINDOW_MS);
      }
      const results = await batch.exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('redis: rate event not recorded');
    },
    async clear(key) {
      await client.del(name(key));
    },
    async prune() {
      // Each set expires a window after its last event, and record() trims older events.
    },
  });
}
