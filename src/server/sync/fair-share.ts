// Each member's fair share of a server process (docs/security.md, "Sync"; issue 43): what one member's pushes may
// make it do before the costly part — reading and checking megabytes of changes — starts. Checked as the request
// arrives (after its session, before its body is read), from its declared length:
//   - at most 2 of a member's pushes at once;
//   - a budget of 4 MiB per member that refills at 512 KiB a second: a member's devices sending ordinary batches
//     never meet it, one sending megabytes over and over gets its share (SERVER_FAIR_SHARE).
// Past either, `429 sync/busy` with Retry-After: the device waits that long and sends again; nothing was read. A
// refusal is answered after a pause (a second at most, the body left unread, so it costs a socket and no
// work): a member who ignores the wait and sends again at once cannot keep the server answering refusals either.
import { SYNC_PUSH_BODY_LIMIT_BYTES } from '../../shared/constants.js';
import type { Clock } from '../core/clock.js';
import { ApiError } from '../http/errors.js';

/** How much of a server process each member's pushes may take (SERVER_FAIR_SHARE: the server's own). */
export interface FairShareLimits {
  /** A member's pushes at once. */
  pushesInFlight: number;
  /** The bytes a member may send at once, and so the most its budget holds. */
  burstBytes: number;
  /** How fast the budget refills. */
  refillBytesPerSecond: number;
  /** How long a refusal waits before it is answered (at most; never longer than the wait it names). */
  holdMs: number;
}

export const SERVER_FAIR_SHARE: FairShareLimits = {
  pushesInFlight: 2,
  burstBytes: 4 * 1024 * 1024,
  refillBytesPerSecond: 512 * 1024,
  holdMs: 1000,
};

interface Share {
  inFlight: number;
  /** Bytes the member may send now, as of `at`. */
  bytes: number;
  at: number;
}

export type FairShare = ReturnType<typeof fairShare>;

export function fairShare(clock: Clock, limits: FairShareLimits = SERVER_FAIR_SHARE) {
  const { pushesInFlight, burstBytes, refillBytesPerSecond, holdMs } = limits;
  /** The pause before a refusal (real time: it shapes only when the answer leaves, never what it says). */
  const refuse = async (waitMs: number): Promise<never> => {
    const hold = Math.min(waitMs, holdMs);
    if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold).unref());
    throw new ApiError('sync/busy', { retryAfterMs: Math.max(waitMs - hold, 1000) });
  };
  const shares = new Map<string, Share>();
  /** The member's share, its budget refilled for the time since it was last looked at. */
  const shareOf = (member: string): Share => {
    const now = clock();
    const share = shares.get(member) ?? { inFlight: 0, bytes: burstBytes, at: now };
    const refilled = now > share.at ? ((now - share.at) / 1000) * refillBytesPerSecond : 0;
    share.bytes = Math.min(burstBytes, share.bytes + refilled);
    share.at = now;
    shares.set(member, share);
    return share;
  };
  return {
    /**
     * Admits one push of `declared` bytes (null: not said, counted as the most a push may be), or refuses it with
     * `sync/busy` and how long to wait. Answers the release, to call once its answer is sent (or its connection gone).
     */
    async admit(member: string, declared: number | null): Promise<() => void> {
      const share = shareOf(member);
      const cost = Math.min(declared ?? SYNC_PUSH_BODY_LIMIT_BYTES, SYNC_PUSH_BODY_LIMIT_BYTES);
      if (share.inFlight >= pushesInFlight) return refuse(1000);
      if (share.bytes < cost) return refuse(((cost - share.bytes) / refillBytesPerSecond) * 1000);
      share.bytes -= cost;
      share.inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        share.inFlight -= 1;
        // A member with nothing in flight and a full budget is forgotten: the map holds the busy ones only.
        if (share.inFlight === 0 && shareOf(member).bytes >= burstBytes) shares.delete(member);
      };
    },
  };
}
