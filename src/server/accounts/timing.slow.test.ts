// Account enumeration by timing: a failed login and a password-reset request take as long for an e-mail that
// has an account as for one that has not, and with sign-ups closed a sign-up takes as long for an invited address
// or an admin's as for anyone's. 1,000 trials each, interleaved so the machine's drift hits them alike; the medians
// must differ by under 5 ms. The rate-limit windows are moved past between trials (the app's clock), or each trial
// has addresses of its own, so every trial does the full work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { INVITATION_TTL_MS } from '../../shared/constants.js';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { accountStore } from './store.js';

const TRIALS = Number(process.env.TIMING_TRIALS ?? 1000);
const HOUR = 60 * 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe('timing does not tell whether an e-mail has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The server's own cost: what an attacker times.
    t = await startTestApp({}, { passwords: 'full cost' });
    await signedInMember(t, 'known@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  async function compare(route: string, body: (email: string) => Record<string, string>, expected: number) {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      for (const [email, times] of [
        ['known@example.com', known],
        [`nobody-${trial}@example.com`, unknown],
      ] as const) {
        const started = performance.now();
        const response = await t.request({
          method: 'POST',
          url: route,
          body: body(email),
          ip: `203.0.113.${(trial % 200) + 1}`,
        });
        times.push(performance.now() - started);
        expect(response.statusCode, `${route} ${email}: ${response.body}`).toBe(expected);
      }
      t.advance(2 * HOUR);
    }
    const result = { known: median(known), unknown: median(unknown) };
    console.info(
      `${route}: median ${result.known.toFixed(2)} ms (account) vs ${result.unknown.toFixed(2)} ms (none)`,
    );
    return result;
  }

  it(`for a failed login, over ${TRIALS} trials`, async () => {
    const { known, unknown } = await compare(
      '/api/auth/login',
      (email) => ({ email, password: 'not the password 1' }),
      401,
    );
    expect(Math.abs(known - unknown)).toBeLessThan(5);
  }, 600_000);

  it(`for a password-reset request, over ${TRIALS} trials`, async () => {
    const { known, unknown } = await compare(
      '/api/auth/password-reset',
      (email) => ({ email, newPassword: 'a new password 1', lang: 'en' }),
      202,
    );
    expect(Math.abs(known - unknown)).toBeLessThan(5);
  }, 600_000);
});

describe('timing does not tell, with sign-ups closed, whether an address was invited or is an admin’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { SIGNUPS_ALLOWED: 'false', ADMIN_EMAILS: 'boss@example.com' },
      { passwords: 'full cost' },
    );
    await signedInMember(t, 'boss@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it(`for a sign-up, over ${TRIALS} trials`, async () => {
    const times = { invited: [] as number[], admin: [] as number[], stranger: [] as number[] };
    for (let trial = 0; trial < TRIALS; trial++) {
      // Invited just now, as an admin's invitation does (without its mail, which would be sent during the trial).
      const invited = `invited-${trial}@example.com`;
      await accountStore(t.database.db).upsertInvitation({
        id: randomUUID(),
        email: invited,
        lang: 'en',
        invited_by: null,
        created_at: new Date(t.now()).toISOString(),
        expires_at: new Date(t.now() + INVITATION_TTL_MS).toISOString(),
        used_at: null,
      });
      const addresses = [
        ['invited', invited],
        ['admin', 'boss@example.com'],
        ['stranger', `stranger-${trial}@example.com`],
      ] as const;
      // Each in turn first, so that what one trial leaves behind weighs on each alike.
      const turn = trial % addresses.length;
      for (const [who, email] of [...addresses.slice(turn), ...addresses.slice(0, turn)]) {
        const started = performance.now();
        const response = await t.request({
          method: 'POST',
          url: '/api/auth/signup',
          body: { email, password: 'a sign-up password', lang: 'en' },
          ip: `203.0.113.${(trial % 200) + 1}`,
        });
        times[who].push(performance.now() - started);
        expect(response.statusCode, `${who}: ${response.body}`).toBe(201);
        // What follows an invited address's answer (its account, its mail) does not slow the next trial's.
        await t.accounts.settle();
      }
      // Every address's mails of the hour, and every caller's sign-ups, counted afresh.
      t.advance(2 * HOUR);
    }
    const result = {
      invited: median(times.invited),
      admin: median(times.admin),
      stranger: median(times.stranger),
    };
    console.info(
      `/api/auth/signup, sign-ups closed: median ${result.invited.toFixed(2)} ms (invited), ` +
        `${result.admin.toFixed(2)} ms (admin's), ${result.stranger.toFixed(2)} ms (anyone's)`,
    );
    expect(Math.abs(result.invited - result.stranger)).toBeLessThan(5);
    expect(Math.abs(result.admin - result.stranger)).toBeLessThan(5);
  }, 600_000);
});
