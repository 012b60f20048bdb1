/** Milliseconds since the epoch; injected so tests can move time (link expiry, rate windows). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export function isoAt(clock: Clock, offsetMs = 0): string {
  return new Date(clock() + offsetMs).toISOString();
}
