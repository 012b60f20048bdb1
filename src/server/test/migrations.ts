// What a test of one migration needs: a database of its own (a SQLite file, or a PostgreSQL schema when DATABASE_URL
// names one) made before the file's tests and dropped after, and a member row as the accounts table first held it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { testSchemaName } from '../../../scripts/pg-schemas.mjs';
import { dropPostgresSchema, type DatabaseOptions } from '../db/database.js';

export const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : undefined;

/** Where the file's migration tests open their database (`name`: the schema's or folder's name); read in a test. */
export function migrationDatabase(name: string): () => DatabaseOptions {
  let folder: string | undefined;
  let where: DatabaseOptions | undefined;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), `mygenie-${name}-`));
    where = postgresUrl
      ? { url: postgresUrl, pgSchema: testSchemaName(name) }
      : { sqlitePath: path.join(folder, 'db.sqlite') };
  });
  afterAll(async () => {
    if (postgresUrl && where?.pgSchema) await dropPostgresSchema(postgresUrl, where.pgSchema);
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  });
  return () => {
    if (!where) throw new Error('the migration database is made before the tests');
    return where;
  };
}

/** A member's row with the columns the accounts table had from its first migration (`at`: both times). */
export const firstUserRow = (id: string, at = new Date().toISOString()) => ({
  id,
  email: `${id}@example.com`,
  password_hash: 'x',
  email_verified: 1,
  lang: 'ko',
  created_at: at,
  updated_at: at,
  update_mails: 1,
  unsubscribe_token: null,
});
