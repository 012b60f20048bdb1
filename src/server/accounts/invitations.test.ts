// Who may sign up (invitations.ts): the host's settings, ADMIN_EMAILS, and admins' invitations, through the API
// as a visitor, a member and an admin meet them, with the rows and mails they leave. Behind the door, a sign-up
// tells nobody who was invited or is an admin, and replaces nobody's pending account (issue 43, attack 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '../../shared/constants.js';
import type { Invitation } from '../../shared/schemas/auth.js';
import { mailText } from '../mail/text.js';
import { signedInMember, startTestApp, uniqueIp, verifyEmail, type TestApp } from '../test/harness.js';

const PASSWORD = 'invited password 1';
const ATTACKER = 'attacker password 1';

function signUp(t: TestApp, email: string, lang: 'ko' | 'en' = 'en', password = PASSWORD) {
  return t.request({
    method: 'POST',
    url: '/api/auth/signup',
    body: { email, password, lang },
    ip: uniqueIp(),
  });
}

function login(t: TestApp, email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, ip: uniqueIp() });
}

/** The subjects of the mails an address has received, oldest first, once the work after each answer is done. */
async function subjectsTo(t: TestApp, email: string): Promise<string[]> {
  await t.accounts.settle();
  return (await t.mails()).filter((mail) => mail.to === email).map((mail) => mail.subject);
}

/** The status and code of an answer, as a line a test can compare. */
function outcome(answer: { statusCode: number; json(): unknown }): string {
  const body = answer.json() as { error?: { code: string } };
  return `${answer.statusCode} ${body.error?.code ?? 'ok'}`;
}

function invite(t: TestApp, cookie: string, email: string, lang: 'ko' | 'en' = 'en') {
  return t.request({ method: 'POST', url: '/api/admin/invitations', body: { email, lang }, cookie });
}

async function invitations(t: TestApp, cookie: string): Promise<Invitation[]> {
  const answer = await t.request({ method: 'GET', url: '/api/admin/invitations', cookie });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ invitations: Invitation[] }>().invitations;
}

