// Sliding-window counters kept in the database, so every server process sees the same counts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../accounts/tokens.js';
import type { Clock } from '../clock.js';

export interface RateLimiter {
  /** Events recorded under the key within the last windowMs. */
  count(key: string, windowMs: number): Promise<number>;
  record(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets events older than the longest window in use. */
  prune(olderThanMs: number): Promise<void>;
}

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
    async record(key) {
      await db
        .insertInto('rate_events')
        .values({ id: newId(), key, at: new Date(clock()).toISOString() })
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
