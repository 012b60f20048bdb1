import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { browserCookies, startTestApp, sessionCookie, type TestApp } from '../test/harness.js';
import { testCostHashing } from '../test/passwords.js';
import type { PasswordHashing } from './passwords.js';

/** Passwords checked against a hash since the app started, the decoy's included. */
let passwordChecks = 0;
const countedHashing: PasswordHashing = {
  ...testCostHashing,
  verify(passwordHash, password) {
    passwordChecks += 1;
    return testCostHashing.verify(passwordHash, password);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { passwords: countedHashing });
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

function verify(token: string, password = 'correct horse') {
  return t.request({
    method: 'POST',
    url: '/api/auth/verify-email',
    body: { token, password },
    ip: freshIp(),
  });
}

async function verifiedMember(password = 'correct horse', lang: 'ko' | 'en' = 'ko') {
  const email = freshEmail();
  expect((await signUp(email, password, lang)).statusCode).toBe(201);
  const mail = await t.mailTo(email);
  const opened = await verify(mail.token, password);
  expect(opened.statusCode).toBe(200);
  return email;
}

function login(email: string, password: string, ip = freshIp(), idleMinutes?: number) {
  return t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email, password, ...(idleMinutes === undefined ? {} : { idleMinutes }) },
    ip,
  });
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
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
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
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
  });

  it('stores the password as argon2id at the OWASP parameters, the server’s own cost', async () => {
    const full = await startTestApp({}, { passwords: 'full cost' });
    try {
      const email = freshEmail();
      const signup = await full.request({
        method: 'POST',
        url: '/api/auth/signup',
        body: { email, password: 'correct horse' },
        ip: freshIp(),
      });
      expect(signup.statusCode).toBe(201);
      const row = await full.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await full.close();
    }
  });

  it('mails in English when the member signs up in English', async () => {
    const email = freshEmail();
    await signUp(email, 'correct horse', 'en');
    const mail = await t.mailTo(email);
    expect(mail.subject).toBe('[MyGenie] Please verify your e-mail address');
    expect(mail.link).toContain('lang=en');
  });

  it('refuses an e-mail that is already registered and verified', async () => {
    const email = await verifiedMember();
    const again = await signUp(email, 'another password');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('auth/email-already-in-use');
  });

  it("says an address is already registered even when that address's mail limit is reached, adding no account", async () => {
    const email = await verifiedMember();
    const askReset = () =>
      t.request({ method: 'POST', url: '/api/auth/password-reset', body: { email }, ip: freshIp() });
    // The verification mail and two reset mails: the address's 3 mails of the hour are used up.
    for (let i = 0; i < 2; i++) expect((await askReset()).statusCode).toBe(202);
    expect((await askReset()).json().error.code).toBe('auth/too-many-requests');
    const before = await userCount();
    const again = await Promise.all([signUp(email, 'another password'), signUp(email, 'third password')]);
    expect(again.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual([
      [409, 'auth/email-already-in-use'],
      [409, 'auth/email-already-in-use'],
    ]);
    expect(await userCount()).toBe(before);
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
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

  it('the link verifies the e-mail once its person types the sign-up password; a second use is refused', async () => {
    const email = freshEmail();
    await signUp(email);
    const mail = await t.mailTo(email);
    const info = await t.request({
      method: 'POST',
      url: '/api/auth/action/info',
      body: { token: mail.token },
    });
    expect(info.json()).toEqual({ kind: 'verifyEmail', email, chosenPassword: false });
    // Looking at the link used nothing.
    expect((await login(email, 'correct horse')).json().error.code).toBe('auth/email-not-verified');
    const first = await verify(mail.token);
    expect(first.json()).toEqual({ email });
    const second = await verify(mail.token);
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('auth/invalid-action-code');
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('refuses an unknown or expired link', async () => {
    for (const url of ['/api/auth/action/info', '/api/auth/verify-email']) {
      const unknown = await t.request({
        method: 'POST',
        url,
        body: {
          token: 'A'.repeat(43),
          ...(url.endsWith('verify-email') ? { password: 'correct horse' } : {}),
        },
      });
      expect(unknown.json().error.code).toBe('auth/invalid-action-code');
    }

    const email = freshEmail();
    await signUp(email);
    const mail = await t.mailTo(email);
    t.advance(24 * 60 * 60_000 + 1000);
    const late = await verify(mail.token);
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

  it('stores a sign-in whole or not at all: a failure while ending the browser’s earlier session leaves both as they were', async () => {
    const email = await verifiedMember();
    const first = await login(email, 'correct horse');
    const browser = browserCookies(first);
    const sessionsOf = () =>
      t.database.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id', 'sessions.revoked_at'])
        .where('users.email', '=', email)
        .execute();
    const [before] = await sessionsOf();
    // The last part of storing a sign-in (ending the browser's earlier session) fails.
    const postgres = t.database.dialect === 'postgres';
    const statements = postgres
      ? [
          sql`create function refuse_session_end() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
          sql`create trigger refuse_session_end before update on sessions for each row execute function refuse_session_end()`,
        ]
      : [
          sql`create trigger refuse_session_end before update on sessions begin select raise(abort, 'refused'); end`,
        ];
    for (const statement of statements) await statement.execute(t.database.db);
    try {
      const again = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: 'correct horse' },
        cookie: browser,
        ip: freshIp(),
      });
      expect(again.statusCode).toBe(500);
      expect(again.cookies.find((cookie) => cookie.name === 'mg_session')).toBeUndefined();
    } finally {
      await sql`drop trigger refuse_session_end${sql.raw(postgres ? ' on sessions' : '')}`.execute(
        t.database.db,
      );
      if (postgres) await sql`drop function refuse_session_end()`.execute(t.database.db);
    }
    // No new session, the earlier one still running, and the right password not counted as a failure.
    expect(await sessionsOf()).toEqual([{ id: before?.id, revoked_at: null }]);
    const failures = await t.database.db
      .selectFrom('rate_events')
      .select('id')
      .where('key', '=', `login-fail:account:${email}`)
      .execute();
    expect(failures).toHaveLength(0);
    expect((await sessionOf(browser)).user.email).toBe(email);
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
    expect(response.cookies.find((cookie) => cookie.name === 'mg_session')).toBeUndefined();
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

  it('checks a password against a hash as often for an unknown e-mail as for a known one', async () => {
    // Without the decoy hash an unknown e-mail would answer without hashing at all, so much sooner that its
    // timing tells it has no account (timing.slow.test.ts measures the times themselves, at full cost).
    const email = await verifiedMember();
    const before = passwordChecks;
    await login(email, 'wrong password', freshIp());
    const known = passwordChecks - before;
    await login(freshEmail(), 'wrong password', freshIp());
    expect([known, passwordChecks - before - known]).toEqual([1, 1]);
  });

  it('ends a session after the auto logout the browser reported (10 minutes by default), plus a grace', async () => {
    const [a, b, c] = [await verifiedMember(), await verifiedMember(), await verifiedMember()];
    const idle = sessionCookie(await login(a, 'correct horse'));
    const used = sessionCookie(await login(b, 'correct horse'));
    const twenty = sessionCookie(await login(c, 'correct horse', freshIp(), 20));
    t.advance(11 * 60_000);
    expect((await sessionOf(used)).user.email).toBe(b);
    t.advance(60_000 + 1000);
    expect((await sessionOf(idle)).user).toBeNull();
    // Activity (any request) moved its end forward.
    expect((await sessionOf(used)).user.email).toBe(b);
    expect((await sessionOf(twenty)).user.email).toBe(c);
    t.advance(20 * 60_000);
    expect((await sessionOf(twenty)).user.email).toBe(c);
    t.advance(22 * 60_000 + 1000);
    expect((await sessionOf(twenty)).user).toBeNull();
  });

  it('takes a changed auto logout from the browser, and ends even an active session after 30 days', async () => {
    const email = await verifiedMember();
    const cookie = sessionCookie(await login(email, 'correct horse'));
    const report = (idleMinutes: number) =>
      t.request({ method: 'POST', url: '/api/session/activity', body: { idleMinutes }, cookie });
    expect((await report(0)).statusCode).toBe(204);
    expect((await report(7)).json().error.code).toBe('request/invalid');
    // With auto logout off, a day unused does not end it, nor do days of use; 30 days from sign-in do.
    for (let day = 0; day < 29; day++) {
      t.advance(24 * 60 * 60_000);
      expect((await sessionOf(cookie)).user?.email).toBe(email);
    }
    t.advance(24 * 60 * 60_000 + 1000);
    expect((await sessionOf(cookie)).user).toBeNull();
    const gone = await report(0);
    expect(gone.json().error.code).toBe('auth/unauthenticated');
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

  it('never counts a right password as a failure, also when the sign-in is refused for another reason', async () => {
    const email = await verifiedMember();
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await login(email, 'correct horse', ip)).statusCode).toBe(200);
    const unverified = freshEmail();
    await signUp(unverified, 'correct horse', 'ko', ip);
    for (let i = 0; i < 12; i++) {
      expect((await login(unverified, 'correct horse', ip)).json().error.code).toBe(
        'auth/email-not-verified',
      );
    }
    // Nine wrong guesses on each still leave the tenth try to the right password.
    for (const account of [email, unverified]) {
      for (let i = 0; i < 9; i++) expect((await login(account, `wrong ${i}`, ip)).statusCode).toBe(401);
    }
    expect((await login(email, 'correct horse', ip)).statusCode).toBe(200);
    expect((await login(unverified, 'correct horse', ip)).json().error.code).toBe('auth/email-not-verified');
  });

  it('says how long to wait, in the body and as Retry-After', async () => {
    const email = await verifiedMember();
    for (let i = 0; i < 10; i++) {
      await login(email, `wrong ${i}`, freshIp());
      t.advance(60_000);
    }
    const blocked = await login(email, 'correct horse', freshIp());
    // The first failure leaves the 15-minute window 5 minutes from now.
    expect(blocked.json().error.retryAfterSeconds).toBe(5 * 60);
    expect(blocked.headers['retry-after']).toBe(String(5 * 60));
  });

  it('refuses an address after 100 failures across accounts, and only that address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 100; i++) {
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
    await verify(mail.token);
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

  it('needs the current password, keeps this session, ends the others and mails the member', async () => {
    const email = await verifiedMember();
    const here = sessionCookie(await login(email, 'correct horse'));
    const elsewhere = sessionCookie(await login(email, 'correct horse'));
    const change = (body: Record<string, string>) =>
      t.request({ method: 'POST', url: '/api/auth/password', body, cookie: here });
    expect((await change({ currentPassword: 'correct horse', newPassword: 'short' })).json().error.code).toBe(
      'auth/weak-password',
    );
    expect(
      (await change({ currentPassword: 'correct horse', newPassword: 'password123' })).json().error.code,
    ).toBe('auth/common-password');
    const wrong = await change({ currentPassword: 'not my password', newPassword: 'brand new password' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([403, 'auth/wrong-password']);
    // The sign-in itself proved the password a moment ago; minutes later, it must be proved again.
    t.advance(5 * 60_000 + 1000);
    const unproven = await change({ newPassword: 'brand new password' });
    expect([unproven.statusCode, unproven.json().error.code]).toEqual([403, 'auth/reauth-required']);

    const changed = await change({ currentPassword: 'correct horse', newPassword: 'brand new password' });
    expect(changed.statusCode).toBe(204);
    const mail = await t.mailTo(email, 1);
    expect(mail.subject).toBe('[MyGenie] 비밀번호가 변경되었습니다');
    expect(mail.text).toContain('한국 시간');
    expect((await sessionOf(here)).user.email).toBe(email);
    expect((await sessionOf(elsewhere)).user).toBeNull();
    expect((await login(email, 'correct horse')).statusCode).toBe(401);
    expect((await login(email, 'brand new password')).statusCode).toBe(200);
  });
});

describe('signed-out password change by mail', () => {
  const apply = (token: string, newPassword: string, chosen: boolean) =>
    t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token, newPassword, chosen },
      ip: freshIp(),
    });

  it('mails a link that applies the chosen password once it is typed again, and ends every session', async () => {
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
    const info = await t.request({
      method: 'POST',
      url: '/api/auth/action/info',
      body: { token: mail.token },
    });
    expect(info.json()).toEqual({ kind: 'resetPassword', email, chosenPassword: true });
    // Nothing changes until the password is typed again at the link.
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
    const mistyped = await apply(mail.token, 'my new secrte', true);
    expect(mistyped.json().error.code).toBe('auth/reset-password-mismatch');
    expect((await login(email, 'correct horse')).statusCode).toBe(200);

    const applied = await apply(mail.token, 'my new secret', true);
    expect(applied.json()).toEqual({ email, passkeysRemoved: 0 });
    expect((await sessionOf(before)).user).toBeNull();
    expect((await login(email, 'correct horse')).statusCode).toBe(401);
    expect((await login(email, 'my new secret')).statusCode).toBe(200);
    const reused = await apply(mail.token, 'my new secret', true);
    expect(reused.json().error.code).toBe('auth/invalid-action-code');
    expect((await t.mailTo(email, 2)).subject).toBe('[MyGenie] Your password was changed');
  });

  it('lets the person at the link set a different password instead, by the rules of a new password', async () => {
    const email = await verifiedMember();
    await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email, newPassword: 'someone chose this' },
    });
    const mail = await t.mailTo(email, 1);
    expect((await apply(mail.token, 'short', false)).json().error.code).toBe('auth/weak-password');
    expect((await apply(mail.token, 'iloveyou1', false)).json().error.code).toBe('auth/common-password');
    expect((await apply(mail.token, 'my own choice here', false)).statusCode).toBe(200);
    expect((await login(email, 'someone chose this')).statusCode).toBe(401);
    expect((await login(email, 'my own choice here')).statusCode).toBe(200);
  });

  it('mails a forgotten password a link to set a new one', async () => {
    const email = await verifiedMember('correct horse', 'en');
    const requested = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email, lang: 'en' },
    });
    expect(requested.statusCode).toBe(202);
    const mail = await t.mailTo(email, 1);
    expect(mail.subject).toBe('[MyGenie] Set a new password');
    const info = await t.request({
      method: 'POST',
      url: '/api/auth/action/info',
      body: { token: mail.token },
    });
    expect(info.json()).toEqual({ kind: 'resetPassword', email, chosenPassword: false });
    expect((await apply(mail.token, 'anything at all', true)).json().error.code).toBe(
      'auth/reset-password-mismatch',
    );
    expect((await apply(mail.token, 'remembered now', false)).statusCode).toBe(200);
    expect((await login(email, 'remembered now')).statusCode).toBe(200);
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
    const late = await apply(mail.token, 'my new secret', true);
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
