// `npm run bench`: every benchmark under bench/, one after another (each starts its own servers), then one table
// of figure, target and pass or fail, written to bench/results.json. Exits non-zero when a target is missed or a
// benchmark could not run. `BENCH_ONLY=http,bundle` runs a subset.
// Each benchmark's result file is removed before it starts and must carry this run's id, so only figures written
// by this run are read; a benchmark that crashed or wrote nothing is a failed row ("did not run").
// `BENCH_SMOKE=1 npm run bench` (CI) runs every benchmark at its smoke size (seconds each; bench/lib/result.mjs),
// its results under .test-data/bench-smoke: the figures are shown but not judged, and it fails when a benchmark
// did not run or a size target is missed (the bundle's: the build decides them, the same on every machine and at
// every size).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SMOKE = process.env.BENCH_SMOKE === '1';
const RESULTS_DIR = path.resolve(
  root,
  process.env.BENCH_RESULTS_DIR ?? (SMOKE ? '.test-data/bench-smoke' : 'bench'),
);
const RUN_ID = `${new Date().toISOString()} ${crypto.randomUUID()}`;
const SMOKE_TIMEOUT_MS = 5 * 60_000;
const resultFile = (/** @type {string} */ name) => path.join(RESULTS_DIR, name);

/** A result file of this run. @param {string} name */
const read = (name) => {
  const result = JSON.parse(fs.readFileSync(resultFile(name), 'utf8'));
  if (result.runId !== RUN_ID) throw new Error(`${name} was not written by this run`);
  return result;
};

/**
 * `exact`: a figure the build decides (a size), not the machine: judged in the smoke run too.
 * @typedef {{ bench: string; figure: string; value: string; target: string; pass: boolean; exact?: boolean }} Row
 */

/** A size in bytes as people read it (a smoke run streams mebibytes, the full run a gibibyte). @param {number} bytes */
const size = (bytes) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

/**
 * Each benchmark: its script, its result file and how that turns into rows. A row whose target is '—' is shown
 * for reference and not counted.
 * @type {Record<string, { script: string; result: string; rows: () => Row[] }>}
 */
