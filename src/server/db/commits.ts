// How a write is committed where that is a choice: the lighter commit for writes that are not the member's data.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { Database } from './schema.js';

/** Runs some writes on a connection whose commits do not wait for the disk (see lightCommits). */
export type LightCommits = <T>(work: (connection: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * For writes that are not the member's data (limit counters, the sessions a sign-in opens and ends): on SQLite,
 * when the server runs `synchronous = FULL`, their commits take NORMAL for that work alone, so they do not wait
 * for a disk flush (milliseconds, with the event loop blocked). A crash of the machine (not of the process) before
 * the next ordinary commit may lose them, never corrupt the database; that next commit puts them on disk with its
 * own. `synchronous` says what the rest of the server uses, to go back to it. PostgreSQL: the work as it is.
 */
export function lightCommits(
  db: Kysely<Database>,
  dialect: Dialect,
  synchronous: 'full' | 'normal' = 'full',
): LightCommits {
  return (work) =>
    dialect === 'sqlite' && synchronous === 'full'
      ? db.connection().execute(async (connection) => {
          await sql`pragma synchronous = NORMAL`.execute(connection);
          try {
            return await work(connection);
          } finally {
            await sql`pragma synchronous = FULL`.execute(connection);
          }
        })
      : work(db);
}
