// The real server process: starts with no configuration, refuses a bad one, and stops cleanly on SIGTERM
// after finishing the request in flight. Beside it, the commands: a backup while it runs, a restore refused until
// it stops, and the admin command's changes reaching it at once.
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort, waitUntilUp } from '../../scripts/net.mjs';
import { PG_URL, mailedToken, pgSchema, postgresReachable } from '../../bench/lib/server.mjs';
import { writeVersion } from '../../scripts/version.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// A build of its own inside the project (so node_modules resolve), apart from dist/ which the browser tests use.
const outDir = path.join(root, '.test-data', `server-${process.pid}`);
const entry = path.join(outDir, 'server/main.js');
const children: ChildProcess[] = [];
const postgres = await postgresReachable();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = await redisReachable();

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** What this build reports (`npm run build` writes it beside the compiled server, as here). */
let built: { version: string; commit: string | null };

beforeAll(() => {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json', '--outDir', outDir],
    { cwd: root },
  );
  built = writeVersion(outDir, root);
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

const runFile = promisify(execFile);

/** A command of the build (`backup-cli.js`, `admin-cli.js`), run without holding this process's event loop. */
function command(cli: string, args: string[], env: Record<string, string>) {
  return runFile(process.execPath, [path.join(outDir, 'server', cli), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  }).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: { code?: number; stdout: string; stderr: string }) => ({
      status: error.code ?? -1,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

const PASSWORD = 'long enough pw 1';

/** A server of the build on a data folder (and a PostgreSQL schema) of its own, at 127.0.0.1. */
async function site(name: string, extra: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
  const schema = extra.DATABASE_URL === 'schema' ? await pgSchema(name) : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const settings = { DATA_DIR: dataDir, ...extra, ...(schema ? { DATABASE_URL: schema.url } : {}) };
  const env = { ...settings, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base };
  const post = (route: string, body: unknown, cookie = '') =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  return {
    dataDir,
    base,
    /** What a command beside the server is given: the same settings. */
    settings,
    start: async () => {
      const server = start(env);
      await waitForHealth(port);
      return server;
    },
    post,
    login: (email: string) => post('/api/auth/login', { email, password: PASSWORD, idleMinutes: 0 }),
    /** Signs a member up, verifies the address and signs in; answers the browser's cookies. */
    async member(email: string): Promise<string> {
      expect((await post('/api/auth/signup', { email, password: PASSWORD, lang: 'en' })).status).toBe(201);
      const verified = await post('/api/auth/verify-email', {
        token: await mailedToken(dataDir, email),
        password: PASSWORD,
      });
      expect(verified.status).toBe(200);
      // The same browser signs in: its device secret from the verification comes along.
      const device = /mg_device=[^;]+/.exec(verified.headers.getSetCookie().join('; '))?.[0] ?? '';
      const login = await post('/api/auth/login', { email, password: PASSWORD, idleMinutes: 0 }, device);
      const cookies = login.headers.getSetCookie().join('; ');
      const session = /mg_session=[^;]+/.exec(cookies)?.[0];
      expect(session, `login answered ${login.status}`).toBeTruthy();
      return [session, /mg_device=[^;]+/.exec(cookies)?.[0] ?? device].filter(Boolean).join('; ');
    },
    async session(cookie: string) {
      const answer = await fetch(`${base}/api/session`, { headers: { cookie } });
      return ((await answer.json()) as { user: { email: string; isAdmin: boolean } | null }).user;
    },
    async remove() {
      await fs.rm(dataDir, { recursive: true, force: true });
      await schema?.drop();
    },
  };
}

/**
 * The backup command while the server runs; then a restore, refused while the server holds the data (nothing
 * changes), and done once it is stopped.
 */
async function backupThenRestore(database: 'sqlite' | 'postgres') {
  const here = await site('restore', database === 'postgres' ? { DATABASE_URL: 'schema' } : {});
  const into = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-backups-'));
  try {
    let server = await here.start();
    await here.member('kept@example.com');
    const made = await command('backup-cli.js', [into], here.settings);
    expect(made.stdout).toMatch(
      /^Backed up 1 members' accounts and 0 files \(0 bytes\) into .*mygenie-backup-/,
    );
    const [folder] = await fs.readdir(into);
    const backup = path.join(into, folder!);
    expect(JSON.parse(await fs.readFile(path.join(backup, 'manifest.json'), 'utf8'))).toMatchObject({
      database:
        database === 'sqlite'
          ? { dialect: 'sqlite', file: 'mygenie.db' }
          : {
              dialect: 'postgres',
              file: 'mygenie.dump',
              // The pg_dump that wrote it, which a restore's pg_restore must be as new as.
              dumpedWith: execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }).trim(),
            },
    });
    // Readable by this user alone.
    expect((await fs.stat(backup)).mode & 0o777).toBe(0o700);
    for (const name of await fs.readdir(backup)) {
      expect([name, (await fs.stat(path.join(backup, name))).mode & 0o777]).toEqual([name, 0o600]);
    }
    await here.member('later@example.com');

    // Without --yes nothing is replaced: the usage, and exit code 2.
    const unsure = await command('backup-cli.js', ['--restore', backup], here.settings);
    expect(unsure.status).toBe(2);
    expect(unsure.stderr).toContain('stop the server, then add --yes');

    // With --yes while the server runs: refused, naming the server, and nothing changes.
    const refused = await command('backup-cli.js', ['--restore', backup, '--yes'], here.settings);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^A MyGenie server is running on this data \\(pid ${server.child.pid}\\b[^)]*\\): stop it first\\. Nothing was restored\\.$`,
      ),
    );
    expect((await fs.readdir(here.dataDir)).filter((name) => name.includes('before-restore'))).toEqual([]);
    expect((await here.login('later@example.com')).status).toBe(200);

    // Stopped, the server lets go of its data, and the restore puts the backup back.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const restored = await command('backup-cli.js', ['--restore', backup, '--yes'], here.settings);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('Restored the backup of');
    server = await here.start();
    expect((await here.login('kept@example.com')).status).toBe(200);
    expect((await here.login('later@example.com')).status).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  } finally {
    await here.remove();
    await fs.rm(into, { recursive: true, force: true });
  }
}

/**
 * The admin command's changes reach the running server at once: ending a member's sessions closes their open
 * event stream (which would otherwise end at its 15-second safety poll) and refuses the session; an admin made is
 * seen on the next request (where the server would otherwise remember the session for 5 seconds).
 */
async function adminTellsTheServer(extra: Record<string, string>) {
  const here = await site('admin', extra);
  try {
    await here.start();
    const roamer = await here.member('roamer@example.com');
    const helper = await here.member('helper@example.com');

    const events = await fetch(`${here.base}/api/events`, { headers: { cookie: roamer } });
    expect(events.status).toBe(200);
    let stream = '';
    let ended = false;
    void (async () => {
      const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) stream += read.value;
    })()
      .catch(() => undefined)
      .finally(() => (ended = true));
    await expect.poll(() => stream).toContain('retry: 3000');
    expect(await here.session(roamer)).toMatchObject({ email: 'roamer@example.com' });

    const endedSessions = await command(
      'admin-cli.js',
      ['end-sessions', 'roamer@example.com'],
      here.settings,
    );
    expect(endedSessions.stderr).toBe('');
    expect(endedSessions.stdout.trim()).toMatch(/^Ended \d+ sessions? of roamer@example\.com\.$/);
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
    expect(stream).toContain('event: signed-out');
    expect(await here.session(roamer)).toBeNull();

    // Checked now, so the server remembers it as it is.
    expect(await here.session(helper)).toMatchObject({ isAdmin: false });
    const made = await command('admin-cli.js', ['make-admin', 'helper@example.com'], here.settings);
    expect(made.stdout.trim()).toBe('helper@example.com is an admin now.');
    await expect.poll(() => here.session(helper), { timeout: 2000 }).toMatchObject({ isAdmin: true });
    const unmade = await command('admin-cli.js', ['remove-admin', 'helper@example.com'], here.settings);
    expect(unmade.stdout.trim()).toBe('helper@example.com is no longer an admin.');
    await expect.poll(() => here.session(helper), { timeout: 2000 }).toMatchObject({ isAdmin: false });
  } finally {
    await here.remove();
  }
}

describe('the server process', () => {
  it('says at start which version and commit run, on which database, and the migrations it applied', async () => {
    const migrations = (await fs.readdir(path.join(root, 'src/server/db/migrations')))
      .filter((file) => /^\d{13}-\w+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
    const migrated = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-proc-'));
    try {
      const port = await freePort();
      const server = start({ PORT: String(port), DATA_DIR: fresh, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
      await waitForHealth(port);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(((await health.json()) as { version: unknown }).version).toEqual(built);
      expect(built.commit).toMatch(/^[0-9a-f]{7,}$/);
      const said = () =>
        server
          .output()
          .split('\n')
          .flatMap((line) => {
            try {
              return [(JSON.parse(line) as { msg: string }).msg];
            } catch {
              return [];
            }
          })
          .filter((message) => message.startsWith('MyGenie '));
      await expect.poll(said).toContain(`MyGenie is serving http://localhost:${port} (SQLite in ${fresh})`);
      expect(said()[0]).toBe(
        `MyGenie ${built.version} (commit ${built.commit}) on SQLite; migrations applied at this start: ${migrations.join(', ')}`,
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // `npm run migrate` says the same: nothing more to do here, everything on a database it makes.
      const again = await command('migrate.js', [], { DATA_DIR: fresh });
      expect(again.stdout).toContain(`Applied now: none, already at ${migrations.at(-1)}.`);
      const first = await command('migrate.js', [], { DATA_DIR: migrated });
      expect(first.stdout).toContain(
        `is at the current schema: ${migrations.length} migrations, the last ${migrations.at(-1)}.\nApplied now: ${migrations.join(', ')}.`,
      );
    } finally {
      await fs.rm(fresh, { recursive: true, force: true });
      await fs.rm(migrated, { recursive: true, force: true });
    }
  });

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

  it('prints no password with a slash in it, neither at start nor from npm run migrate (issue 43)', async () => {
    const closed = await freePort();
    const env = { DATABASE_URL: `postgres://genie:Sec/ret1@127.0.0.1:${closed}/mygenie` };
    const server = start(env);
    expect(await server.exited).toBe(1);
    // Read as a URL, the password's slash ends the host: refused as a setting, and shown without its secret.
    expect(server.output()).toContain('DATABASE_URL');
    const migrated = await command('migrate.js', [], env);
    expect(migrated.status).toBe(1);
    expect(migrated.stderr).toContain('MyGenie could not migrate the database');
    for (const output of [server.output(), migrated.stdout + migrated.stderr]) {
      expect(output).not.toContain('Sec/ret1');
      expect(output).not.toContain('ret1@');
    }
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

  it('backs up with npm run backup while the server runs, and restores only when told to and it stopped', () =>
    backupThenRestore('sqlite'));

  it.skipIf(!postgres)(
    'backs up PostgreSQL while the server runs, and restores only once it stopped',
    () => backupThenRestore('postgres'),
    90_000,
  );

  it.skipIf(!postgres)(
    'says what to install when pg_dump is missing or older than the server, and makes no backup',
    async () => {
      const here = await site('pgclient', { DATABASE_URL: 'schema' });
      const into = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-backups-'));
      const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-bin-'));
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        const server = String(
          (await client.query<{ version: string }>(`select current_setting('server_version') as version`))
            .rows[0]!.version,
        ).split(' ')[0]!;
        const major = Number(server.split('.')[0]);
        // No pg_dump on the PATH the command is given.
        const missing = await command('backup-cli.js', [into], { ...here.settings, PATH: bin });
        expect(missing.status).toBe(1);
        expect(missing.stderr.trim()).toBe(
          'MyGenie could not complete the backup: pg_dump was not found on this machine (PATH), and backing up ' +
            `PostgreSQL runs it. Install PostgreSQL's client programs, version ${major} or later (on Debian or ` +
            `Ubuntu the package postgresql-client-${major}, from PostgreSQL's apt repository apt.postgresql.org); ` +
            'the MyGenie image has them.',
        );
        // A pg_dump one major older than the server.
        await fs.writeFile(
          path.join(bin, 'pg_dump'),
          `#!/bin/sh\necho "pg_dump (PostgreSQL) ${major - 1}.9"\n`,
          { mode: 0o755 },
        );
        const older = await command('backup-cli.js', [into], { ...here.settings, PATH: bin });
        expect(older.status).toBe(1);
        expect(older.stderr).toContain(
          `pg_dump here is version ${major - 1} (pg_dump (PostgreSQL) ${major - 1}.9), older than the PostgreSQL ` +
            `server it backs up (${server}): pg_dump reads only servers of its own major version or older. ` +
            `Install PostgreSQL's client programs, version ${major} or later`,
        );
        expect(await fs.readdir(into)).toEqual([]);
      } finally {
        await client.end();
        await here.remove();
        await fs.rm(into, { recursive: true, force: true });
        await fs.rm(bin, { recursive: true, force: true });
      }
    },
  );

  it("tells the running server the admin command's changes at once (SQLite)", () => adminTellsTheServer({}));

  it.skipIf(!postgres)("tells the running servers the admin command's changes at once (PostgreSQL)", () =>
    adminTellsTheServer({ DATABASE_URL: 'schema' }),
  );

  it.skipIf(!redis)("tells the running servers the admin command's changes at once (Redis)", () =>
    adminTellsTheServer({
      REDIS_URL,
      REDIS_PREFIX: `test-${crypto.randomBytes(5).toString('hex')}:`,
    }),
  );

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