const BENCHES = {
  http: {
    script: 'bench/http.mjs',
    result: 'http.json',
    rows: () =>
      read('http.json').rows.map((/** @type {Omit<Row, 'bench'>} */ row) => ({ bench: 'http', ...row })),
  },
  load: {
    script: 'bench/load.mjs',
    result: 'load.json',
    rows: () =>
      read('load.json').rows.map((/** @type {Omit<Row, 'bench'>} */ row) => ({ bench: 'load', ...row })),
  },
  bundle: {
    script: 'bench/bundle.mjs',
    result: 'bundle.json',
    rows: () => {
      const bundle = read('bundle.json');
      return [
        {
          bench: 'bundle',
          figure: 'JavaScript needed for the first paint of a public page (gzip)',
          value: `${bundle.firstPaintGzipKiB.toFixed(1)} KiB`,
          target: `≤ ${bundle.budgetKiB} KiB`,
          pass: bundle.firstPaintGzipKiB <= bundle.budgetKiB,
          exact: true,
        },
        {
          bench: 'bundle',
          figure:
            'JavaScript the heaviest public page runs on load for a visitor, its islands included (gzip)',
          value: `${bundle.hydrationGzipKiB.toFixed(1)} KiB (${bundle.hydrationHeaviestPage})`,
          target: `≤ ${bundle.hydrationBudgetKiB} KiB`,
          pass: bundle.hydrationGzipKiB <= bundle.hydrationBudgetKiB,
          exact: true,
        },
        {
          bench: 'bundle',
          figure: 'The heaviest island, beyond what its page runs on load (gzip)',
          value: `${bundle.heaviestIsland.gzipKiB.toFixed(1)} KiB (${bundle.heaviestIsland.name} on ${bundle.heaviestIsland.page})`,
          target: `≤ ${bundle.islandBudgetKiB} KiB`,
          pass: bundle.heaviestIsland.gzipKiB <= bundle.islandBudgetKiB,
          exact: true,
        },
        {
          bench: 'bundle',
          figure: "The words a public page's islands carry as props",
          value: `${bundle.wordiestPage.wordsKiB.toFixed(1)} KiB (${bundle.wordiestPage.page})`,
          target: `≤ ${bundle.wordsBudgetKiB} KiB`,
          pass: bundle.wordiestPage.wordsKiB <= bundle.wordsBudgetKiB,
          exact: true,
        },
        {
          bench: 'bundle',
          figure: 'lunar-javascript outside the fortune embed',
          value: `${bundle.lunarJavascriptOutsideEmbed.length} scripts (embed ${bundle.fortuneEmbedGzipKiB} KiB)`,
          target: '0',
          pass: bundle.lunarJavascriptOutsideEmbed.length === 0,
          exact: true,
        },
      ];
    },
  },
  vault: {
    script: 'bench/vault.mjs',
    result: 'vault.json',
    rows: () => {
      const vault = read('vault.json');
      const t = vault.targets;
      /** @type {Row[]} */
      const rows = [
        {
          bench: 'vault',
          figure: `unlock: decrypt ${vault.records} records`,
          value: `${vault.decryptMs.toFixed(0)} ms`,
          target: `≤ ${t.decryptMs} ms`,
          pass: vault.decryptMs <= t.decryptMs,
        },
        {
          bench: 'vault',
          figure: 'document sealing ÷ raw AES-GCM',
          value: vault.sealRatio.toFixed(2),
          target: `≥ ${t.sealRatio}`,
          pass: vault.sealRatio >= t.sealRatio,
        },
        {
          bench: 'vault',
          figure: 'month view with lunar dates',
          value: `${vault.monthMs.toFixed(1)} ms`,
          target: `≤ ${t.monthMs} ms`,
          pass: vault.monthMs <= t.monthMs,
        },
      ];
      const calendar = vault.calendar?.sizes?.find(
        (/** @type {{ events: number }} */ item) => item.events === 10_000,
      );
      if (calendar) {
        for (const [key, figure] of /** @type {const} */ ([
          ['monthMs', 'calendar: the month of 10,000 events, 500 series'],
          ['weekMs', 'calendar: a week of 10,000 events'],
          ['yearMs', 'calendar: a year of occurrences expanded'],
          ['agendaMs', 'calendar: the agenda of the next 90 days'],
        ])) {
          rows.push({
            bench: 'vault',
            figure,
            value: `${calendar[key].toFixed(1)} ms`,
            target: `≤ ${vault.calendar.targets[key]} ms`,
            pass: calendar[key] <= vault.calendar.targets[key],
          });
        }
      }
      for (const scale of vault.scales.filter(
        (/** @type {{ records: number }} */ item) => item.records === 10_000,
      )) {
        rows.push({
          bench: 'vault',
          figure: `fingerprint or face unlock to the home screen (${scale.records} records), beyond the authenticator`,
          value: `${scale.passkeyUnlockMs.toFixed(0)} ms`,
          target: `≤ ${vault.scaleTargets.passkeyUnlockMs} ms`,
          pass: scale.passkeyUnlockMs <= vault.scaleTargets.passkeyUnlockMs,
        });
      }
      for (const [kind, figures] of Object.entries(vault.backup)) {
        const { backupMs, restoreMs } = /** @type {{ backupMs: number; restoreMs: number }} */ (figures);
        rows.push({
          bench: 'vault',
          figure: `backup / restore (${kind})`,
          value: `${backupMs.toFixed(0)} / ${restoreMs.toFixed(0)} ms`,
          target: `≤ ${t.backupMs} / ${t.restoreMs} ms`,
          pass: backupMs <= t.backupMs && restoreMs <= t.restoreMs,
        });
      }
      return rows;
    },
  },
  upload: {
    script: 'bench/upload.mjs',
    result: 'upload.json',
    rows: () => {
      const upload = read('upload.json');
      return upload.rows.map(
        (
          /** @type {{ backend: string; uploadGrowthMB: number; downloadGrowthMB: number; pass: boolean }} */ row,
        ) => ({
          bench: 'upload',
          figure: `server memory growth streaming ${size(upload.bytes)} up / down (${row.backend})`,
          value: `${row.uploadGrowthMB.toFixed(1)} / ${row.downloadGrowthMB.toFixed(1)} MB`,
          target: `≤ ${upload.targetMB} MB`,
          pass: row.pass,
        }),
      );
    },
  },
  lighthouse: {
    script: 'bench/lighthouse.mjs',
    result: 'lighthouse.json',
    rows: () => {
      const lighthouse = read('lighthouse.json');
      /** @type {Record<string, number>} */
      const targets = lighthouse.targets;
      const tbtTargetMs = /** @type {number} */ (lighthouse.tbtTargetMs);
      const lcpTargetMs = /** @type {number} */ (lighthouse.lcpTargetMs);
      const clsTarget = /** @type {number} */ (lighthouse.clsTarget);
      if (
        !targets ||
        typeof tbtTargetMs !== 'number' ||
        typeof lcpTargetMs !== 'number' ||
        typeof clsTarget !== 'number'
      )
        throw new Error('lighthouse.json names no targets');
      const short = /** @type {Record<string, string>} */ ({
        performance: 'perf',
        accessibility: 'a11y',
        'best-practices': 'best pr.',
        seo: 'seo',
      });
      return lighthouse.results.map(
        (
          /** @type {{ page: string; lang: string; scores: Record<string, number>; metrics: Record<string, number> }} */ result,
        ) => {
          const tbt = result.metrics.tbt ?? Number.NaN;
          const lcp = result.metrics.lcp ?? Number.NaN;
          const cls = result.metrics.cls ?? Number.NaN;
          return {
            bench: 'lighthouse',
            figure: `Lighthouse ${result.page} (${result.lang}), mobile: the four categories, TBT, LCP and CLS`,
            value: `${Object.keys(targets)
              .map((category) => `${short[category] ?? category} ${result.scores[category]}`)
              .join(' · ')} · TBT ${Math.round(tbt)} ms · LCP ${Math.round(lcp)} ms · CLS ${cls.toFixed(3)}`,
            target: `${Object.entries(targets)
              .map(([category, target]) => `${short[category] ?? category} ≥ ${target}`)
              .join(', ')}, TBT ≤ ${tbtTargetMs} ms, LCP ≤ ${lcpTargetMs} ms, CLS ≤ ${clsTarget}`,
            pass:
              Object.entries(targets).every(
                ([category, target]) => (result.scores[category] ?? 0) >= target,
              ) &&
              tbt <= tbtTargetMs &&
              lcp <= lcpTargetMs &&
              cls <= clsTarget,
          };
        },
      );
    },
  },
  sync: {
    script: 'bench/sync.mjs',
    result: 'sync.json',
    rows: () => {
      const sync = read('sync.json');
      /** @type {{ firstSyncMs: number; editP95Ms: number }} */
      const targets = sync.targets;
      const first = sync.firstSync;
      return [
        {
          bench: 'sync',
          figure: `first sync of ${first.records} records + ${first.documentMb} MB on a new device (median)`,
          value: `${(first.totalMs / 1000).toFixed(1)} s (key derivation ${first.kdfMs.toFixed(0)} ms)`,
          target: `≤ ${targets.firstSyncMs / 1000} s`,
          pass: first.totalMs <= targets.firstSyncMs,
        },
        {
          bench: 'sync',
          figure: `an edit reaching a member's other devices, ${sync.live.devices} devices listening (p95)`,
          value: `${sync.live.p95Ms.toFixed(0)} ms (${sync.live.delivered} of ${sync.live.edits} delivered)`,
          target: `≤ ${targets.editP95Ms} ms, all delivered`,
          pass: sync.live.p95Ms <= targets.editP95Ms && sync.live.delivered === sync.live.edits,
        },
      ];
    },
  },
  spaces: {
    script: 'bench/spaces.mjs',
    result: 'spaces.json',
    rows: () => {
      const spaces = read('spaces.json');
      /** @type {{ firstSyncMs: number; editP95Ms: number }} */
      const targets = spaces.targets;
      const first = spaces.firstSync;
      return [
        {
          bench: 'spaces',
          figure: `a new member's first sync of a space of ${spaces.members} members, ${first.entries} entries (median)`,
          value: `${(first.totalMs / 1000).toFixed(1)} s (÷ own vault ${first.ownRatio.toFixed(2)})`,
          target: `≤ ${targets.firstSyncMs / 1000} s`,
          pass: first.totalMs <= targets.firstSyncMs,
        },
        {
          bench: 'spaces',
          figure: `an edit in a space reaching every other member's device, ${spaces.live.devices} listening (p95)`,
          value: `${spaces.live.p95Ms.toFixed(0)} ms (${spaces.live.delivered} of ${spaces.live.edits} delivered)`,
          target: `≤ ${targets.editP95Ms} ms, all delivered`,
          pass: spaces.live.p95Ms <= targets.editP95Ms && spaces.live.delivered === spaces.live.edits,
        },
      ];
    },
  },
  import: {
    script: 'bench/import.mjs',
    result: 'import.json',
    rows: () => {
      const result = read('import.json');
      /** @type {{ bitwardenMs: number; statementMs: number; heapMb: number }} */
      const targets = result.targets;
      return [
        {
          bench: 'import',
          figure: `${result.items} Bitwarden items, chosen to written (median)`,
          value: `${(result.bitwardenMs / 1000).toFixed(1)} s, page heap +${result.bitwardenHeapMb.toFixed(0)} MB`,
          target: `≤ ${targets.bitwardenMs / 1000} s, ≤ ${targets.heapMb} MB`,
          pass: result.bitwardenMs <= targets.bitwardenMs && result.bitwardenHeapMb <= targets.heapMb,
        },
        {
          bench: 'import',
          figure: `${result.rows}-row card statement (.xlsx), chosen to written (median)`,
          value: `${(result.statementMs / 1000).toFixed(1)} s, page heap +${result.statementHeapMb.toFixed(0)} MB (per row ÷ the ledger CSV screen's ${result.statementToBaseline.toFixed(2)})`,
          target: `≤ ${targets.statementMs / 1000} s, ≤ ${targets.heapMb} MB`,
          pass: result.statementMs <= targets.statementMs && result.statementHeapMb <= targets.heapMb,
        },
      ];
    },
  },
  fair: {
    script: 'bench/fair.mjs',
    result: 'fair.json',
    rows: () => {
      const result = read('fair.json');
      /** @type {{ healthP50Ms: number; healthMaxMs: number; pushP95Ratio: number }} */
      const targets = result.targets;
      return Object.entries(result)
        .filter(([name]) => name.startsWith('inFlight'))
        .map(([name, figures]) => ({
          bench: 'fair',
          figure: `one member's ${name.slice('inFlight'.length)} costly pushes in flight: health p50 / max, another member's push p95 ÷ idle (medians)`,
          value: `${figures.healthP50Ms.toFixed(1)} ms / ${figures.healthMaxMs.toFixed(0)} ms, ×${figures.pushP95Ratio.toFixed(2)}`,
          target: `≤ ${targets.healthP50Ms} ms / ≤ ${targets.healthMaxMs} ms, ≤ ${targets.pushP95Ratio}`,
          pass: figures.pass,
        }));
    },
  },
};

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
/** @type {Row[]} */
const rows = [];
/** The benchmarks that did not run (crashed, or wrote no result this run). @type {string[]} */
const missing = [];
const startedAll = Date.now();
for (const [name, bench] of Object.entries(BENCHES)) {
  if (only && !only.includes(name)) continue;
  console.log(`\n── ${name}${SMOKE ? ' (smoke)' : ''} ${'─'.repeat(60)}`);
  fs.rmSync(resultFile(bench.result), { force: true });
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(root, bench.script)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RUN_ID: RUN_ID, BENCH_RESULTS_DIR: RESULTS_DIR },
    // A smoke run takes seconds: a benchmark hanging for minutes has broken, and CI must not wait on it.
    ...(SMOKE ? { timeout: SMOKE_TIMEOUT_MS } : {}),
  });
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  try {
    rows.push(...bench.rows());
  } catch (error) {
    missing.push(name);
    rows.push({
      bench: name,
      figure: 'did not run',
      value: `exit ${run.status ?? run.signal}: ${error instanceof Error ? error.message : String(error)}`,
      target: 'results written',
      pass: false,
    });
  }
}

