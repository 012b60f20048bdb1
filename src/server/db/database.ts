// Opens the database named by the configuration: SQLite under the data folder by default, PostgreSQL when a
// URL is given. Migrations run here, so a started server always has the current schema.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { CurrentSchemaPostgresDialect } from './one-schema.js';
import { namedStatement } from './prepared.js';
import { trackBackends } from '../core/bus.js';
import { unreachable } from '../core/secrets.js';
import type { Config } from '../core/config.js';
import type { MigrationReport } from '../core/version.js';
import * as accounts from './migrations/1763766000000-Accounts.js';
import * as noticesFiles from './migrations/1763850000000-NoticesFiles.js';
import * as updateMails from './migrations/1763860000000-UpdateMailsInquiries.js';
import * as passkeys from './migrations/1763870000000-Passkeys.js';
import * as push from './migrations/1763880000000-Push.js';
import * as sessionApproval from './migrations/1763890000000-SessionApproval.js';
import * as sessionDevices from './migrations/1763900000000-SessionDevices.js';
import * as failClosed from './migrations/1764000000000-FailClosed.js';
import * as rateReserve from './migrations/1764100000000-RateReserve.js';
import * as sync from './migrations/1764200000000-Sync.js';
import * as syncHardening from './migrations/1764300000000-SyncHardening.js';
import * as lightSignIn from './migrations/1764400000000-LightSignIn.js';
import * as passkeyUnlock from './migrations/1764500000000-PasskeyUnlock.js';
import * as signupControls from './migrations/1764600000000-SignupControls.js';
import * as signedHeader from './migrations/1764700000000-SignedHeader.js';
import * as signInConfirmation from './migrations/1764800000000-SignInConfirmation.js';
import * as updateBanner from './migrations/1764900000000-UpdateBanner.js';
import * as memberAdmin from './migrations/1765000000000-MemberAdmin.js';
import * as reminders from './migrations/1765100000000-Reminders.js';
import * as spaces from './migrations/1765200000000-Spaces.js';

// PostgreSQL's bigint (sizes, counts) arrives as a string by default; every value we keep fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the server process ids of the pool's open connections (the live bus knows their NOTIFYs). */
  backends?: ReadonlySet<number>;
  /** The migrations this opening applied, and the last one the database has. */
  migrations: MigrationReport;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '1763766000000-Accounts': accounts,
  '1763850000000-NoticesFiles': noticesFiles,
  '1763860000000-UpdateMailsInquiries': updateMails,
  '1763870000000-Passkeys': passkeys,
  '1763880000000-Push': push,
  '1763890000000-SessionApproval': sessionApproval,
  '1763900000000-SessionDevices': sessionDevices,
  '1764000000000-FailClosed': failClosed,
  '1764100000000-RateReserve': rateReserve,
  '1764200000000-Sync': sync,
  '1764300000000-SyncHardening': syncHardening,
  '1764400000000-LightSignIn': lightSignIn,
  '1764500000000-PasskeyUnlock': passkeyUnlock,
  '1764600000000-SignupControls': signupControls,
  '1764700000000-SignedHeader': signedHeader,
  '1764800000000-SignInConfirmation': signInConfirmation,
  '1764900000000-UpdateBanner': updateBanner,
  '1765000000000-MemberAdmin': memberAdmin,
  '1765100000000-Reminders': reminders,
  '1765200000000-Spaces': spaces,
};

export interface DatabaseOptions {
  /** postgres:// URL; SQLite when absent. */
  url?: string | undefined;
  /** SQLite file (ignored for PostgreSQL). */
  sqlitePath?: string;
  /** SQLite's `synchronous` (default full): see Config.sqliteSynchronous. */
  sqliteSynchronous?: 'normal' | 'full';
  /** PostgreSQL schema to work in (created if missing): lets tests run side by side in one database. */
  pgSchema?: string;
  /** Migrates only this far (tests of a migration on data written under the schema before it). */
  migrateTo?: string;
}

/** The database the settings name, as the server and its commands open it: PostgreSQL, else SQLite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'mygenie.db'),
    sqliteSynchronous: config.sqliteSynchronous,
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options.url, options.pgSchema) : openSqlite(options);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its migration tables in every schema it can see unless told which: another MyGenie's
    // tables in a neighbouring schema of the same database would pass for ours, and ours would never be made.
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(handle.db) } : {}),
  });
  const { error, results } = options.migrateTo
    ? await migrator.migrateTo(options.migrateTo)
    : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await handle.close();
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
  const applied = (results ?? [])
    .filter((result) => result.status === 'Success' && result.direction === 'Up')
    .map((result) => result.migrationName);
  const last =
    applied.at(-1) ??
    (
      await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
        handle.db,
      )
    ).rows[0]?.name ??
    null;
  return { ...handle, migrations: { applied, last } };
}

/**
 * Kysely's SQLite driver prepares every query anew; the same few hundred SQL texts recur, so each is prepared
 * once and reused (better-sqlite3 statements are reusable; the driver runs each to completion at once).
 */
function cachePreparedStatements(database: BetterSqlite3.Database, limit = 1000): void {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, BetterSqlite3.Statement>();
  database.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= limit) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

function openSqlite(options: DatabaseOptions): Omit<DatabaseHandle, 'migrations'> {
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  cachePreparedStatements(database);
  database.pragma('journal_mode = WAL');
  // With the write-ahead log, `full` flushes the disk at every commit, which blocks the event loop for that long
  // (0.3–0.7 ms here) on every write; `normal` writes each commit to the log before answering (safe from a crash
  // of this process, and the database is never corrupted) and flushes only at checkpoints.
  database.pragma(`synchronous = ${options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function openPostgres(url: string, schema?: string): Promise<Omit<DatabaseHandle, 'migrations'>> {
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect().catch((error: unknown) => {
      throw unreachable('PostgreSQL', url, error);
    });
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  // Options given in the URL (`?options=-c search_path=…`) would replace these, not add to them: taken out and
  // put first.
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  const pool = new pg.Pool({
    connectionString: given === null ? url : parsed.toString(),
    max: 10,
    // The prepared statements' plans are made once (runPreparedByName), not again at each run for its values.
    options: [
      ...(given ? [given] : []),
      '-c plan_cache_mode=force_generic_plan',
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', runPreparedByName);
  const backends = new Set<number>();
  trackBackends(pool, backends);
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw unreachable('PostgreSQL', url, error);
  }
  return { db, dialect: 'postgres', backends, close: () => db.destroy() };
}

/**
 * The hot paths' statements (db/prepared.ts) run on this connection as named statements: PostgreSQL parses and plans
 * each once per connection instead of at every run (a sign-in's statements cost the database half as much).
 */
function runPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? namedStatement(config) : undefined;
    return name && Array.isArray(values)
      ? query({ name, text: config, values }, callback)
      : query(config, values, callback);
  }) as typeof client.query;
}

/** The schema this connection creates its tables in (the first of its search_path that exists). */
async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('Database migration failed: no schema of the search_path exists');
  return schema;
}

/** Drops a PostgreSQL schema made by openDatabase (tests only). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
