// Queries on the rate limits' events (rate_events), for limits kept in the database; written once for SQLite and
// PostgreSQL (whose reservation is one call of the function `rate_reserve`, migration RateReserve).
import { sql, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The statement that forgets these events (a released reservation), to run alone or inside another's work. */
export const forgetEvents = (db: QueryCreator<Database>, ids: string[]) =>
  db.deleteFrom('rate_events').where('id', 'in', ids);

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
 * event per limit when all have room. Answers 0 when recorded, else the milliseconds to wait.
 */
export async function reserveOnPostgres(
  db: Db,
  limits: ReadonlyArray<{ key: string; limit: number; windowMs: number; since: string; id: string }>,
  at: string,
  now: number,
): Promise<number> {
  const { rows } = await sql<{ wait: number | string }>`select rate_reserve(
      ${limits.map((limit) => limit.key)}::text[],
      ${limits.map((limit) => limit.limit)}::integer[],
      ${limits.map((limit) => limit.windowMs)}::bigint[],
      ${limits.map((limit) => limit.since)}::text[],
      ${limits.map((limit) => limit.id)}::text[],
      ${at},
      ${now}::bigint
    ) as wait`.execute(db);
  const wait = Number(rows[0]?.wait);
  if (!Number.isFinite(wait)) throw new Error('rate_reserve gave no answer');
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
