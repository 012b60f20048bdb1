import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

describe('security headers and the same-origin rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a same-origin CSP, frame-ancestors self and no HSTS over plain HTTP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers its health with the database checked', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('sends HSTS behind an HTTPS proxy', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('refuses state-changing requests without our Origin', async () => {
    for (const origin of [undefined, 'https://evil.example', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        payload: JSON.stringify({ email: 'a@example.com', password: 'whatever1' }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('request/forbidden-origin');
    }
  });

  it('refuses an Origin that matches only the Host the caller sent, and accepts PUBLIC_URL’s', async () => {
    // An attacker's page on another name that resolves here (DNS rebinding) sends its own Host and Origin.
    for (const [origin, host] of [
      ['http://localhost:80', 'localhost:80'],
      ['http://attacker.example', 'attacker.example'],
      ['https://mygenie.test', 'mygenie.test'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', origin: origin!, host: host! },
        payload: JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' }),
      });
      expect([response.statusCode, response.json().error.code]).toEqual([403, 'request/forbidden-origin']);
    }
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: t.origin, host: 'anything.example' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' }),
    });
    expect([ours.statusCode, ours.json().error.code]).toEqual([401, 'auth/invalid-login-credentials']);
  });

  it('says which address the site is set to: in the answer, and in the log once per refused origin', async () => {
    const lines: string[] = [];
    const logged = await startTestApp(
      { PUBLIC_URL: 'https://genie.example.org/' },
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
    try {
      const attempt = (origin: string) =>
        logged.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json', origin },
          payload: JSON.stringify({ email: 'a@example.com', password: 'whatever1' }),
        });
      // The site opened at its LAN address, three sign-ins.
      for (let time = 0; time < 3; time++) {
        const response = await attempt('http://192.168.0.10:3000');
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toMatchObject({
          code: 'request/forbidden-origin',
          expectedOrigin: 'https://genie.example.org',
        });
      }
      const refusals = () =>
        lines
          .map((line) => JSON.parse(line) as { msg: string; origin?: string })
          .filter((line) => line.origin);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.msg).toContain('http://192.168.0.10:3000');
      expect(refusals()[0]!.msg).toContain('https://genie.example.org, the origin of PUBLIC_URL');
      // A caller sending a new Origin each time fills the log with a few lines, not one per request.
      for (let time = 0; time < 60; time++) await attempt(`https://other-${time}.example`);
      expect(refusals().length).toBeLessThanOrEqual(20);
    } finally {
      await logged.close();
    }
  });
});
