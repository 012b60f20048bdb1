// Opening the database: SQLite's write-ahead log and flush setting; PostgreSQL side by side in two schemas.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { dropPostgresSchema, openDatabase } from './database.js';
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
