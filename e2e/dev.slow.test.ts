// `npm run dev` (issue 44): the whole product from the sources, one dev server for every step of this file (two of
// them watching one tree once restarted each other when a step changed a source). It serves the three pages on
// the ports asked for and /api through Vite; it carries a member through — a sign-up through Vite's proxy, the
// verification link, /app/ on the vault's setup screen (once, a sign-up there never answered: the hashing pool took
// Node's watch messages for its answers; and /app/ stayed on "loading": StrictMode closed the vault between two
// loads); and a change to the server's code is compiled again and the server restarted with it. The server is
// compiled into a folder of its own (DEV_SERVER_OUT), never into the dist/ the other tests run and copy, and the
// source it changes keeps a time older than the last build, so no test builds again because of it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/net.mjs';
import { actionText } from '../src/site/pages/action-copy.js';
import { parseEml } from '../src/server/test/harness.js';
import { AppModel } from './pages/app.js';
import { HomePageModel } from './pages/site.js';
import { launchBrowser } from './support/browser.js';

const root = path.resolve(import.meta.dirname, '..');
/** A server file the last step changes and puts back: a comment at its end, so the compiled output changes too. */
const CHANGED = path.join(root, 'src/server/core/clock.ts');
const original = fs.readFileSync(CHANGED, 'utf8');
const originalTimes = fs.statSync(CHANGED);
const PASSWORD = 'dev journey password 1';

let dev: ChildProcess | null = null;
let browser: Browser | null = null;
let output = '';
let site = '';
let api = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-dev-'));
const out = path.join(root, '.test-data', `dev-server-${process.pid}`);

/**
 * Writes `text` to the changed source with a time a moment after its own, not now: the watcher sees a change, and
 * the build's staleness check (scripts/build-if-stale.mjs) still sees a source older than the last build.
 */
function writeChanged(text: string, secondsAfter: number) {
  fs.writeFileSync(CHANGED, text);
  fs.utimesSync(CHANGED, originalTimes.atime, new Date(originalTimes.mtimeMs + secondsAfter * 1000));
}

/** Resolves once `check` holds, looked at every 200 ms; fails with the dev output after `timeoutMs`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} within ${timeoutMs} ms; npm run dev printed:\n${output.slice(-4000)}`);
}

const healthy = async (url: string) => {
  const response = await fetch(`${url}/api/health`);
  return response.ok && ((await response.json()) as { status: string }).status === 'ok';
};

beforeAll(async () => {
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  site = `http://localhost:${sitePort}`;
  api = `http://127.0.0.1:${apiPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEV_PORT: String(sitePort),
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    DEV_SERVER_OUT: out,
    PUBLIC_URL: site,
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT']) delete env[name];
  dev = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [dev.stdout!, dev.stderr!]) stream.on('data', (chunk) => (output += String(chunk)));
  await until('the server answered on PORT', () => healthy(api), 180_000);
  await until('Vite passed /api to the server', () => healthy(site));
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  if (fs.readFileSync(CHANGED, 'utf8') !== original) writeChanged(original, 2);
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
});

/** The newest mail to `to` in the dev server's outbox, once there is one. */
async function mailTo(to: string) {
  const outbox = path.join(dataDir, 'outbox');
  const mails = async () =>
    Promise.all(
      fs
        .readdirSync(outbox, { withFileTypes: true })
        .filter((entry) => entry.name.endsWith('.eml'))
        .map((entry) => parseEml(entry.name, fs.readFileSync(path.join(outbox, entry.name), 'utf8'))),
    );
  await until(`a mail to ${to}`, async () => (await mails()).some((mail) => mail.to === to), 30_000);
  return (await mails()).filter((mail) => mail.to === to).at(-1)!;
}

describe('npm run dev', () => {
  it('serves the three pages from the sources on the ports asked for, /api through Vite', async () => {
    const page = await browser!.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    const rendered = async (route: string) => {
      await page.goto(`${site}${route}`);
      await page.waitForFunction(
        () => (document.getElementById('root')?.textContent ?? '').trim().length > 20,
        undefined,
        { timeout: 90_000 },
      );
    };

    await rendered('/');
    expect(await page.locator('header').count()).toBeGreaterThan(0);
    await rendered('/app/');
    await rendered('/fortune-embed/');
    // The embed's heading, in Korean by default: today's fortune.
    expect(await page.locator('h1').first().innerText()).toContain('운세');
    // Nothing failed to load or threw; a 401 is the pages asking for a session nobody has here.
    expect(failures.filter((failure) => !failure.includes('401'))).toEqual([]);
    await page.close();
  }, 240_000);

  it('signs a member up through its proxy, verifies them, and opens the app on the setup screen (en)', async () => {
    const context = await browser!.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const home = new HomePageModel(page, 'en', site);
    const email = `dev.${Date.now()}@example.com`;
    await home.open();
    await home.openRegister();
    await home.dialog.register(email, PASSWORD);
    await home.popup.root.waitFor({ timeout: 60_000 });
    expect(await home.popup.message().innerText()).toContain(email);
    await home.popup.confirm();

    const mail = await mailTo(email);
    expect(mail.link.startsWith(site)).toBe(true);
    await page.goto(mail.link);
    await page.getByLabel(home.text.auth.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: actionText.en.verifySubmit }).click();
    await page.locator('.action-page__result', { hasText: actionText.en.verifiedSignedIn }).waitFor();

    const app = new AppModel(page, 'en', site);
    await app.open();
    // Past "loading": StrictMode's second mount finds the vault open again.
    await page.getByRole('heading', { name: app.text.setup.title }).waitFor({ timeout: 60_000 });
    await context.close();
  }, 240_000);

  it('compiles a change to the server again and restarts the server with it', async () => {
    const restartsBefore = output.split('Restarting').length;
    writeChanged(`${original}\n// changed by e2e/dev.slow.test.ts\n`, 1);
    await until(
      'the server restarted after the change',
      () => output.split('Restarting').length > restartsBefore,
    );
    writeChanged(original, 2);
    await until('the server answered again', () => healthy(api));
    await until('Vite reached it again', () => healthy(site));
  }, 240_000);
});
