// `npm run bench:http`: the API server under load, against a bare Fastify hello-world run in the same benchmark.
//   - throughput of the notice list and of the session check at 100 connections, as a ratio of the baseline's
//     (target ≥ 0.5), with p99, on SQLite and on PostgreSQL;
//   - login throughput (argon2id, 19 MiB, 2 passes) as a ratio of the hashing limit, cores ÷ one hash's time
//     measured here (target ≥ 0.8);
//   - the notice list's and session check's p95 for a paced user during a login flood, as a ratio of their p95
//     without it (target ≤ 1.2);
//   - the server's memory (RSS) idle and its peak under load.
// Medians of RUNS runs (default 3) of BENCH_SECONDS each (default 10). Writes bench/http.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { verify, hash } from '@node-rs/argon2';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { median, rssMB, runLoad } from './lib/load.mjs';
import { PASSWORD, startBenchServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 3);
const CONNECTIONS = 100;
const LOGIN_CONNECTIONS = 16;
const TARGETS = { throughputRatio: 0.5, loginRatio: 0.8, floodP95Ratio: 1.2, idleMB: 200, loadMB: 400 };
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
  for (const database of /** @type {const} */ (['sqlite', 'postgres'])) {
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

  // ---- Login against the hashing limit, and the other routes during a login flood (SQLite) ---------------
  /** @type {Record<string, unknown>} */
  const logins = {};
  /** @type {Record<string, unknown>} */
  const floods = {};
  for (const database of /** @type {const} */ (['sqlite', 'postgres'])) {
    const server = await startBenchServer({ database });
    try {
      /** @type {string[]} */
      const members = [];
      for (let index = 0; index < LOGIN_CONNECTIONS; index++) {
        const email = `login-${index}-${database}@bench.example`;
        await server.member(email);
        members.push(email);
      }
      const cookie = await server.member(`probe-${database}@bench.example`);

      const stored = await hash(PASSWORD, ARGON2);
      const hashTimes = [];
      for (let index = 0; index < 15; index++) {
        const started = performance.now();
        await verify(stored, PASSWORD);
        hashTimes.push(performance.now() - started);
      }
      const hashMs = median(hashTimes.slice(3));
      const cores = os.availableParallelism();
      const limit = cores / (hashMs / 1000);

      /** @param {number} user */
      const login = (user) => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', origin: server.base },
        body: JSON.stringify({ email: members[user % members.length], password: PASSWORD }),
        name: 'login',
        expect: (/** @type {{ status: number }} */ answer) => answer.status === 200,
      });
      /** @param {number} _user @param {number} step */
      const probe = (_user, step) =>
        step % 2 === 0
          ? { path: '/api/notices?lang=ko', name: 'notices' }
          : { path: '/api/session', headers: { cookie }, name: 'session' };
      const paced = () => runLoad({ url: server.base, connections: 2, durationMs, thinkMs: 40, next: probe });

      const loginRps = [];
      const idleP95 = [];
      const floodP95 = [];
      for (let run = 0; run < RUNS; run++) {
        idleP95.push(mustBeClean(await paced(), 'paced, idle').p95);
        const [flood, during] = await Promise.all([
          runLoad({ url: server.base, connections: LOGIN_CONNECTIONS, durationMs, next: login }),
          paced(),
        ]);
        loginRps.push(mustBeClean(flood, 'login flood').rps);
        floodP95.push(mustBeClean(during, 'paced, during the flood').p95);
      }
      logins[database] = {
        hashMs,
        cores,
        hashingLimitPerS: limit,
        loginPerS: median(loginRps),
        ratio: median(loginRps) / limit,
      };
      floods[database] = {
        idleP95Ms: median(idleP95),
        floodP95Ms: median(floodP95),
        ratio: median(floodP95) / median(idleP95),
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
  /** @type {Record<string, { hashMs: number; cores: number; hashingLimitPerS: number; loginPerS: number; ratio: number }>} */ (
    results.login
  );
const floods = /** @type {Record<string, { idleP95Ms: number; floodP95Ms: number; ratio: number }>} */ (
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
    figure: `login throughput ÷ hashing limit (${login.cores} cores ÷ ${login.hashMs.toFixed(1)} ms) (${database})`,
    value: `${login.ratio.toFixed(2)} (${login.loginPerS.toFixed(1)} vs ${login.hashingLimitPerS.toFixed(1)} /s)`,
    target: `≥ ${TARGETS.loginRatio}`,
    pass: login.ratio >= TARGETS.loginRatio,
  });
}
for (const [database, flood] of Object.entries(floods)) {
  rows.push({
    figure: `notices and session p95 during a login flood ÷ idle p95 (${database})`,
    value: `${flood.ratio.toFixed(2)} (${flood.floodP95Ms.toFixed(1)} vs ${flood.idleP95Ms.toFixed(1)} ms)`,
    target: `≤ ${TARGETS.floodP95Ratio}`,
    pass: flood.ratio <= TARGETS.floodP95Ratio,
  });
}
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
results.rows = rows;

console.log(`HTTP, median of ${RUNS} runs of ${SECONDS} s`);
for (const row of rows)
  console.log(`  ${row.pass ? 'pass' : 'FAIL'}  ${row.figure}: ${row.value} (target ${row.target})`);
fs.writeFileSync(path.join(root, 'bench/http.json'), `${JSON.stringify(results, null, 2)}\n`);
process.exit(rows.every((row) => row.pass) ? 0 : 1);
