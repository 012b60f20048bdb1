// The server's services for tests of their rules, below HTTP: each with its store on a real database, mail to the
// outbox, a clock the test moves, and passwords hashed at test cost. No Fastify, no routes: a test calls the
// service as a route would, and the HTTP tests (harness.ts) are left to prove each route's shape and refusals.
//
// serviceWorlds: a fresh migrated database for each test (SQLite in memory, or PostgreSQL in a schema of the
// describe's, emptied between tests) with every feature's store on it, for a spec that builds the service it tests
// from them. startServices: the account service on a database in a temporary folder, with its outbox.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { accountService, type AccountService, type Caller, type SignedIn } from '../accounts/service.js';
import { manualClock, type Clock, type Timer } from '../core/clock.js';
import { memoryBus } from '../core/bus.js';
import type { DatabaseHandle } from '../db/database.js';
import { lightCommits } from '../db/commits.js';
import { createMailer } from '../mail/mailer.js';
import { databaseRateLimiter } from '../ratelimit/limiter.js';
import { openTestDatabase, testOutbox, uniqueIp, type OutboxMail } from './harness.js';
import { testCostHashing } from './passwords.js';
import { accountStore, type AccountStore } from '../accounts/store.js';
import { newId } from '../core/ids.js';
import type { LiveBus } from '../core/bus.js';
import { dropPostgresSchema, openDatabase } from '../db/database.js';
import { bannerStore, type BannerStore } from '../banner/store.js';
import { documentStore, type DocumentStore } from '../documents/store.js';
import { fileStore, type FileStore } from '../files/store.js';
import { inquiryStore, type InquiryStore } from '../inquiries/store.js';
import { noticeStore, type NoticeStore } from '../notices/store.js';
import { passkeyStore, type PasskeyStore } from '../passkeys/store.js';
import { pushStore, type PushStore } from '../push/store.js';
import { quotaStore, type QuotaStore } from '../quota/store.js';
import { reminderStore, type ReminderStore } from '../reminders/store.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { ApiError } from '../http/errors.js';
import { localStorage } from '../storage/local.js';
import type { FileStorage } from '../storage/storage.js';
import { syncStore, type SyncStore } from '../sync/store.js';
import { testSchemaName } from '../../../scripts/pg-schemas.mjs';

export interface TestServices {
  database: DatabaseHandle;
  accounts: AccountService;
  clock: Clock;
  /** Moves the services' clock forward. */
  advance(ms: number): void;
  /** Who is asking: a browser at a new address each time unless given one. */
  caller(ip?: string): Caller;
  mailTo(to: string, after?: number): Promise<OutboxMail>;
  close(): Promise<void>;
}

/** `env`: settings as the server reads them (SIGNUPS_ALLOWED, ADMIN_EMAILS …). */
export async function startServices(env: Record<string, string> = {}): Promise<TestServices> {
  const { config, database, dataDir, drop } = await openTestDatabase(env);
  // Fastify's logger without output: what the services log is not what these tests look at.
  const log = Fastify({ logger: false }).log;
  const time = manualClock(Date.now());
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: `${dataDir}/outbox`,
    log,
  });
  const accounts = accountService({
    store: accountStore(database.db),
    dialect: database.dialect,
    lightly: lightCommits(database.db, database.dialect, config.sqliteSynchronous),
    limiter: databaseRateLimiter(database.db, database.dialect, time.clock, config.sqliteSynchronous),
    mailer,
    clock: time.clock,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    signups: config.signups,
    log,
    live: memoryBus(),
    passwords: testCostHashing,
  });
  const outbox = testOutbox(dataDir, () => accounts.settle());
  return {
    database,
    accounts,
    clock: time.clock,
    advance: time.advance,
    caller: (ip = uniqueIp()) => ({
      ip,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) vitest',
      deviceKey: null,
    }),
    mailTo: outbox.mailTo,
    async close() {
      await accounts.settle();
      await database.close();
      await drop();
    },
  };
}

/** Every feature's store, on one test's database. */
export interface TestStores {
  accounts: AccountStore;
  banner: BannerStore;
  documents: DocumentStore;
  files: FileStore;
  inquiries: InquiryStore;
  notices: NoticeStore;
  passkeys: PasskeyStore;
  push: PushStore;
  quota: QuotaStore;
  reminders: ReminderStore;
  sync: SyncStore;
}

/** One test's world below HTTP: a fresh database with the stores on it, and what services take beside them. */
export interface ServiceWorld {
  database: DatabaseHandle;
  stores: TestStores;
  /** Files on local disk, in a folder of this test's. */
  storage: FileStorage;
  /** The account service on these stores, its mail written to this test's outbox (made when first asked for). */
  accounts(): AccountService;
  /** Waits for the work the services went on with after answering (mails, sign-ups behind the door). */
  settle(): Promise<void>;
  /** Rate limits kept in this test's database. */
  limiter: RateLimiter;
  /** The live bus of one process. */
  live: LiveBus;
  clock: Clock;
  /** Timers on the clock: moving it runs those that fall due. */
  timer: Timer;
  /** Moves the clock forward. */
  advance(ms: number): void;
  /**
   * A member of the site, signed in: their account (verified) and a confirmed session, written through the
   * accounts' store; the caller as the services and the policies see them.
   */
  member(email: string, options?: { admin?: boolean }): Promise<SignedIn>;
}

