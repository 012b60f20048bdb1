// `npm run dev` carries a member through (issue 44): the dev server (tsc --watch, the server under node --watch,
// Vite with React's StrictMode) takes a sign-up through Vite's proxy, the verification link, and opens /app/ on the
// vault's setup screen. Once, a sign-up there never answered (the hashing pool took Node's watch messages for its
// answers) and /app/ stayed on "loading" (StrictMode closed the vault between two loads).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilUp } from '../scripts/net.mjs';
import { actionText } from '../src/site/pages/action-copy.js';
import { parseEml } from '../src/server/test/harness.js';
import { AppModel } from './pages/app.js';
import { HomePageModel } from './pages/site.js';
import { launchBrowser } from './support/browser.js';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'dev journey password 1';
let dev: ChildProcess | undefined;
let browser: Browser | undefined;
let dataDir = '';
let out = '';
let base = '';
let printed = '';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-dev-'));
  // Its own compiled server, so the other tests' built one is never rewritten under them.
  out = path.join(root, '.test-data', `dev-server-${process.pid}`);
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  base = `http://localhost:${sitePort}`;
  dev = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEV_PORT: String(sitePort),
      PORT: String(apiPort),
      DEV_SERVER_OUT: out,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [dev.stdout!, dev.stderr!]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  }
  // Through Vite's proxy: both are up.
  await waitUntilUp(`${base}/api/health`, 120_000).catch((error: unknown) => {
    throw new Error(`the dev server did not start: ${String(error)}\n${printed}`);
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(out, { recursive: true, force: true });
});

/** The newest mail to `to` in the dev server's outbox, once there is one. */
async function mailTo(to: string) {
  const outbox = path.join(dataDir, 'outbox');
  await expect
    .poll(async () => (await fs.readdir(outbox).catch(() => [])).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const names = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(
    names.map(async (name) => parseEml(name, await fs.readFile(path.join(outbox, name), 'utf8'))),
  );
  return mails.filter((mail) => mail.to === to).at(-1)!;
}

describe('npm run dev', () => {
  it('signs a member up through its proxy, verifies them, and opens the app on the setup screen (en)', async () => {
    const context = await browser!.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const home = new HomePageModel(page, 'en', base);
    const email = `dev.${Date.now()}@example.com`;
    await home.open();
    await home.openRegister();
    await home.dialog.register(email, PASSWORD);
    await home.popup.root.waitFor({ timeout: 60_000 });
    expect(await home.popup.message().innerText()).toContain(email);
    await home.popup.confirm();

    const mail = await mailTo(email);
    expect(mail.link.startsWith(base)).toBe(true);
    await page.goto(mail.link);
    await page.getByLabel(home.text.auth.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: actionText.en.verifySubmit }).click();
    await page.locator('.action-page__result', { hasText: actionText.en.verifiedSignedIn }).waitFor();

    const app = new AppModel(page, 'en', base);
    await app.open();
    // Past "loading": StrictMode's second mount finds the vault open again.
    await page.getByRole('heading', { name: app.text.setup.title }).waitFor({ timeout: 60_000 });
    await context.close();
  }, 240_000);
});
