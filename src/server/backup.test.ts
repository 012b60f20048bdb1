// The server's backup command's work (issue 35 §3): a backup made while the server runs, the data changed after
// it, then the backup restored in place of the stopped server's data: the members, sessions and documents of the
// moment of the backup come back, what came after is gone, and what the restore replaced is kept beside it. A backup
// is its user's alone whatever the umask, and a restore refuses while a server holds the data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from './core/config.js';
import { dropPostgresSchema } from './db/database.js';
import { DataInUse, holdData } from './db/data-lock.js';
import { makeBackup, readBackup, restoreBackup } from './backup.js';
import { signedInMember, startTestApp, type TestApp } from './test/harness.js';
import { startS3Server } from './test/s3-server.js';

const into = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-backups-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(into, { recursive: true, force: true });
});

/** The app's settings as the backup command reads them: on PostgreSQL, the URL names the app's schema. */
function settingsOf(t: TestApp): Config {
  if (!t.pgSchema || !t.config.databaseUrl) return t.config;
  const url = new URL(t.config.databaseUrl);
  url.searchParams.set('options', `-c search_path=${t.pgSchema}`);
  return { ...t.config, databaseUrl: url.toString() };
}

function upload(t: TestApp, cookie: string, name: string, body: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/documents?${new URLSearchParams({ name, type: 'text/plain' })}`,
    payload: Buffer.from(body),
    headers: { origin: t.origin, 'content-type': 'application/octet-stream', cookie },
  });
}

/** The permissions of a folder and of everything below it, by path relative to it ('.' for itself). */
function modes(folder: string): Record<string, number> {
  const found: Record<string, number> = { '.': fs.statSync(folder).mode & 0o777 };
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const where = path.join(entry.parentPath, entry.name);
    found[path.relative(folder, where)] = fs.statSync(where).mode & 0o777;
  }
  return found;
}

/** Runs `work` with a umask that lets everyone read what is made (process.umask is per process: a fork's own). */
async function withOpenUmask<T>(work: () => Promise<T>): Promise<T> {
  const before = process.umask(0);
  try {
    return await work();
  } finally {
    process.umask(before);
  }
}

describe('the server backup', () => {
  it('is made while the server runs and restored in place of its data, keeping what it replaced', async () => {
    const t = await startTestApp();
    const dataDir = t.config.dataDir;
    cleanups.push(async () => {
      if (t.config.databaseUrl && t.pgSchema) await dropPostgresSchema(t.config.databaseUrl, t.pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const member = await signedInMember(t, 'backed-up@example.com', 'quiet harbor lamp 7');
    const kept = (await upload(t, member, '일기 백업.txt', '내 기록')).json().document as { id: string };

    const { folder, manifest } = await makeBackup(settingsOf(t), t.database, into);
    expect(manifest).toMatchObject({
      format: 'mygenie-server-backup/1',
      database: { dialect: t.database.dialect },
      members: 1,
    });
    expect(manifest.database.lastMigration).toMatch(/^\d{13}-/);
    if (manifest.files.kind === 'copied') expect(manifest.files.count).toBe(1);
    await expect(readBackup(folder)).resolves.toEqual(manifest);

    // After the backup: another member, and the document deleted.
    await signedInMember(t, 'after-backup@example.com', 'quiet harbor lamp 8');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/documents/${kept.id}`, cookie: member })).statusCode,
    ).toBe(204);

    // The server stopped, the backup put back, the server started again on the same data.
    await t.app.close();
    await t.database.close();
    await restoreBackup(settingsOf(t), folder);
    const again = await startTestApp({}, { sharing: t });
    cleanups.push(() => again.close());
    const documents = await again.request({ method: 'GET', url: '/api/documents', cookie: member });
    expect(documents.statusCode).toBe(200);
    expect(documents.json().documents.map((document: { id: string }) => document.id)).toEqual([kept.id]);
    const download = await again.request({
      method: 'GET',
      url: `/api/documents/${kept.id}/download`,
      cookie: member,
    });
    expect(download.body).toBe('내 기록');
    const later = await again.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'after-backup@example.com', password: 'quiet harbor lamp 8' },
    });
    expect(later.statusCode).toBe(401);
    if (t.database.dialect === 'sqlite') {
      const aside = fs.readdirSync(dataDir).filter((name) => name.includes('before-restore'));
      expect(aside.some((name) => /^mygenie\.db\.before-restore-[\w-]+$/.test(name))).toBe(true);
      expect(aside.some((name) => name.startsWith('files.before-restore-'))).toBe(true);
    }
  });

  it('refuses a damaged backup and one of the other database', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const { folder, manifest } = await makeBackup(
      settingsOf(t),
      t.database,
      into,
      new Date(Date.now() + 60_000),
    );
    const file = path.join(folder, manifest.database.file);
    fs.appendFileSync(file, 'x');
    await expect(restoreBackup(settingsOf(t), folder)).rejects.toThrow(/missing or damaged/);
    await expect(readBackup(into)).rejects.toThrow(/not a MyGenie server backup/);
    const other: Config = t.config.databaseUrl
      ? { ...t.config, databaseUrl: undefined }
      : { ...t.config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, -1));
    await expect(restoreBackup(other, folder)).rejects.toThrow(/this server uses/);
  });

  it('lists the S3 bucket when the files are there, each object with its size and ETag', async () => {
    const s3 = await startS3Server();
    const t = await startTestApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    cleanups.push(async () => {
      await t.close();
      await s3.stop();
    });
    const member = await signedInMember(t, 'in-bucket@example.com', 'quiet harbor lamp 9');
    for (const [name, body] of [
      ['one.txt', 'first document'],
      ['two.txt', 'the second, longer document'],
    ] as const) {
      expect((await upload(t, member, name, body)).statusCode).toBe(201);
    }
    const keys = await t.database.db.selectFrom('user_documents').select(['storage_key', 'size']).execute();

    const { folder, manifest } = await makeBackup(
      settingsOf(t),
      t.database,
      into,
      new Date(Date.now() + 120_000),
    );
    expect(manifest.files).toEqual({
      kind: 's3',
      bucket: s3.bucket,
      listing: 'bucket-listing.jsonl',
      count: 2,
      bytes: 'first document'.length + 'the second, longer document'.length,
    });
    const listed = fs
      .readFileSync(path.join(folder, 'bucket-listing.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { key: string; size: number; etag: string; lastModified: string });
    expect(listed.map((object) => [object.key, object.size]).sort()).toEqual(
      keys.map((row) => [row.storage_key, row.size]).sort(),
    );
    for (const object of listed) {
      expect(object.etag).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(object.lastModified))).toBe(false);
    }
    // No copy of the files is made: the bucket keeps them.
    expect(fs.existsSync(path.join(folder, 'files'))).toBe(false);
  });

  it('is readable by its user alone, whatever the umask, and makes earlier backups so too', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const member = await signedInMember(t, 'private@example.com', 'quiet harbor lamp 10');
    expect((await upload(t, member, 'mine.txt', 'mine alone')).statusCode).toBe(201);

    // Into folders that do not exist yet: each one made is 0700.
    const fresh = path.join(into, 'fresh', 'nightly');
    const { folder } = await withOpenUmask(() =>
      makeBackup(settingsOf(t), t.database, fresh, new Date(Date.now() + 180_000)),
    );
    expect(fs.statSync(path.join(into, 'fresh')).mode & 0o777).toBe(0o700);
    const made = modes(fresh);
    const files = Object.keys(made).filter((name) => fs.statSync(path.join(fresh, name)).isFile());
    expect(files).toEqual(
      expect.arrayContaining([
        path.join(path.basename(folder), 'manifest.json'),
        path.join(path.basename(folder), t.database.dialect === 'sqlite' ? 'mygenie.db' : 'mygenie.dump'),
      ]),
    );
    if (!t.config.s3) expect(files.some((name) => name.includes(`${path.sep}files${path.sep}`))).toBe(true);
    for (const [name, mode] of Object.entries(made)) {
      expect([name, mode]).toEqual([name, files.includes(name) ? 0o600 : 0o700]);
    }

    // Into a folder that was there (left as it is), beside a backup an earlier release made readable by all.
    const shared = path.join(into, 'shared');
    const earlier = path.join(shared, 'mygenie-backup-2020-01-01T00-00-00-000Z');
    fs.mkdirSync(path.join(earlier, 'files'), { recursive: true });
    fs.writeFileSync(path.join(earlier, 'manifest.json'), '{}');
    fs.writeFileSync(path.join(earlier, 'files', 'old.txt'), 'old');
    for (const folder of [shared, earlier, path.join(earlier, 'files')]) fs.chmodSync(folder, 0o755);
    fs.chmodSync(path.join(earlier, 'manifest.json'), 0o644);
    fs.chmodSync(path.join(earlier, 'files', 'old.txt'), 0o644);
    const next = await withOpenUmask(() =>
      makeBackup(settingsOf(t), t.database, shared, new Date(Date.now() + 240_000)),
    );
    expect(next.tightened).toBe(1);
    expect(fs.statSync(shared).mode & 0o777).toBe(0o755);
    expect(modes(earlier)).toEqual({
      '.': 0o700,
      files: 0o700,
      [path.join('files', 'old.txt')]: 0o600,
      'manifest.json': 0o600,
    });
    expect(modes(next.folder)['.']).toBe(0o700);
  });

  it('refuses to restore while a server holds the data, touching nothing', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const member = await signedInMember(t, 'still-here@example.com', 'quiet harbor lamp 11');
    const { folder } = await makeBackup(settingsOf(t), t.database, into, new Date(Date.now() + 300_000));
    await signedInMember(t, 'after-that@example.com', 'quiet harbor lamp 12');
    const listing = () => fs.readdirSync(t.config.dataDir).sort();
    const before = listing();

    // What main.ts takes when the server starts.
    const server = await holdData(settingsOf(t), { warn: () => undefined });
    try {
      const refused = restoreBackup(settingsOf(t), folder);
      await expect(refused).rejects.toThrow(DataInUse);
      await expect(refused).rejects.toThrow(
        new RegExp(`^A MyGenie server is running on this data \\(pid ${process.pid}\\b.*: stop it first\\.$`),
      );
    } finally {
      await server.release();
    }
    expect(listing().filter((name) => name.includes('before-restore'))).toEqual([]);
    // The lock's own folder aside (made on SQLite by whoever holds the data first).
    const unlocked = (names: string[]) => names.filter((name) => name !== 'mygenie.db.lock');
    expect(unlocked(listing())).toEqual(unlocked(before));
    // The member who signed up after the backup is still there: nothing was put back.
    const later = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'after-that@example.com', password: 'quiet harbor lamp 12' },
    });
    expect(later.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: member })).json()).toMatchObject({
      user: { email: 'still-here@example.com' },
    });
  });
});
