// `npm run bench:upload`: streams a 1 GiB program file up to the server and back down, on local disk and on a
// real S3-compatible server, and measures how much the server process's memory (RSS, from /proc) grows above
// its level just before the transfer. Target: ≤ 100 MB. Median of RUNS (default 3) runs per backend.
// UPLOAD_BYTES changes the size, BACKENDS the backends (local,s3); BENCH_SMOKE=1 (bench/lib/result.mjs) streams
// 8 MiB once on each. Writes bench/upload.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { freePort } from '../scripts/net.mjs';
import { startBuiltServer } from '../scripts/server.mjs';
import { list, size, writeResult } from './lib/result.mjs';
import { mailedToken } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SIZE = size('UPLOAD_BYTES', 1024 ** 3, 8 * 1024 ** 2);
const RUNS = size('RUNS', 3, 1);
const TARGET_MB = 100;
const ADMIN = 'bench-admin@example.com';
const PASSWORD = 'bench password 1';

/** @param {number} pid */
function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** @param {number} size */
function generated(size) {
  let sent = 0;
  const block = crypto.randomBytes(1024 * 1024);
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const length = Math.min(block.length, size - sent);
      sent += length;
      this.push(block.subarray(0, length));
    },
  });
}

/**
 * @param {string} base
 * @param {{ method: string; path: string; headers?: Record<string, string>; body?: Readable }} request
 * @returns {Promise<{ status: number; bytes: number; text: string; cookies: string[] }>}
 */
