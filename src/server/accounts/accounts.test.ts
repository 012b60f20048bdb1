import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, sessionCookie, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A fresh address per test, so tests do not share rate-limit counters. */
function freshEmail(): string {
  counter += 1;
  return `member${counter}.${Date.now()}@example.com`;
}
let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

async function signUp(email: string, password = 'correct horse', lang: 'ko' | 'en' = 'ko', ip = freshIp()) {
  return t.request({ method: 'POST', url: '/api/auth/signup', body: { email, password, lang }, ip });
}

async function verifiedMember(password = 'correct horse', lang: 'ko' | 'en' = 'ko') {
  const email = freshEmail();
  expect((await signUp(email, password, lang)).statusCode).toBe(201);
  const mail = await t.mailTo(email);
  const opened = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
  expect(opened.statusCode).toBe(200);
  return email;
}

function login(email: string, password: string, ip = freshIp()) {
  return t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, ip });
}

async function sessionOf(cookie: string) {
  return (await t.request({ method: 'GET', url: '/api/session', cookie })).json();
}

async function userCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('health', () => {
  it('answers ok once the database is open', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('sign-up and verification', () => {
  it('creates an unverified account and mails a Korean verification link by default', async () => {
    const email = freshEmail();
    const response = await signUp(email.toUpperCase());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email });
    const mail = await t.mailTo(email);
    expect(mail.subject).toBe('[MyGenie] 이메일 주소를 인증해 주세요');
    expect(mail.text).toContain('이메일 주소');
    expect(mail.link).toMatch(
      /^http:\/\/mygenie\.test\/auth\/action\?mode=verifyEmail&oobCode=[\w-]+&lang=ko$/,
    );
    expect(mail.html).toContain('이메일 인증하기');

    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row?.email_verified).toBe(0);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('mails in English when the member signs up in English', async () => {
    const email = freshEmail();
    await signUp(email, 'correct horse', 'en');
    const mail = await t.mailTo(email);
    expect(mail.subject).toBe('[MyGenie] Please verify your e-mail address');
    expect(mail.link).toContain('lang=en');
  });

  it('refuses an e-mail that is already registered', async () => {
    const email = freshEmail();
    await signUp(email);
    const again = await signUp(email, 'another password');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('auth/email-already-in-use');
  });

  it('refuses short passwords and malformed e-mails with their codes, writing nothing', async () => {
    const before = await userCount();
    const short = await signUp(freshEmail(), 'seven77');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({
      code: 'auth/weak-password',
      message: 'Password is too weak. Please use a stronger password.',
    });
    for (const email of [
      'not-an-email',
      'a@b',
      '<script>alert(1)</script>@x.com',
      "x'; drop table users;--@x.com",
    ]) {
      const bad = await signUp(email);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('auth/invalid-email');
    }
    expect(await userCount()).toBe(before);
  });

  it('opening the link verifies the e-mail once; a second opening is refused', async () => {
    const email = freshEmail();
    await signUp(email);
    const mail = await t.mailTo(email);
    const first = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect(first.json()).toEqual({ kind: 'verifyEmail', email });
    const second = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('auth/invalid-action-code');
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('refuses an unknown or expired link', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/action',
      body: { token: 'A'.repeat(43) },
    });
    expect(unknown.json().error.code).toBe('auth/invalid-action-code');

    const email = freshEmail();
    await signUp(email);
    const mail = await t.mailTo(email);
    t.advance(24 * 60 * 60_000 + 1000);
    const late = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('auth/expired-action-code');
  });
});

describe('login, session and logout', () => {
  it('signs a verified member in with an HttpOnly cookie and out again', async () => {
    const email = await verifiedMember();
    const response = await login(email, 'correct horse');
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, emailVerified: true, lang: 'ko', isAdmin: false });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/mg_session=[\w-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookie(response);

    expect((await sessionOf(cookie)).user.email).toBe(email);
    const session = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    expect(session?.device_name).toBe('Desktop');
    expect(session?.token_hash).not.toContain(cookie.split('=')[1]);

    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(204);
    expect((await sessionOf(cookie)).user).toBeNull();
  });

  it('answers signed-out callers with no user', async () => {
    expect(await sessionOf('mg_session=nonsense')).toEqual({ user: null });
    expect((await t.request({ method: 'GET', url: '/api/session' })).json()).toEqual({ user: null });
  });

  it('keeps an unverified account signed out and says so', async () => {
    const email = freshEmail();
    await signUp(email);
    const response = await login(email, 'correct horse');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/email-not-verified');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const email = await verifiedMember();
    const wrong = await login(email, 'wrong password');
    const unknown = await login(freshEmail(), 'wrong password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error.code).toBe('auth/invalid-login-credentials');
  });

  it('spends the same hashing work on an unknown e-mail as on a known one', async () => {
    const email = await verifiedMember();
    const time = async (address: string) => {
      const started = process.hrtime.bigint();
      await login(address, 'wrong password', freshIp());
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(email));
      unknown.push(await time(freshEmail()));
      await t.database.db.deleteFrom('rate_events').execute();
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Without the decoy hash an unknown e-mail answers in well under a millisecond against ~tens for argon2.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it('ends a session that stayed idle for 30 days', async () => {
    const email = await verifiedMember();
    const cookie = sessionCookie(await login(email, 'correct horse'));
    t.advance(30 * 24 * 60 * 60_000 + 1000);
    expect((await sessionOf(cookie)).user).toBeNull();
  });
});

describe('login limits', () => {
  it('refuses an account after 10 failures in 15 minutes, even with the right password, then lets it in again', async () => {
    const email = await verifiedMember();
    for (let i = 0; i < 10; i++) {
      expect((await login(email, `wrong ${i}`, freshIp())).statusCode).toBe(401);
    }
    const blocked = await login(email, 'correct horse', freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('auth/too-many-requests');
    t.advance(15 * 60_000 + 1000);
    expect((await login(email, 'correct horse', freshIp())).statusCode).toBe(200);
  });

  it('refuses an address after 10 failures across accounts, and only that address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(freshEmail(), 'wrong', ip)).statusCode).toBe(401);
    }
    const email = await verifiedMember();
    expect((await login(email, 'correct horse', ip)).statusCode).toBe(429);
    expect((await login(email, 'correct horse', freshIp())).statusCode).toBe(200);
  });
});

describe('resending the verification mail', () => {
  it('needs the right password and sends a new link', async () => {
    const email = freshEmail();
    await signUp(email, 'correct horse', 'en');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { email, password: 'nope nope' },
      ip: freshIp(),
    });
    expect(wrong.statusCode).toBe(401);
    const resent = await t.request({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { email, password: 'correct horse' },
      ip: freshIp(),
    });
    expect(resent.statusCode).toBe(202);
    const mail = await t.mailTo(email, 1);
    expect(mail.subject).toBe('[MyGenie] Please verify your e-mail address');
    await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('sends at most 3 mails to one address in an hour', async () => {
    const email = freshEmail();
    await signUp(email);
    const resend = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/resend-verification',
        body: { email, password: 'correct horse' },
        ip: freshIp(),
      });
    expect((await resend()).statusCode).toBe(202);
    expect((await resend()).statusCode).toBe(202);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('auth/too-many-requests');
    await t.accounts.settle();
    expect((await t.mails()).filter((mail) => mail.to === email)).toHaveLength(3);
    t.advance(60 * 60_000 + 1000);
    expect((await resend()).statusCode).toBe(202);
  });
});

