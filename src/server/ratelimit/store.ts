// Queries on the rate limits' events (rate_events), for limits kept in the database; written once for SQLite and
// PostgreSQL (whose reservation is one call of the function `rate_reserve`, migration RateReserve).
import { sql, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The statement that forgets these events (a released reservation), to run alone or inside another's work. */
export const forgetEvents = (db: QueryCreator<Database>, ids: readonly string[]) =>
  db.deleteFrom('rate_events').where('id', 'in', ids);

/**
 * PostgreSQL: the same with the ids as one array value, so that a prepared statement holding it has one text
 * however many there are (`ids` may be its slot).
 */
export const forgetEventsIn = (db: QueryCreator<Database>, ids: readonly string[]) =>
  db.deleteFrom('rate_events').where('id', '=', sql<string>`any(${ids}::text[])`);

/** Every event of these keys after `since`, oldest first. */
export function eventsSince(db: Db, keys: string[], since: string) {
  return db
    .selectFrom('rate_events')
    .select(['key', 'at'])
    .where('key', 'in', keys)
    .where('at', '>', since)
    .orderBy('at')
    .execute();
}

export async function insertEvents(
  db: Db,
  events: Array<{ id: string; key: string; at: string }>,
): Promise<void> {
  await db.insertInto('rate_events').values(events).execute();
}

/**
 * Checks and records in one round trip on PostgreSQL: each limit's events since its window began, and one new
 * event per limit when all have room. Answers what `rate_reserve` gave (reserveAnswer reads it: 0 when recorded,
 * else the milliseconds to wait).
 */
export async function reserveOnPostgres(db: Db, args: ReserveArgs): Promise<unknown> {
  const { rows } = await sql<{ wait: unknown }>`select ${reserveCall(args)} as wait`.execute(db);
  return rows[0]?.wait;
}

/** What a call of `rate_reserve` is given: one array element per limit (see the migration RateReserve). */
export interface ReserveArgs {
  keys: string[];
  limits: number[];
  windows: number[];
  since: string[];
  ids: string[];
  at: string;
  now: number;
}

/** The arguments of `rate_reserve` for these limits. */
export function reserveArgs(
  limits: ReadonlyArray<{ key: string; limit: number; windowMs: number; since: string; id: string }>,
  at: string,
  now: number,
): ReserveArgs {
  return {
    keys: limits.map((limit) => limit.key),
    limits: limits.map((limit) => limit.limit),
    windows: limits.map((limit) => limit.windowMs),
    since: limits.map((limit) => limit.since),
    ids: limits.map((limit) => limit.id),
    at,
    now,
  };
}

/**
 * The call of `rate_reserve` as an expression, alone or in another statement's select (in a prepared statement,
 * its arguments may be slots).
 */
export function reserveCall(args: ReserveArgs) {
  return sql<number | string>`rate_reserve(
      ${args.keys}::text[],
      ${args.limits}::integer[],
      ${args.windows}::bigint[],
      ${args.since}::text[],
      ${args.ids}::text[],
      ${args.at},
      ${args.now}::bigint
    )`;
}

/** What `rate_reserve` answered, as a number (0: recorded; else the milliseconds to wait). */
export function reserveAnswer(answer: unknown): number {
  const wait = Number(answer);
  if (answer === null || answer === undefined || !Number.isFinite(wait)) {
    throw new Error('rate_reserve gave no answer');
  }
  return wait;
}

/** How many events each key has after `since`. */
export async function countEvents(
  db: Db,
  keys: readonly string[],
  since: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('rate_events')
    .select((eb) => ['key', eb.fn.countAll<string | number>().as('n')])
    .where('key', 'in', keys)
    .where('at', '>', since)
    .groupBy('key')
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

export async function clearKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_events').where('key', '=', key).execute();
}

export async function deleteEventsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('rate_events').where('at', '<', before).execute();
}
