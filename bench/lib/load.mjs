// A small closed-loop HTTP load generator for the benchmarks and the load test: `connections` virtual users,
// each on its own keep-alive connection, send their next request as soon as the last one is answered, for
// `durationMs` (or, with `thinkMs`, after that pause: a paced user). Every latency is kept, so percentiles are
// exact. The same generator measures the bare Fastify baseline and our server, so its own cost is the same on
// both sides of a ratio.
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

/**
 * @typedef {{ method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }} LoadRequest
 * @typedef {{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }} LoadAnswer
 * @typedef {{
 *   requests: number; rps: number; errors: number; unexpected: number; firstProblem: string | null;
 *   p50: number; p95: number; p99: number; max: number; latencies: number[]; byName: Record<string, { requests: number; p50: number; p95: number; p99: number }>
 * }} LoadResult
 */

/** @param {number[]} sorted @param {number} q */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * One request on `agent`.
 * @param {http.Agent} agent @param {URL} base @param {LoadRequest} request
 * @param {boolean} [decode] uncompress the body (false: the raw bytes, as a throughput run needs no more)
 * @returns {Promise<LoadAnswer>}
 */
export function send(agent, base, request, decode = true) {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          // As a browser asks: compressed answers welcome (for the baseline and our server alike).
          'accept-encoding': 'gzip, deflate, br',
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...request.headers,
        },
      },
      (res) => {
        const parts = /** @type {Buffer[]} */ ([]);
        res.on('data', (part) => parts.push(part));
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const encoding = decode ? res.headers['content-encoding'] : undefined;
          try {
            const body =
              encoding === 'br'
                ? zlib.brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? zlib.gunzipSync(raw)
                  : encoding === 'deflate'
                    ? zlib.inflateSync(raw)
                    : raw;
            resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs the load. `next(user, step)` gives a user's next request (with a `name` for per-route figures and an
 * `expect` check of the answer); return null to make that user stop.
 * @param {{
 *   url: string; connections: number; durationMs: number;
 *   thinkMs?: number; decode?: boolean;
 *   next: (user: number, step: number) => (LoadRequest & { name?: string; expect?: (answer: LoadAnswer) => boolean }) | null;
 *   onAnswer?: (user: number, answer: LoadAnswer, request: LoadRequest & { name?: string }) => void;
 * }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ url, connections, durationMs, thinkMs = 0, decode = true, next, onAnswer }) {
  const base = new URL(url);
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<string, number[]>} */
  const named = new Map();
  let errors = 0;
  let unexpected = 0;
  /** @type {string | null} */
  let firstProblem = null;
  const started = performance.now();
  const deadline = started + durationMs;

  /** @param {number} user */
  async function virtualUser(user) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let step = 0; performance.now() < deadline; step++) {
        const request = next(user, step);
        if (!request) return;
        const sentAt = performance.now();
        try {
          const answer = await send(agent, base, request, decode);
          const took = performance.now() - sentAt;
          latencies.push(took);
          if (request.name) {
            const list = named.get(request.name) ?? [];
            list.push(took);
            named.set(request.name, list);
          }
          const ok = request.expect ? request.expect(answer) : answer.status >= 200 && answer.status < 400;
          if (!ok) {
            unexpected++;
            firstProblem ??= `${request.method ?? 'GET'} ${request.path} → ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
          }
          onAnswer?.(user, answer, request);
        } catch (error) {
          errors++;
          firstProblem ??= `${request.method ?? 'GET'} ${request.path}: ${error instanceof Error ? error.message : String(error)}`;
        }
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
      }
    } finally {
      agent.destroy();
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, user) => virtualUser(user)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  /** @type {LoadResult['byName']} */
  const byName = {};
  for (const [name, list] of named) {
    list.sort((a, b) => a - b);
    byName[name] = {
      requests: list.length,
      p50: percentile(list, 0.5),
      p95: percentile(list, 0.95),
      p99: percentile(list, 0.99),
    };
  }
  return {
    requests: sorted.length,
    rps: sorted.length / elapsed,
    errors,
    unexpected,
    firstProblem,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    latencies: sorted,
    byName,
  };
}

/** The resident memory of a process, in MB (Linux /proc). @param {number} pid */
export async function rssMB(pid) {
  const fs = await import('node:fs');
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * `runLoad` in a thread of its own, each user cycling through `requests` (any 2xx or 3xx answer is right): a user
 * measured apart from the other load this process generates, whose latencies therefore never include waiting
 * for this process's own busy event loop.
 * @param {{ url: string; connections: number; durationMs: number; thinkMs?: number; requests: (LoadRequest & { name?: string })[] }} options
 * @returns {Promise<LoadResult>}
 */
export function runLoadApart(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { runLoadApart: options } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load thread stopped with code ${code}`));
    });
  });
}

if (!isMainThread && workerData?.runLoadApart) {
  const { requests, ...options } = workerData.runLoadApart;
  const result = await runLoad({
    ...options,
    next: (/** @type {number} */ user, /** @type {number} */ step) =>
      requests[(user + step) % requests.length],
  });
  parentPort?.postMessage(result);
}
