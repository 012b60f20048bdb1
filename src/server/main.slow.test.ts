// The real server process: starts with no configuration, refuses a bad one, and stops cleanly on SIGTERM
// after finishing the request in flight.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort, waitUntilUp } from '../../scripts/net.mjs';
import { PG_URL, pgSchema, postgresReachable } from '../../bench/lib/server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// A build of its own inside the project (so node_modules resolve), apart from dist/ which the browser tests use.
const outDir = path.join(root, '.test-data', `server-${process.pid}`);
const entry = path.join(outDir, 'server/main.js');
const children: ChildProcess[] = [];
const postgres = await postgresReachable();

beforeAll(() => {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json', '--outDir', outDir],
    { cwd: root },
  );
}, 120_000);

afterAll(async () => {
  await fs.rm(outDir, { recursive: true, force: true });
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function waitForHealth(port: number): Promise<void> {
  return waitUntilUp(`http://127.0.0.1:${port}/api/health`);
}

describe('the server process', () => {
  it('refuses to start on a bad value, naming it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number between 1 and 65535 (got "eighty")');
  });

  it('never prints the password of a URL it refuses', async () => {
    const server = start({ DATABASE_URL: 'mysql://admin:S3cretPw@db/x' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'DATABASE_URL must be a postgres:// URL (got "mysql://admin:***@db/x")',
    );
    expect(server.output()).not.toContain('S3cretPw');
  });

  it('says which service it cannot reach, where, and what to check: PostgreSQL, then Redis', async () => {
    const closed = await freePort();
    const database = start({ DATABASE_URL: `postgres://genie:S3cretPw@127.0.0.1:${closed}/mygenie` });
    expect(await database.exited).toBe(1);
    expect(database.output()).toContain(
      `PostgreSQL at genie@127.0.0.1:${closed}/mygenie (DATABASE_URL) could not be reached: nothing accepted the connection there. Is PostgreSQL running`,
    );
    expect(database.output()).not.toContain('S3cretPw');

    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
    const redis = start({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      REDIS_URL: `redis://:S3cretPw@127.0.0.1:${closed}`,
    });
    expect(await redis.exited).toBe(1);
    expect(redis.output()).toContain(`Redis at 127.0.0.1:${closed} (REDIS_URL) could not be reached`);
    expect(redis.output()).not.toContain('S3cretPw');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!postgres)(
    'answers 503 "starting" while its migrations wait, then serves',
    async () => {
      // Kysely's migrations take this advisory lock first: held here, they wait as they would on a long migration.
      const holder = new pg.Client({ connectionString: PG_URL });
      await holder.connect();
      const schema = await pgSchema('starting');
      const port = await freePort();
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
      try {
        await holder.query('select pg_advisory_lock(3853314791062309107)');
        const server = start({ DATABASE_URL: schema.url, PORT: String(port), DATA_DIR: dataDir });
        let answer: Response | null = null;
        for (let attempt = 0; attempt < 200 && !answer; attempt++) {
          answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          if (!answer) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(answer?.status).toBe(503);
        expect(answer?.headers.get('retry-after')).toBe('5');
        expect(await answer?.json()).toMatchObject({
          status: 'starting',
          error: { code: 'server/unavailable' },
        });
        await holder.query('select pg_advisory_unlock(3853314791062309107)');
        await waitForHealth(port);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        await holder.end();
        await schema.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('backs up with npm run backup while the server runs, and restores only when told to', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
    const into = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-backups-'));
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitForHealth(port);
      const cli = path.join(outDir, 'server/backup-cli.js');
      const env = { PATH: process.env.PATH, DATA_DIR: dataDir };
      const made = execFileSync(process.execPath, [cli, into], { cwd: root, env, encoding: 'utf8' });
      expect(made).toMatch(/^Backed up 0 members' accounts and 0 files \(0 bytes\) into .*mygenie-backup-/);
      const [folder] = await fs.readdir(into);
      expect(JSON.parse(await fs.readFile(path.join(into, folder!, 'manifest.json'), 'utf8'))).toMatchObject({
        database: { dialect: 'sqlite', file: 'mygenie.db' },
      });
      // Without --yes nothing is replaced: the usage, and exit code 2.
      const refused = spawnSync(process.execPath, [cli, '--restore', path.join(into, folder!)], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('stop the server, then add --yes');
    } finally {
      server.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(into, { recursive: true, force: true });
    }
  });

  it('runs npm run admin beside the server: usage, a refusal by name, and deletion only when told to', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAILS: 'owner@example.com' });
    try {
      await waitForHealth(port);
      const admin = (...args: string[]) =>
        spawnSync(process.execPath, [path.join(outDir, 'server/admin-cli.js'), ...args], {
          cwd: root,
          env: { PATH: process.env.PATH, DATA_DIR: dataDir, ADMIN_EMAILS: 'owner@example.com' },
          encoding: 'utf8',
        });
      const usage = admin('usage');
      expect(usage.status).toBe(0);
      expect(usage.stdout).toContain('Members: 0 verified, 0 not verified yet; 0 signed in now.');
      expect(usage.stdout).toContain('Admins: none (set ADMIN_EMAILS or run make-admin).');
      const unknown = admin('make-admin', 'ghost@example.com');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr.trim()).toBe('No account has the address ghost@example.com.');
      const unsure = admin('delete-account', 'ghost@example.com');
      expect(unsure.status).toBe(2);
      expect(unsure.stderr).toContain('add --yes');
      const help = admin();
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('npm run admin -- end-sessions <email>');
      expect(admin('promote', 'x@example.com').stderr).toContain('Unknown command promote.');
    } finally {
      server.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('finishes the request in flight on SIGTERM, closes the database and exits 0', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
    const port = await freePort();
    const server = start({
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await waitForHealth(port);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'inflight@example.com', password: 'long enough pw', lang: 'en' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    // It stops taking new connections at once, while the request in flight goes on.
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused');
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(await server.exited).toBe(0);

    // The acknowledged sign-up is in the database, and the mail in the outbox.
    const restarted = start({
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await waitForHealth(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: 'inflight@example.com', password: 'long enough pw' }),
    });
    expect(((await login.json()) as { error: { code: string } }).error.code).toBe('auth/email-not-verified');
    expect(
      (await fs.readdir(path.join(dataDir, 'outbox'))).filter((name) => name.endsWith('.eml')),
    ).toHaveLength(1);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
