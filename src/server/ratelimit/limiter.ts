// Sliding-window limits shared by every server process: in Redis when REDIS_URL is set (sorted sets that
// expire by themselves), else in the database. A limit is taken by reserving an attempt before the work it
// guards (a password hash, a mail): the check and the record are one atomic step, so requests sent at once
// cannot all pass a check that each of them would pass alone. A reservation that turns out not to count (a
// login that succeeded) is released afterwards.
import type { Redis } from 'ioredis';
import { type Kysely, type Transaction } from 'kysely';
import { lightCommits } from '../db/commits.js';
import type { Database } from '../db/schema.js';
import { newId } from '../core/ids.js';
import type { Clock } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import * as store from './store.js';
import type { ReserveArgs } from './store.js';

/** At most `limit` events under `key` within the last `windowMs`. */
export interface Limit {
  key: string;
  limit: number;
  windowMs: number;
}

export type Reservation =
  | {
      ok: true;
      /**
       * Takes the reserved events back (the attempt did not count after all). Given the caller's database
       * transaction, a database limiter takes them back inside it, committed (or rolled back) with its work.
       */
      release: Release;
    }
  | {
      ok: false;
      /** How long until every limit asked for has room again. */
      retryAfterMs: number;
    };

export interface RateLimiter {
  /**
   * Records one event under each limit's key if every limit has room, atomically across processes; otherwise
   * records nothing and says how long to wait.
   */
  reserve(limits: readonly Limit[]): Promise<Reservation>;
  /** Events recorded under each key within the last windowMs, in the keys' order. */
  counts(keys: readonly string[], windowMs: number): Promise<number[]>;
  /** Forgets every event of a key. */
  clear(key: string): Promise<void>;
  /** Forgets events older than the longest window in use. */
  prune(olderThanMs: number): Promise<void>;
  /**
   * Limits in PostgreSQL: the reservation as an expression for the caller's own statement (one round trip for its
   * read and the reservation); absent where limits live elsewhere.
   */
  inStatement?(limits: readonly Limit[]): InStatement;
}

/**
 * A reservation inside another statement: the arguments of its call of `rate_reserve` (ratelimit/store.ts,
 * reserveCall), and how its answer gives the outcome.
 */
export interface InStatement {
  args: ReserveArgs;
  outcome(answer: unknown): Reservation;
}

/** No limit counts events for longer than this (a day: a member's invitations to spaces a day). */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/**
 * How long until a key holding these event times (oldest first, all within the window) is under its limit: the
 * event whose leaving brings the count to limit − 1 must leave the window.
 */
function waitFor(times: readonly number[], limit: Limit, now: number): number {
  if (times.length < limit.limit) return 0;
  const freeing = times[times.length - limit.limit]!;
  return Math.max(1, freeing + limit.windowMs - now);
}

/**
 * Limits in the database. On SQLite the events are written without waiting for the disk (lightCommits): they
 * are counters, not the member's data, and the next ordinary commit puts them on disk with its own.
 */
export function databaseRateLimiter(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  clock: Clock,
  synchronous: 'full' | 'normal' = 'full',
): RateLimiter {
  const iso = (ms: number) => new Date(ms).toISOString();
  const lightly = lightCommits(db, dialect, synchronous);
  /** A reservation of these events, taken back by deleting them. */
  const reserved = (ids: string[]): Reservation => {
    const release = async (within?: Transaction<Database>) => {
      const forget = (connection: Kysely<Database>) => store.forgetEvents(connection, ids).execute();
      await (within ? forget(within) : lightly(forget));
    };
    return { ok: true, release: Object.assign(release, { eventIds: ids }) };
  };
  /**
   * The reservation as a call of the function `rate_reserve` (migration RateReserve): the read-and-record in one
   * expression, run alone or in the caller's own statement.
   */
  function reservationOnPostgres(limits: readonly Limit[]): InStatement {
    const now = clock();
    const ids = limits.map(() => newId());
    const args = store.reserveArgs(
      limits.map((limit, index) => ({ ...limit, since: iso(now - limit.windowMs), id: ids[index]! })),
      iso(now),
      now,
    );
    return {
      args,
      outcome: (answer) => {
        const wait = store.reserveAnswer(answer);
        return wait > 0 ? { ok: false, retryAfterMs: wait } : reserved(ids);
      },
    };
  }
  return {
    ...(dialect === 'postgres' ? { inStatement: reservationOnPostgres } : {}),
    async reserve(limits) {
      if (limits.length === 0) return { ok: true, release: async () => undefined };
      if (dialect === 'postgres') {
        const { args, outcome } = reservationOnPostgres(limits);
        return outcome(await store.reserveOnPostgres(db, args));
      }
      const keys = [...new Set(limits.map((limit) => limit.key))];
      const longest = Math.max(...limits.map((limit) => limit.windowMs));
      const ids = await lightly((connection) =>
        // SQLite runs one transaction at a time on our single connection: the read and the record are one step.
        connection.transaction().execute(async (trx) => {
          const now = clock();
          // Every key's events of the longest window in one read, oldest first; each limit looks at its own.
          const rows = await store.eventsSince(trx, keys, iso(now - longest));
          let wait = 0;
          for (const limit of limits) {
            const since = now - limit.windowMs;
            const times = rows
              .filter((row) => row.key === limit.key)
              .map((row) => Date.parse(row.at))
              .filter((at) => at > since);
            wait = Math.max(wait, waitFor(times, limit, now));
          }
          if (wait > 0) return wait;
          const events = limits.map((limit) => ({ id: newId(), key: limit.key, at: iso(now) }));
          await store.insertEvents(trx, events);
          return events.map((event) => event.id);
        }),
      );
      if (typeof ids === 'number') return { ok: false, retryAfterMs: ids };
      return reserved(ids);
    },
    async counts(keys, windowMs) {
      if (keys.length === 0) return [];
      const found = await store.countEvents(db, keys, iso(clock() - windowMs));
      return keys.map((key) => found.get(key) ?? 0);
    },
    async clear(key) {
      await store.clearKey(db, key);
    },
    async prune(olderThanMs) {
      await store.deleteEventsBefore(db, iso(clock() - olderThanMs));
    },
  };
}

