// The tests' PostgreSQL schemas, side by side in one shared database. Each is named for the moment it was made
// (mgt_<kind>_<seconds base 36>_<random>), so a later run can drop what an interrupted run left behind without
// touching a schema another run, still going, is using.
import crypto from 'node:crypto';
import pg from 'pg';

const PREFIX = 'mgt_';
/** A run never lasts this long (CI stops at 90 minutes): an older test schema is left over. */
export const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

/** @param {string} kind lower-case letters naming what the schema is for */
export function testSchemaName(kind) {
  if (!/^[a-z]+$/.test(kind)) throw new Error(`Invalid test schema kind: ${kind}`);
  const made = Math.floor(Date.now() / 1000).toString(36);
  return `${PREFIX}${kind}_${made}_${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * When a test schema name says it was made, in milliseconds; null for any other name.
 * @param {string} name
 */
export function madeAt(name) {
  const match = /^mgt_[a-z]+_([0-9a-z]{1,8})_[0-9a-f]{8}$/.exec(name);
  return match ? parseInt(match[1] ?? '', 36) * 1000 : null;
}

/**
 * Drops the test schemas made more than STALE_AFTER_MS ago; returns their names.
 * @param {string} url @param {number} [now]
 */
export async function sweepStaleSchemas(url, now = Date.now()) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select nspname as name from pg_namespace where nspname like 'mgt\\_%'",
    );
    const stale = rows
      .map((row) => String(row.name))
      .filter((name) => {
        const made = madeAt(name);
        return made !== null && now - made > STALE_AFTER_MS;
      });
    for (const name of stale) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    return stale;
  } finally {
    await client.end();
  }
}
