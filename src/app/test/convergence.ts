// The convergence property as a test of its own, run at a small count by `npm test` (convergence.test.ts) and at
// its full count by the slow tier in two halves side by side (convergence-*.slow.test.ts): whatever three devices
// of one member do, once they are back online they hold the same vault and no value saved is lost
// (src/app/test/schedules.ts).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VaultHeader } from '../vault/crypto.js';
import { newHeader, PASSWORD } from './devices.js';
import { converged, runSchedule, scheduleArbitrary, type Step } from './schedules.js';

/** Schedules of a full run (CI runs it once, in the slow tier); SYNC_SCHEDULES sets another count. */
export const FULL_RUN = Number(process.env.SYNC_SCHEDULES ?? 3000);

let header: VaultHeader | undefined;

/** Runs one schedule and checks its outcome. */
export async function checkSchedule(steps: Step[], seed: number): Promise<void> {
  header ??= await newHeader();
  const outcome = await runSchedule(header, steps, PASSWORD, seed);
  expect(outcome.unsettled).toEqual([]);
  expect(converged(outcome.vaults)).toBe(true);
  expect(outcome.lost).toEqual([]);
}

/**
 * The property over `runs` random schedules. fast-check picks a seed of its own for each run and prints it with a
 * failing schedule, so a failure found once replays.
 */
export function describeConvergence(runs: number): void {
  beforeAll(async () => {
    header ??= await newHeader();
  });
  describe('three devices with two tabs each, any schedule', () => {
    it(`converge and keep every value saved (${runs} schedules)`, async () => {
      await fc.assert(fc.asyncProperty(scheduleArbitrary, fc.integer(), checkSchedule), { numRuns: runs });
    }, 1_800_000);
  });
}
