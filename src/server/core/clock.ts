/** Milliseconds since the epoch; injected so tests can move time (link expiry, rate windows). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export function isoAt(clock: Clock, offsetMs = 0): string {
  return new Date(clock() + offsetMs).toISOString();
}

/** Runs `run` once `ms` have passed on the clock; the answer cancels it. Injected beside the clock. */
export type Timer = (ms: number, run: () => void) => () => void;

export const systemTimer: Timer = (ms, run) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** A clock a test moves by hand, with the timers set on it: moving it runs those that fall due, in order. */
export function manualClock(start: number): { clock: Clock; timer: Timer; advance(ms: number): void } {
  let now = start;
  let order = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    clock: () => now,
    timer(ms, run) {
      const id = order++;
      pending.set(id, { at: now + ms, run });
      return () => pending.delete(id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, task]) => task.at <= until)
          .sort(([a, first], [b, second]) => first.at - second.at || a - b)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
      }
      now = until;
    },
  };
}
