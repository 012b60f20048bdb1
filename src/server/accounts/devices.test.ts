// A member's signed-in devices: each sign-in records its browser (by the HttpOnly device secret) and the
// description's device name; the member lists them and ends one or all others; nobody else's can be touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserCookies,
  deviceCookie,
  holdsVault,
  signedInMember,
  startTestApp,
  type TestApp,
} from '../test/harness.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36';

describe('device sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs in from a browser: `device` is its device cookie when it has one. Gives its cookies. */
  const login = async (email: string, userAgent: string, device?: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: 'member password 1' },
      headers: { 'user-agent': userAgent },
      ...(device ? { cookie: device } : {}),
    });
    return browserCookies(response, device);
  };
  const devices = async (cookie: string) => {
    const response = await t.request({ method: 'GET', url: '/api/sessions', cookie });
    expect(response.statusCode).toBe(200);
    return response.json().sessions as Array<{
      id: string;
      deviceName: string;
      current: boolean;
      pending: boolean;
    }>;
  };
  const signedIn = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user !== null;
  const approveAll = async (by: string) => {
    await holdsVault(t, by);
    for (const waiting of (await devices(by)).filter((device) => device.pending)) {
      const approved = await t.request({
        method: 'POST',
        url: `/api/sessions/${waiting.id}/approve`,
        cookie: by,
        body: {},
      });
      expect(approved.statusCode).toBe(204);
    }
  };

  it('ends the earlier session of a browser that signs in there again, and no other', async () => {
    const email = 'again@example.com';
    const desktop = await signedInMember(t, email);
    t.advance(1000);
    const phone = await login(email, PHONE);
    await approveAll(desktop);
    expect(await signedIn(phone)).toBe(true);
    t.advance(1000);
    const phoneAgain = await login(email, PHONE, deviceCookie(phone));
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(phoneAgain)).toBe(true);
    expect(await signedIn(desktop)).toBe(true);
    expect((await devices(desktop)).map((device) => device.deviceName).sort()).toEqual([
      'Desktop',
      'Mobile Device',
    ]);
    const rows = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.revoked_at'])
      .where('users.email', '=', email)
      .where('sessions.device_name', '=', 'Mobile Device')
      .orderBy('sessions.created_at')
      .execute();
    expect(rows.map((row) => row.revoked_at !== null)).toEqual([true, false]);
  });

  it('lists each signed-in device by its name, and ends one or all others', async () => {
    const email = 'devices@example.com';
    const first = await signedInMember(t, email);
    t.advance(1000);
    const phone = await login(email, PHONE);
    t.advance(1000);
    const windows = await login(email, WINDOWS);
    await approveAll(first);
    const listed = await devices(phone);
    expect(listed.map((device) => [device.deviceName, device.current])).toEqual([
      ['Windows PC', false],
      ['Mobile Device', true],
      ['Desktop', false],
    ]);
    // A browser is stored by the hash of its device secret, never the secret itself.
    const secret = deviceCookie(phone).split('=')[1]!;
    const stored = await t.database.db
      .selectFrom('sessions')
      .select(['device_id'])
      .where('device_name', '=', 'Mobile Device')
      .execute();
    expect(
      stored.every((row) => /^[0-9a-f]{64}$/.test(row.device_id ?? '') && row.device_id !== secret),
    ).toBe(true);

    const windowsId = listed.find((device) => device.deviceName === 'Windows PC')!.id;
    const ended = await t.request({ method: 'DELETE', url: `/api/sessions/${windowsId}`, cookie: phone });
    expect(ended.statusCode).toBe(204);
    expect(await signedIn(windows)).toBe(false);
    const again = await t.request({ method: 'DELETE', url: `/api/sessions/${windowsId}`, cookie: phone });
    expect([again.statusCode, again.json().error.code]).toEqual([404, 'session/not-found']);
    const own = listed.find((device) => device.current)!.id;
    const self = await t.request({ method: 'DELETE', url: `/api/sessions/${own}`, cookie: phone });
    expect([self.statusCode, self.json().error.code]).toEqual([400, 'session/current']);

    const others = await t.request({
      method: 'POST',
      url: '/api/sessions/end-others',
      cookie: phone,
      body: {},
    });
    expect(others.statusCode).toBe(204);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
    expect((await devices(phone)).map((device) => device.deviceName)).toEqual(['Mobile Device']);
  });

  it('touches no one else’s devices, and takes no device id from the request body', async () => {
    const mine = await signedInMember(t, 'mine@example.com');
    const theirs = await signedInMember(t, 'theirs@example.com');
    const theirId = (await devices(theirs))[0]!.id;
    const response = await t.request({ method: 'DELETE', url: `/api/sessions/${theirId}`, cookie: mine });
    expect([response.statusCode, response.json().error.code]).toEqual([404, 'session/not-found']);
    expect(await signedIn(theirs)).toBe(true);
    const claimed = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'mine@example.com', password: 'member password 1', deviceId: 'my-known-device-01' },
    });
    expect([claimed.statusCode, claimed.json().error.code]).toEqual([400, 'request/invalid']);
    expect((await t.request({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(401);
  });
});
