// Faults: the server killed with SIGKILL in the middle of concurrent writes loses no write it acknowledged and
// comes back (SQLite and PostgreSQL); PostgreSQL restarted under load makes the server answer 503 with a code
// meanwhile, never crash, and recover by itself; S3 unreachable gives a clear error and no row without its file.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedToken, PASSWORD, pgSchema, postgresReachable } from '../bench/lib/server.mjs';
import { startS3Server } from '../src/server/test/s3-server.js';
import { freePort } from '../scripts/net.mjs';
import { startBuiltServer } from '../scripts/server.mjs';
import { catalog } from '../src/shared/i18n/index.js';

type Server = Awaited<ReturnType<typeof startBuiltServer>>;
const sha = (bytes: Buffer | Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

function api(server: Server) {
  const headers = (cookie?: string, type = 'application/json') => ({
    origin: server.url,
    'content-type': type,
    ...(cookie ? { cookie } : {}),
  });
  return {
    post: (route: string, body: unknown, cookie?: string) =>
      fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: headers(cookie),
        body: JSON.stringify(body),
      }),
    put: (route: string, bytes: Buffer, cookie: string) =>
      fetch(`${server.url}${route}`, {
        method: 'PUT',
        headers: headers(cookie, 'application/octet-stream'),
        body: new Uint8Array(bytes),
      }),
    get: (route: string, cookie?: string) => fetch(`${server.url}${route}`, { headers: headers(cookie) }),
  };
}

/** Signs up, verifies (the outbox in dataDir) and logs in; gives the cookie. */
async function member(server: Server, dataDir: string, email: string): Promise<string> {
  const call = api(server);
  expect((await call.post('/api/auth/signup', { email, password: PASSWORD, lang: 'en' })).status).toBe(201);
  const token = await mailedToken(dataDir, email);
  expect((await call.post('/api/auth/verify-email', { token, password: PASSWORD })).status).toBe(200);
  const login = await call.post('/api/auth/login', { email, password: PASSWORD });
  const cookie = /mg_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`login answered ${login.status}`);
  return cookie;
}

const postgres = await postgresReachable();

