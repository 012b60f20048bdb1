// Who may sign up, as the account service decides it (invitations.ts): every kind of address under each of the
// host's settings, called as the routes call the service, on a real database, in milliseconds: what the sign-up
// answers, and whether it made a verification link. Behind the door (an address the settings alone do not let in)
// every address is answered alike, and only an invited or an admin's address gets a link. The routes' answers
// for the same rules (status, codes, the admin's screens) are invitations.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '../../shared/constants.js';
import { ApiError } from '../http/errors.js';
import { startServices, type TestServices } from '../test/services.js';
import type { SignedIn } from './service.js';

const PASSWORD = 'a password of a guest';

/** The verification links ever made for an address. */
async function verifyLinks(services: TestServices, email: string): Promise<number> {
  const rows = await services.database.db
    .selectFrom('email_tokens')
    .innerJoin('users', 'users.id', 'email_tokens.user_id')
    .select('email_tokens.id')
    .where('users.email', '=', email)
    .where('email_tokens.kind', '=', 'verify')
    .execute();
  return rows.length;
}

/**
 * What signing up answers — 'mailed' (it made a verification link, once the work after the answer is done),
 * 'nothing' (answered the same, and nothing made) — or the code it refuses with.
 */
async function signUp(services: TestServices, email: string): Promise<string> {
  const before = await verifyLinks(services, email);
  try {
    await services.accounts.links.signup({ email, password: PASSWORD, lang: 'en' }, services.caller());
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  await services.accounts.settle();
  return (await verifyLinks(services, email)) > before ? 'mailed' : 'nothing';
}

/** An admin of the site, signed in (ADMIN_EMAILS names admin@example.com in every case below). */
async function signedInAdmin(services: TestServices): Promise<SignedIn> {
  expect(await signUp(services, 'admin@example.com')).toBe('mailed');
  const mail = await services.mailTo('admin@example.com');
  await services.accounts.links.verifyEmail(mail.token, PASSWORD, services.caller());
  const login = await services.accounts.signIn.login(
    { email: 'admin@example.com', password: PASSWORD },
    services.caller(),
  );
  expect(login.signedIn.user.isAdmin).toBe(true);
  return login.signedIn;
}

describe.each<{ settings: string; env: Record<string, string>; answers: Record<string, string> }>([
  {
    settings: 'open to anyone (the default)',
    env: {},
    answers: {
      'a stranger': 'mailed',
      'an address at a domain': 'mailed',
      'a look-alike of that domain': 'mailed',
      'a subdomain of it': 'mailed',
      // Its account is verified: a second sign-up says so, where the door is open to every address.
      'an address in ADMIN_EMAILS, verified': 'auth/email-already-in-use',
      'an invited stranger': 'mailed',
      'a stranger whose invitation was withdrawn': 'mailed',
      'a stranger whose invitation lapsed': 'mailed',
    },
  },
  {
    settings: 'closed (SIGNUPS_ALLOWED=false)',
    env: { SIGNUPS_ALLOWED: 'false' },
    answers: {
      'a stranger': 'nothing',
      'an address at a domain': 'nothing',
      'a look-alike of that domain': 'nothing',
      'a subdomain of it': 'nothing',
      'an address in ADMIN_EMAILS, verified': 'nothing',
      'an invited stranger': 'mailed',
      'a stranger whose invitation was withdrawn': 'nothing',
      'a stranger whose invitation lapsed': 'nothing',
    },
  },
  {
    settings: 'kept to a domain (SIGNUPS_DOMAINS=example.org), even with SIGNUPS_ALLOWED=true',
    env: { SIGNUPS_ALLOWED: 'true', SIGNUPS_DOMAINS: 'example.org' },
    answers: {
      'a stranger': 'nothing',
      'an address at a domain': 'mailed',
      'a look-alike of that domain': 'nothing',
      'a subdomain of it': 'nothing',
      'an address in ADMIN_EMAILS, verified': 'nothing',
      'an invited stranger': 'mailed',
      'a stranger whose invitation was withdrawn': 'nothing',
      'a stranger whose invitation lapsed': 'nothing',
    },
  },
])('sign-ups $settings', ({ env, answers }) => {
  let services: TestServices;
  let admin: SignedIn;
  beforeAll(async () => {
    services = await startServices({ ADMIN_EMAILS: 'admin@example.com', ...env });
    admin = await signedInAdmin(services);
  });
  afterAll(async () => {
    await services.close();
  });

  it('answer every address behind the door alike, and make a link for exactly the addresses they should', async () => {
    const invited = async (email: string) => services.accounts.invitations.invite(admin, email, 'en');
    const withdrawn = await invited('withdrawn@example.net');
    await services.accounts.invitations.withdrawInvitation(admin, withdrawn.id);
    await invited('lapsed@example.net');
    services.advance(INVITATION_TTL_MS + 1000);
    await invited('guest@example.net');
    const addresses: Record<string, string> = {
      'a stranger': 'stranger@example.net',
      'an address at a domain': 'member@example.org',
      'a look-alike of that domain': 'member@example.org.evil.test',
      'a subdomain of it': 'member@mail.example.org',
      'an address in ADMIN_EMAILS, verified': 'admin@example.com',
      'an invited stranger': 'guest@example.net',
      'a stranger whose invitation was withdrawn': 'withdrawn@example.net',
      'a stranger whose invitation lapsed': 'lapsed@example.net',
    };
    const seen: Record<string, string> = {};
    for (const [who, email] of Object.entries(addresses)) seen[who] = await signUp(services, email);
    expect(seen).toEqual(answers);
  });
});
