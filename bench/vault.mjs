// `npm run bench:vault`: the app's vault in Chromium. Builds a small page around the app's real Vault (crypto
// workers + IndexedDB) and measures, median of RUNS:
//  - unlocking a vault of 10,000 records: decryption beyond the KDF (target ≤ 300 ms), beside the same per-record
//    work done single-threaded on the page as a same-run baseline;
//  - one edit in that vault (its page of records rewritten), for reference;
//  - a 50 MB document: sealing throughput vs one raw AES-GCM encryption of the same bytes in the same page
//    (target ≥ 70 %), and the whole add (sealing + IndexedDB writes) for reference;
//  - the schedule's month view with lunar dates in the real app: switching to the next month until painted
//    (target ≤ 50 ms).
//  - backups of 10,000 records plus 20 MB of documents, in each format: making one, and restoring it on a fresh
//    device (decode, KDF, verification, writes) — targets ≤ 2 s each, network excluded.
// Writes bench/vault.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { chromePath, CHROME_ARGS } from '../scripts/chrome.mjs';
import { freePort } from '../scripts/net.mjs';
import { startBuiltServer } from '../scripts/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const RECORDS = Number(process.env.RECORDS ?? 10_000);
const DOCUMENT_MB = Number(process.env.DOCUMENT_MB ?? 50);
const BACKUP_DOCUMENT_MB = Number(process.env.BACKUP_DOCUMENT_MB ?? 20);
const TARGETS = { decryptMs: 300, sealRatio: 0.7, monthMs: 50, backupMs: 2000, restoreMs: 2000 };
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function buildBenchPage() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-vault-bench-'));
  await build({
    configFile: false,
    root: path.join(root, 'bench/vault-page'),
    logLevel: 'warn',
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

/** @param {string} dir */
async function serve(dir) {
  const port = await freePort();
  const types = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = http.createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    response.setHeader(
      'Content-Type',
      types[/** @type {'.html'|'.js'} */ (path.extname(target))] ?? 'application/octet-stream',
    );
    fs.createReadStream(target).pipe(response);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://localhost:${port}`, close: () => server.close() };
}

/** @param {import('playwright-core').Browser} browser */
async function vaultFigures(browser) {
  const dir = await buildBenchPage();
  const site = await serve(dir);
  const page = await browser.newPage();
  page.on('console', (message) => console.log(`  ${message.text()}`));
  await page.goto(site.url);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  const figures = await page.evaluate((options) => /** @type {any} */ (window).runVaultBench(options), {
    records: RECORDS,
    documentMb: DOCUMENT_MB,
    backupDocumentMb: BACKUP_DOCUMENT_MB,
    runs: RUNS,
  });
  await page.close();
  site.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return figures;
}

/** The verification token of an outbox mail, whether its text part is quoted-printable or base64. @param {string} mail */
function mailToken(mail) {
  const plain = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const decoded = [...mail.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from(match[1] ?? '', 'base64').toString('utf8'))
    .join('\n');
  return /oobCode=([\w-]+)/.exec(plain)?.[1] ?? /oobCode=([\w-]+)/.exec(decoded)?.[1] ?? '';
}

/** @param {import('playwright-core').Browser} browser */
async function monthFigures(browser) {
  buildIfStale(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-month-bench-'));
  const server = await startBuiltServer({ dataDir, stdio: 'ignore' });
  try {
    const email = 'bench-month@example.com';
    const password = 'bench password 1';
    const headers = { 'content-type': 'application/json', origin: server.url };
    await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, lang: 'en' }),
    });
    const outbox = path.join(dataDir, 'outbox');
    let mail = '';
    for (let attempt = 0; attempt < 200 && !mail; attempt++) {
      const name = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).find((file) => file.endsWith('.eml'))
        : undefined;
      if (name) mail = fs.readFileSync(path.join(outbox, name), 'utf8');
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = mailToken(mail);
    await fetch(`${server.url}/api/auth/verify-email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token, password }),
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    const cookie = /mg_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const context = await browser.newContext();
    await context.addCookies([{ name: 'mg_session', value: cookie, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/index.html?lang=ko&page=schedule`);
    await page.getByLabel('마스터 비밀번호', { exact: true }).fill('bench master password!');
    await page.getByLabel('마스터 비밀번호 확인', { exact: true }).fill('bench master password!');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '보관함 만들기' }).click();
    await page.locator('[data-date]').first().waitFor({ timeout: 60_000 });
    const times = [];
    for (let run = 0; run < RUNS * 4; run++) {
      times.push(
        await page.evaluate(async () => {
          const before = document.querySelector('[data-date]')?.getAttribute('data-date');
          const next = /** @type {HTMLButtonElement} */ (document.querySelector('[data-month-step="next"]'));
          const started = performance.now();
          next.click();
          await new Promise((resolve) => {
            const check = () =>
              document.querySelector('[data-date]')?.getAttribute('data-date') !== before
                ? requestAnimationFrame(() => resolve(undefined))
                : requestAnimationFrame(check);
            check();
          });
          return performance.now() - started;
        }),
      );
    }
    await context.close();
    return { monthMs: median(times.slice(RUNS)) ?? NaN };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: await chromePath(), args: CHROME_ARGS });
