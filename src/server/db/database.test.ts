// Opening the database: SQLite's write-ahead log and flush setting; PostgreSQL side by side in two schemas.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { dropPostgresSchema, openDatabase } from './database.js';
import { prepared } from './prepared.js';
import { testSchemaName } from '../../../scripts/pg-schemas.mjs';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-db-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function pragmas(sqliteSynchronous?: 'normal' | 'full') {
  const database = await openDatabase({
    sqlitePath: path.join(folder, `${sqliteSynchronous ?? 'default'}-${Math.random()}.db`),
    ...(sqliteSynchronous ? { sqliteSynchronous } : {}),
  });
  try {
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
    return { journal: mode.rows[0]?.journal_mode, synchronous: sync.rows[0]?.synchronous };
  } finally {
    await database.close();
  }
}

describe('SQLite', () => {
  it('keeps a write-ahead log and flushes the disk at every commit by default (synchronous FULL = 2)', async () => {
    expect(await pragmas()).toEqual({ journal: 'wal', synchronous: 2 });
    expect(await pragmas('full')).toEqual({ journal: 'wal', synchronous: 2 });
  });

  it('flushes only at checkpoints when SQLITE_SYNCHRONOUS=normal (NORMAL = 1)', async () => {
    expect(await pragmas('normal')).toEqual({ journal: 'wal', synchronous: 1 });
  });
});

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe('the migrations a start applies', () => {
  /** Every migration, by name, in the order they run: the files of migrations/. */
  const names = fs
    .readdirSync(path.join(import.meta.dirname, 'migrations'))
    .filter((file) => /^\d{13}-\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();

  it('are named, in order, and none on the next start, which names the last the database has', async () => {
    const pgSchema = testSchemaName('started');
    const where = postgres
      ? { url: postgres, pgSchema }
      : { sqlitePath: path.join(folder, `started-${Math.random()}.db`) };
    try {
      const partly = await openDatabase({ ...where, migrateTo: names[2]! });
      expect(partly.migrations).toEqual({ applied: names.slice(0, 3), last: names[2] });
      await partly.close();
      const first = await openDatabase(where);
      expect(first.migrations).toEqual({ applied: names.slice(3), last: names.at(-1) });
      await first.close();
      const again = await openDatabase(where);
      expect(again.migrations).toEqual({ applied: [], last: names.at(-1) });
      await again.close();
    } finally {
      if (postgres) await dropPostgresSchema(postgres, pgSchema);
    }
  });
});

describe.skipIf(!postgres)('PostgreSQL schemas side by side', () => {
  it('migrates a second MyGenie in another schema of the same database, each with its own tables', async () => {
    const url = postgres!;
    const names = [testSchemaName('side'), testSchemaName('side')];
    const opened = [];
    try {
      // The first is fully migrated before the second starts: its migration tables are there to be mistaken.
      for (const pgSchema of names) opened.push(await openDatabase({ url, pgSchema }));
      for (const [index, database] of opened.entries()) {
        await database.db
          .insertInto('notices')
          .values({
            id: crypto.randomUUID(),
            lang: 'ko',
            title: `schema ${index}`,
            content: '',
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute();
      }
      for (const [index, database] of opened.entries()) {
        const titles = await database.db.selectFrom('notices').select('title').execute();
        expect(titles).toEqual([{ title: `schema ${index}` }]);
        const migrations = await sql<{ schema: string }>`
          select table_schema as schema from information_schema.tables where table_name = 'kysely_migration'
            and table_schema = ${names[index]!}`.execute(database.db);
        expect(migrations.rows).toHaveLength(1);
      }
    } finally {
      for (const database of opened) await database.close();
      for (const pgSchema of names) await dropPostgresSchema(url, pgSchema);
    }
  });
});

describe.skipIf(!postgres)('PostgreSQL neighbours dropped while a server starts', () => {
  it('migrates while other schemas of the database come and go, looking only at its own', async () => {
    const url = postgres!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // A neighbour made and dropped again and again, as test runs and other servers' schemas are.
    let churning = true;
    const churn = (async () => {
      for (let round = 0; churning; round++) {
        const neighbour = testSchemaName('churn');
        await client.query(`CREATE SCHEMA ${neighbour}`);
        await client.query(`CREATE TABLE ${neighbour}.t${round} (a int, b text, c text, d text)`);
        await client.query(`DROP SCHEMA ${neighbour} CASCADE`);
      }
    })();
    const names: string[] = [];
    try {
      for (let run = 0; run < 8; run++) {
        const pgSchema = testSchemaName('starts');
        names.push(pgSchema);
        const database = await openDatabase({ url, pgSchema });
        try {
          const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
          expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([pgSchema]));
          expect(tables.map((table) => table.name)).toEqual(
            expect.arrayContaining(['users', 'kysely_migration']),
          );
        } finally {
          await database.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      await client.end();
      for (const pgSchema of names) await dropPostgresSchema(url, pgSchema);
    }
  });
});

describe.skipIf(!postgres)('PostgreSQL statements of the hot paths', () => {
  it('runs a prepared statement as a named one, planned once per connection; refuses one that reads *', async () => {
    const url = postgres!;
    const pgSchema = testSchemaName('named');
    const database = await openDatabase({ url, pgSchema });
    try {
      const byId = prepared<{ id: string }, { title: string }>((db, slot) =>
        db.selectFrom('notices').select('title').where('id', '=', slot('id')),
      );
      const names = await database.db.connection().execute(async (connection) => {
        for (let run = 0; run < 3; run++)
          expect((await byId.run(connection, { id: 'none' })).rows).toEqual([]);
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(connection);
        return rows;
      });
      expect(names).toHaveLength(1);
      expect(names[0]!.statement).toContain('from "notices"');
      const everything = prepared<{ id: string }, unknown>((db, slot) =>
        db.selectFrom('notices').selectAll().where('id', '=', slot('id')),
      );
      await expect(everything.run(database.db, { id: 'none' })).rejects.toThrow(/name its columns/);
    } finally {
      await database.close();
      await dropPostgresSchema(url, pgSchema);
    }
  });

  it('keeps the rate limits in an unlogged table: counters, not the member data', async () => {
    const url = postgres!;
    const pgSchema = testSchemaName('unlogged');
    const database = await openDatabase({ url, pgSchema });
    try {
      const { rows } = await sql<{ persistence: string }>`
        select relpersistence as persistence from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${pgSchema} and c.relname in ('rate_events', 'sessions') order by c.relname`.execute(
        database.db,
      );
      expect(rows.map((row) => row.persistence)).toEqual(['u', 'p']);
    } finally {
      await database.close();
      await dropPostgresSchema(url, pgSchema);
    }
  });
});
