// `npm run bench`: every benchmark under bench/, one after another (each starts its own servers), then one table
// of figure, target and pass or fail, written to bench/results.json. Exits non-zero when a target is missed or a
// benchmark could not run. `BENCH_ONLY=http,bundle` runs a subset.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const read = (/** @type {string} */ name) =>
  JSON.parse(fs.readFileSync(path.join(root, 'bench', name), 'utf8'));

/** @typedef {{ bench: string; figure: string; value: string; target: string; pass: boolean }} Row */

/** Each benchmark: its script and how its JSON turns into rows. @type {Record<string, { script: string; rows: () => Row[] }>} */
const BENCHES = {
  http: {
    script: 'bench/http.mjs',
    rows: () =>
      read('http.json').rows.map((/** @type {Omit<Row, 'bench'>} */ row) => ({ bench: 'http', ...row })),
  },
  load: {
    script: 'bench/load.mjs',
    rows: () =>
      read('load.json').rows.map((/** @type {Omit<Row, 'bench'>} */ row) => ({ bench: 'load', ...row })),
  },
  bundle: {
    script: 'bench/bundle.mjs',
    rows: () => {
      const bundle = read('bundle.json');
      return [
        {
          bench: 'bundle',
          figure: 'JavaScript needed for the first paint of a public page (gzip)',
          value: `${bundle.firstPaintGzipKiB.toFixed(1)} KiB (hydration afterwards ${bundle.hydrationGzipKiB} KiB)`,
          target: `≤ ${bundle.budgetKiB} KiB`,
          pass: bundle.firstPaintGzipKiB <= bundle.budgetKiB,
        },
        {
          bench: 'bundle',
          figure: 'lunar-javascript outside the fortune embed',
          value: `${bundle.lunarJavascriptOutsideEmbed.length} scripts (embed ${bundle.fortuneEmbedGzipKiB} KiB)`,
          target: '0',
          pass: bundle.lunarJavascriptOutsideEmbed.length === 0,
        },
      ];
    },
  },
  vault: {
    script: 'bench/vault.mjs',
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
    rows: () => {
      const upload = read('upload.json');
      return upload.rows.map(
        (
          /** @type {{ backend: string; uploadGrowthMB: number; downloadGrowthMB: number; pass: boolean }} */ row,
        ) => ({
          bench: 'upload',
          figure: `server memory growth streaming ${(upload.bytes / 1024 ** 3).toFixed(1)} GiB up / down (${row.backend})`,
          value: `${row.uploadGrowthMB.toFixed(1)} / ${row.downloadGrowthMB.toFixed(1)} MB`,
          target: `≤ ${upload.targetMB} MB`,
          pass: row.pass,
        }),
      );
    },
  },
  lighthouse: {
    script: 'bench/lighthouse.mjs',
    rows: () => {
      const lighthouse = read('lighthouse.json');
      return lighthouse.results.map(
        (/** @type {{ page: string; lang: string; scores: Record<string, number> }} */ result) => {
          const lowest = Math.min(...Object.values(result.scores));
          return {
            bench: 'lighthouse',
            figure: `Lighthouse ${result.page} (${result.lang}), lowest of the four categories`,
            value: String(lowest),
            target: `≥ ${lighthouse.target}`,
            pass: lowest >= lighthouse.target,
          };
        },
      );
    },
  },
};

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
/** @type {Row[]} */
const rows = [];
for (const [name, bench] of Object.entries(BENCHES)) {
  if (only && !only.includes(name)) continue;
  console.log(`\n── ${name} ${'─'.repeat(60)}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(root, bench.script)], { cwd: root, stdio: 'inherit' });
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  try {
    rows.push(...bench.rows());
  } catch (error) {
    rows.push({
      bench: name,
      figure: 'the benchmark ran',
      value: `exit ${run.status ?? run.signal}: ${error instanceof Error ? error.message : String(error)}`,
      target: 'results written',
      pass: false,
    });
  }
}

const widths = [10, 78, 44, 14];
const line = (/** @type {string[]} */ cells) =>
  cells.map((cell, index) => cell.padEnd(widths[index] ?? 8)).join(' ');
console.log(`\n${line(['bench', 'figure', 'value', 'target'])} result`);
for (const row of rows)
  console.log(`${line([row.bench, row.figure, row.value, row.target])} ${row.pass ? 'pass' : 'FAIL'}`);
const passed = rows.filter((row) => row.pass).length;
console.log(`\n${passed} of ${rows.length} targets met`);
fs.writeFileSync(
  path.join(root, 'bench/results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), rows, passed, total: rows.length }, null, 2)}\n`,
);
process.exit(passed === rows.length ? 0 : 1);