try {
  const vault = await vaultFigures(browser);
  const month = await monthFigures(browser);
  const sealRatio = vault.rawDocumentMs / vault.sealMs;
  const results = {
    date: new Date().toISOString(),
    runs: RUNS,
    records: RECORDS,
    documentMb: DOCUMENT_MB,
    ...vault,
    ...month,
    sealMBps: DOCUMENT_MB / (vault.sealMs / 1000),
    rawMBps: DOCUMENT_MB / (vault.rawDocumentMs / 1000),
    addMBps: DOCUMENT_MB / (vault.documentMs / 1000),
    sealRatio,
    targets: TARGETS,
    pass: {
      decrypt: vault.decryptMs <= TARGETS.decryptMs,
      seal: sealRatio >= TARGETS.sealRatio,
      month: month.monthMs <= TARGETS.monthMs,
      backup: Object.values(vault.backup).every(
        (/** @type {{ backupMs: number; restoreMs: number }} */ figures) =>
          figures.backupMs <= TARGETS.backupMs && figures.restoreMs <= TARGETS.restoreMs,
      ),
    },
  };
  fs.writeFileSync(path.join(root, 'bench/vault.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    [
      `vault (${RECORDS} records, ${vault.workers} workers, ${vault.iterations} PBKDF2 rounds):`,
      `  KDF ${vault.kdfMs.toFixed(0)} ms · read ${vault.readMs.toFixed(0)} ms · decrypt ${vault.decryptMs.toFixed(0)} ms (target ≤ ${TARGETS.decryptMs}; single-thread baseline ${vault.rawSingleThreadDecryptMs.toFixed(0)} ms)`,
      `  one edit: ${vault.putMs.toFixed(1)} ms`,
      `document ${DOCUMENT_MB} MB: sealing ${results.sealMBps.toFixed(0)} MB/s vs raw AES-GCM ${results.rawMBps.toFixed(0)} MB/s = ${(sealRatio * 100).toFixed(0)} % (target ≥ 70 %); whole add with IndexedDB ${results.addMBps.toFixed(0)} MB/s`,
      `month view with lunar dates: ${month.monthMs.toFixed(1)} ms (target ≤ ${TARGETS.monthMs})`,
      ...Object.entries(vault.backup).map(
        ([kind, /** @type {{ backupMs: number; restoreMs: number; megabytes: number }} */ figures]) =>
          `backup ${kind} (${RECORDS} records + ${BACKUP_DOCUMENT_MB} MB, ${figures.megabytes.toFixed(1)} MB file): backup ${figures.backupMs.toFixed(0)} ms, restore on a new device ${figures.restoreMs.toFixed(0)} ms (targets ≤ 2000)`,
      ),
    ].join('\n'),
  );
} finally {
  await browser.close();
}
