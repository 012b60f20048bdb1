// Sealing records many at once in the background (a part of the vault's records room): the loose records, in groups
// of a page's size, once there are enough of them, and the sealed rows that have gathered dead records. A vault
// written record by record, restored, or kept by an earlier version then opens for the cost of a few hundred
// operations. Nothing written since it was read is replaced, and nothing while a restore runs in any of this
// member's tabs; whatever stops it (the vault locked, a full disk) leaves the vault as it was, for the next unlock
// to go on.
import type { CryptoPool } from './pool.js';
import type { VaultStore } from './store.js';

/** How long writes of many records must pause before their records are sealed many at once. */
const COMPACT_QUIET_MS = 2000;

/**
 * Work done one at a time across this member's tabs (the Web Locks API, where the browser has it: elsewhere there
 * is one tab's worth of it): restores, and what must not run beside one. With `ifAvailable`, skipped when another
 * tab holds the lock.
 */
export async function underRestoreLock(
  memberId: string,
  work: () => Promise<void>,
  options: { ifAvailable?: boolean } = {},
): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  await navigator.locks.request(`mygenie-restore-${memberId}`, options, (lock) => lock && work());
}

/** What a compaction needs of the vault. */
export interface CompactionHost {
  memberId: string;
  /** The vault's database as it is now. */
  store(): VaultStore;
  pool: CryptoPool;
  /** Whether the vault is unlocked (a compaction stops when it is not). */
  unlocked(): boolean;
}

export class Compaction {
  readonly #host: CompactionHost;
  #running: Promise<void> | null = null;
  #again = false;
  #quietTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(host: CompactionHost) {
    this.#host = host;
  }

  /** A compaction now (or once more after the one under way: records written while it ran are looked at too). */
  later(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      const { store, pool, unlocked, memberId } = this.#host;
      try {
        const { loose, sparse } = await store().compactable();
        const work = [
          ...loose.map((group) => async () => {
            const bundle = await pool.compactPage(undefined, group);
            return bundle ? () => store().sealLoose(group, bundle) : null;
          }),
          ...sparse.map((row) => async () => {
            const bundle = await pool.compactPage(row, []);
            return bundle ? () => store().resealRow(row, bundle) : null;
          }),
        ];
        for (const step of work) {
          if (!unlocked()) break;
          const write = await step();
          let free = false;
          await underRestoreLock(
            memberId,
            async () => {
              free = true;
              await write?.();
            },
            { ifAvailable: true },
          );
          if (!free) break;
        }
      } catch {
        // Locked meanwhile, or no room: what was not sealed again stays as it was.
      } finally {
        this.#running = null;
        if (this.#again && unlocked()) {
          this.#again = false;
          this.later();
        }
      }
    })();
  }

  /** A compaction once writes of many records (an import in batches) have paused, rather than between them. */
  whenQuiet(): void {
    if (this.#quietTimer) clearTimeout(this.#quietTimer);
    this.#quietTimer = setTimeout(() => {
      this.#quietTimer = null;
      this.later();
    }, COMPACT_QUIET_MS);
  }

  /** No compaction is due any more (the vault locks or closes); one under way stops at its next step. */
  cancel(): void {
    if (this.#quietTimer) clearTimeout(this.#quietTimer);
    this.#quietTimer = null;
  }

  /** Resolves when no compaction is under way or due (the benchmark waits for it). */
  async settled(): Promise<void> {
    while (this.#running || this.#quietTimer) {
      await (this.#running ?? new Promise((resolve) => setTimeout(resolve, 50)));
    }
  }
}
