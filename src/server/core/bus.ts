// Live news between server processes, as topics: `devices:<uid>` (a member's sessions changed: a sign-in waiting
// for confirmation, a session ended), `notices` (the notice list changed) and `banner` (the update banner changed).
// A device's event stream may be held by any process, and every process keeps caches to drop, so the news goes
// through Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY, else (SQLite: one process) an
// in-process emitter.
// A message carries only the topic; whoever hears it reads what changed from the database, so a lost message
// costs at most a short delay (streams poll slowly, caches expire), never wrong data. A command beside the servers
// (`npm run admin`) tells them through the same bus (`announce`); on SQLite, through the socket each server keeps
// beside its data lock (db/data-lock.ts), which hands the news to this process's buses (`tellLocalBuses`).
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';

export interface LiveBus {
  readonly kind: 'redis' | 'postgres' | 'memory';
  /**
   * Where news travels through PostgreSQL: the channel on which a statement's own `pg_notify(channel, topic)` tells
   * every server process (then `heardHere`); null otherwise.
   */
  readonly notifyChannel: string | null;
  /** Tells every server process (this one too) that `topic` has news. Never throws. */
  publish(topic: string): Promise<void>;
  /** News the other processes were told another way (a NOTIFY in a statement of this process's): told here now. */
  heardHere(topic: string): void;
  /** Calls `listener` on news for `topic`, from any process; returns the unsubscribe. */
  subscribe(topic: string, listener: () => void): () => void;
  /** Calls `listener` with every topic that has news (for caches); returns the unsubscribe. */
  subscribeAll(listener: (topic: string) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'mygenie_devices';
const TOPIC = /^[A-Za-z0-9:_-]{1,80}$/;
const ALL = Symbol('every topic');

function localFanOut() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (topic: string) => {
      if (!TOPIC.test(topic)) return;
      emitter.emit(ALL, topic);
      emitter.emit(topic);
    },
    subscribeAll(listener: (topic: string) => void) {
      emitter.on(ALL, listener);
      return () => void emitter.off(ALL, listener);
    },
    subscribe(topic: string, listener: () => void) {
      emitter.on(topic, listener);
      return () => void emitter.off(topic, listener);
    },
  };
}

/**
 * The in-process buses open in this process. The app opens its bus itself (app.ts), so news from another process
 * on this machine (the admin command, through the SQLite data lock's socket that main.ts keeps) reaches it here.
 */
const localBuses = new Set<(topic: string) => void>();

/** News from outside this process, told to every in-process bus in it (as if published here). */
export function tellLocalBuses(topic: string): void {
  for (const emit of localBuses) emit(topic);
}

export function memoryBus(): LiveBus {
  const local = localFanOut();
  localBuses.add(local.emit);
  return {
    kind: 'memory',
    notifyChannel: null,
    publish: async (topic) => local.emit(topic),
    heardHere: local.emit,
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    close: async () => void localBuses.delete(local.emit),
  };
}

const redisChannel = (prefix: string) => `${prefix}devices`;

/** Redis pub/sub on `<prefix>devices`; ioredis reconnects and resubscribes by itself. */
export async function redisBus(url: string, prefix: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const channel = redisChannel(prefix);
  const local = localFanOut();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  // Loaded only when Redis is configured (a server without it does not hold its code).
  const { Redis: RedisClient } = await import('ioredis');
  const publisher: Redis = new RedisClient(url, options);
  const subscriber: Redis = new RedisClient(url, options);
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: unknown) => log.warn({ err }, 'redis (live news) connection problem'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (from: string, topic: string) => {
    if (from === channel) local.emit(topic);
  });
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    notifyChannel: null,
    heardHere: local.emit,
    async publish(topic) {
      // This process hears it at once (its caches must not answer from before the change); the others
      // through Redis (and this one again, which is harmless).
      local.emit(topic);
      try {
        await publisher.publish(channel, topic);
      } catch (err) {
        log.warn({ err }, 'live news not published (redis)');
      }
    },
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** Keeps the server process ids of a pool's connections in `backends`, while they are open. */
export function trackBackends(pool: pg.Pool, backends: Set<number>): void {
  pool.on('connect', (client) => {
    const id = (client as pg.Client & { processID?: number }).processID;
    if (id) backends.add(id);
    client.once('end', () => backends.delete(id ?? 0));
  });
}

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection, reopened after a failure (a database restart) with a
 *  growing pause; NOTIFY goes through the pool, or in a statement of the database's pool (`databaseBackends`: its
 * connections' server process ids), whose news this process hears at once by `heardHere`.
 */
export async function postgresBus(
  url: string,
  log: FastifyBaseLogger,
  databaseBackends: ReadonlySet<number> = new Set(),
): Promise<LiveBus> {
  const local = localFanOut();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', (err) => log.warn({ err }, 'postgres (live news) pool problem'));
  // The backends our NOTIFYs go out through: this process heard its own news at once, not again from them.
  const ownBackends = new Set<number>();
  trackBackends(pool, ownBackends);
  const ours = (processId: number) => ownBackends.has(processId) || databaseBackends.has(processId);
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload || ours(message.processId)) return;
      local.emit(message.payload);
    });
    client.on('error', (err) => {
      log.warn({ err }, 'postgres (live news) listener lost; reconnecting');
      void client.end().catch(() => undefined);
      if (listener === client) listener = null;
      schedule();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    retryMs = 500;
  }

  function schedule(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listen().catch((err: unknown) => {
        log.warn({ err }, 'postgres (live news) listener not back yet');
        retryMs = Math.min(retryMs * 2, 10_000);
        schedule();
      });
    }, retryMs);
    retryTimer.unref();
  }

  await listen();
  return {
    kind: 'postgres',
    notifyChannel: CHANNEL,
    heardHere: local.emit,
    async publish(topic) {
      local.emit(topic);
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, topic]);
      } catch (err) {
        log.warn({ err }, 'live news not published (postgres)');
      }
    },
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}

export async function openLiveBus(
  options: {
    redis?: { url: string; prefix: string } | undefined;
    databaseUrl?: string | undefined;
    /** The database pool's server process ids (PostgreSQL): their NOTIFYs are this process's own. */
    databaseBackends?: ReadonlySet<number> | undefined;
  },
  log: FastifyBaseLogger,
): Promise<LiveBus> {
  if (options.redis) return redisBus(options.redis.url, options.redis.prefix, log);
  if (options.databaseUrl) return postgresBus(options.databaseUrl, log, options.databaseBackends);
  return memoryBus();
}

/**
 * Tells every server process that `topics` have news, from a process that is not a server (a command): through
 * Redis or PostgreSQL, whichever openLiveBus would choose with these settings. Answers false when the servers share
 * no bus (SQLite: see db/data-lock.ts); throws when the news could not be sent.
 */
export async function announce(
  options: { redis?: { url: string; prefix: string } | undefined; databaseUrl?: string | undefined },
  topics: readonly string[],
): Promise<boolean> {
  const valid = topics.filter((topic) => TOPIC.test(topic));
  if (options.redis) {
    const { Redis: RedisClient } = await import('ioredis');
    const client: Redis = new RedisClient(options.redis.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      for (const topic of valid) await client.publish(redisChannel(options.redis.prefix), topic);
    } finally {
      client.disconnect();
    }
    return true;
  }
  if (options.databaseUrl) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      for (const topic of valid) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, topic]);
    } finally {
      await client.end().catch(() => undefined);
    }
    return true;
  }
  return false;
}
