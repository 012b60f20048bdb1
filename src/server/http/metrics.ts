// Prometheus metrics at GET /api/metrics (text format 0.0.4), for the operator's monitoring: requests and their
// latency by route, sign-ins by outcome, sync traffic, storage and members, the process's memory. Only with
// METRICS_TOKEN set, and only for a caller who sends it as a bearer token: without it there is no such route, and a
// wrong token costs one hash. Labels are route patterns, never paths, addresses or members.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Latency buckets, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long the database's figures (storage, members) are reused between scrapes. */
const DATABASE_FIGURES_MS = 15_000;
/** The routes that sign a member in, and where the sync's bodies go. */
const SIGN_IN_ROUTES = new Set(['/api/auth/login', '/api/passkeys/login/verify']);
const SYNC_PREFIX = '/api/sync/';

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** `{a="x",b="y"}` from label pairs, in the order given. */
function labelText(labels: Record<string, string>): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escape(value)}"`);
  return pairs.length > 0 ? `{${pairs.join(',')}}` : '';
}

class Counter {
  readonly #values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  add(labels: Record<string, string>, by = 1): void {
    const key = labelText(labels);
    this.#values.set(key, (this.#values.get(key) ?? 0) + by);
  }
  text(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} counter`,
      ...[...this.#values].map(([labels, value]) => `${this.name}${labels} ${value}`),
    ];
  }
}

class Histogram {
  readonly #series = new Map<
    string,
    { labels: Record<string, string>; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  observe(labels: Record<string, string>, value: number): void {
    const key = labelText(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    BUCKETS.forEach((bound, index) => {
      if (value <= bound) series.counts[index]! += 1;
    });
    series.sum += value;
    series.count += 1;
  }
  text(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      BUCKETS.forEach((bound, index) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[index]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

const gauge = (name: string, help: string, samples: Array<[Record<string, string>, number]>) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} gauge`,
  ...samples.map(([labels, value]) => `${name}${labelText(labels)} ${value}`),
];

/** Whether `given` is the token (compared as digests, in constant time). */
function isToken(given: string, digest: Buffer): boolean {
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), digest);
}

/** What the database holds, for the gauges (read by db/figures.ts: http does not reach the database). */
export interface StoredFigures {
  storage: Record<'documents' | 'files' | 'sync', number>;
  members: Record<'verified' | 'unverified', number>;
}

export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  readFigures: () => Promise<StoredFigures>,
): void {
  if (!token) return;
  const digest = crypto.createHash('sha256').update(token).digest();
  const requests = new Counter(
    'mygenie_http_requests_total',
    'Requests answered, by method, route and status.',
  );
  const latency = new Histogram(
    'mygenie_http_request_duration_seconds',
    'Time to answer, by method and route.',
  );
  const signIns = new Counter('mygenie_sign_ins_total', 'Sign-ins by password or passkey, by outcome.');
  const syncBytes = new Counter(
    'mygenie_sync_bytes_total',
    'Bytes of sync bodies with a declared length, by direction (received from devices, sent to them).',
  );
  const started = Date.now();
  let figures: { at: number; value: Promise<StoredFigures> } | null = null;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(no route)';
    if (route === '/api/metrics') return;
    const status = reply.statusCode;
    requests.add({ method: request.method, route, status: String(status) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (SIGN_IN_ROUTES.has(route) && request.method === 'POST') {
      signIns.add({ outcome: status < 300 ? 'signed-in' : status === 429 ? 'limited' : 'refused' });
    }
    if (route.startsWith(SYNC_PREFIX)) {
      const received = Number(request.headers['content-length'] ?? 0);
      const sent = Number(reply.getHeader('content-length') ?? 0);
      if (received > 0) syncBytes.add({ direction: 'received' }, received);
      if (sent > 0) syncBytes.add({ direction: 'sent' }, sent);
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
    if (!figures || Date.now() - figures.at > DATABASE_FIGURES_MS) {
      figures = { at: Date.now(), value: readFigures() };
      // A failed read is not kept: the next scrape asks again.
      figures.value.catch(() => (figures = null));
    }
    const held = await figures.value;
    const memory = process.memoryUsage();
    const lines = [
      ...requests.text(),
      ...latency.text(),
      ...signIns.text(),
      ...syncBytes.text(),
      ...gauge(
        'mygenie_storage_bytes',
        'Bytes kept: members’ documents, downloadable files and synced data.',
        Object.entries(held.storage).map(([kind, bytes]) => [{ kind }, bytes]),
      ),
      ...gauge(
        'mygenie_members',
        'Member accounts, by whether the address is verified.',
        Object.entries(held.members).map(([state, count]) => [{ state }, count]),
      ),
      ...gauge('process_resident_memory_bytes', 'Resident memory of the server process.', [[{}, memory.rss]]),
      ...gauge('nodejs_heap_used_bytes', 'JavaScript heap in use.', [[{}, memory.heapUsed]]),
      ...gauge('process_uptime_seconds', 'Seconds since the server started.', [
        [{}, (Date.now() - started) / 1000],
      ]),
    ];
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
}
