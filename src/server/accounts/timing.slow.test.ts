// Account enumeration by timing: a failed login and a password-reset request take as long for an e-mail that
// has an account as for one that has not. 1,000 trials each, interleaved so the machine's drift hits both
// alike; the medians must differ by under 5 ms. The rate-limit windows are moved past between trials (the
// app's clock), so every trial does the full work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';

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
