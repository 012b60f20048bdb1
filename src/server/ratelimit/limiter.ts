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
  /** Records one event under each key. */
  record(...keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets events older than the longest window in use. */
  prune(olderThanMs: number): Promise<void>;
}

/** No limit counts events for longer than this. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

export function databaseRateLimiter(db: Kysely<Database>, clock: Clock): RateLimiter {
  const since = (ms: number) => new Date(clock() - ms).toISOString();
  return {
    async count(key, windowMs) {
      const row = await db
        .selectFrom('rate_events')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('key', '=', key)
        .where('at', '>', since(windowMs))
        .executeTakeFirstOrThrow();
      return Number(row.n);
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
  };
}

/** One sorted set per key (`<prefix>rate:<key>`), scored by time; a set expires a window after its last event. */
export function redisRateLimiter(client: Redis, prefix: string, clock: Clock): RateLimiter {
  const name = (key: string) => `${prefix}rate:${key}`;
  return {
    async count(key, windowMs) {
      return client.zcount(name(key), `(${clock() - windowMs}`, '+inf');
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
  };
}
