// Live news of shared spaces for this process's event streams (docs/spaces-plan.md §4, "Live fan-out"), as
// sync-news.ts is for a member's own sync: `space:<id>` when a space's series moves (a push, a snapshot), and
// `spaces:<uid>` when a member's memberships change. A confirmed device's stream follows the spaces its member is
// in and tells `space {id, epoch, latest, log}` (a rotation starts a new series: its epoch tells the news apart; `log`,
// the log's newest entry, spares a device reading the log when it did not move); on `spaces:<uid>` it reads them
// again, so a member no longer in a space hears nothing more of it (and every read checks the membership again, should that news be lost).
import type { LiveBus } from '../core/bus.js';
import type { SpaceSeriesStore } from './series-store.js';

/** The live bus topic of a space's series moving. */
export const spaceNewsTopic = (spaceId: string) => `space:${spaceId}`;
/** The live bus topic of a member's memberships changing. */
export const membershipNewsTopic = (uid: string) => `spaces:${uid}`;

/**
 * Tells the member's event streams that their memberships changed (joined, added, removed, left, a space deleted):
 * for whoever changes them (the spaces' service), after the change is committed.
 */
export const announceMemberships = (live: LiveBus, uid: string): Promise<void> =>
  live.publish(membershipNewsTopic(uid));

/** A space's news: its epoch, the newest number of its series and the newest entry of its log. */
type SpaceListener = (space: { id: string; epoch: number; latest: number; log: number }) => void;

export function spaceNews(store: Pick<SpaceSeriesStore, 'spacesOf' | 'latestFor'>, live: LiveBus) {
  return {
    /**
     * Follows the spaces member `uid` is in for one stream: `listener` hears each space's epoch and newest number
     * when it first follows it and whenever either moves. Answers `refresh` (read everything again: the stream's safety poll)
     * and `stop`.
     */
    follow(uid: string, listener: SpaceListener) {
      const followed = new Map<string, () => void>();
      const told = new Map<string, string>();
      let stopped = false;
      // One read at a time, in order, so a membership read and a space's read never cross.
      let queue = Promise.resolve();
      const then = (work: () => Promise<void>) => {
        queue = queue.then(work).catch(() => {
          // The stream's safety poll reads again.
        });
        return queue;
      };
      const unfollow = (id: string) => {
        followed.get(id)?.();
        followed.delete(id);
        told.delete(id);
      };
      const readSpace = async (id: string) => {
        if (stopped || !followed.has(id)) return;
        const now = await store.latestFor(id, uid);
        if (now === undefined) return unfollow(id);
        // A log entry (an accept waiting to be let in, a role) is news too, though the series did not move.
        const stamp = `${now.epoch}:${now.latest}:${now.log}`;
        if (stopped || told.get(id) === stamp) return;
        told.set(id, stamp);
        listener({ id, epoch: now.epoch, latest: now.latest, log: now.log });
      };
      const readMemberships = async () => {
        if (stopped) return;
        const now = new Set(await store.spacesOf(uid));
        for (const id of [...followed.keys()]) if (!now.has(id)) unfollow(id);
        for (const id of now) {
          if (stopped) return;
          if (followed.has(id)) {
            await readSpace(id);
            continue;
          }
          followed.set(
            id,
            live.subscribe(spaceNewsTopic(id), () => void then(() => readSpace(id))),
          );
          await readSpace(id);
        }
      };
      const unsubscribe = live.subscribe(membershipNewsTopic(uid), () => void then(readMemberships));
      return {
        refresh: () =>
          then(async () => {
            await readMemberships();
            for (const id of [...followed.keys()]) await readSpace(id);
          }),
        stop() {
          stopped = true;
          unsubscribe();
          for (const id of [...followed.keys()]) unfollow(id);
        },
      };
    },
  };
}

export type SpaceNews = ReturnType<typeof spaceNews>;
