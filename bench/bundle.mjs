// `npm run bench:bundle`: the JavaScript needed for the first paint of a public page (budget 90 KiB gzipped):
// none, when every prerendered page carries its text and loads its scripts as deferred modules. Also the
// JavaScript that wakes each page's islands afterwards (hydration: the runtime and the islands that wake with the
// page or at idle; budget 40 KiB a page while the interactive pages are cut into islands, issue 48), the fortune
// embed's, and fails if lunar-javascript (the saju engine) is in any script of the site or app entries.
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
// What a prerendered page runs to wake its islands (src/site/islands/): the entry, the runtime, and the code of
// each island the page's HTML holds that wakes with the page or at idle, each with every chunk it imports. An
// island's code by its name, as src/site/islands/registry.ts loads it.
const HYDRATION_BUDGET_KIB = 40;
const runtimeKey = '../src/site/islands/hydrate-islands.ts';
/** @type {Record<string, string[]>} */
const ISLAND_KEYS = {
  header: ['../src/site/layout/HeaderControls.tsx'],
  'footer-version': ['../src/site/layout/HeaderControls.tsx'],
  fairy: ['../src/site/fairy/FairyIsland.tsx', '../src/site/fairy/FairyGuide.tsx'],
  'fortune-stage': ['../src/site/pages/fortune/FortuneStage.tsx'],
  'support-contact': ['../src/site/pages/support/SupportContact.tsx'],
  'download-parts': ['../src/site/pages/download/DownloadParts.tsx'],
  home: ['../src/site/pages/HomePage.tsx'],
};
const prerenderedEn = path.join(web, '_prerendered', 'en');
const perPage = fs
  .readdirSync(prerenderedEn)
  .filter((name) => name.endsWith('.html'))
  .map((name) => {
    const page = name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`;
    const html = fs.readFileSync(path.join(prerenderedEn, name), 'utf8');
    const islands = [...html.matchAll(/<mg-island data-island="([^"]+)" data-when="([^"]+)"/g)]
      .filter((match) => match[2] !== 'visible')
      .map((match) => match[1] ?? '');
    const keys = islands.flatMap((island) => ISLAND_KEYS[island] ?? []);
    const chunks = [...closure(['index.html', runtimeKey, ...keys])].map(chunk);
    return { page, islands: [...new Set(islands)], chunks, gzipKiB: sum(chunks) };
  });
const rows = [...closure(['index.html', runtimeKey, ...(ISLAND_KEYS.header ?? [])])].map(chunk);
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
console.log('JavaScript every prerendered page runs to wake its header (gzip -9):');
for (const row of rows)
  console.log(
    `  ${row.file.padEnd(44)} ${row.gzipKiB.toFixed(1).padStart(6)} KiB  (${row.rawKiB.toFixed(1)} KiB raw)`,
  );
console.log(`  total ${sum(rows).toFixed(1)} KiB`);
console.log(
  `Hydration JavaScript per public page, its own code included (budget ${HYDRATION_BUDGET_KIB} KiB):`,
);
for (const { page, islands, gzipKiB } of perPage)
  console.log(
    `  ${page.padEnd(14)} ${gzipKiB.toFixed(1).padStart(6)} KiB  ${gzipKiB <= HYDRATION_BUDGET_KIB ? 'pass' : 'FAIL'}  (${islands.join(', ')})`,
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
  hydrationPerPage: perPage.map(({ page, islands, gzipKiB }) => ({
    page,
    islands,
    gzipKiB: Number(gzipKiB.toFixed(1)),
  })),
  rows,
  prerenderedPages: pages.length,
  pagesNeedingScriptToPaint: blocking.length,
  fortuneEmbedGzipKiB: Number(sum(embedRows).toFixed(1)),
  lunarJavascriptOutsideEmbed: lunarOutsideEmbed.map((row) => row.file),
});
process.exit(
  firstPaintKiB <= BUDGET_KIB && total <= HYDRATION_BUDGET_KIB && lunarOutsideEmbed.length === 0 ? 0 : 1,
);
