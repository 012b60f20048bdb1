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
});
