// `npm run bench:lighthouse`: Lighthouse (mobile settings) on the public pages in Korean and English, against
// the built server, with the same Chromium as the tests. Each page runs RUNS times (default 5) and the median of
// each score is kept, since a shared machine is noisy. Prints the scores against the targets and writes
// bench/lighthouse.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { CHROME_ARGS, chromePath } from '../scripts/chrome.mjs';
import { freePort, waitUntilUp } from '../scripts/net.mjs';
import { startBuiltServer } from '../scripts/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PAGES = ['/', '/features', '/security', '/how-to-use', '/download'];
const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.RUNS ?? 5);

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

buildIfStale(root);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-lh-'));
const server = await startBuiltServer({ dataDir });
const base = server.url;
const debugPort = await freePort();
const chrome = spawn(
  await chromePath(),
  [
    '--headless=new',
    ...CHROME_ARGS,
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-lh-chrome-'))}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

/** @type {Array<{ page: string; lang: string; scores: Record<string, number> }>} */
const results = [];
let failed = false;
try {
  await waitUntilUp(`http://127.0.0.1:${debugPort}/json/version`);
  for (const lang of ['ko', 'en']) {
    for (const page of PAGES) {
      /** @type {Record<string, number[]>} */
      const samples = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
      /** @type {import('lighthouse').RunnerResult | undefined} */
      let runner;
      for (let run = 0; run < RUNS; run++) {
        runner = await lighthouse(`${base}${page}?lang=${lang}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!runner) throw new Error(`Lighthouse gave no result for ${page}`);
        for (const category of CATEGORIES) {
          samples[category]?.push(Math.round((runner.lhr.categories[category]?.score ?? 0) * 100));
        }
      }
      if (!runner) throw new Error(`Lighthouse did not run for ${page}`);
      /** @type {Record<string, number>} */
      const scores = {};
      for (const category of CATEGORIES) scores[category] = median(samples[category] ?? []);
      results.push({ page, lang, scores });
      const below = CATEGORIES.filter((category) => (scores[category] ?? 0) < TARGET);
      if (below.length) {
        failed = true;
        for (const category of below) {
          const audits = Object.values(runner.lhr.audits)
            .filter(
              (audit) =>
                audit.score !== null &&
                audit.score < 0.9 &&
                runner.lhr.categories[category]?.auditRefs.some(
                  (ref) => ref.id === audit.id && ref.weight > 0,
                ),
            )
            .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
          console.log(`  ${lang} ${page} ${category}: ${audits.join(', ')}`);
        }
      }
    }
  }
} finally {
  chrome.kill('SIGKILL');
  await server.stop();
}

console.log(`\nLighthouse, mobile settings, median of ${RUNS} runs (target ≥ ${TARGET} in every category)`);
console.log(['page', 'lang', ...CATEGORIES, 'result'].map((cell) => cell.padEnd(15)).join(''));
for (const { page, lang, scores } of results) {
  const pass = CATEGORIES.every((category) => (scores[category] ?? 0) >= TARGET);
  console.log(
    [page, lang, ...CATEGORIES.map((category) => String(scores[category])), pass ? 'pass' : 'FAIL']
      .map((cell) => cell.padEnd(15))
      .join(''),
  );
}
fs.writeFileSync(
  path.join(root, 'bench/lighthouse.json'),
  JSON.stringify({ target: TARGET, runs: RUNS, results }, null, 2),
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
