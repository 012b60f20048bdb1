// Who may sign up (invitations.ts): the host's settings, ADMIN_EMAILS, and admins' invitations, through the API
// as a visitor, a member and an admin meet them, with the rows and mails they leave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '../../shared/constants.js';
import type { Invitation } from '../../shared/schemas/auth.js';
import { signedInMember, startTestApp, uniqueIp, verifyEmail, type TestApp } from '../test/harness.js';

const PASSWORD = 'invited password 1';

function signUp(t: TestApp, email: string, lang: 'ko' | 'en' = 'en') {
  return t.request({
    method: 'POST',
    url: '/api/auth/signup',
    body: { email, password: PASSWORD, lang },
    ip: uniqueIp(),
  });
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

  it('refuses a stranger, says why in both languages, and leaves no account and no mail', async () => {
    const answer = await signUp(t, 'stranger@example.com');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ error: { code: 'auth/signups-closed' } });
    expect(await userRow(t, 'stranger@example.com')).toBeUndefined();
    await t.accounts.settle();
    expect((await t.mails()).filter((mail) => mail.to === 'stranger@example.com')).toEqual([]);
    const policy = await t.request({ method: 'GET', url: '/api/auth/signup-policy' });
    expect(policy.json()).toEqual({ open: false, domains: [] });
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
    expect((await signUp(t, 'maybe@example.com')).statusCode).toBe(403);
  });

  it('lets an invitation lapse after 14 days, and renews it when the address is invited again', async () => {
    expect((await invite(t, admin, 'slow@example.com')).statusCode).toBe(201);
    t.advance(INVITATION_TTL_MS + 1000);
    expect((await signUp(t, 'slow@example.com')).json()).toMatchObject({
      error: { code: 'auth/signups-closed' },
    });
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
    for (const outside of ['eve@example.com', 'eve@sub.example.org', 'eve@example.org.evil.test']) {
      const answer = await signUp(t, outside);
      expect(answer.statusCode, outside).toBe(403);
      expect(answer.json()).toMatchObject({ error: { code: 'auth/signup-domain' } });
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