function send(base, { method, path: url, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      { method, headers: { origin: base, ...headers } },
      (response) => {
        let bytes = 0;
        /** @type {Buffer[]} */
        const head = [];
        response.on('data', (chunk) => {
          bytes += chunk.length;
          if (bytes < 64 * 1024) head.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            text: Buffer.concat(head).toString('utf8'),
            cookies: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (body) body.pipe(request);
    else request.end();
  });
}

/** @param {Record<string, string>} env */
async function measure(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-upload-'));
  const server = await startBuiltServer({
    dataDir,
    env: { ADMIN_EMAILS: ADMIN, MAX_UPLOAD_MB: String(Math.ceil(SIZE / 1024 / 1024) + 16), ...env },
    host: '127.0.0.1',
    stdio: 'ignore',
  });
  const base = server.url;
  try {
    const json = { 'content-type': 'application/json' };
    /** Each step of signing the admin in must answer as expected, or the transfer would measure a refusal. */
    /**
     * @template {{ status: number; text: string }} Answer
     * @param {Answer} answer @param {number} status @param {string} what
     */
    const expect = (answer, status, what) => {
      if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
      return answer;
    };
    expect(
      await send(base, {
        method: 'POST',
        path: '/api/auth/signup',
        headers: json,
        body: Readable.from([JSON.stringify({ email: ADMIN, password: PASSWORD })]),
      }),
      201,
      'sign-up',
    );
    // A mail is written as .tmp and renamed when whole: read before, its link could be cut short.
    const token = await mailedToken(dataDir, ADMIN);
    expect(
      await send(base, {
        method: 'POST',
        path: '/api/auth/verify-email',
        headers: json,
        body: Readable.from([JSON.stringify({ token, password: PASSWORD })]),
      }),
      200,
      'verification',
    );
    const login = expect(
      await send(base, {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: Readable.from([JSON.stringify({ email: ADMIN, password: PASSWORD })]),
      }),
      200,
      'login',
    );
    const cookie = login.cookies.map((set) => set.split(';')[0]).join('; ');

    const pid = server.child.pid ?? 0;
    const sampleDuring = async (/** @type {() => Promise<unknown>} */ work) => {
      global.gc?.();
      await new Promise((r) => setTimeout(r, 300));
      const before = rssBytes(pid);
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 50);
      const started = performance.now();
      const result = await work();
      clearInterval(timer);
      peak = Math.max(peak, rssBytes(pid));
      return {
        growthMB: (peak - before) / 1024 / 1024,
        seconds: (performance.now() - started) / 1000,
        result,
      };
    };

    const query = new URLSearchParams({
      name: 'Bench',
      description: 'Streaming benchmark',
      version: '1',
      filename: 'bench.zip',
    });
    const upload = await sampleDuring(() =>
      send(base, {
        method: 'PUT',
        path: `/api/files?${query}`,
        headers: { cookie, 'content-type': 'application/octet-stream', 'content-length': String(SIZE) },
        body: generated(SIZE),
      }),
    );
    const uploaded = /** @type {{ status: number; text: string }} */ (upload.result);
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${uploaded.text}`);
    const file = JSON.parse(uploaded.text).file;
    const download = await sampleDuring(() =>
      send(base, { method: 'GET', path: file.downloadURL, headers: { cookie } }),
    );
    const downloaded = /** @type {{ bytes: number }} */ (download.result);
    if (downloaded.bytes !== SIZE) throw new Error(`downloaded ${downloaded.bytes} of ${SIZE} bytes`);
    return {
      upload: { growthMB: upload.growthMB, seconds: upload.seconds },
      download: { growthMB: download.growthMB, seconds: download.seconds },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

buildIfStale(root);
/** @type {Array<{ backend: string; uploadGrowthMB: number; downloadGrowthMB: number; uploadMBps: number; downloadMBps: number; pass: boolean }>} */
const rows = [];
for (const backend of list('BACKENDS', 'local,s3', 'local,s3')) {
  /** @type {Array<Awaited<ReturnType<typeof measure>>>} */
  const runs = [];
  /** @type {{ stop(): Promise<void> } | undefined} */
  let s3;
  /** @type {Record<string, string>} */
  let env = {};
  if (backend === 's3') {
    const { default: S3rver } = await import('@20minutes/s3rver');
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-bench-s3-'));
    const port = await freePort();
    const instance = new S3rver({
      port,
      address: '127.0.0.1',
      directory,
      silent: true,
      configureBuckets: [{ name: 'bench' }],
    });
    await instance.run();
    s3 = {
      stop: async () => (await instance.close(), fs.rmSync(directory, { recursive: true, force: true })),
    };
    env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'bench',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }
  try {
    for (let run = 0; run < RUNS; run++) runs.push(await measure(env));
  } finally {
    await s3?.stop();
  }
  const mb = SIZE / 1024 / 1024;
  const row = {
    backend,
    uploadGrowthMB: median(runs.map((run) => run.upload.growthMB)),
    downloadGrowthMB: median(runs.map((run) => run.download.growthMB)),
    uploadMBps: median(runs.map((run) => mb / run.upload.seconds)),
    downloadMBps: median(runs.map((run) => mb / run.download.seconds)),
    pass: false,
  };
  row.pass = row.uploadGrowthMB <= TARGET_MB && row.downloadGrowthMB <= TARGET_MB;
  rows.push(row);
}

console.log(
  `Streaming a ${(SIZE / 1024 ** 3).toFixed(2)} GiB file, server RSS growth, median of ${RUNS} runs (target ≤ ${TARGET_MB} MB)`,
);
console.log(
  ['backend', 'upload MB', 'download MB', 'up MB/s', 'down MB/s', 'result']
    .map((cell) => cell.padEnd(13))
    .join(''),
);
for (const row of rows) {
  console.log(
    [
      row.backend,
      row.uploadGrowthMB.toFixed(1),
      row.downloadGrowthMB.toFixed(1),
      row.uploadMBps.toFixed(0),
      row.downloadMBps.toFixed(0),
      row.pass ? 'pass' : 'FAIL',
    ]
      .map((cell) => cell.padEnd(13))
      .join(''),
  );
}
writeResult('upload', { date: new Date().toISOString(), bytes: SIZE, runs: RUNS, targetMB: TARGET_MB, rows });
process.exit(rows.every((row) => row.pass) ? 0 : 1);
