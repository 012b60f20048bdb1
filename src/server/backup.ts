// The server's own backup (docs/deploy.md, "Backing up the server"): a folder with the database — SQLite copied
// online with VACUUM INTO, a consistent snapshot while the server runs; PostgreSQL with pg_dump in its custom
// format — and, with files on the local disk, a copy of them; with S3, the bucket's own versioning keeps them, and
// the backup holds the bucket's listing at that moment (every key with its size, ETag and time), against which a
// restored bucket can be checked. Restoring puts a backup back in place of a stopped server's data, keeping what it replaces.
// A backup is its user's alone (folders 0700, files 0600, whatever the umask), and a restore refuses while a server
// holds the data (db/data-lock.ts).
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Config, S3Settings } from './core/config.js';
import { addressesIn, withoutPasswords } from './core/secrets.js';
import type { DatabaseHandle } from './db/database.js';
import { holdDataForRestore } from './db/data-lock.js';
import { checkedClient, majorOf } from './db/pg-client.js';

const run = promisify(execFile);

export interface BackupManifest {
  format: 'mygenie-server-backup/1';
  createdAt: string;
  database: {
    dialect: 'sqlite' | 'postgres';
    file: string;
    sha256: string;
    lastMigration: string | null;
    /** PostgreSQL: the pg_dump that wrote the file (`pg_dump (PostgreSQL) 17.11`); pg_restore must be as new. */
    dumpedWith?: string;
  };
  members: number;
  /** With files on the local disk: their copy; with S3, where they stay and the file listing them then. */
  files:
    | { kind: 'copied'; count: number; bytes: number }
    | { kind: 's3'; bucket: string; listing: string; count: number; bytes: number };
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Makes `folder` (and any folder above it made on the way) 0700 whatever the umask; a folder that was there is
 * left as it is.
 */
function privateFolder(folder: string): void {
  const first = fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let made = folder; ; made = path.dirname(made)) {
    fs.chmodSync(made, 0o700);
    if (made === first || path.dirname(made) === made) break;
  }
}

/** Everything below `folder` (and it) made its user's alone: folders 0700, files 0600. */
function makePrivate(folder: string): void {
  fs.chmodSync(folder, 0o700);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const where = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(where, 0o700);
    else if (entry.isFile()) fs.chmodSync(where, 0o600);
  }
}

const BACKUP_FOLDER = /^mygenie-backup-/;

/**
 * Earlier backups in `into` that others could read (made before backups were private), made this user's alone;
 * answers how many. Only folders of backups (with their manifest) this user owns are touched.
 */
function tightenEarlierBackups(into: string): number {
  let tightened = 0;
  for (const entry of fs.readdirSync(into, { withFileTypes: true })) {
    const folder = path.join(into, entry.name);
    if (!entry.isDirectory() || !BACKUP_FOLDER.test(entry.name)) continue;
    if (!fs.existsSync(path.join(folder, 'manifest.json'))) continue;
    const stat = fs.statSync(folder);
    if (stat.uid !== process.getuid?.() || (stat.mode & 0o077) === 0) continue;
    try {
      makePrivate(folder);
      tightened += 1;
    } catch {
      // A file of someone else's inside: left as it is.
    }
  }
  return tightened;
}

/** Files and bytes below a folder. */
function tally(folder: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  if (!fs.existsSync(folder)) return { count, bytes };
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/** The search_path a DATABASE_URL's options set, if any: pg_dump then dumps that schema. */
function schemaOf(url: string): string | null {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /search_path=([a-z_][a-z0-9_]*)/.exec(options)?.[1] ?? null;
}

/** A URL pg_dump and pg_restore accept: the server's options are ours, not theirs. */
function clientUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('options');
  return parsed.toString();
}

const BUCKET_LISTING = 'bucket-listing.jsonl';

/**
 * Writes the bucket's listing, one JSON line per object (`key`, `size`, `etag`, `lastModified`), page by page so a
 * bucket of millions of objects never sits in memory; answers how many objects and bytes it lists.
 */
async function listBucket(
  settings: S3Settings,
  file: string,
): Promise<{ listing: string; count: number; bytes: number }> {
  const { paginateListObjectsV2 } = await import('@aws-sdk/client-s3');
  const { client } = (await import('./storage/s3.js')).s3Storage(settings);
  const out = fs.openSync(file, 'w');
  let count = 0;
  let bytes = 0;
  try {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: settings.bucket })) {
      const lines = (page.Contents ?? []).map((object) => {
        count += 1;
        bytes += object.Size ?? 0;
        return JSON.stringify({
          key: object.Key,
          size: object.Size ?? 0,
          etag: object.ETag?.replace(/"/g, '') ?? null,
          lastModified: object.LastModified?.toISOString() ?? null,
        });
      });
      if (lines.length > 0) fs.writeSync(out, `${lines.join('\n')}\n`);
    }
  } catch (error) {
    throw new Error(
      `listing the S3 bucket ${settings.bucket} failed: ${withoutPasswords((error as Error).message, addressesIn(process.env))}`,
    );
  } finally {
    fs.closeSync(out);
    client.destroy();
  }
  return { listing: BUCKET_LISTING, count, bytes };
}

/**
 * Makes a backup in a new folder inside `into`, while the server may run; answers its folder and manifest, and how
 * many earlier backups there were made private (`tightened`). The folder is 0700 before anything is written in it,
 * and what it holds 0600.
 */