const widths = [10, 78, 44, 14];
const line = (/** @type {string[]} */ cells) =>
  cells.map((cell, index) => cell.padEnd(widths[index] ?? 8)).join(' ');
/** @param {Row} row */
const counted = (row) => row.target !== '—';
/** @param {Row} row */
const verdict = (row) => {
  if (!counted(row)) return 'info';
  if (row.figure === 'did not run') return 'FAIL';
  if (SMOKE && !row.exact) return '—';
  return row.pass ? 'pass' : 'FAIL';
};
console.log(`\n${line(['bench', 'figure', 'value', 'target'])} result`);
for (const row of rows)
  console.log(`${line([row.bench, row.figure, row.value, row.target])} ${verdict(row)}`);
const judged = rows.filter(counted);
const passed = judged.filter((row) => row.pass).length;
/** Sizes missed: a failure of the smoke run as of the full one. */
const sizesMissed = judged.filter((row) => row.exact && !row.pass);
const seconds = Math.round((Date.now() - startedAll) / 1000);
if (SMOKE) {
  console.log(
    `\nsmoke run in ${seconds} s: ${missing.length ? `did not run: ${missing.join(', ')}` : 'every benchmark ran and wrote its figures'}; sizes: ${sizesMissed.length ? `missed: ${sizesMissed.map((row) => row.figure).join('; ')}` : 'every target met'} (the other figures not judged)`,
  );
} else {
  console.log(`\n${passed} of ${judged.length} targets met (${seconds} s)`);
}
fs.mkdirSync(RESULTS_DIR, { recursive: true });
fs.writeFileSync(
  path.join(RESULTS_DIR, 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), runId: RUN_ID, smoke: SMOKE, seconds, rows, passed, total: judged.length, missing }, null, 2)}\n`,
);
process.exit(missing.length > 0 || sizesMissed.length > 0 || (!SMOKE && passed !== judged.length) ? 1 : 0);
