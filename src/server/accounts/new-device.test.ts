// The new-device check: a sign-in while another device is signed in waits for that device; it confirms (after
// its member entered the master key on it) or refuses, which ends the new sign-in and its own. The news reaches
// the other device live, as server-sent events.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserCookies,
  deviceCookie,
  holdsVault,
  signedInMember,
  startTestApp,
  type TestApp,
} from '../test/harness.js';

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
    await holdsVault(t, first);
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
    await holdsVault(t, first);
    t.advance(1000);
    const intruder = await login(email);
    const waiting = (await sessions(first)).find((session) => session.pending)!;
    const refused = await answer(first, waiting.id, 'block');
    expect(refused.statusCode).toBe(204);
    expect(refused.cookies.find((cookie) => cookie.name === 'mg_session')?.value).toBe('');
    expect(await signedIn(intruder)).toBe(false);
    expect(await signedIn(first)).toBe(false);
    const other = await signedInMember(t, 'bystander@example.com');
    await holdsVault(t, other);
    const foreign = await answer(other, waiting.id, 'block');
    expect(foreign.statusCode).toBe(404);
  });

  it('tells the other device live, and tells a device when it has been signed out', async () => {
    const email = 'live@example.com';
    const first = await signedInMember(t, email);
    await holdsVault(t, first);
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
    await holdsVault(t, first);
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

  describe('where no device can check the master key (issue 43)', () => {
    /** A sign-in on a phone whose answer says how it is confirmed; with the mail of its code, when one came. */
    const phoneSignsIn = async (email: string) => {
      const before = (await t.mails()).filter((mail) => mail.to === email).length;
      t.advance(1000);
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: PASSWORD },
        headers: { 'user-agent': PHONE },
      });
      expect(response.statusCode).toBe(200);
      return { response, cookie: browserCookies(response), before };
    };
    const codeOf = (text: string) => /(?:Code|확인 코드): ([0-9]{6})/.exec(text)?.[1];
    const sendCode = (cookie: string, code: string) =>
      t.request({ method: 'POST', url: '/api/session/code', cookie, body: { code } });
    const resend = (cookie: string) =>
      t.request({ method: 'POST', url: '/api/session/code/resend', cookie, body: {} });
    const failure = (response: { statusCode: number; json(): { error: { code: string } } }) => [
      response.statusCode,
      response.json().error.code,
    ];

    it('asks no browser without the vault: a code mailed to the member confirms, and that browser can block no one', async () => {
      const email = 'novault@example.com';
      // The browser that verified the address and signed in has no vault: it never said it can check the key.
      const first = await signedInMember(t, email);
      const phone = await phoneSignsIn(email);
      expect(phone.response.json()).toMatchObject({ user: null, pending: { email, confirmBy: 'code' } });
      const mail = await t.mailTo(email, phone.before);
      // In the member's language (Korean, the default).
      expect(mail.subject).toBe('[MyGenie] 새 기기 로그인 확인 코드');
      const code = codeOf(mail.text);
      expect(code).toMatch(/^[0-9]{6}$/);
      expect(mail.subject).not.toContain(code!);
      // The first browser is not asked, and cannot answer: neither "yes" nor "no" (which once signed both out).
      const waiting = (await sessions(first)).find((session) => session.pending)!;
      for (const verb of ['approve', 'block'] as const) {
        expect(failure(await answer(first, waiting.id, verb))).toEqual([403, 'session/not-allowed']);
      }
      expect(await signedIn(first)).toBe(true);
      expect(await signedIn(phone.cookie)).toBe(false);
      // A wrong code is refused; the right one signs the phone in, once.
      const wrong = code === '000000' ? '000001' : '000000';
      expect(failure(await sendCode(phone.cookie, wrong))).toEqual([400, 'session/wrong-code']);
      const right = await sendCode(phone.cookie, code!);
      expect(right.statusCode).toBe(200);
      expect(right.json().user.email).toBe(email);
      expect(await signedIn(phone.cookie)).toBe(true);
      expect(await signedIn(first)).toBe(true);
      expect((await sessions(first)).every((session) => !session.pending)).toBe(true);
      // An English member's code comes in English.
      const english = 'novault.en@example.com';
      await signedInMember(t, english, PASSWORD, 'en');
      const other = await phoneSignsIn(english);
      const mailed = await t.mailTo(english, other.before);
      expect(mailed.subject).toBe('[MyGenie] Your code for a sign-in on a new device');
      expect(mailed.text).toMatch(/^Code: [0-9]{6}$/m);
    });

    it('takes five tries at most, however many are sent at once, then ends the sign-in', async () => {
      const email = 'guesses@example.com';
      await signedInMember(t, email);
      const phone = await phoneSignsIn(email);
      const code = codeOf((await t.mailTo(email, phone.before)).text)!;
      const guesses = Array.from({ length: 20 }, (_, index) =>
        String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(guesses.map((guess) => sendCode(phone.cookie, guess)));
      const codes = answers.map((response) => response.json().error?.code as string);
      expect(codes.filter((each) => each === 'session/wrong-code')).toHaveLength(4);
      // Every other guess is refused untried: spent, or (one reaching the guard after the fifth ended the sign-in,
      // as happens on PostgreSQL where the requests truly run at once) as from a browser no longer signed in.
      const refused = codes.filter((each) => each !== 'session/wrong-code');
      expect(refused).toHaveLength(16);
      expect(refused).toContain('session/code-spent');
      expect(refused.every((each) => ['session/code-spent', 'auth/unauthenticated'].includes(each))).toBe(
        true,
      );
      // The sign-in ended with the fifth: the right code now reaches no sign-in.
      expect((await sendCode(phone.cookie, code)).statusCode).toBe(401);
      expect(await signedIn(phone.cookie)).toBe(false);
    });

    it('mails another code when asked, once a minute and five times at most; the earlier code then stops working', async () => {
      const email = 'resend@example.com';
      await signedInMember(t, email);
      const phone = await phoneSignsIn(email);
      const first = codeOf((await t.mailTo(email, phone.before)).text)!;
      const soon = await resend(phone.cookie);
      expect(failure(soon)).toEqual([429, 'auth/too-many-requests']);
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
      t.advance(60_000);
      const count = (await t.mails()).filter((mail) => mail.to === email).length;
      expect((await resend(phone.cookie)).statusCode).toBe(204);
      const second = codeOf((await t.mailTo(email, count)).text)!;
      if (first !== second) {
        expect(failure(await sendCode(phone.cookie, first))).toEqual([400, 'session/wrong-code']);
      }
      let newest = second;
      for (let sent = 2; sent < 5; sent++) {
        t.advance(60_000);
        const mailed = (await t.mails()).filter((mail) => mail.to === email).length;
        expect((await resend(phone.cookie)).statusCode).toBe(204);
        newest = codeOf((await t.mailTo(email, mailed)).text)!;
      }
      t.advance(60_000);
      expect(failure(await resend(phone.cookie))).toEqual([429, 'auth/too-many-requests']);
      expect((await sendCode(phone.cookie, newest)).statusCode).toBe(200);
    });

    it('waits for a device that can check the key while one is signed in, and falls back to a code once none is', async () => {
      const email = 'falls-back@example.com';
      const first = await signedInMember(t, email);
      await holdsVault(t, first);
      const phone = await phoneSignsIn(email);
      expect(phone.response.json()).toMatchObject({ pending: { confirmBy: 'device' } });
      // No code was mailed, none can be asked for, and none works.
      expect((await t.mails()).filter((mail) => mail.to === email)).toHaveLength(phone.before);
      expect(failure(await resend(phone.cookie))).toEqual([409, 'session/confirm-on-device']);
      expect(failure(await sendCode(phone.cookie, '123456'))).toEqual([409, 'session/confirm-on-device']);
      // The device that could answer is signed out: the waiting phone is not stuck, a code confirms it.
      await t.request({ method: 'POST', url: '/api/auth/logout', cookie: first });
      const pending = (await t.request({ method: 'GET', url: '/api/session', cookie: phone.cookie })).json();
      expect(pending).toMatchObject({ user: null, pending: { confirmBy: 'code' } });
      // No code was mailed yet: a guess is wrong (the page offers to send one).
      expect(failure(await sendCode(phone.cookie, '123456'))).toEqual([400, 'session/wrong-code']);
      expect((await resend(phone.cookie)).statusCode).toBe(204);
      const code = codeOf((await t.mailTo(email, phone.before)).text)!;
      expect((await sendCode(phone.cookie, code)).statusCode).toBe(200);
    });

    it('lets only a confirmed session say it can check the key', async () => {
      const email = 'claims@example.com';
      await signedInMember(t, email);
      const phone = await phoneSignsIn(email);
      const claimed = await t.request({
        method: 'POST',
        url: '/api/session/can-confirm',
        cookie: phone.cookie,
        body: {},
      });
      expect(failure(claimed)).toEqual([403, 'session/pending']);
      expect(failure(await t.request({ method: 'POST', url: '/api/session/can-confirm', body: {} }))).toEqual(
        [401, 'auth/unauthenticated'],
      );
    });
  });
});
