// `npm run dev` as a newcomer runs it on a fresh clone (issue 35 §1): the server compiled and started, Vite serving
// the site, the app and the fortune embed from the project's sources on ports of our choosing, /api reaching the
// server through Vite, and the server started again after a change to its code.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort } from '../scripts/net.mjs';
import { launchBrowser } from './support/browser.js';

const root = path.resolve(import.meta.dirname, '..');
/** A server file the test changes and puts back: a comment at its end, so the compiled output changes too. */
const CHANGED = path.join(root, 'src/server/core/clock.ts');
const original = fs.readFileSync(CHANGED, 'utf8');

let dev: ChildProcess | null = null;
let browser: Browser | null = null;
let output = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-dev-'));

afterAll(async () => {
  fs.writeFileSync(CHANGED, original);
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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

describe('npm run dev', () => {
  it('serves the three pages from the sources on the ports asked for, /api through Vite, and restarts the server after a change', async () => {
    const [sitePort, apiPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = { ...process.env, DEV_PORT: String(sitePort), PORT: String(apiPort) };
    env.DATA_DIR = dataDir;
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'S3_ENDPOINT']) delete env[name];
    dev = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [dev.stdout!, dev.stderr!]) stream.on('data', (chunk) => (output += String(chunk)));

    const site = `http://localhost:${sitePort}`;
    const api = `http://127.0.0.1:${apiPort}`;
    await until('the server answered on PORT', () => healthy(api), 180_000);
    await until('Vite passed /api to the server', () => healthy(site));

    browser = await launchBrowser();
    const page = await browser.newPage();
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

    // A change to the server's code: compiled again, and the server started again with it.
    const restartsBefore = output.split('Restarting').length;
    fs.writeFileSync(CHANGED, `${original}\n// changed by e2e/dev.slow.test.ts\n`);
    await until(
      'the server restarted after the change',
      () => output.split('Restarting').length > restartsBefore,
    );
    fs.writeFileSync(CHANGED, original);
    await until('the server answered again', () => healthy(api));
    await until('Vite reached it again', () => healthy(site));
  }, 420_000);
});
