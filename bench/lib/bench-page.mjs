// A benchmark's own page of the app's real code (bench/sync-page, bench/space-page), built with Vite and served on
// the server's origin through a proxy, so the app's own clients call the real API with a member's cookies; and a
// browser context per device, each with its own cookies and its own IndexedDB.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { freePort } from '../../scripts/net.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds `bench/<name>/` into a temporary folder, served under /bench/. @param {string} name */
export async function buildPage(name) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `mygenie-${name}-`));
  await build({
    configFile: false,
    root: path.join(root, 'bench', name),
    base: '/bench/',
    logLevel: 'warn',
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: false },
  });
  return outDir;
}

/**
 * The bench page on the server's origin: `/bench/…` from the built page, everything else passed to the server (the
 * page's API calls then carry the member's cookies, as the app's do).
 * @param {string} dir @param {string} target
 */
export async function proxy(dir, target) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const upstream = new URL(target);
  const types = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/bench/')) {
      const file = path.join(dir, url.pathname.slice('/bench/'.length));
      const found = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
      response.setHeader(
        'Content-Type',
        types[/** @type {'.html'} */ (path.extname(found))] ?? 'application/octet-stream',
      );
      fs.createReadStream(found).pipe(response);
      return;
    }
    const headers = { ...request.headers, host: upstream.host };
    if (headers.origin) headers.origin = upstream.origin;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { origin, close: () => server.close() };
}

/**
 * A browser context on the proxy's origin holding `cookies`, its page ready.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} cookies
 */
export async function devicePage(browser, origin, cookies) {
  const context = await browser.newContext();
  await context.addCookies(
    cookies.split('; ').map((pair) => {
      const [name, value] = pair.split('=');
      return { name: name ?? '', value: value ?? '', url: origin };
    }),
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
  await page.goto(`${origin}/bench/index.html`);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  return { page, close: () => context.close() };
}