// One script, so Redis runs the checks and the records of every key as one step. KEYS: the sets; ARGV: now,
// the longest window, the new member's name, then each key's window and limit. Answers 0 when recorded, else
// the milliseconds to wait.
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local longest = tonumber(ARGV[2])
local member = ARGV[3]
local wait = 0
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 + 2 * i])
  local limit = tonumber(ARGV[3 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - longest)
  local from = '(' .. (now - window)
  local count = redis.call('ZCOUNT', key, from, '+inf')
  if count >= limit then
    local freeing = redis.call('ZRANGEBYSCORE', key, from, '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)
    local left = tonumber(freeing[2]) + window - now
    if left < 1 then left = 1 end
    if left > wait then wait = left end
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, longest)
end
return 0
`;

/** One sorted set per key (`<prefix>rate:<key>`), scored by time; a set expires a window after its last event. */
export function redisRateLimiter(client: Redis, prefix: string, clock: Clock): RateLimiter {
  const name = (key: string) => `${prefix}rate:${key}`;
  return {
    async reserve(limits) {
      if (limits.length === 0) return { ok: true, release: async () => undefined };
      const now = clock();
      const member = `${now}:${newId()}`;
      const wait = Number(
        await client.eval(
          RESERVE_SCRIPT,
          limits.length,
          ...limits.map((limit) => name(limit.key)),
          now,
          LONGEST_WINDOW_MS,
          member,
          ...limits.flatMap((limit) => [limit.windowMs, limit.limit]),
        ),
      );
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      return {
        ok: true,
        release: async () => {
          const batch = client.multi();
          for (const limit of limits) batch.zrem(name(limit.key), member);
          await batch.exec();
        },
      };
    },
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
    async clear(key) {
      await client.del(name(key));
    },
    async prune() {
      // Each set expires a window after its last event, and reserve() trims older events.
    },
  };
}

/** Takes a reservation back, inside the caller's database transaction when given one. */
export type Release = ((within?: Transaction<Database>) => Promise<void>) & {
  /**
   * Where the events are in the database: their ids, for a caller to forget them in its own statement
   * (ratelimit/store.ts, forgetEvents; on PostgreSQL, a part of one statement with its work, committed with it);
   * the caller then does not call the release.
   */
  readonly eventIds?: readonly string[];
};

/**
 * Reserves the limits alongside a read of the caller's: where the limits live in PostgreSQL, in one round trip
 * (`read` calls `rate_reserve` with `args` in its own statement, ratelimit/store.ts reserveCall, and answers what
 * the call gave); else the reservation, then the read. Refuses the request as reserveOrRefuse does.
 */
export async function reserveWithRead<T>(
  limiter: RateLimiter,
  limits: readonly Limit[],
  read: (args: ReserveArgs | undefined) => Promise<{ value: T; answer?: unknown }>,
): Promise<{ value: T; release: Release }> {
  const inStatement = limits.length > 0 ? limiter.inStatement?.(limits) : undefined;
  if (!inStatement) {
    const release = await reserveOrRefuse(limiter, limits);
    return { value: (await read(undefined)).value, release };
  }
  const { value, answer } = await read(inStatement.args);
  const reservation = inStatement.outcome(answer);
  if (!reservation.ok) {
    throw new ApiError('auth/too-many-requests', { retryAfterMs: reservation.retryAfterMs });
  }
  return { value, release: reservation.release };
}

/** Reserves the limits, or refuses the request with how long to wait; answers the reservation's release. */
export async function reserveOrRefuse(limiter: RateLimiter, limits: readonly Limit[]): Promise<Release> {
  const reservation = await limiter.reserve(limits);
  if (!reservation.ok) {
    throw new ApiError('auth/too-many-requests', { retryAfterMs: reservation.retryAfterMs });
  }
  return reservation.release;
}
