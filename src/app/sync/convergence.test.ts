// Property: whatever three devices of one member do, in any order — edits, deletions, forms left open, offline
// periods, restarts, lost answers, the server down — once they are back online they hold the same vault, and no value
// any of them saved is gone unless an edit of that field, made from a copy showing it, replaced it
// (src/app/test/schedules.ts). Runs the app's real vault and engine on simulated devices against the in-memory server.
import { describe, it } from 'vitest';
import { checkSchedule, describeConvergence } from '../test/convergence.js';
import type { Step } from '../test/schedules.js';

// A small count here; the slow tier runs the full count (convergence-*.slow.test.ts).
describeConvergence(Number(process.env.SYNC_SCHEDULES ?? 100));

/**
 * Schedules the property found failing, kept as tests: each was a bug, fixed in the commit that added it.
 */
const FOUND: Array<{ name: string; steps: Step[]; seed: number }> = [
  {
    name: 'a device that takes a snapshot made before its own newest change keeps that change',
    seed: 1,
    steps: [
      { t: 'edit', d: 1, tab: 0, r: 0, f: 'a' },
      { t: 'create', d: 0, tab: 0 },
      { t: 'start', d: 0, tab: 0 },
      { t: 'sync', d: 0, tab: 0 },
      { t: 'create', d: 0, tab: 0 },
      { t: 'edit', d: 0, tab: 0, r: 6, f: 'a' },
      { t: 'offline', d: 0 },
    ] as Step[],
  },
  {
    name: 'two tabs on each device, offline periods and a form left open: every tab ends with the same records',
    seed: -1284323658,
    steps: [
      { t: 'offline', d: 0 },
      { t: 'start', d: 1, tab: 0 },
      { t: 'edit', d: 1, tab: 0, r: 5, f: 'c' },
      { t: 'offline', d: 0 },
      { t: 'sync', d: 0, tab: 1 },
      { t: 'edit', d: 2, tab: 0, r: 0, f: 'a' },
      { t: 'edit', d: 1, tab: 0, r: 5, f: 'c' },
      { t: 'open', d: 2, tab: 1, r: 1, slot: 0 },
      { t: 'sync', d: 1, tab: 0 },
      { t: 'sync', d: 2, tab: 0 },
      { t: 'sync', d: 1, tab: 1 },
      { t: 'sync', d: 1, tab: 1 },
      { t: 'up' },
      { t: 'edit', d: 1, tab: 0, r: 5, f: 'c' },
      { t: 'submit', d: 2, tab: 1, slot: 0, f: 'c' },
      { t: 'down' },
      { t: 'edit', d: 0, tab: 1, r: 3, f: 'c' },
      { t: 'up' },
    ] as Step[],
  },
  {
    name: 'a device removed and turned on again, a conflict resolved while the server is down: nothing is lost',
    seed: -28,
    steps: [
      { t: 'edit', d: 2, tab: 0, r: 9, f: 'b' },
      { t: 'edit', d: 1, tab: 0, r: 3, f: 'b' },
      { t: 'sync', d: 2, tab: 0 },
      { t: 'sync', d: 1, tab: 0 },
      { t: 'submit', d: 0, tab: 1, slot: 1, f: 'c' },
      { t: 'sync', d: 2, tab: 1 },
      { t: 'sync', d: 2, tab: 1 },
      { t: 'remove', d: 2 },
      { t: 'down' },
      { t: 'resolve', d: 2, tab: 1, keep: 'copy' },
      { t: 'edit', d: 1, tab: 1, r: 7, f: 'c' },
      { t: 'sync', d: 0, tab: 0 },
      { t: 'restart', d: 0 },
      { t: 'edit', d: 1, tab: 0, r: 6, f: 'b' },
      { t: 'edit', d: 0, tab: 1, r: 3, f: 'c' },
      { t: 'submit', d: 0, tab: 0, slot: 0, f: 'c' },
      { t: 'restart', d: 1 },
      { t: 'resolve', d: 1, tab: 1, keep: 'other' },
      { t: 'edit', d: 1, tab: 1, r: 5, f: 'a' },
    ] as Step[],
  },
  {
    name: 'a conflict copy made while the app closes is kept and sent (written with the change that made it)',
    seed: -449698881,
    steps: [
      { t: 'edit', d: 0, tab: 0, r: 1, f: 'b' },
      { t: 'submit', d: 1, tab: 1, slot: 0, f: 'b' },
      { t: 'edit', d: 2, tab: 1, r: 1, f: 'c' },
      { t: 'sync', d: 1, tab: 0 },
      { t: 'resolve', d: 1, tab: 0, keep: 'other' },
      { t: 'edit', d: 1, tab: 1, r: 7, f: 'c' },
      { t: 'resolve', d: 2, tab: 0, keep: 'copy' },
      { t: 'open', d: 1, tab: 1, r: 8, slot: 0 },
      { t: 'wait', ms: 200 },
      { t: 'open', d: 1, tab: 1, r: 8, slot: 1 },
      { t: 'sync', d: 1, tab: 1 },
      { t: 'sync', d: 1, tab: 1 },
      { t: 'open', d: 1, tab: 0, r: 9, slot: 1 },
      { t: 'restart', d: 2 },
      { t: 'create', d: 2, tab: 1 },
      { t: 'edit', d: 1, tab: 0, r: 3, f: 'c' },
    ] as Step[],
  },
  {
    name: 'a removed device restarted while the server is down keeps the edit made before it could register again',
    seed: 0,
    steps: [
      { t: 'remove', d: 0 },
      { t: 'lose', d: 0 },
      { t: 'sync', d: 1, tab: 0 },
      { t: 'open', d: 0, tab: 0, r: 0, slot: 0 },
      { t: 'restart', d: 0 },
      { t: 'down' },
      { t: 'edit', d: 0, tab: 1, r: 0, f: 'a' },
    ],
  },
];

describe('schedules found failing once', () => {
  for (const { name, steps, seed } of FOUND) it(name, () => checkSchedule(steps, seed));
});
