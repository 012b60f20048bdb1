// Sync news for this process's event streams (docs/sync.md): a member's newest change number and a stamp of their
// sync (the vault's header, its devices), read when the live bus says the member's sync moved.
import type { LiveBus } from '../core/bus.js';
import { isoAt, type Clock } from '../core/clock.js';
import { syncTopic } from '../sync/service.js';
import type { SyncStore } from '../sync/store.js';

type SyncListener = (latest: number, stamp: string) => void;

/**
 * Sync news for this process's event streams: one subscription to the bus and one read of the newest number per
 * member with streams here, however many of that member's devices listen.
 */
export function syncNews(store: SyncStore, live: LiveBus, clock: Clock) {
  const members = new Map<
    string,
    { listeners: Set<SyncListener>; unsubscribe: () => void; busy: boolean; again: boolean }
  >();
  const read = async (uid: string) => {
    const member = members.get(uid);
    if (!member) return;
    if (member.busy) {
      member.again = true;
      return;
    }
    member.busy = true;
    try {
      do {
        member.again = false;
        const vault = await store.findVault(uid);
        // Devices whose session ended are gone already (the next request retires them).
        const devices = await store.listDevices(uid, isoAt(clock));
        const latest = Number(vault?.latest ?? 0);
        // What a device must hear of: new changes, and the vault's header or its devices changing (one removed, one
        // renamed).
        const stamp = [
          latest,
          vault?.vault_id,
          vault?.header_mac,
          ...devices.map((device) => JSON.stringify([device.id, device.name])).sort(),
        ].join(' ');
        for (const listener of member.listeners) listener(latest, stamp);
      } while (member.again);
    } catch {
      // The stream's slow safety poll asks again.
    } finally {
      member.busy = false;
    }
  };
  return {
    /**
     * Calls `listener` with the member's newest change number and a stamp of their sync whenever either may have
     * moved (the listener tells only a different stamp); returns the unsubscribe.
     */
    subscribe(uid: string, listener: SyncListener): () => void {
      let member = members.get(uid);
      if (!member) {
        member = {
          listeners: new Set(),
          unsubscribe: live.subscribe(syncTopic(uid), () => void read(uid)),
          busy: false,
          again: false,
        };
        members.set(uid, member);
      }
      member.listeners.add(listener);
      return () => {
        member.listeners.delete(listener);
        if (member.listeners.size === 0) {
          member.unsubscribe();
          members.delete(uid);
        }
      };
    },
    /** Reads the newest number now (a new stream, the safety poll). */
    refresh: (uid: string) => read(uid),
  };
}

export type SyncNews = ReturnType<typeof syncNews>;
