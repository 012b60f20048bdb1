// `npm run bench:http`: the API server under load, against a bare Fastify hello-world run in the same benchmark.
//   - throughput of the notice list and of the session check at 100 connections, as a ratio of the baseline's
//     (target ≥ 0.5), with p99, on SQLite and on PostgreSQL;
//   - login throughput (argon2id, 19 MiB, 2 passes) as a ratio of what this machine does with one hash per core
//     at once and nothing else running, measured just before and after each flood (target ≥ 0.9);
//   - the notice list's and session check's p95 for a paced user during a login flood, as a ratio of their p95
//     without it, measured in halves just before and after each flood, all runs pooled (target ≤ 1.5);
//   - beside each, the ceiling: the same flood against a bare sign-in (bench/lib/hello.mjs), with the paced user
//     on that bare server;
//   - the server's memory (RSS) idle and its peak under load.
// Medians of RUNS runs (default 3) of BENCH_SECONDS each (default 10). Writes bench/http.json.
// BENCH_PARTS=throughput or BENCH_PARTS=login runs one half alone (to work on it); the report needs both.
// BENCH_DATABASES=sqlite runs one database. BENCH_SMOKE=1 (bench/lib/result.mjs): one run of 1 s on SQLite, the
// hashing limit measured for 0.3 s.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { verify, hash } from '@node-rs/argon2';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { median, percentile, rssMB, runLoad, runLoadApart } from './lib/load.mjs';
import { list, size, writeResult } from './lib/result.mjs';
import { PASSWORD, startBenchServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = size('BENCH_SECONDS', 10, 1);
const RUNS = size('RUNS', 3, 1);
/** How long the hashing limit is measured before and after each flood, and the warm-up flood lasts. */
const HASH_RATE_MS = size('BENCH_HASH_RATE_MS', 2000, 300);
const DATABASES = /** @type {('sqlite' | 'postgres')[]} */ (
  list('BENCH_DATABASES', 'sqlite,postgres', 'sqlite')
);
const CONNECTIONS = 100;
const LOGIN_CONNECTIONS = 16;
const TARGETS = { throughputRatio: 0.5, loginRatio: 0.9, floodP95Ratio: 1.5, idleMB: 200, loadMB: 400 };
const PARTS = (process.env.BENCH_PARTS ?? 'throughput,login').split(',');
/** @param {string} part @returns {('sqlite' | 'postgres')[]} */
const databasesFor = (part) => (PARTS.includes(part) ? DATABASES : []);
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const durationMs = SECONDS * 1000;

buildIfStale(root);

async function startHello() {
  const child = spawn(process.execPath, [path.join(root, 'bench/lib/hello.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve) =>
    readline.createInterface({ input: child.stdout }).once('line', resolve),
  );
  return { url: `http://127.0.0.1:${line}`, stop: () => child.kill('SIGTERM') };
}

/** Samples a process's RSS while `work` runs; gives the peak. @param {number} pid @param {() => Promise<unknown>} work */
async function peakRss(pid, work) {
  let peak = await rssMB(pid);
  const timer = setInterval(() => {
    rssMB(pid).then(
      (mb) => (peak = Math.max(peak, mb)),
      () => undefined,
    );
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak;
}

/** One argon2id verification's time here and now: the median of 7, in ms. @param {string} stored */
async function hashTime(stored) {
  const times = [];
  for (let index = 0; index < 7; index++) {
    const started = performance.now();
    await verify(stored, PASSWORD);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * How many verifications per second `threads` threads manage together for `ms`, with nothing else running: the
 * hashing limit this machine really offers (cores share memory bandwidth and caches; on a shared host other
 * tenants take their part), against which the server's login rate is judged.
 * @param {string} stored @param {number} threads @param {number} ms
 */
async function parallelHashRate(stored, threads, ms) {
  let done = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (performance.now() < deadline) {
        await verify(stored, PASSWORD);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** @param {import('./lib/load.mjs').LoadResult} result @param {string} what */
function mustBeClean(result, what) {
  if (result.errors || result.unexpected) {
    throw new Error(
      `${what}: ${result.errors} errors, ${result.unexpected} unexpected answers; first: ${result.firstProblem}`,
    );
  }
  return result;
}

const hello = await startHello();
/** @type {Record<string, unknown>} */
const results = {
  date: new Date().toISOString(),
  seconds: SECONDS,
  runs: RUNS,
  cores: os.availableParallelism(),
  targets: TARGETS,
};

try {
  // ---- Throughput against the baseline, on both databases -------------------------------------------------
  /** @type {Record<string, unknown>} */
  const throughput = {};
  let peakMB = 0;
  let idleMB = 0;
  for (const database of databasesFor('throughput')) {
    const admin = `admin-${database}@bench.example`;
    const server = await startBenchServer({ database, env: { ADMIN_EMAILS: admin } });
    try {
      const adminCookie = await server.member(admin);
      for (let index = 0; index < 20; index++) {
        const made = await server.post(
          '/api/notices',
          {
            lang: 'ko',
            title: `공지 ${index + 1}`,
            content: `벤치마크용 공지사항 본문 ${index + 1}. `.repeat(20),
          },
          { cookie: adminCookie },
        );
        if (made.status !== 201) throw new Error(`notice answered ${made.status}`);
      }
      const cookie = await server.member(`member-${database}@bench.example`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (database === 'sqlite') idleMB = await rssMB(server.pid);

      const routes = {
        notices: {
          path: '/api/notices?lang=ko',
          check: (/** @type {string} */ body) => body.includes('공지 20'),
        },
        session: {
          path: '/api/session',
          headers: { cookie },
          check: (/** @type {string} */ body) => body.includes('member-'),
        },
      };
      for (const [name, route] of Object.entries(routes)) {
        const answer = await fetch(`${server.base}${route.path}`, {
          headers: 'headers' in route ? route.headers : {},
        });
        if (answer.status !== 200 || !route.check(await answer.text()))
          throw new Error(`${database} ${name} answers wrongly`);
      }
      /** @type {{ rps: number[]; p99: number[] }} */
      const helloRuns = { rps: [], p99: [] };
      /** @type {Record<string, { rps: number[]; p99: number[] }>} */
      const runs = { hello: helloRuns, notices: { rps: [], p99: [] }, session: { rps: [], p99: [] } };
      const peak = await peakRss(server.pid, async () => {
        for (let run = 0; run < RUNS; run++) {
          const baseline = mustBeClean(
            await runLoad({
              url: hello.url,
              connections: CONNECTIONS,
              durationMs,
              decode: false,
              next: () => ({ path: '/' }),
            }),
            'hello world',
          );
          helloRuns.rps.push(baseline.rps);
          helloRuns.p99.push(baseline.p99);
          for (const [name, route] of Object.entries(routes)) {
            const result = mustBeClean(
              await runLoad({
                url: server.base,
                connections: CONNECTIONS,
                durationMs,
                // The client does as little as it can (no decompressing, no reading), as for the baseline; the
                // answer's content is checked once before the runs.
                decode: false,
                next: () => ({
                  path: route.path,
                  headers: 'headers' in route ? route.headers : {},
                  expect: (answer) => answer.status === 200 && answer.body.length > 0,
                }),
              }),
              `${database} ${name}`,
            );
            runs[name]?.rps.push(result.rps);
            runs[name]?.p99.push(result.p99);
          }
        }
      });
      peakMB = Math.max(peakMB, peak);
      const helloRps = median(helloRuns.rps);
      throughput[database] = Object.fromEntries(
        Object.entries(runs).map(([name, figures]) => [
          name,
          {
            rps: median(figures.rps),
            p99Ms: median(figures.p99),
            ratio: median(figures.rps) / helloRps,
          },
        ]),
      );
    } finally {
      await server.stop();
    }
  }
  results.throughput = throughput;

  // ---- Login against the hashing limit, and the other routes during a login flood, on both databases ------
  /** @type {Record<string, unknown>} */
  const logins = {};
  /** @type {Record<string, unknown>} */
  const floods = {};
  for (const database of databasesFor('login')) {
    const server = await startBenchServer({ database });
    try {
      /** @type {string[]} */
      const members = [];
      // Each member signs in again and again from the browser they first signed in from (a known device, as
      // most sign-ins are: no new-device confirmation, which tests cover).
      /** The device cookie of the browser each member signs in from. @type {string[]} */
      const devices = [];
      for (let index = 0; index < LOGIN_CONNECTIONS; index++) {
        const email = `login-${index}-${database}@bench.example`;
        devices.push((await server.member(email)).split('; ')[1] ?? '');
        members.push(email);
      }
      const cookie = await server.member(`probe-${database}@bench.example`);

      // The hashing limit is measured again just before and after every flood (the machine's speed drifts on
      // shared hosts), and the idle p95 in two halves around it, so both sides of each ratio see the same machine.
      const stored = await hash(PASSWORD, ARGON2);
      await hashTime(stored); // discarded: warms the hashing code up
      const cores = os.availableParallelism();

      /** @param {number} user */
      const login = (user) => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: {
          'content-type': 'application/json',
          origin: server.base,
          cookie: devices[user % members.length] ?? '',
        },
        body: JSON.stringify({ email: members[user % members.length], password: PASSWORD }),
        name: 'login',
        expect: (/** @type {{ status: number }} */ answer) => answer.status === 200,
      });
      // The paced user runs in a thread of its own, apart from the flood's generator.
      const probes = [
        { path: '/api/notices?lang=ko', name: 'notices' },
        { path: '/api/session', headers: { cookie }, name: 'session' },
      ];
      /** @param {number} ms @param {string} [url] @param {{ path: string }[]} [requests] */
      const paced = async (ms, url = server.base, requests = probes) =>
        mustBeClean(
          await runLoadApart({ url, connections: 2, durationMs: ms, thinkMs: 40, requests }),
          'paced',
        ).latencies;
      /** The paced user on the bare server (its hello world), for the flood's ceiling. @param {number} ms */
      const pacedBare = (ms) => paced(ms, hello.url, [{ path: '/' }]);

      // A short flood first, so that every run sees a warmed-up server (compiled code, filled caches).
      mustBeClean(
        await runLoad({
          url: server.base,
          connections: LOGIN_CONNECTIONS,
          durationMs: HASH_RATE_MS,
          next: login,
        }),
        'warm-up flood',
      );
      const loginRps = [];
      const hashMs = [];
      const parallelRates = [];
      const ratios = [];
      const bareRps = [];
      const bareRatios = [];
      const bareLogin = () => ({
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
        expect: (/** @type {{ status: number }} */ answer) => answer.status === 200,
      });
      /** @type {number[]} */
      const idle = [];
      /** @type {number[]} */
      const during = [];
      /** The same around and during the bare flood. @type {number[]} */
      const bareIdle = [];
      /** @type {number[]} */
      const bareDuring = [];
      for (let run = 0; run < RUNS; run++) {
        const rateBefore = await parallelHashRate(stored, cores, HASH_RATE_MS);
        const before = await hashTime(stored);
        idle.push(...(await paced(durationMs / 2)));
        const [flood, duringFlood] = await Promise.all([
          runLoad({ url: server.base, connections: LOGIN_CONNECTIONS, durationMs, next: login }),
          paced(durationMs),
        ]);
        mustBeClean(flood, 'login flood');
        during.push(...duringFlood);
        idle.push(...(await paced(durationMs / 2)));
        // The bare sign-in (HTTP and our hashing threads, nothing else) under the same flood, with the same paced
        // user on the bare server: what any server could reach here with the generators on the same cores.
        bareIdle.push(...(await pacedBare(durationMs / 2)));
        const [bareFlood, bareDuringFlood] = await Promise.all([
          runLoad({ url: hello.url, connections: LOGIN_CONNECTIONS, durationMs, next: bareLogin }),
          pacedBare(durationMs),
        ]);
        const bare = mustBeClean(bareFlood, 'bare sign-in flood');
        bareDuring.push(...bareDuringFlood);
        const oneHashMs = (before + (await hashTime(stored))) / 2;
        const limit = (rateBefore + (await parallelHashRate(stored, cores, HASH_RATE_MS))) / 2;
        hashMs.push(oneHashMs);
        parallelRates.push(limit);
        loginRps.push(flood.rps);
        bareRps.push(bare.rps);
        ratios.push(flood.rps / limit);
        bareRatios.push(bare.rps / limit);
      }
      logins[database] = {
        hashMs: median(hashMs),
        cores,
        hashingLimitPerS: cores / (median(hashMs) / 1000),
        parallelHashPerS: median(parallelRates),
        loginPerS: median(loginRps),
        ratio: median(ratios),
        bareLoginPerS: median(bareRps),
        bareRatio: median(bareRatios),
      };
      const p95 = (/** @type {number[]} */ latencies) =>
        percentile(
          latencies.sort((a, b) => a - b),
          0.95,
        );
      const idleP95 = p95(idle);
      const floodP95 = p95(during);
      floods[database] = {
        idleP95Ms: idleP95,
        floodP95Ms: floodP95,
        ratio: floodP95 / idleP95,
        samples: { idle: idle.length, flood: during.length },
        bareRatio: p95(bareDuring) / p95(bareIdle),
      };
    } finally {
      await server.stop();
    }
  }
  results.login = logins;
  results.flood = floods;
  results.memory = { idleMB, loadMB: peakMB };
} finally {
  hello.stop();
}

const t = /** @type {Record<string, Record<string, { rps: number; p99Ms: number; ratio: number }>>} */ (
  results.throughput
);
const logins =
  /** @type {Record<string, { hashMs: number; cores: number; hashingLimitPerS: number; parallelHashPerS: number; loginPerS: number; ratio: number; bareLoginPerS: number; bareRatio: number }>} */ (
    results.login
  );
const floods =
  /** @type {Record<string, { idleP95Ms: number; floodP95Ms: number; ratio: number; bareRatio: number }>} */ (
    results.flood
  );
const memory = /** @type {{ idleMB: number; loadMB: number }} */ (results.memory);
/** @type {{ figure: string; value: string; target: string; pass: boolean }[]} */
const rows = [];
for (const database of ['sqlite', 'postgres']) {
  for (const route of ['notices', 'session']) {
    const figures = t[database]?.[route];
    if (!figures) continue;
    rows.push({
      figure: `${route} throughput ÷ hello world (${database}), 100 connections`,
      value: `${figures.ratio.toFixed(2)} (${figures.rps.toFixed(0)} vs ${t[database]?.hello?.rps.toFixed(0)} req/s; p99 ${figures.p99Ms.toFixed(1)} ms)`,
      target: `≥ ${TARGETS.throughputRatio}`,
      pass: figures.ratio >= TARGETS.throughputRatio,
    });
  }
}
for (const [database, login] of Object.entries(logins)) {
  rows.push({
    figure: `login throughput ÷ ${login.cores} hashes at once with nothing else running (${database})`,
    value: `${login.ratio.toFixed(2)} (${login.loginPerS.toFixed(1)} vs ${login.parallelHashPerS.toFixed(1)} /s; cores ÷ one hash of ${login.hashMs.toFixed(1)} ms: ${login.hashingLimitPerS.toFixed(1)} /s)`,
    target: `≥ ${TARGETS.loginRatio}`,
    pass: login.ratio >= TARGETS.loginRatio,
  });
  rows.push({
    figure: `  the ceiling here: a bare sign-in (HTTP and the same hashing threads, nothing else) ÷ the same (${database})`,
    value: `${login.bareRatio.toFixed(2)} (${login.bareLoginPerS.toFixed(1)} /s); our login ÷ the bare one: ${(login.loginPerS / login.bareLoginPerS).toFixed(2)}`,
    target: '—',
    pass: true,
  });
}
for (const [database, flood] of Object.entries(floods)) {
  rows.push({
    figure: `notices and session p95 during a login flood ÷ idle p95 (${database})`,
    value: `${flood.ratio.toFixed(2)} (${flood.floodP95Ms.toFixed(1)} vs ${flood.idleP95Ms.toFixed(1)} ms)`,
    target: `≤ ${TARGETS.floodP95Ratio}`,
    pass: flood.ratio <= TARGETS.floodP95Ratio,
  });
  rows.push({
    figure: `  the ceiling here: the paced user's p95 on the bare server during a bare sign-in flood ÷ idle (${database})`,
    value: flood.bareRatio.toFixed(2),
    target: '—',
    pass: true,
  });
}
if (PARTS.includes('throughput')) {
  rows.push({
    figure: 'server memory idle (RSS)',
    value: `${memory.idleMB.toFixed(0)} MB`,
    target: `≤ ${TARGETS.idleMB} MB`,
    pass: memory.idleMB <= TARGETS.idleMB,
  });
  rows.push({
    figure: 'server memory under load (peak RSS)',
    value: `${memory.loadMB.toFixed(0)} MB`,
    target: `≤ ${TARGETS.loadMB} MB`,
    pass: memory.loadMB <= TARGETS.loadMB,
  });
}
results.rows = rows;

console.log(`HTTP, median of ${RUNS} runs of ${SECONDS} s`);
for (const row of rows)
  console.log(`  ${row.pass ? 'pass' : 'FAIL'}  ${row.figure}: ${row.value} (target ${row.target})`);
// Only a whole run is a report.
if (PARTS.includes('throughput') && PARTS.includes('login')) {
  writeResult('http', results);
}
process.exit(rows.every((row) => row.pass) ? 0 : 1);