export async function makeBackup(
  config: Config,
  database: DatabaseHandle,
  into: string,
  now = new Date(),
): Promise<{ folder: string; manifest: BackupManifest; tightened: number }> {
  // Before anything is made: a pg_dump missing or too old for the server says what to install.
  const dumpedWith = database.dialect === 'postgres' ? await checkedPgDump(database) : undefined;
  privateFolder(into);
  const tightened = tightenEarlierBackups(into);
  const folder = path.join(into, `mygenie-backup-${stamp(now)}`);
  privateFolder(folder);
  fs.chmodSync(folder, 0o700);
  const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`
    .execute(database.db)
    .then((result) => result.rows[0]?.name ?? null);
  const members = await database.db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst()
    .then((row) => Number(row?.count ?? 0));
  let file: string;
  if (database.dialect === 'sqlite') {
    file = 'mygenie.db';
    await sql`vacuum into ${path.join(folder, file)}`.execute(database.db);
  } else {
    file = 'mygenie.dump';
    const url = config.databaseUrl!;
    const schema = schemaOf(url);
    try {
      await run('pg_dump', [
        '--format=custom',
        `--file=${path.join(folder, file)}`,
        ...(schema ? [`--schema=${schema}`] : []),
        `--dbname=${clientUrl(url)}`,
      ]);
    } catch (error) {
      throw new Error(
        `pg_dump failed: ${withoutPasswords((error as Error).message, addressesIn(process.env))}`,
      );
    }
  }
  let files: BackupManifest['files'];
  if (config.s3) {
    files = {
      kind: 's3',
      bucket: config.s3.bucket,
      ...(await listBucket(config.s3, path.join(folder, BUCKET_LISTING))),
    };
  } else {
    const source = path.join(config.dataDir, 'files');
    if (fs.existsSync(source)) fs.cpSync(source, path.join(folder, 'files'), { recursive: true });
    files = { kind: 'copied', ...tally(path.join(folder, 'files')) };
  }
  const manifest: BackupManifest = {
    format: 'mygenie-server-backup/1',
    createdAt: now.toISOString(),
    database: {
      dialect: database.dialect,
      file,
      sha256: await sha256(path.join(folder, file)),
      lastMigration: last,
      ...(dumpedWith ? { dumpedWith } : {}),
    },
    members,
    files,
  };
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  makePrivate(folder);
  return { folder, manifest, tightened };
}

/** This machine's pg_dump, if it can back up the database's server (of its major or older); its version line. */
async function checkedPgDump(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{
    version: string;
  }>`select current_setting('server_version') as version`.execute(database.db);
  const version = rows[0]?.version.split(' ')[0] ?? '';
  return checkedClient('pg_dump', {
    major: majorOf(version) ?? 0,
    than: `the PostgreSQL server it backs up (${version})`,
  });
}

/** Reads and checks a backup folder's manifest and database file. */
export async function readBackup(folder: string): Promise<BackupManifest> {
  const manifestFile = path.join(folder, 'manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`${folder} is not a MyGenie server backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'mygenie-server-backup/1')
    throw new Error(`unknown backup format in ${manifestFile}`);
  const file = path.join(folder, path.basename(manifest.database.file));
  if (!fs.existsSync(file) || (await sha256(file)) !== manifest.database.sha256) {
    throw new Error(
      `the database file of ${folder} is missing or damaged (its SHA-256 differs from the manifest)`,
    );
  }
  return manifest;
}

/**
 * Puts a backup in place of the data of a stopped server: what it replaces is moved aside, never deleted
 * (`…before-restore-<time>`). The server migrates the restored database at its next start if it is older. While a
 * server holds the data, it refuses (DataInUse) and touches nothing; while it restores, a server starting waits.
 */
export async function restoreBackup(
  config: Config,
  folder: string,
  now = new Date(),
): Promise<BackupManifest> {
  const manifest = await readBackup(folder);
  const expected = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== expected) {
    throw new Error(
      `this backup holds a ${manifest.database.dialect} database, and this server uses ${expected}`,
    );
  }
  // Before anything is touched: a pg_restore missing or older than the dump's pg_dump says what to install.
  if (manifest.database.dialect === 'postgres') {
    const dumpedWith = manifest.database.dumpedWith;
    await checkedClient(
      'pg_restore',
      dumpedWith
        ? { major: majorOf(dumpedWith) ?? 0, than: `the pg_dump that made this backup (${dumpedWith})` }
        : { major: 0, than: 'the pg_dump that made this backup' },
    );
  }
  const hold = await holdDataForRestore(config);
  try {
    await putBack(config, folder, manifest, `before-restore-${stamp(now)}`);
  } finally {
    await hold.release();
  }
  return manifest;
}

async function putBack(
  config: Config,
  folder: string,
  manifest: BackupManifest,
  aside: string,
): Promise<void> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (manifest.database.dialect === 'sqlite') {
    const target = path.join(config.dataDir, 'mygenie.db');
    // Copied beside it first, so the database is never half a file, even if the copy fails.
    const copying = `${target}.restoring`;
    fs.copyFileSync(path.join(folder, 'mygenie.db'), copying);
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, `${target}.${aside}${suffix}`);
    }
    fs.renameSync(copying, target);
  } else {
    const url = config.databaseUrl!;
    try {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        `--dbname=${clientUrl(url)}`,
        path.join(folder, path.basename(manifest.database.file)),
      ]);
    } catch (error) {
      throw new Error(
        `pg_restore failed: ${withoutPasswords((error as Error).message, addressesIn(process.env))}`,
      );
    }
  }
  if (manifest.files.kind === 'copied') {
    const target = path.join(config.dataDir, 'files');
    if (fs.existsSync(target)) fs.renameSync(target, `${target}.${aside}`);
    const copied = path.join(folder, 'files');
    if (fs.existsSync(copied)) fs.cpSync(copied, target, { recursive: true });
  }
}
