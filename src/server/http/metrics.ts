// Prometheus metrics at GET /api/metrics (text format 0.0.4, written by prom-client), for the operator's monitoring: requests and their
// latency by route, sign-ins by outcome, sync traffic, storage and members, the process's memory. Only with
// METRICS_TOKEN set, and only for a caller who sends it as a bearer token: without it there is no such route, and a
// wrong token costs one hash. Labels are route patterns, never paths, addresses or members.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { shownCommit, type BuildInfo } from '../core/version.js';

/** Latency buckets, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long the database's figures (storage, members) are reused between scrapes. */
const DATABASE_FIGURES_MS = 15_000;
/** The routes that sign a member in, and where the sync's bodies go. */
const SIGN_IN_ROUTES = new Set(['/api/auth/login', '/api/passkeys/login/verify']);
const SYNC_PREFIX = '/api/sync/';

/** Whether `given` is the token (compared as digests, in constant time). */
function isToken(given: string, digest: Buffer): boolean {
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), digest);
}

/** What the database holds, for the gauges (read by db/figures.ts: http does not reach the database). */
export interface StoredFigures {
  storage: Record<'documents' | 'files' | 'sync' | 'spaces', number>;
  members: Record<'verified' | 'unverified', number>;
}

export function registerMetrics(
  app: FastifyInstance,
  { token, build }: { token: string | undefined; build: BuildInfo },
  readFigures: () => Promise<StoredFigures>,
): void {
  if (!token) return;
  const digest = crypto.createHash('sha256').update(token).digest();
  // The app's own registry (several apps may share a process: the tests), written by prom-client.
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'mygenie_http_requests_total',
    help: 'Requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'mygenie_http_request_duration_seconds',
    help: 'Time to answer, by method and route.',
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers,
  });
  const signIns = new Counter({
    name: 'mygenie_sign_ins_total',
    help: 'Sign-ins by password or passkey, by outcome.',
    labelNames: ['outcome'],
    registers,
  });
  const syncBytes = new Counter({
    name: 'mygenie_sync_bytes_total',
    help: 'Bytes of sync bodies with a declared length, by direction (received from devices, sent to them).',
    labelNames: ['direction'],
    registers,
  });
  // Which version each scraped process runs, as Prometheus's build_info convention has it: always 1, the labels say.
  new Gauge({
    name: 'mygenie_build_info',
    help: 'The version and git commit this process was built from (1).',
    labelNames: ['version', 'commit'],
    registers,
  }).set({ version: build.version, commit: shownCommit(build) }, 1);
  const started = Date.now();
  let figures: { at: number; value: Promise<StoredFigures> } | null = null;
  /** The database's figures, read at most once per DATABASE_FIGURES_MS; a failed read is not kept. */
  const storedFigures = (): Promise<StoredFigures> => {
    if (!figures || Date.now() - figures.at > DATABASE_FIGURES_MS) {
      figures = { at: Date.now(), value: readFigures() };
      figures.value.catch(() => (figures = null));
    }
    return figures.value;
  };
  new Gauge({
    name: 'mygenie_storage_bytes',
    help: 'Bytes kept: members’ documents, downloadable files, synced data and shared spaces.',
    labelNames: ['kind'],
    registers,
    async collect() {
      for (const [kind, bytes] of Object.entries((await storedFigures()).storage)) this.set({ kind }, bytes);
    },
  });
  new Gauge({
    name: 'mygenie_members',
    help: 'Member accounts, by whether the address is verified.',
    labelNames: ['state'],
    registers,
    async collect() {
      for (const [state, count] of Object.entries((await storedFigures()).members))
        this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of the server process.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'JavaScript heap in use.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since the server started.',
    registers,
    collect() {
      this.set((Date.now() - started) / 1000);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(no route)';
    if (route === '/api/metrics') return;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (SIGN_IN_ROUTES.has(route) && request.method === 'POST') {
      signIns.inc({ outcome: status < 300 ? 'signed-in' : status === 429 ? 'limited' : 'refused' });
    }
    if (route.startsWith(SYNC_PREFIX)) {
      const received = Number(request.headers['content-length'] ?? 0);
      const sent = Number(reply.getHeader('content-length') ?? 0);
      if (received > 0) syncBytes.inc({ direction: 'received' }, received);
      if (sent > 0) syncBytes.inc({ direction: 'sent' }, sent);
    }
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const authorization = request.headers.authorization ?? '';
    const given = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!isToken(given, digest)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'auth/unauthenticated', message: 'The metrics token is missing or wrong.' } });
    }
    const text = await registry.metrics();
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  });
}
