// The new-device check: a sign-in while another device is signed in waits for that device; it confirms (after
// its member entered the master key on it) or refuses, which ends the new sign-in and its own. The news reaches
// the other device live, as server-sent events.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCookies, deviceCookie, signedInMember, startTestApp, type TestApp } from '../test/harness.js';

const PASSWORD = 'member password 1';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';

describe('new-device check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs in from a phone browser (`device`: its device cookie, once it has one); gives its cookies. */
  const login = async (email: string, device?: string) =>
    browserCookies(
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: PASSWORD },
        headers: { 'user-agent': PHONE },
        ...(device ? { cookie: device } : {}),
      }),
      device,
    );
  const sessions = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/sessions', cookie })).json().sessions as Array<{
      id: string;
      current: boolean;
      pending: boolean;
    }>;
  const signedIn = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user !== null;
  const answer = (cookie: string, id: string, verb: 'approve' | 'block') =>
    t.request({ method: 'POST', url: `/api/sessions/${id}/${verb}`, cookie, body: {} });

  it('lets a signed-in device confirm a new one; the new one cannot confirm itself', async () => {
    const email = 'newdevice@example.com';
    const first = await signedInMember(t, email);
    expect((await sessions(first))[0]).toMatchObject({ current: true, pending: false });
    t.advance(1000);
    const second = await login(email);
    const waiting = (await sessions(first)).find((session) => session.pending)!;
    expect(waiting).toBeDefined();
    const self = await answer(second, waiting.id, 'approve');
    expect([self.statusCode, self.json().error.code]).toEqual([403, 'session/pending']);
    expect((await answer(first, waiting.id, 'approve')).statusCode).toBe(204);
    expect((await sessions(first)).every((session) => !session.pending)).toBe(true);
    const twice = await answer(first, waiting.id, 'approve');
    expect([twice.statusCode, twice.json().error.code]).toEqual([404, 'session/not-found']);
    // The same browser signing in again is not a new device.
    t.advance(1000);
    const again = await login(email, deviceCookie(second));
    expect((await sessions(again)).find((session) => session.current)!.pending).toBe(false);
    // Its device secret copied onto another kind of device, to pass as known: refused, no session made.
    const before = (await sessions(first)).length;
    const forged = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: PASSWORD },
      cookie: deviceCookie(second),
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131' },
    });
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'session/device-mismatch']);
    expect(forged.cookies.find((cookie) => cookie.name === 'mg_session')).toBeUndefined();
    expect(await sessions(first)).toHaveLength(before);
  });

  it('refusing ends the new sign-in and signs out the device that refused', async () => {
    const email = 'refused@example.com';
    const first = await signedInMember(t, email);
    t.advance(1000);
    const intruder = await login(email);
    const waiting = (await sessions(first)).find((session) => session.pending)!;
    const refused = await answer(first, waiting.id, 'block');
    expect(refused.statusCode).toBe(204);
    expect(refused.cookies.find((cookie) => cookie.name === 'mg_session')?.value).toBe('');
    expect(await signedIn(intruder)).toBe(false);
    expect(await signedIn(first)).toBe(false);
    const other = await signedInMember(t, 'bystander@example.com');
    const foreign = await answer(other, waiting.id, 'block');
    expect(foreign.statusCode).toBe(404);
  });

  it('tells the other device live, and tells a device when it has been signed out', async () => {
    const email = 'live@example.com';
    const first = await signedInMember(t, email);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie: first },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let received = '';
    const until = async (pattern: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!pattern.test(received)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${received}`);
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      return received;
    };
    t.advance(1000);
    await login(email);
    const text = await until(/event: new-login\ndata: (.*)\n/);
    const event = JSON.parse(/event: new-login\ndata: (.*)\n/.exec(text)![1]!);
    expect(event).toMatchObject({ deviceName: 'Mobile Device', pending: true });
    expect((await answer(first, event.id, 'block')).statusCode).toBe(204);
    await until(/event: signed-out/);
    controller.abort();
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
  });

  it('closes the question in every tab once it was answered in one, or the waiting sign-in ended (issue 43)', async () => {
    const email = 'tabs@example.com';
    const first = await signedInMember(t, email);
    const base = await t.listening();
    /** A tab of the first device: its own event stream, read as it comes. */
    const tab = async () => {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/events`, {
        headers: { cookie: first },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      let received = '';
      return {
        async until(pattern: RegExp) {
          while (!pattern.test(received)) {
            const { value, done } = await reader.read();
            if (done) throw new Error(`the stream ended without ${pattern}: ${received}`);
            received += new TextDecoder().decode(value);
          }
          return pattern.exec(received)!;
        },
        close: () => controller.abort(),
      };
    };
    const [site, app] = [await tab(), await tab()];
    t.advance(1000);
    const phone = await login(email);
    const asked = JSON.parse((await site.until(/event: new-login\ndata: (.*)\n/))[1]!) as { id: string };
    await app.until(new RegExp(`event: new-login\\ndata: .*"${asked.id}"`));
    // Answered in the site's tab: the app's tab hears it is decided (and so does the site's).
    expect((await answer(first, asked.id, 'approve')).statusCode).toBe(204);
    for (const each of [site, app]) {
      await each.until(new RegExp(`event: new-login-decided\\ndata: \\{"id":"${asked.id}"\\}`));
    }
    // A waiting sign-in that ends by itself (its browser logs out) closes its question too.
    t.advance(1000);
    const tablet = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1' },
    });
    const second = new RegExp(`event: new-login\\ndata: (?!.*"${asked.id}")(.*)\\n`);
    const waiting = JSON.parse((await app.until(second))[1]!) as { id: string };
    await t.request({ method: 'POST', url: '/api/auth/logout', cookie: browserCookies(tablet) });
    await app.until(new RegExp(`event: new-login-decided\\ndata: \\{"id":"${waiting.id}"\\}`));
    site.close();
    app.close();
    expect(phone).toContain('mg_session=');
  });
});
