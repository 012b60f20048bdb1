// `npm run bench:load`: 500 virtual users for 60 s on the mixed workload (pages, session, notices, login, file
// list and downloads; bench/lib/workload.mjs), on SQLite and on PostgreSQL. Target: not one error or unexpected
// answer. LOAD_USERS and LOAD_SECONDS change the size, BENCH_DATABASES the databases; BENCH_SMOKE=1 (bench/lib/
// result.mjs) is 20 users for 3 s on SQLite. Writes bench/load.json.
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { list, size, writeResult } from './lib/result.mjs';
import { mixedLoad } from './lib/workload.mjs';

const root = path.resolve(import.meta.dirname, '..');
const USERS = size('LOAD_USERS', 500, 20);
const SECONDS = size('LOAD_SECONDS', 60, 3);
const DATABASES = /** @type {('sqlite' | 'postgres')[]} */ (
  list('BENCH_DATABASES', 'sqlite,postgres', 'sqlite')
);
buildIfStale(root);

/** @type {{ figure: string; value: string; target: string; pass: boolean }[]} */
const rows = [];
/** @type {unknown[]} */
const runs = [];
for (const database of DATABASES) {
  const result = await mixedLoad({ database, users: USERS, seconds: SECONDS });
  // Every latency stays out of the file (the percentiles are kept).
  const { latencies: _latencies, ...figures } = result;
  runs.push(figures);
  const problems = result.errors + result.unexpected;
  rows.push({
    figure: `${USERS} users × ${SECONDS} s mixed workload (${database}): failed answers`,
    value: `${problems} of ${result.requests} (${result.rps.toFixed(0)} req/s; p95 ${result.p95.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms)${problems ? `; first: ${result.firstProblem}` : ''}`,
    target: '0',
    pass: problems === 0,
  });
  console.log(
    `  ${database}: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, ${problems} failed`,
  );
  for (const [name, figures] of Object.entries(result.byName)) {
    console.log(
      `    ${name.padEnd(9)} ${String(figures.requests).padStart(7)} requests  p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms`,
    );
  }
}
for (const row of rows) console.log(`${row.pass ? 'pass' : 'FAIL'}  ${row.figure}: ${row.value}`);
writeResult('load', { date: new Date().toISOString(), users: USERS, seconds: SECONDS, runs, rows });
process.exit(rows.every((row) => row.pass) ? 0 : 1);
