// Who may sign up, as the account service decides it (invitations.ts): every kind of address under each of the
// host's settings, called as the routes call the service, on a real database, in milliseconds. The routes'
// answers for the same rules (status, codes, the admin's screens) are invitations.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '../../shared/constants.js';
import { ApiError } from '../http/errors.js';
import { startServices, type TestServices } from '../test/services.js';
import type { SignedIn } from './service.js';

const PASSWORD = 'a password of a guest';

/** What signing up answers: 'ok', or the code it refuses with. */
async function signUp(services: TestServices, email: string): Promise<string> {
  try {
    await services.accounts.signup({ email, password: PASSWORD, lang: 'en' }, services.caller());
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/** An admin of the site, signed in (ADMIN_EMAILS names admin@example.com in every case below). */
async function signedInAdmin(services: TestServices): Promise<SignedIn> {
  expect(await signUp(services, 'admin@example.com')).toBe('ok');
  const mail = await services.mailTo('admin@example.com');
  await services.accounts.verifyEmail(mail.token, PASSWORD, services.caller());
  const login = await services.accounts.login(
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
      'a stranger': 'ok',
      'an address at a domain': 'ok',
      'a look-alike of that domain': 'ok',
      'a subdomain of it': 'ok',
      'an address in ADMIN_EMAILS': 'ok',
      'an invited stranger': 'ok',
      'a stranger whose invitation was withdrawn': 'ok',
      'a stranger whose invitation lapsed': 'ok',
    },
  },
  {
    settings: 'closed (SIGNUPS_ALLOWED=false)',
    env: { SIGNUPS_ALLOWED: 'false' },
    answers: {
      'a stranger': 'auth/signups-closed',
      'an address at a domain': 'auth/signups-closed',
      'a look-alike of that domain': 'auth/signups-closed',
      'a subdomain of it': 'auth/signups-closed',
      'an address in ADMIN_EMAILS': 'ok',
      'an invited stranger': 'ok',
      'a stranger whose invitation was withdrawn': 'auth/signups-closed',
      'a stranger whose invitation lapsed': 'auth/signups-closed',
    },
  },
  {
    settings: 'kept to a domain (SIGNUPS_DOMAINS=example.org), even with SIGNUPS_ALLOWED=true',
    env: { SIGNUPS_ALLOWED: 'true', SIGNUPS_DOMAINS: 'example.org' },
    answers: {
      'a stranger': 'auth/signup-domain',
      'an address at a domain': 'ok',
      'a look-alike of that domain': 'auth/signup-domain',
      'a subdomain of it': 'auth/signup-domain',
      'an address in ADMIN_EMAILS': 'ok',
      'an invited stranger': 'ok',
      'a stranger whose invitation was withdrawn': 'auth/signup-domain',
      'a stranger whose invitation lapsed': 'auth/signup-domain',
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

  it('let in exactly the addresses they should, and refuse the others with the reason', async () => {
    const invited = async (email: string) => services.accounts.invite(admin, email, 'en');
    const withdrawn = await invited('withdrawn@example.net');
    await services.accounts.withdrawInvitation(withdrawn.id);
    await invited('lapsed@example.net');
    services.advance(INVITATION_TTL_MS + 1000);
    await invited('guest@example.net');
    const addresses: Record<string, string> = {
      'a stranger': 'stranger@example.net',
      'an address at a domain': 'member@example.org',
      'a look-alike of that domain': 'member@example.org.evil.test',
      'a subdomain of it': 'member@mail.example.org',
      'an address in ADMIN_EMAILS': 'admin@example.com',
      'an invited stranger': 'guest@example.net',
      'a stranger whose invitation was withdrawn': 'withdrawn@example.net',
      'a stranger whose invitation lapsed': 'lapsed@example.net',
    };
    const seen: Record<string, string> = {};
    for (const [who, email] of Object.entries(addresses)) {
      // The admin's own address has its account already: a second sign-up of it says so.
      seen[who] = who === 'an address in ADMIN_EMAILS' ? await adminAgain() : await signUp(services, email);
    }
    expect(seen).toEqual(answers);
  });

  /** ADMIN_EMAILS always may sign up: its verified account answers "in use", never a refusal of the rules. */
  async function adminAgain(): Promise<string> {
    const answer = await signUp(services, 'admin@example.com');
    return answer === 'auth/email-already-in-use' ? 'ok' : answer;
  }
});
