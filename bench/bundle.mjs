// `npm run bench:bundle`: the JavaScript needed for the first paint of a public page (budget 90 KiB gzipped):
// none, when every prerendered page carries its text and loads its scripts as deferred modules. Also reports
// the JavaScript that makes the page interactive afterwards (hydration), which has no target of its own, and the
// fortune embed's, and fails if lunar-javascript (the saju engine) is in any script of the site or app entries.
// Writes bench/bundle.json. It has no size to change: BENCH_SMOKE=1 (bench/lib/result.mjs) runs it as it is.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { writeResult } from './lib/result.mjs';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_KIB = 90;
buildIfStale(root);

const web = path.join(root, 'dist/web');

/**
 * The scripts an HTML entry loads at once (its module and the modules it preloads), with their sizes.
 * @param {string} htmlFile
 */
function entryScripts(htmlFile) {
  const html = fs.readFileSync(path.join(web, htmlFile), 'utf8');
  return [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => {
    const src = match[1] ?? '';
    const content = fs.readFileSync(path.join(web, src));
    return {
      file: src,
      gzipKiB: zlib.gzipSync(content, { level: 9 }).length / 1024,
      rawKiB: content.length / 1024,
      // lunar-javascript (the saju engine) belongs in the fortune embed only.
      lunarJavascript: content.includes('getEightChar'),
    };
  });
}
/** @param {{ gzipKiB: number }[]} rows */
const sum = (rows) => rows.reduce((total, row) => total + row.gzipKiB, 0);

// What a public page runs to become interactive: the entry (loaded with the page), the hydration module it
// imports after the first paint, and the page's own code, each with every chunk it imports — followed through the
// site build's manifest.
/** @type {Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>} */
const manifest = JSON.parse(fs.readFileSync(path.join(web, '.vite/manifest.json'), 'utf8'));
/** @param {string[]} keys @returns {Set<string>} the chunks those manifest entries load, imports included */
function closure(keys) {
  const found = new Set();
  const queue = [...keys];
  while (queue.length) {
    const key = /** @type {string} */ (queue.pop());
    if (found.has(key)) continue;
    found.add(key);
    queue.push(...(manifest[key]?.imports ?? []));
  }
  return found;
}
/** @param {string} key */
function chunk(key) {
  const file = /** @type {string} */ (manifest[key]?.file);
  const content = fs.readFileSync(path.join(web, file));
  return {
    file: `/${file}`,
    gzipKiB: zlib.gzipSync(content, { level: 9 }).length / 1024,
    rawKiB: content.length / 1024,
    lunarJavascript: content.includes('getEightChar'),
  };
}
const HYDRATION_BUDGET_KIB = 60;
const PUBLIC_PAGES = {
  '/': [],
  '/features': ['../src/site/pages/features/FeaturesPage.tsx', '../src/site/pages/features/copy.ts'],
  '/security': ['../src/site/pages/security/SecurityPage.tsx', '../src/site/pages/security/copy.ts'],
  '/how-to-use': ['../src/site/pages/how-to-use/HowToUsePage.tsx', '../src/site/pages/how-to-use/copy.ts'],
  '/download': ['../src/site/pages/download/DownloadPage.tsx', '../src/site/pages/download/copy.ts'],
};
const hydrateKey = '../src/site/hydrate.tsx';
const perPage = Object.entries(PUBLIC_PAGES).map(([page, keys]) => {
  const chunks = [...closure(['index.html', hydrateKey, ...keys])].map(chunk);
  return { page, chunks, gzipKiB: sum(chunks) };
});
const rows = [...closure(['index.html', hydrateKey])].map(chunk);
const heaviest = perPage.reduce((most, page) => (page.gzipKiB > most.gzipKiB ? page : most));
const total = heaviest.gzipKiB;
const embedRows = entryScripts('fortune-embed/index.html');
const lunarOutsideEmbed = [...Object.keys(manifest).map(chunk), ...entryScripts('app/index.html')].filter(
  (row) => row.lunarJavascript,
);

// First paint: every prerendered page carries its text and links only stylesheets before the body; the scripts
// it links are the entry's, which paint nothing.
const prerendered = path.join(web, '_prerendered');
const pages = fs.readdirSync(prerendered).flatMap((lang) =>
  fs
    .readdirSync(path.join(prerendered, lang))
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(prerendered, lang, name)),
);
const blocking = pages.filter((file) => {
  const html = fs.readFileSync(file, 'utf8');
  const rootHtml = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
  const classicScripts = /<script(?![^>]*type="module")[^>]*src=/.test(html);
  return rootHtml.length < 500 || !/<h1/.test(rootHtml) || classicScripts;
});
const entryRows = entryScripts('index.html');

const firstPaintKiB = blocking.length === 0 ? 0 : sum(entryRows);
console.log(
  `JavaScript needed for first paint: ${firstPaintKiB.toFixed(1)} KiB (budget ${BUDGET_KIB} KiB: ${firstPaintKiB <= BUDGET_KIB ? 'pass' : 'FAIL'}); ` +
    `${pages.length - blocking.length}/${pages.length} prerendered pages carry their text and load scripts as deferred modules`,
);
console.log(
  `Loaded with the page (it fetches the rest after the first paint): ${sum(entryRows).toFixed(1)} KiB in ${entryRows.length} files`,
);
console.log('JavaScript that hydrates every page (gzip -9):');
for (const row of rows)
  console.log(
    `  ${row.file.padEnd(44)} ${row.gzipKiB.toFixed(1).padStart(6)} KiB  (${row.rawKiB.toFixed(1)} KiB raw)`,
  );
console.log(`  total ${sum(rows).toFixed(1)} KiB`);
console.log(
  `Hydration JavaScript per public page, its own code included (budget ${HYDRATION_BUDGET_KIB} KiB):`,
);
for (const { page, gzipKiB } of perPage)
  console.log(
    `  ${page.padEnd(14)} ${gzipKiB.toFixed(1).padStart(6)} KiB  ${gzipKiB <= HYDRATION_BUDGET_KIB ? 'pass' : 'FAIL'}`,
  );
console.log(
  `The fortune embed's JavaScript: ${sum(embedRows).toFixed(1)} KiB gzipped, lunar-javascript in ` +
    `${embedRows.filter((row) => row.lunarJavascript).length} of its scripts and in ` +
    `${lunarOutsideEmbed.length} scripts of the site and app entries (must be 0)`,
);
writeResult('bundle', {
  budgetKiB: BUDGET_KIB,
  firstPaintGzipKiB: firstPaintKiB,
  hydrationGzipKiB: Number(total.toFixed(1)),
  hydrationHeaviestPage: heaviest.page,
  hydrationBudgetKiB: HYDRATION_BUDGET_KIB,
  hydrationPerPage: perPage.map(({ page, gzipKiB }) => ({ page, gzipKiB: Number(gzipKiB.toFixed(1)) })),
  rows,
  prerenderedPages: pages.length,
  pagesNeedingScriptToPaint: blocking.length,
  fortuneEmbedGzipKiB: Number(sum(embedRows).toFixed(1)),
  lunarJavascriptOutsideEmbed: lunarOutsideEmbed.map((row) => row.file),
});
process.exit(
  firstPaintKiB <= BUDGET_KIB && total <= HYDRATION_BUDGET_KIB && lunarOutsideEmbed.length === 0 ? 0 : 1,
);
