// Live news between server processes, as topics: `devices:<uid>` (a member's sessions changed: a sign-in waiting
// for confirmation, a session ended) and `notices` (the notice list changed). A device's event stream may be
// held by any process, and every process keeps caches to drop, so the news goes through Redis pub/sub when
// REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY, else (SQLite: one process) an in-process emitter.
// A message carries only the topic; whoever hears it reads what changed from the database, so a lost message
// costs at most a short delay (streams poll slowly, caches expire), never wrong data.
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface LiveBus {
  readonly kind: 'redis' | 'postgres' | 'memory';
  /** Tells every server process (this one too) that `topic` has news. Never throws. */
  publish(topic: string): Promise<void>;
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

export function memoryBus(): LiveBus {
  const local = localFanOut();
  return {
    kind: 'memory',
    publish: async (topic) => local.emit(topic),
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    close: async () => undefined,
  };
}

/** Redis pub/sub on `<prefix>devices`; ioredis reconnects and resubscribes by itself. */
export async function redisBus(url: string, prefix: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const channel = `${prefix}devices`;
  const local = localFanOut();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
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

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection, reopened after a failure (a database restart) with a
 * growing pause; NOTIFY goes through the pool.
 */
export async function postgresBus(url: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const local = localFanOut();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', (err) => log.warn({ err }, 'postgres (live news) pool problem'));
  // The backends our NOTIFYs go out through: this process heard its own news at once, not again from them.
  const ownBackends = new Set<number>();
  pool.on('connect', (client) => {
    const id = (client as pg.Client & { processID?: number }).processID;
    if (id) ownBackends.add(id);
    client.once('end', () => ownBackends.delete(id ?? 0));
  });
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload || ownBackends.has(message.processId)) return;
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
  options: { redis?: { url: string; prefix: string } | undefined; databaseUrl?: string | undefined },
  log: FastifyBaseLogger,
): Promise<LiveBus> {
  if (options.redis) return redisBus(options.redis.url, options.redis.prefix, log);
  if (options.databaseUrl) return postgresBus(options.databaseUrl, log);
  return memoryBus();
}
