// A member's signed-in devices: each sign-in records the device id and the description's device name; the
// member lists them and ends one or all others; nobody else's can be touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, signedInMember, startTestApp, type TestApp } from '../test/harness.js';

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

  const login = async (email: string, userAgent: string, deviceId: string) =>
    sessionCookie(
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: 'member password 1', deviceId },
        headers: { 'user-agent': userAgent },
      }),
    );
  const devices = async (cookie: string) => {
    const response = await t.request({ method: 'GET', url: '/api/sessions', cookie });
    expect(response.statusCode).toBe(200);
    return response.json().sessions as Array<{ id: string; deviceName: string; current: boolean }>;
  };
  const signedIn = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user !== null;

  it('ends the earlier session of a browser that signs in there again, and no other', async () => {
    const email = 'again@example.com';
    const desktop = await signedInMember(t, email);
    t.advance(1000);
    const phone = await login(email, PHONE, 'phone-again-0001');
    const waiting = (await devices(desktop)).find((device) => device.deviceName === 'Mobile Device')!;
    const approved = await t.request({
      method: 'POST',
      url: `/api/sessions/${waiting.id}/approve`,
      cookie: desktop,
      body: {},
    });
    expect(approved.statusCode).toBe(204);
    expect(await signedIn(phone)).toBe(true);
    t.advance(1000);
    const phoneAgain = await login(email, PHONE, 'phone-again-0001');
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(phoneAgain)).toBe(true);
    expect(await signedIn(desktop)).toBe(true);
    expect((await devices(desktop)).map((device) => device.deviceName).sort()).toEqual([
      'Desktop',
      'Mobile Device',
    ]);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select(['revoked_at'])
      .where('device_id', '=', 'phone-again-0001')
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => row.revoked_at !== null)).toEqual([true, false]);
  });

  it('lists each signed-in device by its name, and ends one or all others', async () => {
    const email = 'devices@example.com';
    const first = await signedInMember(t, email);
    t.advance(1000);
    const phone = await login(email, PHONE, 'phone-device-0001');
    t.advance(1000);
    const windows = await login(email, WINDOWS, 'windows-device-01');
    const listed = await devices(phone);
    expect(listed.map((device) => [device.deviceName, device.current])).toEqual([
      ['Windows PC', false],
      ['Mobile Device', true],
      ['Desktop', false],
    ]);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select(['device_id', 'device_name'])
      .where('device_id', 'in', ['phone-device-0001', 'windows-device-01'])
      .orderBy('device_id')
      .execute();
    expect(rows).toEqual([
      { device_id: 'phone-device-0001', device_name: 'Mobile Device' },
      { device_id: 'windows-device-01', device_name: 'Windows PC' },
    ]);

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

  it('touches no one else’s devices and refuses a forged device id', async () => {
    const mine = await signedInMember(t, 'mine@example.com');
    const theirs = await signedInMember(t, 'theirs@example.com');
    const theirId = (await devices(theirs))[0]!.id;
    const response = await t.request({ method: 'DELETE', url: `/api/sessions/${theirId}`, cookie: mine });
    expect([response.statusCode, response.json().error.code]).toEqual([404, 'session/not-found']);
    expect(await signedIn(theirs)).toBe(true);
    for (const deviceId of [
      'short',
      'has spaces in it',
      '../../etc/passwd',
      'x'.repeat(65),
      '<script>xx</script>',
    ]) {
      const forged = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'mine@example.com', password: 'member password 1', deviceId },
      });
      expect([deviceId, forged.statusCode]).toEqual([deviceId, 400]);
    }
    expect((await t.request({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(401);
  });
});
