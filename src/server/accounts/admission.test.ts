// Every path that verifies an address applies the sign-up rules again (issue 43, attack 2): a password reset of
// an account never verified verifies it only where its verification link would. The attack as the testers made
// it — sign up while the door was open or the address invited, then withdraw the invitation, close sign-ups or set
// a domain rule (a server started again with new settings on the same database), then ask for a reset, open the
// mailed link and set a password — and the reset that still works for an account the rules let in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_WINDOW_MS } from '../../shared/constants.js';
import type { Invitation } from '../../shared/schemas/auth.js';
import { signedInMember, startTestApp, uniqueIp, verifyEmail, type TestApp } from '../test/harness.js';

const PASSWORD = 'sign-up password 1';
const NEW_PASSWORD = 'a password set by reset';

function signUp(t: TestApp, email: string) {
  return t.request({
    method: 'POST',
    url: '/api/auth/signup',
    body: { email, password: PASSWORD, lang: 'en' },
    ip: uniqueIp(),
  });
}

function login(t: TestApp, email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, ip: uniqueIp() });
}

function userRow(t: TestApp, email: string) {
  return t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

async function mailCount(t: TestApp, email: string): Promise<number> {
  await t.accounts.settle();
  return (await t.mails()).filter((mail) => mail.to === email).length;
}

/**
 * Asks for a reset link and uses it: `chosen`, the description's password change by mail (the new password given
 * with the request, typed again at the link); else a forgotten password, set at the link. Answers the link's
 * answer and its token.
 */
async function reset(t: TestApp, email: string, chosen: boolean) {
  // A new hour: the address's three mails of the hour are the invitation's, its sign-up's and this one's.
  t.advance(MAIL_WINDOW_MS + 1000);
  const before = await mailCount(t, email);
  const asked = await t.request({
    method: 'POST',
    url: '/api/auth/password-reset',
    body: { email, lang: 'en', ...(chosen ? { newPassword: NEW_PASSWORD } : {}) },
    ip: uniqueIp(),
  });
  expect(asked.statusCode).toBe(202);
  const mail = await t.mailTo(email, before);
  return { answer: await useResetLink(t, mail.token, chosen), token: mail.token };
}

function useResetLink(t: TestApp, token: string, chosen: boolean) {
  return t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    body: { token, newPassword: NEW_PASSWORD, chosen },
    ip: uniqueIp(),
  });
}

/** The status and code of an answer, as a line a test can compare. */
function outcome(answer: { statusCode: number; json(): unknown }): string {
  const body = answer.json() as { error?: { code: string } };
  return `${answer.statusCode} ${body.error?.code ?? 'ok'}`;
}

/**
 * The attack on an account whose admission no longer holds, both ways of resetting: each refused as its
 * verification is, the account left unverified with the password it had, and no sign-in.
 */
async function expectResetsRefused(t: TestApp, email: string, refusal: string): Promise<void> {
  const before = await userRow(t, email);
  for (const chosen of [false, true]) {
    const { answer } = await reset(t, email, chosen);
    expect(outcome(answer), `chosen: ${chosen}`).toBe(refusal);
    const after = await userRow(t, email);
    expect(after.email_verified).toBe(0);
    expect(after.password_hash).toBe(before.password_hash);
  }
  for (const password of [PASSWORD, NEW_PASSWORD]) {
    expect((await login(t, email, password)).statusCode, password).not.toBe(200);
  }
}

