// The built server for a benchmark: started as its own process (SQLite in a temporary folder, or PostgreSQL in
// a schema of its own), with helpers to make verified members and published notices through the real API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBuiltServer } from '../../scripts/server.mjs';
import { testSchemaName } from '../../scripts/pg-schemas.mjs';

export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PASSWORD = 'bench password 1';

/** A client of PG_URL for one statement. @param {string} statement */
async function pgRun(statement) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL schema of its own on PG_URL: its name, the URL whose search_path is it, and how to drop it.
 * @param {string} prefix
 */
export async function pgSchema(prefix) {
  const name = testSchemaName(prefix);
  await pgRun(`CREATE SCHEMA ${name}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return { name, url: url.toString(), drop: () => pgRun(`DROP SCHEMA IF EXISTS ${name} CASCADE`) };
}

/** Whether PostgreSQL answers at PG_URL. */
export async function postgresReachable() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The verification token mailed to `email`, from a server's outbox in `dataDir`.
 * @param {string} dataDir @param {string} email
 */
export async function mailedToken(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt++) {
    for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      // A mail is written as .tmp and renamed when complete.
      if (!name.endsWith('.eml')) continue;
      const mail = fs
        .readFileSync(path.join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!mail.includes(`To: ${email}`)) continue;
      const token = /oobCode=([\w-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${email}`);
}

/**
 * @param {{ database: 'sqlite' | 'postgres'; env?: Record<string, string> }} options
 */
export async function startBenchServer({ database, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-bench-'));
  const schema = database === 'postgres' ? await pgSchema('bench') : undefined;
  const server = await startBuiltServer({
    dataDir,
    env: {
      ...(schema ? { DATABASE_URL: schema.url } : {}),
      LOG_LEVEL: 'error',
      // Seeding signs up many members from one address: each comes from an address of its own (X-Forwarded-For),
      // so the sign-up limit per address is not what is measured.
      TRUST_PROXY: 'true',
      ...env,
    },
    host: '127.0.0.1',
    stdio: 'ignore',
  });
  const base = server.url;
  const json = { 'content-type': 'application/json', origin: base };

  /** @param {string} route @param {unknown} body @param {Record<string, string>} [headers] */
  const post = (route, body, headers = {}) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify(body),
    });

  let members = 1;
  return {
    base,
    dataDir,
    pid: server.child.pid ?? 0,
    child: server.child,
    post,
    /**
     * Signs up, verifies and logs in a member; gives the browser's cookies (`mg_session=…; mg_device=…`: its
     * session and its device secret, which makes it a known device at its next sign-in).
     * @param {string} email
     */
    async member(email) {
      const address = `10.${(members >> 16) & 255}.${(members >> 8) & 255}.${members & 255}`;
      members++;
      const signup = await post(
        '/api/auth/signup',
        { email, password: PASSWORD, lang: 'ko' },
        { 'x-forwarded-for': address },
      );
      if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
      const verified = await post('/api/auth/verify-email', {
        token: await mailedToken(dataDir, email),
        password: PASSWORD,
      });
      if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
      const login = await post('/api/auth/login', { email, password: PASSWORD, idleMinutes: 0 });
      return browserCookies(login);
    },
    /**
     * `count` more browsers of a member, each signed in once and approved by the member's first browser (the
     * new-device check), so that they are known devices from then on; gives their device cookies.
     * @param {string} email @param {string} approver the first browser's cookies @param {number} count
     */
    async knownBrowsers(email, approver, count) {
      // The first browser holds the member's vault: it is the device asked (else each sign-in would wait for a
      // code mailed to the member).
      const told = await post('/api/session/can-confirm', {}, { cookie: approver });
      if (told.status !== 204) throw new Error(`can-confirm answered ${told.status}`);
      const devices = [];
      for (let index = 0; index < count; index++) {
        const login = await post('/api/auth/login', { email, password: PASSWORD, idleMinutes: 0 });
        devices.push(browserCookies(login).split('; ')[1] ?? '');
      }
      const listed = await fetch(`${base}/api/sessions`, { headers: { cookie: approver } });
      const { sessions } = /** @type {{ sessions: Array<{ id: string; pending: boolean }> }} */ (
        await listed.json()
      );
      for (const waiting of sessions.filter((session) => session.pending)) {
        const approved = await post(`/api/sessions/${waiting.id}/approve`, {}, { cookie: approver });
        if (approved.status !== 204) throw new Error(`approval answered ${approved.status}`);
      }
      return devices;
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await schema?.drop();
    },
  };
}

/**
 * A login answer's session and device cookies as one Cookie header value.
 * @param {Response} login
 */
function browserCookies(login) {
  const cookies = login.headers.getSetCookie().join('; ');
  const session = /mg_session=[^;]+/.exec(cookies)?.[0];
  const device = /mg_device=[^;]+/.exec(cookies)?.[0];
  if (!session || !device) throw new Error(`login answered ${login.status}`);
  return `${session}; ${device}`;
}
