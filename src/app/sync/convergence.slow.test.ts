// The convergence property (convergence.test.ts) over many more schedules, for the slow tier and CI.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VaultHeader } from '../vault/crypto.js';
import { newHeader, PASSWORD } from '../test/devices.js';
import { converged, runSchedule, scheduleArbitrary } from '../test/schedules.js';

const RUNS = Number(process.env.SYNC_SCHEDULES ?? 3000);

let header: VaultHeader;
beforeAll(async () => {
  header = await newHeader();
});

describe('three devices with two tabs each, many schedules', () => {
  it('converge and keep every value saved', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArbitrary, fc.integer(), async (steps, seed) => {
        const outcome = await runSchedule(header, steps, PASSWORD, seed);
        expect(outcome.unsettled).toEqual([]);
        expect(converged(outcome.vaults)).toBe(true);
        expect(outcome.lost).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  }, 1_800_000);
});
