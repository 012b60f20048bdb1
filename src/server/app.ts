// Builds the Fastify application from its feature modules and the side effects they need.
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { API_BODY_LIMIT_BYTES } from '../shared/constants.js';
import { accountService, type AccountService } from './accounts/service.js';
import { accountStore } from './accounts/store.js';
import { accountRoutes } from './accounts/routes.js';
import { systemClock, systemTimer, type Clock, type Timer } from './core/clock.js';
import type { Config } from './core/config.js';
import { runningBuild, type BuildInfo } from './core/version.js';
import { lightCommits } from './db/commits.js';
import { sql } from 'kysely';
import type { DatabaseHandle } from './db/database.js';
import { ApiError, frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerConnectionLimits } from './http/limits.js';
import { completeDocument, documentBase } from './http/openapi.js';
import { route, validatorCompiler } from './http/route.js';
import { API } from '../shared/api/index.js';
import { registerSecurity } from './http/security.js';
import { registerMetrics } from './http/metrics.js';
import { storedFigures } from './db/figures.js';
import { isCommonPassword } from './accounts/common-passwords.js';
import type { PasswordHashing } from './accounts/passwords.js';
import { registerSite } from './http/site.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import type { Redis } from 'ioredis';
import { openLiveBus, type LiveBus } from './core/bus.js';
import { unreachable } from './core/secrets.js';
import {
  databaseRateLimiter,
  LONGEST_WINDOW_MS,
  redisRateLimiter,
  type RateLimiter,
} from './ratelimit/limiter.js';
import path from 'node:path';
import { documentRoutes } from './documents/routes.js';
import { documentService } from './documents/service.js';
import { documentStore } from './documents/store.js';
import { deviceEventRoutes } from './live/events.js';
import { syncNews } from './live/sync-news.js';
import { memberQuota } from './quota/quota.js';
import { quotaStore } from './quota/store.js';
import { syncRoutes } from './sync/routes.js';
import { syncService } from './sync/service.js';
import { syncStore } from './sync/store.js';
import { spaceRoutes } from './spaces/routes.js';
import { spaceService } from './spaces/service.js';
import { spaceStore } from './spaces/store.js';
import { spaceNews } from './spaces/news.js';
import { spaceSeriesStore } from './spaces/series-store.js';
import { spaceSyncRoutes } from './spaces/sync-routes.js';
import { spaceSyncService } from './spaces/sync-service.js';
import { webdavRoutes } from './drives/routes.js';
import { DRIVE_IDLE_TIMEOUT_MS, webdavRelay } from './drives/service.js';
import { webdavStore } from './drives/store.js';
import { passkeyRoutes } from './passkeys/routes.js';
import { passkeyService } from './passkeys/service.js';
import { passkeyStore } from './passkeys/store.js';
import { pushRoutes } from './push/routes.js';
import { pushSender } from './push/sender.js';
import { pushService } from './push/service.js';
import { pushStore } from './push/store.js';
import { reminderRoutes } from './reminders/routes.js';
import { reminderService, type ReminderService } from './reminders/service.js';
import { reminderStore } from './reminders/store.js';
import { fileRoutes } from './files/routes.js';
import { fileService } from './files/service.js';
import { fileStore } from './files/store.js';
import { inquiryRoutes } from './inquiries/routes.js';
import { inquiryService } from './inquiries/service.js';
import { inquiryStore } from './inquiries/store.js';
import { unsubscribeRoutes } from './accounts/unsubscribe.js';
import { updateMailQueue, type UpdateMailQueue } from './mail/update-mails.js';
import { updateMailStore } from './mail/store.js';
import { noticeRoutes } from './notices/routes.js';
import { noticeService } from './notices/service.js';
import { noticeStore } from './notices/store.js';
import { bannerRoutes } from './banner/routes.js';
import { bannerService, type BannerService } from './banner/service.js';
import { bannerStore } from './banner/store.js';
import { acceptRawUploads } from './storage/http.js';
import { configuredStorage } from './storage/configured.js';
import type { FileStorage } from './storage/storage.js';
import { fairShare, type FairShareLimits } from './sync/fair-share.js';
import { adminLog, adminLogStore } from './audit/log.js';
import { memberRoutes } from './members/routes.js';
import { memberAdmin } from './members/service.js';
import { memberStore } from './members/store.js';

