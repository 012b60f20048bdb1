import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../shared/i18n/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';

describe('serving the built site', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="ko"><meta name="description" content="shell"><title>MyGenie</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(webDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDir, 'fairy.png'), 'png');
    await fs.mkdir(path.join(webDir, 'app'));
    await fs.writeFile(path.join(webDir, 'app', 'index.html'), '<!doctype html><title>app</title>');
    await fs.mkdir(path.join(webDir, 'fortune-embed'));
    await fs.writeFile(
      path.join(webDir, 'fortune-embed', 'index.html'),
      '<!doctype html><title>embed</title>',
    );
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
    // A build that prerendered the not-found page in English only: Korean falls back to the page shell.
    await fs.writeFile(path.join(webDir, '_prerendered', 'en', '404.html'), '<html lang="en">not found en');
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

  it("serves the fortune embed page, which alone may call an AI API of the member's choice", async () => {
    const site = await t.request({ method: 'GET', url: '/fortune' });
    const siteCsp = String(site.headers['content-security-policy']);
    expect(/connect-src ([^;]*)/.exec(siteCsp)?.[1]).toBe("'self'");
    for (const url of ['/fortune-embed/?lang=en&v=1', '/fortune-embed', '/fortune-embed?lang=ko']) {
      const embed = await t.request({ method: 'GET', url });
      expect(embed.statusCode, url).toBe(200);
      expect(embed.body, url).toBe('<!doctype html><title>embed</title>');
      const csp = String(embed.headers['content-security-policy']);
      expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe(
        "'self' https: http://localhost:* http://127.0.0.1:*",
      );
      // Framed only by our own pages; everything else as strict as the site's.
      expect(csp).toContain("frame-ancestors 'self'");
      expect(embed.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(csp.replace(/connect-src [^;]*/, '')).toBe(siteCsp.replace(/connect-src [^;]*/, ''));
    }
    // Not a way around the rule for other pages.
    const lookalike = await t.request({ method: 'GET', url: '/fortune-embedded' });
    expect(/connect-src ([^;]*)/.exec(String(lookalike.headers['content-security-policy']))?.[1]).toBe(
      "'self'",
    );
  });

  it('keeps answering every page of the site, the app and the fortune embed with 200', async () => {
    for (const url of [
      '/',
      '/admin',
      '/support?lang=en',
      '/fortune/',
      '/auth/action?mode=resetPassword&oobCode=x',
      '/unsubscribe?token=x',
      '/app',
      '/app/',
      '/fortune-embed/',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("answers an unknown page address with 404 and the not-found page in the visitor's language", async () => {
    const korean = await t.request({ method: 'GET', url: '/no/such/page' });
    expect(korean.statusCode).toBe(404);
    expect(korean.headers['content-type']).toMatch(/text\/html/);
    expect(korean.headers['cache-control']).toBe('no-cache');
    // No prerendered Korean one: the shell, in Korean, where the site's router shows its not-found page.
    expect(korean.body).toContain('<html lang="ko"');
    expect(korean.body).toContain(`<title>${catalog.ko.meta.notFound.title}</title>`);
    expect(korean.body).toContain(`content="${catalog.ko.meta.notFound.description}"`);
    expect(korean.body).toContain('<div id="root">');

    for (const request of [
      { url: '/features/more?lang=en' },
      { url: '/app/elsewhere', headers: { cookie: 'mg_lang=en' } },
      { url: '/404?lang=en' },
    ]) {
      const english = await t.request({ method: 'GET', ...request });
      expect(english.statusCode, request.url).toBe(404);
      expect(english.body, request.url).toBe('<html lang="en">not found en');
    }
    const head = await t.request({ method: 'HEAD', url: '/nowhere?lang=ko' });
    expect(head.statusCode).toBe(404);
  });

  it('answers a missing file with 404, not the page', async () => {
    const response = await t.request({ method: 'GET', url: '/missing.png' });
    expect(response.statusCode).toBe(404);
    const api = await t.request({ method: 'GET', url: '/api/missing' });
    expect(api.json().error.code).toBe('request/not-found');
  });
});