describe('password change while signed in', () => {
  it('needs a session', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      body: { newPassword: 'brand new pw' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/unauthenticated');
  });

  it('takes only the new password, keeps this session and ends the others', async () => {
    const email = await verifiedMember();
    const here = sessionCookie(await login(email, 'correct horse'));
    const elsewhere = sessionCookie(await login(email, 'correct horse'));
    const weak = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      body: { newPassword: 'short' },
      cookie: here,
    });
    expect(weak.json().error.code).toBe('auth/weak-password');

    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      body: { newPassword: 'brand new password' },
      cookie: here,
    });
    expect(changed.statusCode).toBe(204);
    expect((await sessionOf(here)).user.email).toBe(email);
    expect((await sessionOf(elsewhere)).user).toBeNull();
    expect((await login(email, 'correct horse')).statusCode).toBe(401);
    expect((await login(email, 'brand new password')).statusCode).toBe(200);
  });
});

describe('signed-out password change by mail', () => {
  it('mails a link that sets the new password and ends every session', async () => {
    const email = await verifiedMember('correct horse', 'en');
    const before = sessionCookie(await login(email, 'correct horse'));
    const requested = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email, newPassword: 'my new secret', lang: 'en' },
    });
    expect(requested.statusCode).toBe(202);
    const mail = await t.mailTo(email, 1);
    expect(mail.subject).toBe('[MyGenie] Please confirm your password change');
    expect(mail.link).toContain('mode=resetPassword');
    // Nothing changes until the link is opened.
    expect((await login(email, 'correct horse')).statusCode).toBe(200);

    const opened = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect(opened.json()).toEqual({ kind: 'resetPassword', email });
    expect((await sessionOf(before)).user).toBeNull();
    expect((await login(email, 'correct horse')).statusCode).toBe(401);
    expect((await login(email, 'my new secret')).statusCode).toBe(200);
    const reused = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect(reused.json().error.code).toBe('auth/invalid-action-code');
  });

  it('answers an unknown e-mail exactly like a known one and mails nothing', async () => {
    const known = await verifiedMember();
    const unknown = freshEmail();
    const a = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email: known, newPassword: 'my new secret' },
    });
    const b = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email: unknown, newPassword: 'my new secret' },
    });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    await t.accounts.settle();
    expect((await t.mails()).some((mail) => mail.to === unknown)).toBe(false);
  });

  it('expires the link after an hour', async () => {
    const email = await verifiedMember();
    await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email, newPassword: 'my new secret' },
    });
    const mail = await t.mailTo(email, 1);
    t.advance(60 * 60_000 + 1000);
    const late = await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } });
    expect(late.json().error.code).toBe('auth/expired-action-code');
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('counts requests for unknown addresses towards the mail limit too', async () => {
    const email = freshEmail();
    const ask = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/password-reset',
        body: { email, newPassword: 'my new secret' },
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).json().error.code).toBe('auth/too-many-requests');
  });
});
