// Opening SQLite: the write-ahead log, and the flush-to-disk setting the configuration chose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

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
