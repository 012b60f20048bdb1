// `npm run bench:bundle`: the JavaScript needed for the first paint of a public page (budget 90 KiB gzipped):
// none, when every prerendered page carries its text and loads its scripts as deferred modules. Also the
// JavaScript each page runs on load for a visitor who reads it (the islands' runtime and the islands that wake with
// the page: budget 20 KiB a page, issue 48), with what its islands bring later (the heaviest island: 30 KiB) and
// the words they carry (6 KiB a page), the fortune embed's, and fails if lunar-javascript (the saju engine) is in any script of the site or app entries.
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
// What a prerendered page runs on load, for a visitor who only reads it (issue 48: ≤ 20 KiB gzipped a page): the
// entry, the islands' runtime (src/site/islands/hydrate-islands.ts: the session read, the visitor's controls shown)
// and, if an island wakes with the page (`load`), the code that wakes islands (Preact among it) and that island's,
// each with every chunk it imports. Beside it, what comes later: the islands woken at idle (the fairy, the home
// page's banner: "when it starts"), and the heaviest island woken when a member is here or a visitor reaches for it,
// beyond what the page already holds. An island's code by its name, read from src/site/islands/registry.ts.
const LOAD_BUDGET_KIB = 20;
/** The heaviest island's code, beyond what its page already runs (woken at idle, for a member or on a reach). */
const ISLAND_BUDGET_KIB = 30;
/** The words a page's islands carry as props (their JSON as written, UTF-8: a Korean syllable is 3 bytes). */
const WORDS_BUDGET_KIB = 6;
const runtimeKey = '../src/site/islands/hydrate-islands.ts';
const wakeKey = '../src/site/islands/wake-island.tsx';
const registry = fs.readFileSync(path.join(root, 'src/site/islands/registry.ts'), 'utf8');
/** @type {Record<string, string[]>} */
const ISLAND_KEYS = Object.fromEntries(
  [
    ...registry.matchAll(
      /^ {2}'?([\w-]+)'?: async \(\): Promise<Loaded> =>\s*\(await import\('([^']+)'\)\)/gm,
    ),
  ].map((match) => {
    const module = path.join('src/site/islands', (match[2] ?? '').replace(/\.js$/, ''));
    const file = ['.tsx', '.ts']
      .map((ext) => module + ext)
      .find((name) => fs.existsSync(path.join(root, name)));
    return [match[1] ?? '', file ? [`../${file}`] : []];
  }),
);
// An island whose component lazily loads its real part as it mounts (the fairy's guide) counts that part too.
ISLAND_KEYS.fairy?.push('../src/site/fairy/FairyGuide.tsx');
/** @param {Set<string>} keys @param {Set<string>} held */
const beyond = (keys, held) => sum([...keys].filter((key) => !held.has(key)).map(chunk));
const prerenderedEn = path.join(web, '_prerendered', 'en');
const perPage = fs
  .readdirSync(prerenderedEn)
  .filter((name) => name.endsWith('.html'))
  .map((name) => {
    const page = name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`;
    const html = fs.readFileSync(path.join(prerenderedEn, name), 'utf8');
    // The words: the islands' props of the page in each language, the larger counted.
    const wordsKiB = Math.max(
      ...['ko', 'en'].map((lang) => {
        const written = fs.readFileSync(path.join(web, '_prerendered', lang, name), 'utf8');
        const props = [...written.matchAll(/<mg-island [^>]*data-props="([^"]*)"/g)].map((match) =>
          (match[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
        );
        return Buffer.byteLength(props.join(''), 'utf8') / 1024;
      }),
    );
    const islands = [...html.matchAll(/<mg-island data-island="([^"]+)" data-when="([^"]+)"/g)].map(
      (match) => ({
        name: match[1] ?? '',
        when: (match[2] ?? '').split(' '),
      }),
    );
    const codeOf = (/** @type {{ name: string }[]} */ some) =>
      some.flatMap((island) => ISLAND_KEYS[island.name] ?? []);
    const onLoad = islands.filter((island) => island.when.includes('load'));
    const loadKeys = closure([
      'index.html',
      runtimeKey,
      ...(onLoad.length > 0 ? [wakeKey, ...codeOf(onLoad)] : []),
    ]);
    const idle = islands.filter((island) => island.when.includes('idle'));
    const later = islands.filter((island) => !island.when.includes('load') && !island.when.includes('idle'));
    const heaviestLater = [...later, ...idle]
      .map((island) => ({
        name: island.name,
        gzipKiB: beyond(closure([wakeKey, ...codeOf([island])]), loadKeys),
      }))
      .reduce((most, island) => (island.gzipKiB > most.gzipKiB ? island : most), { name: '', gzipKiB: 0 });
    return {
      page,
      onLoad: onLoad.map((island) => island.name),
      gzipKiB: sum([...loadKeys].map(chunk)),
      idle: idle.map((island) => island.name),
      idleGzipKiB: idle.length > 0 ? beyond(closure([wakeKey, ...codeOf(idle)]), loadKeys) : 0,
      heaviestLater,
      wordsKiB,
    };
  });
const rows = [...closure(['index.html', runtimeKey])].map(chunk);
const heaviest = perPage.reduce((most, page) => (page.gzipKiB > most.gzipKiB ? page : most));
const total = heaviest.gzipKiB;
const heaviestIsland = perPage
  .map((entry) => ({ page: entry.page, ...entry.heaviestLater }))
  .reduce((most, island) => (island.gzipKiB > most.gzipKiB ? island : most));
const wordiest = perPage.reduce((most, page) => (page.wordsKiB > most.wordsKiB ? page : most));
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
console.log('JavaScript every prerendered page runs on load for a visitor who reads it (gzip -9):');
for (const row of rows)
  console.log(
    `  ${row.file.padEnd(44)} ${row.gzipKiB.toFixed(1).padStart(6)} KiB  (${row.rawKiB.toFixed(1)} KiB raw)`,
  );
console.log(`  total ${sum(rows).toFixed(1)} KiB`);
console.log(
  `JavaScript each public page runs on load, with its islands woken then (budget ${LOAD_BUDGET_KIB} KiB); later, at idle and on a member or a reach:`,
);
for (const { page, onLoad, gzipKiB, idle, idleGzipKiB, heaviestLater, wordsKiB } of perPage)
  console.log(
    `  ${page.padEnd(12)} ${gzipKiB.toFixed(1).padStart(5)} KiB  ${gzipKiB <= LOAD_BUDGET_KIB ? 'pass' : 'FAIL'}` +
      `  (${onLoad.join(', ') || 'no island'})` +
      (idle.length > 0 ? `; idle +${idleGzipKiB.toFixed(1)} KiB (${idle.join(', ')})` : '') +
      (heaviestLater.name
        ? `; heaviest island +${heaviestLater.gzipKiB.toFixed(1)} KiB (${heaviestLater.name})`
        : '') +
      `; words ${wordsKiB.toFixed(1)} KiB`,
  );
console.log(
  `The heaviest island: +${heaviestIsland.gzipKiB.toFixed(1)} KiB (${heaviestIsland.name} on ${heaviestIsland.page}; ` +
    `budget ${ISLAND_BUDGET_KIB} KiB: ${heaviestIsland.gzipKiB <= ISLAND_BUDGET_KIB ? 'pass' : 'FAIL'}); ` +
    `the most words a page's islands carry: ${wordiest.wordsKiB.toFixed(1)} KiB (${wordiest.page}; ` +
    `budget ${WORDS_BUDGET_KIB} KiB: ${wordiest.wordsKiB <= WORDS_BUDGET_KIB ? 'pass' : 'FAIL'})`,
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
  hydrationBudgetKiB: LOAD_BUDGET_KIB,
  hydrationPerPage: perPage.map((entry) => ({
    ...entry,
    gzipKiB: Number(entry.gzipKiB.toFixed(1)),
    idleGzipKiB: Number(entry.idleGzipKiB.toFixed(1)),
    heaviestLater: { ...entry.heaviestLater, gzipKiB: Number(entry.heaviestLater.gzipKiB.toFixed(1)) },
    wordsKiB: Number(entry.wordsKiB.toFixed(1)),
  })),
  heaviestIsland: { ...heaviestIsland, gzipKiB: Number(heaviestIsland.gzipKiB.toFixed(1)) },
  islandBudgetKiB: ISLAND_BUDGET_KIB,
  wordiestPage: { page: wordiest.page, wordsKiB: Number(wordiest.wordsKiB.toFixed(1)) },
  wordsBudgetKiB: WORDS_BUDGET_KIB,
  rows,
  prerenderedPages: pages.length,
  pagesNeedingScriptToPaint: blocking.length,
  fortuneEmbedGzipKiB: Number(sum(embedRows).toFixed(1)),
  lunarJavascriptOutsideEmbed: lunarOutsideEmbed.map((row) => row.file),
});
process.exit(
  firstPaintKiB <= BUDGET_KIB &&
    total <= LOAD_BUDGET_KIB &&
    heaviestIsland.gzipKiB <= ISLAND_BUDGET_KIB &&
    wordiest.wordsKiB <= WORDS_BUDGET_KIB &&
    lunarOutsideEmbed.length === 0
    ? 0
    : 1,
);
