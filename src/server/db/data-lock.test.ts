// The data lock (data-lock.ts): servers share it, a restore needs it alone and is refused while a server holds it,
// a server starting during a restore waits for it, a holder whose process is gone is taken over, and on SQLite a
// command tells the servers news through it. On SQLite, and on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testSchemaName } from '../../../scripts/pg-schemas.mjs';
import { DataInUse, holdData, holdDataForRestore, tellDataHolders, type DataHold } from './data-lock.js';

const url = process.env.DATABASE_URL;
const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function dataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-lock-'));
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Released at the end of the file whatever happens; releasing twice is harmless. */
function kept(hold: DataHold): DataHold {
  cleanups.push(() => hold.release());
  return hold;
}

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

const quiet = { warn: () => undefined };

describe.skipIf(url)('the data lock on SQLite', () => {
  it('refuses a restore while a server holds the data, naming it, and lets it once the server let go', async () => {
    const settings = { dataDir: dataDir(), databaseUrl: undefined };
    const server = kept(await holdData(settings, quiet));
    const refusal = holdDataForRestore(settings);
    await expect(refusal).rejects.toThrow(DataInUse);
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `^A MyGenie server is running on this data \\(pid ${process.pid}, since [^)]+\\): stop it first\\.$`,
      ),
    );
    // Only its user may see who holds the data, or tell a server anything.
    const folder = path.join(settings.dataDir, 'mygenie.db.lock');
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    await server.release();
    expect(fs.readdirSync(folder)).toEqual([]);
    const restore = await holdDataForRestore(settings);
    // Another restore meanwhile is refused too.
    await expect(holdDataForRestore(settings)).rejects.toThrow(/^Another restore \(pid \d+/);
    await restore.release();
  });

  it('makes a server that starts during a restore wait until the restore is done', async () => {
    const settings = { dataDir: dataDir(), databaseUrl: undefined };
    const restore = kept(await holdDataForRestore(settings));
    const warnings: string[] = [];
    const starting = holdData(settings, { warn: (message) => warnings.push(message) });
    await expect
      .poll(() => warnings)
      .toEqual([
        expect.stringMatching(/^Waiting for a restore \(pid \d+, since [^)]+\) to put a backup in place/),
      ]);
    await restore.release();
    const server = kept(await starting);
    await expect(holdDataForRestore(settings)).rejects.toThrow(/A MyGenie server is running on this data/);
    await server.release();
  });

  it('takes over from a server or a restore whose process is gone', async () => {
    const settings = { dataDir: dataDir(), databaseUrl: undefined };
    const folder = path.join(settings.dataDir, 'mygenie.db.lock');
    fs.mkdirSync(folder, { recursive: true });
    const gone = (pid: number) =>
      JSON.stringify({
        pid,
        host: os.hostname(),
        startedAt: '2026-01-01T00:00:00.000Z',
        since: null,
        socket: null,
      });
    // A server killed with SIGKILL, and a restore that never finished, left their files behind.
    const killed = endedPid();
    fs.writeFileSync(path.join(folder, `server-gone-${killed}.json`), gone(killed));
    fs.writeFileSync(path.join(folder, 'restore.json'), gone(endedPid()));
    const warnings: string[] = [];
    const server = kept(await holdData(settings, { warn: (message) => warnings.push(message) }));
    expect(warnings).toEqual([]);
    await server.release();
    const crashed = endedPid();
    fs.writeFileSync(path.join(folder, `server-gone-${crashed}.json`), gone(crashed));
    const restore = await holdDataForRestore(settings);
    await restore.release();
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('carries news from a command to every server holding the data, at once', async () => {
    const settings = { dataDir: dataDir(), databaseUrl: undefined };
    expect(await tellDataHolders(settings.dataDir, ['devices:nobody'])).toEqual({ told: 0, missed: [] });
    const heard: string[] = [];
    const server = kept(await holdData(settings, { ...quiet, hear: (topic) => heard.push(topic) }));
    expect(await tellDataHolders(settings.dataDir, ['devices:one', 'devices:two'])).toEqual({
      told: 1,
      missed: [],
    });
    expect(heard).toEqual(['devices:one', 'devices:two']);
    const socket = fs
      .readdirSync(path.join(settings.dataDir, 'mygenie.db.lock'))
      .find((name) => name.endsWith('.sock'));
    expect(fs.statSync(path.join(settings.dataDir, 'mygenie.db.lock', socket!)).mode & 0o777).toBe(0o600);
    await server.release();
    expect(await tellDataHolders(settings.dataDir, ['devices:one'])).toEqual({ told: 0, missed: [] });
    expect(heard).toHaveLength(2);
  });
});

describe.skipIf(!url)('the data lock on PostgreSQL', () => {
  /** A database URL whose search_path is a schema of its own, as a server of one site has. */
  async function site(): Promise<{ dataDir: string; databaseUrl: string }> {
    const schema = testSchemaName('lock');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });
    const databaseUrl = new URL(url!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    return { dataDir: dataDir(), databaseUrl: databaseUrl.toString() };
  }

  it('is shared by servers, refuses a restore while one holds it, naming it, and lets it once they let go', async () => {
    const settings = await site();
    const first = kept(await holdData(settings, quiet));
    const second = kept(await holdData(settings, quiet));
    await expect(holdDataForRestore(settings)).rejects.toThrow(
      new RegExp(
        `^MyGenie servers are running on this data \\(pid ${process.pid} on [^;]+; pid ${process.pid} on .+\\): stop them first\\.$`,
      ),
    );
    await first.release();
    await expect(holdDataForRestore(settings)).rejects.toThrow(
      new RegExp(
        `^A MyGenie server is running on this data \\(pid ${process.pid} on .+\\): stop it first\\.$`,
      ),
    );
    await second.release();
    const restore = await holdDataForRestore(settings);
    await expect(holdDataForRestore(settings)).rejects.toThrow(/^Another restore/);
    await restore.release();
  });

  it('makes a server that starts during a restore wait, and keeps sites on other schemas apart', async () => {
    const settings = await site();
    const other = await site();
    const restore = kept(await holdDataForRestore(settings));
    const elsewhere = kept(await holdData(other, quiet));
    const warnings: string[] = [];
    const starting = holdData(settings, { warn: (message) => warnings.push(message) });
    await expect.poll(() => warnings).toEqual([expect.stringMatching(/^Waiting for a restore/)]);
    await restore.release();
    const server = kept(await starting);
    await expect(holdDataForRestore(settings)).rejects.toThrow(DataInUse);
    await server.release();
    await elsewhere.release();
  });
});
