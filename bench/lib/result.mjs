// What every benchmark shares with `npm run bench` (bench/run.mjs): the smoke size and where its figures go.
//  - BENCH_SMOKE=1: each benchmark runs at a size that takes seconds, to show it still runs and still writes its
//    figures (CI runs them so); the figures then mean nothing and are not judged.
//  - BENCH_RESULTS_DIR: the folder of the result files (default bench/; the smoke run uses .test-data/bench-smoke,
//    so it never overwrites real figures).
//  - BENCH_RUN_ID: set by bench/run.mjs and written into the result, so a file left by an earlier run is never
//    taken for this one's.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The folder the results go to. */
export function resultsDir() {
  return path.resolve(root, process.env.BENCH_RESULTS_DIR ?? 'bench');
}

/** The result file of the benchmark `name` (`http`, `vault`, …). @param {string} name */
export function resultPath(name) {
  return path.join(resultsDir(), `${name}.json`);
}

/**
 * Writes a benchmark's figures to its result file, with the run that made them.
 * @param {string} name @param {Record<string, unknown>} figures
 */
export function writeResult(name, figures) {
  fs.mkdirSync(resultsDir(), { recursive: true });
  const result = { runId: process.env.BENCH_RUN_ID ?? null, smoke: SMOKE, ...figures };
  fs.writeFileSync(resultPath(name), `${JSON.stringify(result, null, 2)}\n`);
}

/**
 * A size from the environment, else the smoke size in a smoke run, else the full size.
 * @param {string} variable @param {number} full @param {number} smoke
 */
export function size(variable, full, smoke) {
  const value = process.env[variable];
  return value === undefined || value === '' ? (SMOKE ? smoke : full) : Number(value);
}

/**
 * A list from the environment (comma-separated), else the smoke list in a smoke run, else the full one.
 * @param {string} variable @param {string} full @param {string} smoke
 */
export function list(variable, full, smoke) {
  const value = process.env[variable];
  return (value === undefined || value === '' ? (SMOKE ? smoke : full) : value).split(',').filter(Boolean);
}
