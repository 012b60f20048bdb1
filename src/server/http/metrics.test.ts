// GET /api/metrics as Prometheus scrapes it: only with METRICS_TOKEN, only for its bearer, and counting what the
// server did (requests by route pattern, sign-ins by outcome, sync bodies, storage and members) without a path,
// an address or a member's e-mail in any label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';

const TOKEN = 'metrics-token-0123456789-abcdef';

function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN }, { build: { version: '9.8.7', commit: 'abc1234' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = (authorization?: string) =>
    t.request({
      method: 'GET',
      url: '/api/metrics',
      ...(authorization ? { headers: { authorization } } : {}),
    });

  it('answers only the bearer of the token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789-abcdef',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const answer = await scrape(authorization);
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.headers['www-authenticate']).toContain('Bearer');
      expect(answer.body).not.toContain('mygenie_');
    }
  });

  it('counts requests by route pattern, sign-ins by outcome, and what the database holds', async () => {
    const email = 'metrics-member@example.com';
    await signedInMember(t, email, 'quiet harbor lamp 7');
    await t.request({ method: 'GET', url: '/api/notices' });
    await t.request({ method: 'GET', url: '/api/files/no-such-file/download' });
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: 'not the password 9' },
    });
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = answer.body;
    expect(sample(text, 'mygenie_http_requests_total{method="GET",route="/api/notices",status="200"}')).toBe(
      1,
    );
    // A download asked for without a session: its route's pattern, not the id asked for.
    expect(
      sample(text, 'mygenie_http_requests_total{method="GET",route="/api/files/:id/download",status="401"}'),
    ).toBe(1);
    expect(sample(text, 'mygenie_sign_ins_total{outcome="signed-in"}')).toBe(1);
    expect(sample(text, 'mygenie_sign_ins_total{outcome="refused"}')).toBe(1);
    expect(
      sample(text, 'mygenie_http_request_duration_seconds_count{method="GET",route="/api/notices"}'),
    ).toBe(1);
    expect(sample(text, 'mygenie_members{state="verified"}')).toBe(1);
    expect(sample(text, 'mygenie_storage_bytes{kind="documents"}')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'mygenie_build_info{version="9.8.7",commit="abc1234"}')).toBe(1);
    // Patterns, never a path or a member: nothing of the address, the notice id or the e-mail.
    expect(text).not.toContain('no-such-file');
    expect(text).not.toContain('metrics-member');
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/api/metrics"');
  });

  it('says plainly when the build knew no commit', async () => {
    const unlabelled = await startTestApp(
      { METRICS_TOKEN: TOKEN },
      { build: { version: '9.8.7', commit: null } },
    );
    try {
      const answer = await unlabelled.request({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(sample(answer.body, 'mygenie_build_info{version="9.8.7",commit="unknown"}')).toBe(1);
    } finally {
      await unlabelled.close();
    }
  });

  it('has no route at all without METRICS_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      const answer = await plain.request({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
