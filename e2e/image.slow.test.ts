// The container image without a container runtime (issue 35 §2): the Dockerfile's runtime stage made on a clean
// folder by scripts/image-steps.mjs — production dependencies only, the built output only — then started as the
// image's CMD with its ENV and a volume folder, healthy by its own HEALTHCHECK, serving the site and a sign-up
// through to a signed-in member.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { mailedToken } from '../bench/lib/server.mjs';
import { freePort } from '../scripts/net.mjs';
import { imageRuns, imageSettings, makeImage, runtimeStage, startImage } from '../scripts/image-steps.mjs';
import { buildVersion } from '../scripts/version.mjs';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-image-'));
const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-volume-'));
let stop: (() => void) | null = null;

afterAll(() => {
  stop?.();
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(volume, { recursive: true, force: true });
});

describe('the container image, made by its steps on a clean folder', () => {
  it('holds no dev dependency and no source, stays unprivileged, and the script follows the Dockerfile', () => {
    const stage = runtimeStage();
    const steps = stage.map((step) => `${step.instruction} ${step.args}`);
    // What scripts/image-steps.mjs does by hand, in the Dockerfile's own words.
    expect(steps).toContain('COPY package.json package-lock.json ./');
    expect(steps.some((step) => step.startsWith('RUN npm ci --omit=dev'))).toBe(true);
    expect(steps).toContain('COPY --from=build /app/dist ./dist');
    expect(steps.filter((step) => step.startsWith('COPY'))).toHaveLength(2);
    expect(steps).toContain('USER node');
    expect(steps).toContain('VOLUME ["/data"]');
    expect(imageSettings().env).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0', NODE_ENV: 'production' });
    // Every RUN is one the script stands in for; the system packages give the backup PostgreSQL's client programs.
    const runs = imageRuns();
    expect(runs.map((run) => run.kind)).toEqual(['packages', 'npm-install', 'volume']);
    expect(runs[0]!.packages).toContain('postgresql-client-17');
    expect(() => imageRuns([...stage, { instruction: 'RUN', args: 'apk add postgresql-client' }])).toThrow(
      'does not know how to stand in for the Dockerfile\'s "RUN apk add postgresql-client"',
    );
  });

  it('starts as the image does, is healthy by its HEALTHCHECK, serves the site and signs a member up and in', async () => {
    makeImage(folder);
    expect(fs.readdirSync(folder).sort()).toEqual([
      'dist',
      'node_modules',
      'package-lock.json',
      'package.json',
    ]);
    for (const devOnly of ['vitest', 'vite', 'typescript', 'playwright-core']) {
      expect(fs.existsSync(path.join(folder, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    const port = await freePort();
    const url = `http://localhost:${port}`;
    const image = startImage(folder, volume, { PORT: String(port), PUBLIC_URL: url });
    let output = '';
    image.child.stdout!.on('data', (chunk) => (output += String(chunk)));
    image.child.stderr!.on('data', (chunk) => (output += String(chunk)));
    stop = () => image.child.kill('SIGKILL');
    const deadline = Date.now() + 60_000;
    while (!(await image.healthy())) {
      if (Date.now() > deadline || image.child.exitCode !== null) {
        throw new Error(`the image never became healthy; it printed:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('MyGenie');
    expect((await fetch(`${url}/app/`)).status).toBe(200);

    const email = 'image-member@example.com';
    const password = 'quiet harbor lamp 7';
    const headers = { 'content-type': 'application/json', origin: url };
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, lang: 'ko' }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    // The database and the mail are in the volume.
    expect(fs.existsSync(path.join(volume, 'mygenie.db'))).toBe(true);
    const token = await mailedToken(volume, email);
    const verified = await fetch(`${url}/api/auth/verify-email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token, password }),
    });
    expect(verified.status).toBe(200);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(email);

    // The version the build wrote into dist/, which the image copies.
    const health = (await (await fetch(`${url}/api/health`)).json()) as { version: unknown };
    expect(health.version).toEqual(buildVersion(undefined, {}));

    // `docker exec mygenie npm run backup -- /data/backups`, while it runs.
    const backup = await promisify(execFile)('npm', ['run', 'backup', '--', path.join(volume, 'backups')], {
      cwd: folder,
      env: { PATH: process.env.PATH, ...imageSettings().env, DATA_DIR: volume },
      encoding: 'utf8',
    });
    expect(backup.stdout).toMatch(/Backed up 1 members' accounts and 0 files \(0 bytes\) into /);

    // Stopped as `docker stop` does: SIGTERM, and a clean exit.
    const exited = new Promise((resolve) => image.child.once('exit', resolve));
    image.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    stop = null;
  }, 300_000);
});
