import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

describe('serving the built site', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>MyGenie</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(webDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDir, 'fairy.png'), 'png');
    for (const lang of ['ko', 'en']) {
      await fs.mkdir(path.join(webDir, '_prerendered', lang), { recursive: true });
      await fs.writeFile(
        path.join(webDir, '_prerendered', lang, 'index.html'),
        `<html lang="${lang}">home ${lang}`,
      );
      await fs.writeFile(
        path.join(webDir, '_prerendered', lang, 'security.html'),
        `<html lang="${lang}">security ${lang}`,
      );
    }
    t = await startTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const picture = await t.request({ method: 'GET', url: '/fairy.png' });
    expect(picture.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the page', async () => {
    for (const url of ['/features', '/download?lang=en', '/auth/action?mode=verifyEmail&oobCode=x']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  it('sends the prerendered page in the language of ?lang, else the cookie, else Korean', async () => {
    const korean = await t.request({ method: 'GET', url: '/security' });
    expect(korean.body).toBe('<html lang="ko">security ko');
    expect(korean.headers.vary).toBe('Cookie, Accept-Encoding');
    const english = await t.request({ method: 'GET', url: '/security', headers: { cookie: 'mg_lang=en' } });
    expect(english.body).toBe('<html lang="en">security en');
    const query = await t.request({ method: 'GET', url: '/?lang=en', headers: { cookie: 'mg_lang=ko' } });
    expect(query.body).toBe('<html lang="en">home en');
    const odd = await t.request({
      method: 'GET',
      url: '/security?lang=fr',
      headers: { cookie: 'mg_lang=<x>' },
    });
    expect(odd.body).toBe('<html lang="ko">security ko');
    const direct = await t.request({ method: 'GET', url: '/_prerendered/en/index.html' });
    expect(direct.statusCode).toBe(404);
  });

  it('answers a missing file with 404, not the page', async () => {
    const response = await t.request({ method: 'GET', url: '/missing.png' });
    expect(response.statusCode).toBe(404);
    const api = await t.request({ method: 'GET', url: '/api/missing' });
    expect(api.json().error.code).toBe('request/not-found');
  });
});