describe.each([
  { database: 'sqlite' as const, skip: false },
  { database: 'postgres' as const, skip: !postgres },
])('the server killed with SIGKILL during writes ($database)', ({ database, skip }) => {
  it.skipIf(skip)(
    'keeps every write it acknowledged, and comes back',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-kill-'));
      const schema = database === 'postgres' ? await pgSchema('fault') : undefined;
      const env = { ADMIN_EMAILS: 'admin@kill.example', ...(schema ? { DATABASE_URL: schema.url } : {}) };
      let server = await startBuiltServer({ dataDir, env, stdio: 'ignore' });
      try {
        const adminCookie = await member(server, dataDir, 'admin@kill.example');
        const memberCookie = await member(server, dataDir, 'member@kill.example');
        const call = api(server);
        const acknowledged = {
          signups: [] as string[],
          notices: [] as string[],
          files: [] as { id: string; sha: string }[],
          documents: [] as { id: string; sha: string }[],
        };
        let writing = true;
        const writer = async (write: (n: number) => Promise<void>) => {
          for (let n = 0; writing; n++) {
            try {
              await write(n);
            } catch {
              // The connection died with the server: not acknowledged.
            }
          }
        };
        const writers = [0, 1, 2].flatMap((lane) => [
          writer(async (n) => {
            const email = `writer-${lane}-${n}@kill.example`;
            const answer = await call.post('/api/auth/signup', { email, password: PASSWORD, lang: 'ko' });
            if (answer.status === 201) acknowledged.signups.push(email);
          }),
          writer(async (n) => {
            const title = `notice ${lane}-${n}`;
            const answer = await call.post(
              '/api/notices',
              { lang: 'ko', title, content: 'body' },
              adminCookie,
            );
            if (answer.status === 201) acknowledged.notices.push(title);
            // The list shows the newest 200: stay well below.
            await new Promise((resolve) => setTimeout(resolve, 40));
          }),
          writer(async (n) => {
            const bytes = crypto.randomBytes(64 * 1024 + n);
            const answer = await call.put(
              `/api/files?filename=file-${lane}-${n}.zip&name=f&description=d&version=1&category=document`,
              bytes,
              adminCookie,
            );
            if (answer.status === 201) {
              acknowledged.files.push({
                id: ((await answer.json()) as { file: { id: string } }).file.id,
                sha: sha(bytes),
              });
            }
          }),
          writer(async (n) => {
            const bytes = crypto.randomBytes(32 * 1024 + n);
            const answer = await call.put(`/api/documents?name=doc-${lane}-${n}.pdf`, bytes, memberCookie);
            if (answer.status === 201) {
              acknowledged.documents.push({
                id: ((await answer.json()) as { document: { id: string } }).document.id,
                sha: sha(bytes),
              });
            }
          }),
        ]);
        // Killed once every kind of write has been acknowledged, so some of each are in flight at the kill.
        await expect
          .poll(() => Object.values(acknowledged).every((list) => list.length >= 2), { timeout: 60_000 })
          .toBe(true);
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGKILL');
        await exited;
        writing = false;
        await Promise.all(writers);
        for (const list of Object.values(acknowledged)) expect(list.length).toBeGreaterThan(0);

        server = await startBuiltServer({ dataDir, env, stdio: 'ignore' });
        const after = api(server);
        // Sessions survive too: the same cookies still work.
        for (const email of acknowledged.signups) {
          const answer = await after.post('/api/auth/login', { email, password: PASSWORD });
          expect((await answer.json()).error?.code, email).toBe('auth/email-not-verified');
        }
        const notices = (await (await after.get('/api/notices?lang=ko')).json()) as {
          notices: { title: string }[];
        };
        const titles = new Set(notices.notices.map((notice) => notice.title));
        for (const title of acknowledged.notices) expect(titles.has(title), title).toBe(true);
        for (const file of acknowledged.files) {
          const download = await after.get(`/api/files/${file.id}/download`, memberCookie);
          expect(download.status, file.id).toBe(200);
          expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(file.sha);
        }
        for (const document of acknowledged.documents) {
          const download = await after.get(`/api/documents/${document.id}/download`, memberCookie);
          expect(download.status, document.id).toBe(200);
          expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(document.sha);
        }
        // And it takes new writes.
        expect(
          (await after.post('/api/notices', { lang: 'ko', title: 'after', content: 'x' }, adminCookie))
            .status,
        ).toBe(201);
      } finally {
        await server.stop();
        await schema?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

// A PostgreSQL cluster of the test's own, so restarting it disturbs nothing else.
const PG_BIN = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      .find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')))
  : undefined;
const asPostgres = (command: string, args: string[]) => {
  const run =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN ?? '', command), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(path.join(PG_BIN ?? '', command), args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr || run.stdout}`);
};
const ownCluster =
  Boolean(PG_BIN) && (process.getuid?.() !== 0 || spawnSync('id', ['postgres']).status === 0);

describe.skipIf(!ownCluster)('PostgreSQL restarted under load', () => {
  let dir: string;
  let port: number;
  // -l: the server's output goes to a file (held open, a pipe would keep pg_ctl's caller waiting).
  const startCluster = () =>
    asPostgres('pg_ctl', [
      '-D',
      path.join(dir, 'data'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      'start',
    ]);
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-pg-'));
    fs.chmodSync(dir, 0o777);
    const data = path.join(dir, 'data');
    port = await freePort();
    asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    startCluster();
  }, 60_000);
  afterAll(() => {
    if (dir) {
      try {
        asPostgres('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 with a code while it is down, never crashes, and recovers by itself', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-pgdown-'));
    const server = await startBuiltServer({
      dataDir,
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      stdio: 'ignore',
    });
    try {
      const cookie = await member(server, dataDir, 'load@pgdown.example');
      const call = api(server);
      const seen = new Map<string, number>();
      let running = true;
      const load = Promise.all(
        Array.from({ length: 8 }, async () => {
          while (running) {
            const answer = await call.get('/api/files', cookie);
            const body = (await answer.json()) as { error?: { code: string } };
            const key = answer.status === 200 ? '200' : `${answer.status} ${body.error?.code}`;
            seen.set(key, (seen.get(key) ?? 0) + 1);
          }
        }),
      );
      // Stopped under load, and started again once the server has answered the requests meanwhile "unavailable".
      await expect.poll(() => seen.get('200') ?? 0).toBeGreaterThan(20);
      asPostgres('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      await expect
        .poll(() => seen.get('503 server/unavailable') ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(8)
        .catch((error: unknown) => {
          throw new Error(`${String(error)}; the answers so far: ${JSON.stringify([...seen])}`);
        });
      startCluster();
      // Back by itself: answers 200 again within a few seconds.
      const deadline = Date.now() + 15_000;
      let recovered = false;
      while (!recovered && Date.now() < deadline) {
        recovered = (await call.get('/api/files', cookie)).status === 200;
        if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      running = false;
      await load;
      expect(recovered).toBe(true);
      expect(server.child.exitCode).toBeNull();
      expect(seen.get('503 server/unavailable') ?? 0).toBeGreaterThan(0);
      expect([...seen.keys()].filter((key) => key !== '200' && key !== '503 server/unavailable')).toEqual([]);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('S3 unreachable', () => {
  it('refuses an upload with a clear error and keeps no row without its file', async () => {
    const s3 = await startS3Server('files');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-s3down-'));
    const server = await startBuiltServer({
      dataDir,
      env: {
        ADMIN_EMAILS: 'admin@s3.example',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
      stdio: 'ignore',
    });
    let s3Running = true;
    try {
      const adminCookie = await member(server, dataDir, 'admin@s3.example');
      const call = api(server);
      const upload = (name: string) =>
        call.put(
          `/api/files?filename=${name}&name=n&description=d&version=1&category=document`,
          crypto.randomBytes(100_000),
          adminCookie,
        );
      expect((await upload('before.zip')).status).toBe(201);
      await s3.stop();
      s3Running = false;

      const refused = await upload('during.zip');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        error: {
          code: 'storage/unavailable',
          message: catalog.en.errors['storage/unavailable'],
        },
      });
      const documents = await call.put(
        '/api/documents?name=during.pdf',
        crypto.randomBytes(1000),
        adminCookie,
      );
      expect(documents.status).toBe(503);
      const list = (await (await call.get('/api/files', adminCookie)).json()) as {
        files: { fileName: string }[];
      };
      expect(list.files.map((file) => file.fileName)).toEqual(['before.zip']);
      const mine = (await (await call.get('/api/documents', adminCookie)).json()) as { documents: unknown[] };
      expect(mine.documents).toEqual([]);
      // The rest of the site is unaffected.
      expect((await call.get('/api/notices?lang=ko')).status).toBe(200);
    } finally {
      await server.stop();
      if (s3Running) await s3.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
