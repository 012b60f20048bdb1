// Starts the real application for API tests: SQLite in a temporary folder, or PostgreSQL in a schema of its
// own when DATABASE_URL is set, with the outbox for mail, a clock the test can move, and passwords hashed at test
// cost (test/passwords.ts) unless the test is about the cost itself (`passwords: 'full cost'`).
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type MyGenieApp, type Timeouts } from '../app.js';
import type { BuildInfo } from '../core/version.js';
import { manualClock } from '../core/clock.js';
import { loadConfig, type Config } from '../core/config.js';
import { dropPostgresSchema, openDatabase, type DatabaseHandle } from '../db/database.js';
import { testSchemaName } from '../../../scripts/pg-schemas.mjs';
import type { PasswordHashing } from '../accounts/passwords.js';
import type { FairShareLimits } from '../sync/fair-share.js';
import { testCostHashing } from './passwords.js';

export interface TestApp extends MyGenieApp {
  config: Config;
  database: DatabaseHandle;
  origin: string;
  /** The PostgreSQL schema it works in (PostgreSQL only). */
  pgSchema: string | undefined;
  /** Moves the application's clock forward, running the timers that fall due (a login notification's wait). */
  advance(ms: number): void;
  /** The application's clock (ms since the epoch). */
  now(): number;
  /** Sends a request as a browser on this site would (same-origin Origin header, JSON body). */
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
  /** Listens on a real port (once), for what needs real sockets and real concurrency; answers its base URL. */
  listening(): Promise<string>;
  /** Waits until the outbox holds a mail to `to` beyond the `after` already seen, and returns it. */
  mailTo(to: string, after?: number): Promise<OutboxMail>;
  mails(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export interface RequestOptions {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  cookie?: string | undefined;
  headers?: Record<string, string>;
  ip?: string;
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  token: string;
}

/** `logger`: Fastify's logger options (no logging unless given). */
/** No limit on a member's pushes (the harness's default). */
const UNBOUNDED_SHARE: FairShareLimits = {
  pushesInFlight: Infinity,
  burstBytes: Infinity,
  refillBytesPerSecond: Infinity,
  holdMs: 0,
};

export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    outboundCa?: string;
    timeouts?: Partial<Timeouts>;
    /** A second server process of `sharing`'s: the same database, data folder and live bus, a clock of its own. */
    sharing?: TestApp;
    /** How passwords are hashed: at test cost by default; 'full cost' is the server's own argon2id. */
    passwords?: PasswordHashing | 'full cost';
    /**
     * Each member's share of the sync pushes: none by default (tests push as much as their rule needs, on a clock
     * that moves only when told); 'server' is the server's own (SERVER_FAIR_SHARE).
     */
    fairShare?: 'server';
    /** The version and commit the app reports (by default, package.json's version and no commit). */
    build?: BuildInfo;
  } = {},
): Promise<TestApp> {
  const owner = !options.sharing;
  const { config, database, pgSchema, dataDir, drop } = await openTestDatabase(env, options.sharing);
  const time = manualClock(Date.now());
  const built = await buildApp({
    config,
    database,
    clock: time.clock,
    timer: time.timer,
    logger: options.logger ?? false,
    ...(options.outboundCa ? { outboundCa: options.outboundCa } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.passwords === 'full cost' ? {} : { passwords: options.passwords ?? testCostHashing }),
    ...(options.fairShare === 'server' ? {} : { fairShare: UNBOUNDED_SHARE }),
    ...(options.build ? { build: options.build } : {}),
  });
  const origin = new URL(config.publicUrl).origin;
  const outbox = testOutbox(dataDir, () => built.accounts.settle());
  return {
    ...built,
    config,
    database,
    origin,
    pgSchema,
    advance(ms) {
      time.advance(ms);
    },
    now: time.clock,
    request({ method, url, body, cookie, headers, ip }) {
      return built.app.inject({
        method,
        url,
        remoteAddress: ip ?? '203.0.113.7',
        headers: {
          origin,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) vitest',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
    },
    async listening() {
      if (!built.app.server.listening) await built.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    },
    mailTo: outbox.mailTo,
    mails: outbox.mails,
    async close() {
      await built.app.close();
      await database.close();
      if (owner) await drop();
    },
  };
}

export interface TestDatabase {
  config: Config;
  database: DatabaseHandle;
  /** The PostgreSQL schema it works in (PostgreSQL only). */
  pgSchema: string | undefined;
  dataDir: string;
  /** Drops the schema and removes the data folder, once the database is closed. */
  drop(): Promise<void>;
}

/**
 * The settings and the migrated database of a test: SQLite in a new temporary folder, or PostgreSQL in a schema of
 * its own when DATABASE_URL is set. `sharing`: another test app's folder and schema, as a second server process.
 */
export async function openTestDatabase(
  env: Record<string, string> = {},
  sharing?: { config: Config; pgSchema: string | undefined },
): Promise<TestDatabase> {
  const dataDir = sharing?.config.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-test-')));
  const databaseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://mygenie.test',
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-site'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const pgSchema = databaseUrl ? (sharing?.pgSchema ?? testSchemaName('app')) : undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    sqlitePath: path.join(dataDir, 'mygenie.db'),
    ...(pgSchema ? { pgSchema } : {}),
  });
  return {
    config,
    database,
    pgSchema,
    dataDir,
    async drop() {
      if (databaseUrl && pgSchema) await dropPostgresSchema(databaseUrl, pgSchema);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The mails written to a data folder's outbox, and a wait for the next one to an address. */
export function testOutbox(dataDir: string, settle: () => Promise<void>) {
  const outbox = path.join(dataDir, 'outbox');
  async function mails(): Promise<OutboxMail[]> {
    const names = await fs.readdir(outbox).catch(() => [] as string[]);
    return Promise.all(
      names
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map(async (name) =>
          parseEml(path.join(outbox, name), await fs.readFile(path.join(outbox, name), 'utf8')),
        ),
    );
  }
  return {
    mails,
    /** Waits until the outbox holds a mail to `to` beyond the `after` already seen, and returns it. */
    async mailTo(to: string, after = 0): Promise<OutboxMail> {
      for (let attempt = 0; attempt < 100; attempt++) {
        await settle();
        const found = (await mails()).filter((mail) => mail.to === to);
        if (found.length > after) return found[found.length - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail to ${to} in the outbox`);
    },
  };
}

/** Reads the parts of an outbox .eml file a test needs (quoted-printable or base64 bodies). */
export function parseEml(file: string, raw: string): OutboxMail {
  const source = raw.replace(/\r\n/g, '\n');
  const header = (name: string) =>
    decodeWords(
      new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(source)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '',
    );
  // Parts are split at the boundary the message declares, never at any line that starts with "--": a quoted-printable
  // line may (a link's token with "--" where the line wraps), and the text's own signature line does.
  const boundary = /boundary="?([^";\n]+)"?/i.exec(source)?.[1];
  const parts = boundary ? source.split(`\n--${boundary}`) : [source];
  const body = (type: string) => {
    const part = parts.find((candidate) => candidate.toLowerCase().includes(`content-type: ${type}`)) ?? '';
    const [head = '', ...rest] = part.split('\n\n');
    const content = rest.join('\n\n');
    if (/content-transfer-encoding: base64/i.test(head))
      return Buffer.from(content, 'base64').toString('utf8');
    if (/content-transfer-encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
    return content;
  };
  const text = body('text/plain');
  const link = /https?:\/\/\S+oobCode=[\w-]+\S*/.exec(text)?.[0] ?? '';
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    text,
    html: body('text/html'),
    link,
    token: new URL(link || 'http://x').searchParams.get('oobCode') ?? '',
  };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
    .trim();
}

/** The session cookie from a login answer, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'mg_session');
  if (!cookie) throw new Error(`no session cookie in the answer (status ${response.statusCode})`);
  return `mg_session=${cookie.value}`;
}

/**
 * The session and device cookies of a login answer, as one Cookie header value: what the same browser sends
 * next (its device secret makes it a known device at its next sign-in).
 */
export function browserCookies(response: LightMyRequestResponse, device?: string): string {
  const deviceCookie = response.cookies.find((item) => item.name === 'mg_device');
  const known = deviceCookie ? `mg_device=${deviceCookie.value}` : device;
  return [sessionCookie(response), known].filter(Boolean).join('; ');
}

/** The device cookie of a browser, from an answer that set it (or a Cookie header holding it). */
export function deviceCookie(from: LightMyRequestResponse | string): string {
  if (typeof from === 'string') {
    const found = /mg_device=[\w-]+/.exec(from)?.[0];
    if (!found) throw new Error('no device cookie');
    return found;
  }
  const cookie = from.cookies.find((item) => item.name === 'mg_device');
  if (!cookie) throw new Error(`no device cookie in the answer (status ${from.statusCode})`);
  return `mg_device=${cookie.value}`;
}

/** Opens a verification link as its owner would: typing the password the account was made with. */
export async function verifyEmail(
  t: TestApp,
  token: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/auth/verify-email',
    body: { token, password },
    ip: uniqueIp(),
  });
}

/** Signs up, verifies and logs in an account through the API; answers its session and device cookies. */
export async function signedInMember(
  t: TestApp,
  email: string,
  password = 'member password 1',
  lang: 'ko' | 'en' = 'ko',
): Promise<string> {
  const before = (await t.mails()).filter((mail) => mail.to === email).length;
  const signup = await t.request({
    method: 'POST',
    url: '/api/auth/signup',
    body: { email, password, lang },
    ip: uniqueIp(),
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  const mail = await t.mailTo(email, before);
  const verified = await verifyEmail(t, mail.token, password);
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  // Auto logout off, as a member may choose, so tests that move the clock keep their sessions.
  return browserCookies(
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password, idleMinutes: 0 },
      ip: uniqueIp(),
    }),
  );
}

/**
 * The browser holding `cookie` says it can check the master key (the app holds the vault there): from now on it is
 * asked to confirm the member's sign-ins on new devices, and may answer them.
 */
export async function holdsVault(t: TestApp, cookie: string): Promise<void> {
  const told = await t.request({ method: 'POST', url: '/api/session/can-confirm', cookie, body: {} });
  if (told.statusCode !== 204) throw new Error(`can-confirm failed: ${told.body}`);
}

let ipCount = 0;
export function uniqueIp(): string {
  ipCount += 1;
  return `192.0.2.${(ipCount % 250) + 1}`;
}

/** Every row of every table, as text: what someone holding the server's database could read. */
export async function databaseDump(app: TestApp): Promise<string> {
  const tables = await app.database.db.introspection.getTables();
  const rows = await Promise.all(
    tables.map(async (table) =>
      JSON.stringify(
        await app.database.db
          .selectFrom(table.name as 'users')
          .selectAll()
          .execute(),
      ),
    ),
  );
  return rows.join('\n');
}
