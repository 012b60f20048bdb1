// Writes the prerendered public pages, one HTML file per route and language, from the SSR build of
// src/site/prerender.tsx into the built site (dist/web/_prerendered/<lang>/<page>.html).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'dist/web');
const { render, PRERENDERED_PATHS, NOT_FOUND_PATH } = await import(
  pathToFileURL(path.join(root, 'dist/prerender/prerender.js')).href
);
const template = fs.readFileSync(path.join(web, 'index.html'), 'utf8');

/** @param {string} value */
const escape = (value) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

let count = 0;
for (const lang of ['ko', 'en']) {
  for (const route of [...PRERENDERED_PATHS, NOT_FOUND_PATH]) {
    const { html, meta } = await render(route, lang);
    const page = template
      .replace(/<html lang="[a-z]+">/, `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(meta.title)}</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"/,
        `<meta name="description" content="${escape(meta.description)}"`,
      )
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    const file = path.join(web, '_prerendered', lang, `${route === '/' ? 'index' : route.slice(1)}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page);
    count += 1;
  }
}
console.log(`prerendered ${count} pages`);