describe('with sign-ups closed, a reset of an account whose invitation was withdrawn', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ SIGNUPS_ALLOWED: 'false', ADMIN_EMAILS: 'boss@example.com' });
    admin = await signedInMember(t, 'boss@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const invite = async (email: string) => {
    const made = await t.request({
      method: 'POST',
      url: '/api/admin/invitations',
      body: { email, lang: 'en' },
      cookie: admin,
    });
    expect(made.statusCode).toBe(201);
    return made.json<{ invitation: Invitation }>().invitation;
  };
  const usedAt = async (email: string) => {
    const list = await t.request({ method: 'GET', url: '/api/admin/invitations', cookie: admin });
    return list.json<{ invitations: Invitation[] }>().invitations.find((item) => item.email === email)
      ?.usedAt;
  };

  it('is refused as its verification is, leaves it unverified, and signs nobody in', async () => {
    const email = 'withdrawn@example.com';
    const invitation = await invite(email);
    expect((await signUp(t, email)).statusCode).toBe(201);
    const verification = await t.mailTo(email, 1);
    const withdrawn = await t.request({
      method: 'DELETE',
      url: `/api/admin/invitations/${invitation.id}`,
      cookie: admin,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(outcome(await verifyEmail(t, verification.token, PASSWORD))).toBe('403 auth/signups-closed');
    await expectResetsRefused(t, email, '403 auth/signups-closed');
  });

  it('works once the address is invited again, from the same link, spending the invitation', async () => {
    const email = 'again@example.com';
    const invitation = await invite(email);
    expect((await signUp(t, email)).statusCode).toBe(201);
    await t.request({ method: 'DELETE', url: `/api/admin/invitations/${invitation.id}`, cookie: admin });
    const { answer, token } = await reset(t, email, false);
    expect(outcome(answer)).toBe('403 auth/signups-closed');
    // The refusal used nothing: the link still works once the rules let the address in.
    await invite(email);
    const used = await useResetLink(t, token, false);
    expect(used.json()).toEqual({ email, passkeysRemoved: 0 });
    expect((await userRow(t, email)).email_verified).toBe(1);
    expect(await usedAt(email)).toEqual(expect.any(String));
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('verifies an invited account that never opened its verification mail, spending the invitation', async () => {
    const email = 'invited.forgot@example.com';
    await invite(email);
    expect((await signUp(t, email)).statusCode).toBe(201);
    const verification = await t.mailTo(email, 1);
    const { answer } = await reset(t, email, true);
    expect(answer.json()).toEqual({ email, passkeysRemoved: 0 });
    expect((await userRow(t, email)).email_verified).toBe(1);
    expect(await usedAt(email)).toEqual(expect.any(String));
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(200);
    // Verified by the reset, the address's verification link is spent too.
    expect(outcome(await verifyEmail(t, verification.token, PASSWORD))).toBe('400 auth/invalid-action-code');
  });
});

describe('a reset of an account made while sign-ups were open, after the host changed the rules', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await startTestApp();
  });
  afterAll(async () => {
    await open.close();
  });

  /** The same database served again with other settings, as a host restarting the server after changing them. */
  async function restartedWith(env: Record<string, string>, test: (t: TestApp) => Promise<void>) {
    const t = await startTestApp(env, { sharing: open });
    try {
      await test(t);
    } finally {
      await t.close();
    }
  }

  it('is refused once sign-ups are closed, as its verification is', async () => {
    const email = 'before.closing@example.com';
    expect((await signUp(open, email)).statusCode).toBe(201);
    const verification = await open.mailTo(email);
    await restartedWith({ SIGNUPS_ALLOWED: 'false' }, async (closed) => {
      expect(outcome(await verifyEmail(closed, verification.token, PASSWORD))).toBe(
        '403 auth/signups-closed',
      );
      await expectResetsRefused(closed, email, '403 auth/signups-closed');
    });
  });

  it('is refused once sign-ups are kept to other domains, as its verification is', async () => {
    const email = 'before.rule@example.net';
    expect((await signUp(open, email)).statusCode).toBe(201);
    const verification = await open.mailTo(email);
    await restartedWith({ SIGNUPS_DOMAINS: 'example.org' }, async (kept) => {
      expect(outcome(await verifyEmail(kept, verification.token, PASSWORD))).toBe('403 auth/signup-domain');
      await expectResetsRefused(kept, email, '403 auth/signup-domain');
    });
  });

  it('still verifies an account the rules let in, as it always did', async () => {
    const email = 'never.opened@example.com';
    expect((await signUp(open, email)).statusCode).toBe(201);
    const verification = await open.mailTo(email);
    const { answer } = await reset(open, email, false);
    expect(answer.json()).toEqual({ email, passkeysRemoved: 0 });
    expect((await userRow(open, email)).email_verified).toBe(1);
    expect((await login(open, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(outcome(await verifyEmail(open, verification.token, PASSWORD))).toBe(
      '400 auth/invalid-action-code',
    );
  });
});
