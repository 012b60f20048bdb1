// Live news between server processes: "member X's devices have news" (a sign-in waiting for confirmation, a
// session ended). A device's event stream may be held by any process, so the news goes through Redis pub/sub
// when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY, else (SQLite: one process) an in-process emitter.
// The message carries only the member's id; each stream then reads what changed from the database, so a lost
// message costs at most the streams' slow safety poll, never wrong news.
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface LiveBus {
  readonly kind: 'redis' | 'postgres' | 'memory';
  /** Tells every server process that member `uid`'s devices have news. Never throws. */
  publish(uid: string): Promise<void>;
  /** Calls `listener` on news for member `uid`, from any process; returns the unsubscribe. */
  subscribe(uid: string, listener: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'mygenie_devices';
const UID = /^[A-Za-z0-9_-]{1,64}$/;

function localFanOut() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (uid: string) => {
      if (UID.test(uid)) emitter.emit(uid);
    },
    subscribe(uid: string, listener: () => void) {
      emitter.on(uid, listener);
      return () => void emitter.off(uid, listener);
    },
  };
}

export function memoryBus(): LiveBus {
  const local = localFanOut();
  return {
    kind: 'memory',
    publish: async (uid) => local.emit(uid),
    subscribe: local.subscribe,
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
  subscriber.on('message', (from: string, uid: string) => {
    if (from === channel) local.emit(uid);
  });
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    async publish(uid) {
      try {
        await publisher.publish(channel, uid);
      } catch (err) {
        log.warn({ err }, 'live news not published (redis)');
      }
    },
    subscribe: local.subscribe,
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
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) local.emit(message.payload);
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
    async publish(uid) {
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, uid]);
      } catch (err) {
        log.warn({ err }, 'live news not published (postgres)');
      }
    },
    subscribe: local.subscribe,
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
