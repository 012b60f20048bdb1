import { describe, expect, it } from 'vitest';
import { GATE_FIRST_WAIT_MS, GATE_FREE_TRIES, GATE_LOCK_AFTER, gateStatus } from './gate-attempts.js';

const at = 1_800_000_000_000;

describe('the detail gate’s attempts', () => {
  it('lets three wrong tries go by without a wait', () => {
    for (let failures = 0; failures < GATE_FREE_TRIES; failures++) {
      expect(gateStatus({ failures, lastFailureAt: at }, at)).toEqual({ state: 'open' });
    }
  });

  it('then waits 5 s, doubling with each wrong try, counted from the last one', () => {
    expect(GATE_FREE_TRIES).toBe(3);
    expect(gateStatus({ failures: 3, lastFailureAt: at }, at)).toEqual({ state: 'wait', ms: 5_000 });
    expect(gateStatus({ failures: 3, lastFailureAt: at }, at + 4_000)).toEqual({ state: 'wait', ms: 1_000 });
    expect(gateStatus({ failures: 3, lastFailureAt: at }, at + GATE_FIRST_WAIT_MS)).toEqual({
      state: 'open',
    });
    expect(gateStatus({ failures: 4, lastFailureAt: at }, at)).toEqual({ state: 'wait', ms: 10_000 });
    expect(gateStatus({ failures: 9, lastFailureAt: at }, at + 1_000)).toEqual({
      state: 'wait',
      ms: 319_000,
    });
  });

  it('locks after ten in a row, however long ago the last one was', () => {
    expect(GATE_LOCK_AFTER).toBe(10);
    expect(gateStatus({ failures: 10, lastFailureAt: at }, at + 365 * 86_400_000)).toEqual({
      state: 'locked',
    });
  });
});