async function userRow(t: TestApp, email: string) {
  return t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

describe('sign-ups closed (SIGNUPS_ALLOWED=false)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ SIGNUPS_ALLOWED: 'false', ADMIN_EMAILS: 'boss@example.com' });
    // An address in ADMIN_EMAILS may always sign up: a new site gets its first admin that way.
    admin = await signedInMember(t, 'boss@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a stranger, an invited address and an admin’s own address alike, and mails only the invited one', async () => {
    expect((await invite(t, admin, 'asked@example.com')).statusCode).toBe(201);
    const bossMails = (await subjectsTo(t, 'boss@example.com')).length;
    const addresses = ['stranger@example.com', 'asked@example.com', 'boss@example.com'];
    const answers = [];
    for (const email of addresses) {
      const answer = await signUp(t, email);
      answers.push({ status: answer.statusCode, body: answer.json<unknown>() });
    }
    expect(answers).toEqual(addresses.map((email) => ({ status: 201, body: { email } })));

    expect(await subjectsTo(t, 'stranger@example.com')).toEqual([]);
    expect(await userRow(t, 'stranger@example.com')).toBeUndefined();
    expect(await subjectsTo(t, 'asked@example.com')).toEqual([
      mailText.en.invitation.subject,
      mailText.en.verify.subject,
    ]);
    expect((await userRow(t, 'asked@example.com'))?.email_verified).toBe(0);
    // The admin's verified account is left as it was, and nothing is mailed to it.
    expect(await subjectsTo(t, 'boss@example.com')).toHaveLength(bossMails);
    expect((await userRow(t, 'boss@example.com'))?.email_verified).toBe(1);

    // Whoever signed up learns nothing by then signing in, or asking for the mail again, with the password they chose:
    // an account made behind the door has no password until its address is verified.
    for (const email of ['stranger@example.com', 'asked@example.com']) {
      expect(outcome(await login(t, email, PASSWORD)), email).toBe('401 auth/invalid-login-credentials');
      const resend = await t.request({
        method: 'POST',
        url: '/api/auth/resend-verification',
        body: { email, password: PASSWORD },
        ip: uniqueIp(),
      });
      expect(outcome(resend), email).toBe('401 auth/invalid-login-credentials');
    }
    const policy = await t.request({ method: 'GET', url: '/api/auth/signup-policy' });
    expect(policy.json()).toEqual({ open: false, domains: [] });
  });

  it('answers alike past the mail limit too, where an invited address gets no more mail', async () => {
    expect((await invite(t, admin, 'eager@example.com')).statusCode).toBe(201);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      for (const email of ['eager@example.com', 'nosy@example.com'])
        answers.push(outcome(await signUp(t, email)));
    }
    expect(answers).toEqual(Array.from({ length: 8 }, () => '201 ok'));
    // The invitation and two verification mails: the address's three mails of the hour.
    expect(await subjectsTo(t, 'eager@example.com')).toEqual([
      mailText.en.invitation.subject,
      mailText.en.verify.subject,
      mailText.en.verify.subject,
    ]);
    expect(await subjectsTo(t, 'nosy@example.com')).toEqual([]);
  });

  it('gives each of two sign-ups at once for an invited address its own link and mail', async () => {
    expect((await invite(t, admin, 'twice@example.com')).statusCode).toBe(201);
    const answers = await Promise.all([
      signUp(t, 'twice@example.com', 'en', 'first password 1'),
      signUp(t, 'twice@example.com', 'en', 'second password 2'),
    ]);
    expect(answers.map(outcome)).toEqual(['201 ok', '201 ok']);
    // Both made the account at once (their work runs after the answers, side by side): neither link is lost.
    expect(await subjectsTo(t, 'twice@example.com')).toEqual([
      mailText.en.invitation.subject,
      mailText.en.verify.subject,
      mailText.en.verify.subject,
    ]);
  });

  it('never replaces the invited person’s pending account: another sign-up adds a link only its own password opens', async () => {
    const email = 'invitee@example.com';
    expect((await invite(t, admin, email)).statusCode).toBe(201);
    expect((await signUp(t, email)).statusCode).toBe(201);
    const own = await t.mailTo(email, 1);
    const account = await userRow(t, email);

    // Someone else signs the address up with a password of their own: the same answer, and the account stays.
    expect(outcome(await signUp(t, email, 'en', ATTACKER))).toBe('201 ok');
    const theirs = await t.mailTo(email, 2);
    expect(await userRow(t, email)).toEqual(account);
    // Their link, in the invitee's mailbox, does not take the invitee's password: nothing is adopted by mistake.
    expect(outcome(await verifyEmail(t, theirs.token, PASSWORD))).toBe('403 auth/wrong-password');

    // The invitee's own link still verifies the address with their own password.
    expect((await verifyEmail(t, own.token, PASSWORD)).statusCode).toBe(200);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
    expect(outcome(await login(t, email, ATTACKER))).toBe('401 auth/invalid-login-credentials');
    // The other link died with the verification: it cannot change the password now.
    expect(outcome(await verifyEmail(t, theirs.token, ATTACKER))).toBe('400 auth/invalid-action-code');
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets the invited person verify with their own sign-up when someone signed the address up before them', async () => {
    const email = 'squatted@example.com';
    expect((await invite(t, admin, email)).statusCode).toBe(201);
    expect((await signUp(t, email, 'en', ATTACKER)).statusCode).toBe(201);
    const theirs = await t.mailTo(email, 1);
    expect((await signUp(t, email)).statusCode).toBe(201);
    const own = await t.mailTo(email, 2);
    expect(outcome(await verifyEmail(t, own.token, ATTACKER))).toBe('403 auth/wrong-password');
    expect((await verifyEmail(t, own.token, PASSWORD)).statusCode).toBe(200);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
    expect(outcome(await login(t, email, ATTACKER))).toBe('401 auth/invalid-login-credentials');
    expect(outcome(await verifyEmail(t, theirs.token, ATTACKER))).toBe('400 auth/invalid-action-code');
  });

  it('lets an invited address sign up, spending the invitation when the address is verified', async () => {
    const made = await invite(t, admin, 'guest@example.com', 'ko');
    expect(made.statusCode).toBe(201);
    expect(made.json<{ invitation: Invitation }>().invitation).toMatchObject({
      email: 'guest@example.com',
      lang: 'ko',
      invitedBy: 'boss@example.com',
      usedAt: null,
    });
    const mail = await t.mailTo('guest@example.com');
    expect(mail.subject).toBe('[MyGenie] 가입 초대가 도착했습니다');
    expect(mail.text).toContain('boss@example.com');
    expect(mail.text).toContain('http://mygenie.test/?auth=register&email=guest%40example.com&lang=ko');
    // The mail made no account: only signing up does.
    expect(await userRow(t, 'guest@example.com')).toBeUndefined();

    expect((await signUp(t, 'guest@example.com')).statusCode).toBe(201);
    expect(
      (await invitations(t, admin)).find((item) => item.email === 'guest@example.com')?.usedAt,
    ).toBeNull();
    const verification = await t.mailTo('guest@example.com', 1);
    expect((await verifyEmail(t, verification.token, PASSWORD)).statusCode).toBe(200);
    expect((await userRow(t, 'guest@example.com'))?.email_verified).toBe(1);
    const spent = (await invitations(t, admin)).find((item) => item.email === 'guest@example.com');
    expect(spent?.usedAt).toEqual(expect.any(String));
  });

  it('refuses at verification an account whose invitation was withdrawn after it signed up', async () => {
    const made = (await invite(t, admin, 'late@example.com')).json<{ invitation: Invitation }>().invitation;
    expect((await signUp(t, 'late@example.com')).statusCode).toBe(201);
    const withdrawn = await t.request({
      method: 'DELETE',
      url: `/api/admin/invitations/${made.id}`,
      cookie: admin,
    });
    expect(withdrawn.statusCode).toBe(204);
    const verification = await t.mailTo('late@example.com', 1);
    const answer = await verifyEmail(t, verification.token, PASSWORD);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ error: { code: 'auth/signups-closed' } });
    expect((await userRow(t, 'late@example.com'))?.email_verified).toBe(0);
    // Its link is not spent: were the address invited again, the same link would do.
    expect((await invite(t, admin, 'late@example.com')).statusCode).toBe(201);
    expect((await verifyEmail(t, verification.token, PASSWORD)).statusCode).toBe(200);
  });

  it('withdraws an invitation once: a second time is not found, and the address is refused', async () => {
    const made = (await invite(t, admin, 'maybe@example.com')).json<{ invitation: Invitation }>().invitation;
    const url = `/api/admin/invitations/${made.id}`;
    expect((await t.request({ method: 'DELETE', url, cookie: admin })).statusCode).toBe(204);
    const again = await t.request({ method: 'DELETE', url, cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'invitation/not-found' } });
    expect((await signUp(t, 'maybe@example.com')).statusCode).toBe(201);
    await t.accounts.settle();
    expect(await userRow(t, 'maybe@example.com')).toBeUndefined();
  });

  it('lets an invitation lapse after 14 days, and renews it when the address is invited again', async () => {
    expect((await invite(t, admin, 'slow@example.com')).statusCode).toBe(201);
    t.advance(INVITATION_TTL_MS + 1000);
    expect((await signUp(t, 'slow@example.com')).statusCode).toBe(201);
    await t.accounts.settle();
    expect(await userRow(t, 'slow@example.com')).toBeUndefined();
    const renewed = await invite(t, admin, 'slow@example.com');
    expect(renewed.statusCode).toBe(201);
    await t.mailTo('slow@example.com', 1);
    const rows = await t.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', 'slow@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expires_at > new Date(t.now()).toISOString()).toBe(true);
    expect((await signUp(t, 'slow@example.com')).statusCode).toBe(201);
    await t.accounts.settle();
    expect((await userRow(t, 'slow@example.com'))?.email_verified).toBe(0);
  });

  it('does not invite an address that already has an account, nor bad input', async () => {
    const taken = await invite(t, admin, 'boss@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'auth/email-already-in-use' } });
    const bad = await invite(t, admin, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'auth/invalid-email' } });
    const notId = await t.request({ method: 'DELETE', url: '/api/admin/invitations/x', cookie: admin });
    expect(notId.statusCode).toBe(404);
  });

  it('keeps invitations to admins: a member and a visitor are refused before their body is read', async () => {
    expect((await invite(t, admin, 'member@example.com')).statusCode).toBe(201);
    const member = await signedInMember(t, 'member@example.com');
    const asMember = await invite(t, member, 'friend@example.com');
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ error: { code: 'auth/forbidden' } });
    const list = await t.request({ method: 'GET', url: '/api/admin/invitations', cookie: member });
    expect(list.statusCode).toBe(403);
    const visitor = await t.request({ method: 'POST', url: '/api/admin/invitations', body: '{"email":' });
    expect(visitor.statusCode).toBe(401);
    expect(
      await t.database.db
        .selectFrom('invitations')
        .selectAll()
        .where('email', '=', 'friend@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('lists the invitations newest first with who invited, and the settings', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/admin/invitations', cookie: admin });
    const body = answer.json<{ invitations: Invitation[]; policy: unknown }>();
    expect(body.policy).toEqual({ open: false, domains: [] });
    const times = body.invitations.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.invitations.every((item) => item.invitedBy === 'boss@example.com')).toBe(true);
  });
});