export interface AppParts {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Timers on the same clock (tests move both by hand). */
  timer?: Timer;
  mailer?: Mailer;
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** An extra certificate authority for the server's own outgoing requests (a local push endpoint in tests). */
  outboundCa?: string;
  /** Shorter waits for slow clients than the defaults (tests). */
  timeouts?: Partial<Timeouts>;
  /** Password hashing other than argon2id at full cost (tests of the rules). */
  passwords?: PasswordHashing;
  /** Each member's share of the process's sync pushes, other than the server's own (tests of other rules). */
  fairShare?: FairShareLimits;
  /** The version and commit to report, other than the build's own (tests). */
  build?: BuildInfo;
}

export interface Timeouts {
  /** A request's headers must arrive within this. */
  headersMs: number;
  /** A JSON body must arrive whole within this. */
  bodyMs: number;
  /** A connection that stays silent this long is closed (a streamed upload included). */
  idleMs: number;
}

const TIMEOUTS: Timeouts = { headersMs: 15_000, bodyMs: 30_000, idleMs: 60_000 };

export interface MyGenieApp {
  app: FastifyInstance;
  /** Every route registered, as method and URL pattern (for the hostile-input tests and the docs). */
  routes: ReadonlyArray<{ method: string; url: string }>;
  accounts: AccountService;
  /** The update banner's service: what it answers, and `onChange` to hear its writes (an activity log). */
  banner: BannerService;
  storage: FileStorage;
  updateMails: UpdateMailQueue;
  /** Reminders sealed by members' apps, and the poll that sends them at their time. */
  reminders: ReminderService;
  /** The live bus between server processes (tests tell news through it as a service would). */
  live: LiveBus;
  /** Resolves once the login notifications and reminders that fell due have gone out (tests). */
  settleNotifications(): Promise<void>;
}

/** Request headers that carry secrets (sessions, drive credentials) never reach the logs. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-drive-credentials"]',
];

/**
 * A request as the log shows it: the query's values are left out, since some carry one-time secrets (the mailed
 * links' `oobCode`, an unsubscribe token) and a log is read by more people than a mailbox.
 */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

const PRUNE_EVERY_MS = 10 * 60_000;