/**
 * Gives each test of the describe it is called in a fresh migrated database with every feature's store on it, and
 * answers the running test's world. SQLite: a database in memory per test. PostgreSQL (DATABASE_URL): one schema
 * for the describe, migrated once, its tables emptied before each test (a schema per test costs seconds there).
 * Its hooks run before the describe's own `beforeEach`, so those can build services from the world.
 */
export function serviceWorlds(): () => ServiceWorld {
  const databaseUrl = process.env.DATABASE_URL;
  const pgSchema = databaseUrl ? testSchemaName('spec') : undefined;
  let shared: DatabaseHandle | undefined;
  let current: { world: ServiceWorld; files: string } | undefined;

  if (databaseUrl && pgSchema) {
    beforeAll(async () => {
      shared = await openDatabase({ url: databaseUrl, pgSchema });
    });
    afterAll(async () => {
      await shared?.close();
      await dropPostgresSchema(databaseUrl, pgSchema);
    });
  }
  beforeEach(async () => {
    let database: DatabaseHandle;
    if (shared) {
      await emptyTables(shared);
      database = shared;
    } else {
      database = await openDatabase({});
    }
    const files = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-spec-'));
    current = { world: worldOn(database, files), files };
  });
  afterEach(async () => {
    if (!current) return;
    await current.world.settle();
    if (!shared) await current.world.database.close();
    await fs.rm(current.files, { recursive: true, force: true });
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('the service world exists only while a test runs');
    return current.world;
  };
}

/** Empties every table of a PostgreSQL test schema but the migrations' own. */
async function emptyTables(database: DatabaseHandle): Promise<void> {
  const tables = await database.db.introspection.getTables();
  const names = tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
  await sql.raw(`truncate table ${names.map((name) => `"${name}"`).join(', ')} cascade`).execute(database.db);
}

function worldOn(database: DatabaseHandle, folder: string): ServiceWorld {
  const time = manualClock(Date.parse('2026-12-01T09:00:00.000Z'));
  const { db, dialect } = database;
  const limiter = databaseRateLimiter(db, dialect, time.clock, 'normal');
  const live = memoryBus();
  let accounts: AccountService | undefined;
  const stores: TestStores = {
    accounts: accountStore(db),
    banner: bannerStore(db),
    documents: documentStore(db),
    files: fileStore(db),
    inquiries: inquiryStore(db),
    notices: noticeStore(db),
    passkeys: passkeyStore(db),
    push: pushStore(db),
    quota: quotaStore(db, dialect),
    reminders: reminderStore(db),
    sync: syncStore(db),
  };
  return {
    database,
    stores,
    storage: localStorage(path.join(folder, 'files')),
    accounts: () =>
      (accounts ??= accountService({
        store: stores.accounts,
        dialect,
        lightly: lightCommits(db, dialect, 'normal'),
        limiter,
        mailer: createMailer({
          smtpUrl: undefined,
          from: 'MyGenie <no-reply@mygenie.test>',
          outboxDir: path.join(folder, 'outbox'),
          log: Fastify({ logger: false }).log,
        }),
        clock: time.clock,
        publicUrl: 'http://mygenie.test',
        adminEmails: [],
        signups: { open: true, domains: [] },
        log: Fastify({ logger: false }).log,
        live,
        passwords: testCostHashing,
      })),
    settle: async () => accounts?.settle(),
    limiter,
    live,
    clock: time.clock,
    timer: time.timer,
    advance: time.advance,
    async member(email, options = {}) {
      const now = new Date(time.clock()).toISOString();
      const uid = newId();
      await stores.accounts.insertUser({
        id: uid,
        email,
        password_hash: '!',
        email_verified: 1,
        lang: 'en',
        created_at: now,
        updated_at: now,
        update_mails: 1,
        unsubscribe_token: newId(),
        is_admin: options.admin ? 1 : 0,
        disabled_at: null,
      });
      const sessionId = newId();
      await stores.accounts.insertSession({
        id: sessionId,
        user_id: uid,
        token_hash: newId(),
        device_id: null,
        device_name: 'linux',
        user_agent: 'vitest',
        created_at: now,
        last_seen_at: now,
        revoked_at: null,
        approval: 'approved',
        idle_minutes: 0,
        expires_at: new Date(time.clock() + 24 * 60 * 60_000).toISOString(),
        reauth_at: null,
        can_confirm: 0,
      });
      return {
        sessionId,
        user: { uid, email, emailVerified: true, lang: 'en', isAdmin: options.admin === true },
        pending: false,
      };
    },
  };
}

/** The code a service call is refused with (an ApiError's), or 'done'; anything else is thrown on. */
export async function answer(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'done';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}