describe('sign-ups kept to domains (SIGNUPS_DOMAINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SIGNUPS_DOMAINS: 'Example.org, @corp.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets in addresses at the listed domains only, and tells the register form which', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/signup-policy' })).json()).toEqual({
      open: false,
      domains: ['example.org', 'corp.example'],
    });
    expect((await signUp(t, 'ann@example.org')).statusCode).toBe(201);
    expect((await signUp(t, 'bob@corp.example')).statusCode).toBe(201);
    // Another address is answered as an invited one would be (whether it was is not told), and nothing is made.
    for (const outside of ['eve@example.com', 'eve@sub.example.org', 'eve@example.org.evil.test']) {
      const answer = await signUp(t, outside);
      expect(answer.statusCode, outside).toBe(201);
      expect(answer.json()).toEqual({ email: outside });
    }
    await t.accounts.settle();
    for (const email of ['ann@example.org', 'bob@corp.example']) {
      expect((await userRow(t, email))?.email_verified, email).toBe(0);
    }
    for (const outside of ['eve@example.com', 'eve@sub.example.org', 'eve@example.org.evil.test']) {
      expect(await userRow(t, outside), outside).toBeUndefined();
      expect(await subjectsTo(t, outside)).toEqual([]);
    }
  });
});

describe('sign-ups open (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the register form anyone may sign up, and an admin made in the database is an admin', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/signup-policy' })).json()).toEqual({
      open: true,
      domains: [],
    });
    const cookie = await signedInMember(t, 'made@example.com');
    const before = await t.request({ method: 'GET', url: '/api/admin/invitations', cookie });
    expect(before.statusCode).toBe(403);
    await t.database.db
      .updateTable('users')
      .set({ is_admin: 1 })
      .where('email', '=', 'made@example.com')
      .execute();
    // The session the server remembers is read again within seconds.
    t.advance(6_000);
    const session = await t.request({ method: 'GET', url: '/api/session', cookie });
    expect(session.json()).toMatchObject({ user: { email: 'made@example.com', isAdmin: true } });
    expect((await t.request({ method: 'GET', url: '/api/admin/invitations', cookie })).statusCode).toBe(200);
  });
});
