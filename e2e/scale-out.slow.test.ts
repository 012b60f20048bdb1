// Scale-out: two server processes sharing one PostgreSQL database, once with Redis (REDIS_URL) and once with
// PostgreSQL LISTEN/NOTIFY alone. A rate limit counted on one holds on the other; a new-device prompt raised on
// one reaches, at once, a device whose event stream is held by the other, and so does a sign-out.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_EVENTS_SAFETY_POLL_MS } from '../src/shared/constants.js';
import { parseEml } from '../src/server/test/harness.js';
import { PG_URL, pgSchema } from '../bench/lib/server.mjs';
import { startBuiltServer } from '../scripts/server.mjs';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'scale password 1';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/143 Safari/537.36';

type Server = Awaited<ReturnType<typeof startBuiltServer>> & { dataDir: string };

async function post(server: Server, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'user-agent': DESKTOP, ...headers },
    body: JSON.stringify(body),
  });
}

const cookieOf = (response: Response) =>
  /mg_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

async function verificationToken(server: Server, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt++) {
    for (const name of await fs.readdir(outbox).catch(() => [] as string[])) {
      if (!name.endsWith('.eml')) continue;
      const mail = parseEml(name, await fs.readFile(path.join(outbox, name), 'utf8'));
      if (mail.to === email) return mail.token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${email}`);
}

/** Reads a server-sent event stream as text. */
function eventStream(server: Server, cookie: string) {
  const controller = new AbortController();
  let received = '';
  const opened = fetch(`${server.url}/api/events`, {
    headers: { cookie: `mg_session=${cookie}` },
    signal: controller.signal,
  }).then((response) => {
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    return response.body!.getReader();
  });
  return {
    opened,
    /** Waits for `pattern`; fails after `withinMs`. */
    async until(pattern: RegExp, withinMs: number): Promise<string> {
      const reader = await opened;
      const deadline = Date.now() + withinMs;
      while (!pattern.test(received)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${pattern} within ${withinMs} ms in ${JSON.stringify(received)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) continue;
        if (chunk.done) break;
        received += new TextDecoder().decode(chunk.value);
      }
      if (!pattern.test(received)) throw new Error(`stream ended without ${pattern}`);
      return received;
    },
    close: () => controller.abort(),
  };
}

async function available(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
    redis.disconnect();
  }
}

const ready = await available();
if (!ready) console.warn(`scale-out tests need PostgreSQL at ${PG_URL} and Redis at ${REDIS_URL}`);

describe.skipIf(!ready).each([
  { bus: 'Redis', redis: true },
  { bus: 'PostgreSQL LISTEN/NOTIFY', redis: false },
])('two server processes on one PostgreSQL, live news through $bus', ({ redis }) => {
  const tag = crypto.randomBytes(5).toString('hex');
  const prefix = `test-${tag}:`;
  let schema: Awaited<ReturnType<typeof pgSchema>> | undefined;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    schema = await pgSchema('scale');
    const env = {
      DATABASE_URL: schema.url,
      ...(redis ? { REDIS_URL, REDIS_PREFIX: prefix } : {}),
    };
    const start = async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-scale-'));
      return { ...(await startBuiltServer({ dataDir, env, stdio: 'ignore' })), dataDir };
    };
    a = await start();
    b = await start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
    if (redis) {
      const cleanup = new Redis(REDIS_URL);
      const keys = await cleanup.keys(`${prefix}*`);
      if (keys.length) await cleanup.del(...keys);
      cleanup.disconnect();
    }
    await Promise.all(
      [a, b].map((server) => server && fs.rm(server.dataDir, { recursive: true, force: true })),
    );
  });

  async function member(email: string): Promise<void> {
    expect((await post(a, '/api/auth/signup', { email, password: PASSWORD, lang: 'en' })).status).toBe(201);
    const token = await verificationToken(a, email);
    // Verified through the other process: one database.
    expect((await post(b, '/api/auth/verify-email', { token, password: PASSWORD })).status).toBe(200);
  }

  it('brings a new-device prompt raised on one process to a device connected to the other, at once', async () => {
    const email = `live-${tag}@example.com`;
    await member(email);
    const first = cookieOf(await post(a, '/api/auth/login', { email, password: PASSWORD }));
    expect(first).toBeTruthy();
    // The desk holds the vault: it is the device asked.
    expect((await post(b, '/api/session/can-confirm', {}, { cookie: `mg_session=${first}` })).status).toBe(
      204,
    );
    const stream = eventStream(b, first!);
    await stream.opened;
    await stream.until(/retry: 3000/, 5000);

    const started = Date.now();
    const second = await post(a, '/api/auth/login', { email, password: PASSWORD }, { 'user-agent': PHONE });
    expect(second.status).toBe(200);
    const text = await stream.until(/event: new-login\ndata: (.*)\n/, 5000);
    // Far sooner than the safety poll: it came over the live bus.
    expect(Date.now() - started).toBeLessThan(DEVICE_EVENTS_SAFETY_POLL_MS / 3);
    const event = JSON.parse(/event: new-login\ndata: (.*)\n/.exec(text)![1]!) as {
      id: string;
      pending: boolean;
    };
    expect(event.pending).toBe(true);

    // The phone's own stream, on process A, hears at once that the desk refused it (answered on B).
    const phone = eventStream(a, cookieOf(second)!);
    await phone.until(/retry: 3000/, 5000);
    const refused = await post(b, `/api/sessions/${event.id}/block`, {}, { cookie: `mg_session=${first}` });
    expect(refused.status).toBe(204);
    await phone.until(/event: signed-out/, 5000);
    await stream.until(/event: signed-out/, 5000);
    stream.close();
    phone.close();
  });

  // Last: it locks this address out of logging in for a while.
  it('counts login failures on either process against the same limit', async () => {
    const email = `limit-${tag}@example.com`;
    await member(email);
    for (let attempt = 0; attempt < 10; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      const failed = await post(server, '/api/auth/login', { email, password: 'wrong password 1' });
      expect(failed.status, `attempt ${attempt}`).toBe(401);
    }
    for (const server of [a, b]) {
      const refused = await post(server, '/api/auth/login', { email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('auth/too-many-requests');
    }
  });
});
