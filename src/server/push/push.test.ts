// Login notifications through the real Web Push protocol: a local push endpoint checks every message's VAPID
// JWT and decrypts its aes128gcm body; the member's registered device hears of a sign-in on another device, with
// the device name and the Seoul time, not of its own; a 410 removes the registration; bad registrations are
// refused with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookie, signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { startPushEndpoint, TEST_CA, type PushEndpoint } from '../test/push-endpoint.js';
import { LOGIN_NOTIFICATION_DELAY_MS } from '../../shared/constants.js';
import { seoulTime } from './service.js';

const PASSWORD = 'member password 1';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';

describe('login notifications by Web Push', () => {
  let t: TestApp;
  let endpoint: PushEndpoint;
  beforeAll(async () => {
    endpoint = await startPushEndpoint();
    t = await startTestApp({ ALLOW_PRIVATE_ADDRESSES: 'true' }, { outboundCa: TEST_CA });
  });
  afterAll(async () => {
    await t.close();
    await endpoint.close();
  });

  const register = (cookie: string, subscription: unknown) =>
    t.request({
      method: 'PUT',
      url: '/api/push/subscription',
      cookie,
      body: { subscription, language: 'ko-KR', platform: 'Linux x86_64' },
    });
  /** Lets the login notifications' wait pass on the app's clock, and the notifications that fell due go out. */
  const settle = async () => {
    t.advance(LOGIN_NOTIFICATION_DELAY_MS);
    await t.settleNotifications();
  };
  const status = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/push/subscription', cookie })).json();
  /** A sign-in from a browser (`device`: its device cookie, if it has one). */
  const loginFrom = (email: string, userAgent: string, device?: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
      ...(device ? { cookie: device } : {}),
    });

  it('hands out one VAPID public key, made on the first start', async () => {
    const first = (await t.request({ method: 'GET', url: '/api/push/key' })).json();
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const stored = await t.database.db.selectFrom('server_keys').selectAll().execute();
    expect(stored.map((row) => row.name)).toEqual(['vapid']);
    expect((await t.request({ method: 'GET', url: '/api/push/key' })).json()).toEqual(first);
  });

  it('notifies the registered device of a sign-in elsewhere, in the member’s language, with device and Seoul time', async () => {
    const email = 'push@example.com';
    const member = await signedInMember(t, email);
    await settle();
    const saved = await register(member, endpoint.subscription);
    expect(saved.statusCode).toBe(201);
    expect(await status(member)).toMatchObject({
      registered: true,
      endpoint: endpoint.subscription.endpoint,
    });

    const arriving = endpoint.next();
    const earlier = endpoint.received.length;
    const signedInAt = t.now();
    expect((await loginFrom(email, PHONE)).statusCode).toBe(200);
    // Nothing is sent before the wait has passed on the clock.
    t.advance(LOGIN_NOTIFICATION_DELAY_MS - 1);
    await t.settleNotifications();
    expect(endpoint.received).toHaveLength(earlier);
    await settle();
    const push = await arriving;
    expect(push.claims.aud).toBe(new URL(endpoint.subscription.endpoint).origin);
    const message = JSON.parse(push.payload);
    const loginTime = seoulTime(new Date(signedInAt));
    expect(message).toEqual({
      type: 'login',
      tag: 'login',
      title: '새 로그인 알림',
      body: `Mobile Device에서 ${loginTime}(서울 시간)에 로그인했습니다.`,
      deviceName: 'Mobile Device',
      loginTime,
    });

    // The registered device signing in again hears nothing of itself.
    const received = endpoint.received.length;
    await loginFrom(email, 'Mozilla/5.0 (X11; Linux x86_64) vitest', deviceCookie(member));
    await settle();
    expect(endpoint.received.length).toBe(received);
    expect(endpoint.refused).toEqual([]);
  });

  it('removes a registration the push service says is gone (410)', async () => {
    const email = 'gone@example.com';
    const member = await signedInMember(t, email);
    await settle();
    await register(member, endpoint.subscription);
    endpoint.gone = true;
    try {
      await loginFrom(email, PHONE);
      await settle();
      expect(await status(member)).toEqual({
        registered: false,
        endpoint: null,
        deviceName: null,
        updatedAt: null,
      });
    } finally {
      endpoint.gone = false;
    }
  });

  it('keeps one registration per member, replaces it, unregisters, and refuses bad ones with nothing stored', async () => {
    const member = await signedInMember(t, 'one@example.com');
    await register(member, endpoint.subscription);
    const other = { ...endpoint.subscription, endpoint: `${endpoint.subscription.endpoint}-2` };
    expect((await register(member, other)).statusCode).toBe(201);
    expect((await status(member)).endpoint).toBe(other.endpoint);
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .where('endpoint', 'like', '%-2')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);

    const fresh = await signedInMember(t, 'bad-push@example.com');
    const keys = endpoint.subscription.keys;
    for (const subscription of [
      { ...endpoint.subscription, endpoint: 'http://push.example.com/x' },
      { ...endpoint.subscription, endpoint: 'not a url' },
      { ...endpoint.subscription, endpoint: 'javascript:alert(1)' },
      { ...endpoint.subscription, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
      { ...endpoint.subscription, keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } },
      { ...endpoint.subscription, keys: { ...keys, auth: 'c2hvcnQ' } },
      { endpoint: endpoint.subscription.endpoint },
    ]) {
      const response = await register(fresh, subscription);
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'push/invalid-subscription']);
    }
    expect((await status(fresh)).registered).toBe(false);
    expect((await t.request({ method: 'PUT', url: '/api/push/subscription', body: {} })).statusCode).toBe(
      401,
    );

    expect(
      (await t.request({ method: 'DELETE', url: '/api/push/subscription', cookie: member })).statusCode,
    ).toBe(204);
    expect((await status(member)).registered).toBe(false);
  });
});

describe('push endpoints on private networks (the default)', () => {
  it('are refused: the server would otherwise post to its own network', async () => {
    const t = await startTestApp();
    const endpoint = await startPushEndpoint();
    try {
      const member = await signedInMember(t, 'private@example.com');
      for (const url of [
        endpoint.subscription.endpoint,
        'https://10.0.0.8/push/x',
        'https://localhost/push/x',
      ]) {
        const response = await t.request({
          method: 'PUT',
          url: '/api/push/subscription',
          cookie: member,
          body: { subscription: { ...endpoint.subscription, endpoint: url } },
        });
        expect([url, response.statusCode, response.json().error.code]).toEqual([
          url,
          400,
          'push/invalid-subscription',
        ]);
      }
      const rows = await t.database.db.selectFrom('push_subscriptions').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
      await endpoint.close();
    }
  });
});