export async function buildApp(parts: AppParts): Promise<MyGenieApp> {
  const { config, database } = parts;
  const clock = parts.clock ?? systemClock;
  const given = parts.logger;
  const timeouts = { ...TIMEOUTS, ...parts.timeouts };
  const app = Fastify({
    logger:
      given === undefined
        ? { level: config.logLevel, redact: LOG_REDACT, serializers: { req: loggedRequest } }
        : typeof given === 'object'
          ? { redact: LOG_REDACT, ...given, serializers: { req: loggedRequest, ...given.serializers } }
          : given,
    bodyLimit: API_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors,
  });
  registerConnectionLimits(app, {
    headersTimeoutMs: timeouts.headersMs,
    bodyTimeoutMs: timeouts.bodyMs,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
  });
  // The list of common passwords loads once, now, rather than during someone's sign-up.
  isCommonPassword('warm up');

  const mailer =
    parts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  // Shared by every server process: in Redis when configured, else in the database.
  let limiter: RateLimiter;
  let redis: Redis | undefined;
  if (config.redis) {
    // Loaded only when configured, as the S3 client below: a server without them does not hold their code (idle
    // memory, bench:http).
    const { Redis: RedisClient } = await import('ioredis');
    redis = new RedisClient(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    redis.on('error', (err: unknown) => app.log.warn({ err }, 'redis (rate limits) connection problem'));
    await redis.connect().catch((error: unknown) => {
      redis?.disconnect();
      throw unreachable('Redis', config.redis!.url, error);
    });
    limiter = redisRateLimiter(redis, config.redis.prefix, clock);
  } else {
    limiter = databaseRateLimiter(database.db, database.dialect, clock, config.sqliteSynchronous);
  }
  const live = await openLiveBus(
    { redis: config.redis, databaseUrl: config.databaseUrl, databaseBackends: database.backends },
    app.log,
  );
  const updateMails = updateMailQueue({
    store: updateMailStore(database.db),
    mailer,
    limiter,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const storage = parts.storage ?? (await configuredStorage(config));
  const admins = adminLog({ store: adminLogStore(database.db), clock });
  const accounts = accountService({
    store: accountStore(database.db),
    dialect: database.dialect,
    lightly: lightCommits(database.db, database.dialect, config.sqliteSynchronous),
    limiter,
    mailer,
    clock,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    signups: config.signups,
    log: app.log,
    live,
    adminLog: admins,
    ...(parts.passwords ? { passwords: parts.passwords } : {}),
  });

  const pruning = setInterval(() => {
    limiter
      .prune(LONGEST_WINDOW_MS)
      .catch((err: unknown) => app.log.warn({ err }, 'rate limit pruning failed'));
    accounts.links
      .prune()
      .catch((err: unknown) => app.log.warn({ err }, 'unverified account pruning failed'));
  }, PRUNE_EVERY_MS);
  pruning.unref();

  // While stopping, answers in flight close their connection, so a keep-alive client cannot hold shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });

  registerErrorHandling(app);
  registerSecurity(app, config.publicUrl, {
    connectOrigins: config.googleDrive ? [new URL(config.googleDrive.apiUrl).origin] : [],
  });
  await app.register(fastifyCookie);
  // Routes are declared from the API table (src/shared/api/) and documented from it at /api/openapi.json.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', ...documentBase },
    transform: jsonSchemaTransform,
    transformObject: (made) =>
      completeDocument(('openapiObject' in made ? made.openapiObject : {}) as OpenAPIV3_1.Document),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const build = parts.build ?? runningBuild();
  registerMetrics(app, { token: config.metricsToken, build }, () => storedFigures(database));
  const databaseAnswers = databaseCheck(database, clock);
  route(app, accounts.gate, API.health, async () => {
    if (!(await databaseAnswers())) throw new ApiError('server/unavailable');
    return { status: 'ok' as const, database: 'ok' as const, version: build };
  });
  accountRoutes(app, accounts);
  const synced = syncStore(database.db);
  const spaceSeries = spaceSeriesStore(database.db, database.dialect);
  deviceEventRoutes(
    app,
    accounts.gate,
    accounts.devices,
    syncNews(synced, live, clock),
    parts.timer ?? systemTimer,
    spaceNews(spaceSeries, live),
  );
  acceptRawUploads(app);
  noticeRoutes(app, {
    gate: accounts.gate,
    notices: noticeService({ store: noticeStore(database.db), clock, live }),
  });
  const banner = bannerService({ store: bannerStore(database.db), clock, live, adminLog: admins });
  bannerRoutes(app, { gate: accounts.gate, banner });
  fileRoutes(app, {
    gate: accounts.gate,
    files: fileService({
      store: fileStore(database.db),
      storage,
      clock,
      maxUploadBytes: config.maxUploadBytes,
      updateMails,
    }),
    storage,
    maxUploadBytes: config.maxUploadBytes,
  });
  unsubscribeRoutes(app, { gate: accounts.gate, links: accounts.links });
  inquiryRoutes(app, {
    gate: accounts.gate,
    inquiries: inquiryService({
      store: inquiryStore(database.db),
      mailer,
      limiter,
      clock,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      log: app.log,
    }),
  });
  const quota = memberQuota({
    store: quotaStore(database.db, database.dialect),
    clock,
    storage,
    quotaBytes: config.userQuotaBytes,
  });
  const documents = documentService({
    store: documentStore(database.db),
    quota,
    storage,
    clock,
    maxUploadBytes: config.maxUploadBytes,
  });
  documentRoutes(app, { gate: accounts.gate, documents, storage, maxUploadBytes: config.maxUploadBytes });
  const sync = syncService({
    store: synced,
    proofs: accounts.proofs,
    quota,
    storage,
    clock,
    live,
    maxUploadBytes: config.maxUploadBytes,
  });
  // One share per member of the process's pushes, their own sync's and their spaces' alike.
  const shares = fairShare(clock, parts.fairShare);
  syncRoutes(app, {
    gate: accounts.gate,
    sync,
    storage,
    maxUploadBytes: config.maxUploadBytes,
    shares,
  });
  spaceSyncRoutes(app, {
    gate: accounts.gate,
    spaces: spaceSyncService({
      store: spaceSeries,
      quota,
      storage,
      clock,
      live,
      maxUploadBytes: config.maxUploadBytes,
    }),
    storage,
    maxUploadBytes: config.maxUploadBytes,
    shares,
  });
  passkeyRoutes(app, {
    gate: accounts.gate,
    signIn: accounts.signIn,
    passkeys: passkeyService({
      store: passkeyStore(database.db),
      proofs: accounts.proofs,
      limiter,
      clock,
      publicUrl: config.publicUrl,
    }),
  });
  const pushes = pushStore(database.db);
  const sender = pushSender({
    store: pushes,
    clock,
    publicUrl: config.publicUrl,
    contact: config.supportEmail,
    allowPrivate: config.allowPrivateAddresses,
    ...(parts.outboundCa ? { ca: parts.outboundCa } : {}),
  });
  const push = pushService({
    store: pushes,
    sender,
    signIns: accounts.signIn,
    clock,
    timer: parts.timer ?? systemTimer,
    log: app.log,
    allowPrivate: config.allowPrivateAddresses,
  });
  pushRoutes(app, { gate: accounts.gate, push });
  const reminders = reminderService({
    store: reminderStore(database.db),
    locked: quotaStore(database.db, database.dialect).locked,
    sender,
    clock,
    timer: parts.timer ?? systemTimer,
    log: app.log,
    allowPrivate: config.allowPrivateAddresses,
  });
  reminderRoutes(app, { gate: accounts.gate, reminders });
  webdavRoutes(app, {
    gate: accounts.gate,
    relay: webdavRelay({
      limiter,
      drives: webdavStore({ allowPrivate: config.allowPrivateAddresses, idleMs: DRIVE_IDLE_TIMEOUT_MS }),
      allowPrivate: config.allowPrivateAddresses,
    }),
    maxUploadBytes: config.maxUploadBytes,
  });
  memberRoutes(app, {
    gate: accounts.gate,
    members: memberAdmin({
      members: memberStore(database.db),
      accounts: accountStore(database.db),
      documents: documentStore(database.db),
      sync: synced,
      spaces: spaceStore(database.db),
      log: admins,
      storage,
      live,
      clock,
      adminEmails: config.adminEmails,
      logger: app.log,
    }),
  });
  const spaces = spaceService({
    store: spaceStore(database.db),
    dialect: database.dialect,
    proofs: accounts.proofs,
    quota,
    storage,
    clock,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    signups: config.signups,
    adminEmails: config.adminEmails,
    log: app.log,
    live,
  });
  spaceRoutes(app, { gate: accounts.gate, spaces });
  route(app, accounts.gate, API.appConfig, async () => ({ googleDrive: config.googleDrive ?? null }));
  await registerSite(app, config.webDir);

  updateMails.start();
  reminders.start();
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    await updateMails.stop();
    await reminders.stop();
    await accounts.settle();
    await spaces.settle();
    mailer.close();
    await live.close();
    redis?.disconnect();
  });

  return {
    app,
    routes,
    accounts,
    banner,
    storage,
    updateMails,
    reminders,
    live,
    settleNotifications: async () => {
      await push.settle();
      await reminders.settle();
    },
  };
}

/** How long a health check waits for the database, and how long its answer is reused. */
const HEALTH_TIMEOUT_MS = 2000;
export const HEALTH_REUSE_MS = 1000;

/**
 * Whether the database answers a `select 1` within HEALTH_TIMEOUT_MS. Callers at the same moment share one check,
 * and its answer is reused for a second: a flood of health checks costs the database one query a second.
 */
function databaseCheck(database: DatabaseHandle, clock: Clock): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | null = null;
  return () => {
    const now = clock();
    if (last && now - last.at < HEALTH_REUSE_MS) return last.answer;
    let timer: NodeJS.Timeout | undefined;
    const answer = Promise.race([
      sql`select 1`.execute(database.db).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
      }),
    ])
      .catch(() => false)
      .finally(() => clearTimeout(timer));
    last = { at: now, answer };
    return answer;
  };
}
