// The server's services for tests of their rules, below HTTP: each with its store on a real database (SQLite in a
// temporary folder, or PostgreSQL in a schema of its own when DATABASE_URL is set), mail to the outbox, a clock the
// test moves, and passwords hashed at test cost. No Fastify, no routes: a test calls the service as a route would,
// and the HTTP tests (harness.ts) are left to prove each route's shape and refusals.
import Fastify from 'fastify';
import { accountService, type AccountService, type Caller } from '../accounts/service.js';
import { accountStore } from '../accounts/store.js';
import { manualClock, type Clock } from '../core/clock.js';
import { memoryBus } from '../core/bus.js';
import type { DatabaseHandle } from '../db/database.js';
import { lightCommits } from '../db/commits.js';
import { createMailer } from '../mail/mailer.js';
import { databaseRateLimiter } from '../ratelimit/limiter.js';
import { openTestDatabase, testOutbox, uniqueIp, type OutboxMail } from './harness.js';
import { testCostHashing } from './passwords.js';

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
