// A space's epochs on the devices' spaces service (spaces.ts; docs/spaces-plan.md §3 "Rotation"): one EpochHost per
// space over the service's logs, keys and stores, through which an owner's removal rotates the key in the same
// request, a rotation due (after a leave) is made by an owner's or editor's device, a newer epoch is followed, and a
// removed member's device keeps its unsent edits as the member's own before the space's stores go.
import type { DexieOptions } from 'dexie';
import type { SyncEnvironment, SyncNewsSource } from '../sync/ports.js';
import type { SpaceStores } from '../vault/space-stores.js';
import type { Vault } from '../vault/vault.js';
import type { EpochKeys } from './epoch-keys.js';
import type { MemberIdentity } from './identity-keys.js';
import type { SpaceMembers } from './members.js';
import type { SpaceView } from './model.js';
import type { MembershipApi } from './space-api.js';
import type { SpaceApi } from './space-server.js';

export interface SpacesHost {
  uid: string;
  /** The member's vault, unlocked. */
  vault: Vault;
  /** The member vault's sync signing key (null: the vault is not synced, so no identity can be vouched for). */
  vaultSigningKey: () => Promise<CryptoKey | null>;
  api: MembershipApi;
  /** The space series' routes (the sync engine's server of each space). */
  spaceApi: SpaceApi;
  /** The engines' environment but their server and news (each space's are its own). */
  env: Omit<SyncEnvironment, 'server' | 'news'>;
  /** Stages a rotation's snapshot (rotation.ts httpStage over the host's routes). */
  stage: StageSnapshot;
  /** A space epoch's keyed vault, not yet opened (its store noted first: space-stores.ts). */
  openVault(spaceId: string, epoch: number): Promise<Vault>;
  /** News of one space's series. */
  news(spaceId: string): SyncNewsSource | null;
  /** News that the member's spaces may have changed (the event stream's `space` events); answers the way to stop. */
  onSpacesNews(listener: () => void): () => void;
  /** Another IndexedDB than the browser's, for the kept keys and the list of space stores (a simulated device). */
  databases?: DexieOptions;
  now?: () => number;
}
import {
  departSpace,
  followEpoch,
  rotateSpace,
  type EpochHost,
  type OpenEpoch,
  type StageSnapshot,
} from './rotation.js';

/** What the service holds that the epochs need. */
export interface EpochContext {
  host: SpacesHost & { stage: StageSnapshot };
  members: SpaceMembers;
  keys: EpochKeys;
  stores: SpaceStores;
  me: MemberIdentity;
  /** A newer epoch heard of by a series: the service reads its list and logs again. */
  onEpoch: () => void;
}

/** One EpochHost per space, made once. */
export class SpaceEpochs {
  readonly #hosts = new Map<string, EpochHost>();
  /** Spaces whose newer epoch did not check out here (the view shows them refused, the old epoch stays). */
  readonly altered = new Set<string>();

  constructor(readonly context: EpochContext) {}

  hostOf(spaceId: string): EpochHost {
    let made = this.#hosts.get(spaceId);
    if (!made) {
      const { host, members, keys, stores, me, onEpoch } = this.context;
      made = {
        spaceId,
        me: { uid: host.uid, identity: me },
        api: host.spaceApi,
        logs: members.logs,
        keys,
        stores,
        vaultOf: (epoch) => host.openVault(spaceId, epoch),
        env: { ...host.env, news: host.news(spaceId) },
        stage: host.stage,
        onEpoch,
      };
      this.#hosts.set(spaceId, made);
    }
    return made;
  }

  /**
   * Follows the space from `old` to its current epoch: the epoch open afterwards, 'removed' (the member's unsent edits
   * kept as their own, the space's stores gone), or null when the new epoch did not check out (the old one stays).
   */
  async follow(spaceId: string, old: OpenEpoch): Promise<OpenEpoch | 'removed' | null> {
    const host = this.hostOf(spaceId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const followed = await followEpoch(host, old);
      if (followed.ok) {
        this.altered.delete(spaceId);
        return followed.epoch;
      }
      if (followed.reason === 'moved') continue;
      if (followed.reason === 'removed') {
        await this.depart(spaceId, old);
        return 'removed';
      }
      break;
    }
    this.altered.add(spaceId);
    // followEpoch stopped the old series; it syncs on until a later epoch checks out.
    await old.series.engine.resume();
    return null;
  }

  /** The member is out of the space: unsent edits become the member's own records (`keep`), the stores and keys go. */
  depart(spaceId: string, old: OpenEpoch | null, keep = true): Promise<string[]> {
    return departSpace(this.hostOf(spaceId), old, keep ? this.context.host.vault : undefined);
  }

  /** The views, those whose newer epoch did not check out here marked so. */
  marked(spaces: SpaceView[]): SpaceView[] {
    return spaces.map((view) => (this.altered.has(view.id) ? { ...view, refused: 'altered' } : view));
  }

  /** Rotates the space (removing `remove` in the same request): the epoch open afterwards. */
  async rotate(spaceId: string, open: OpenEpoch, remove?: string): Promise<OpenEpoch> {
    const made = await rotateSpace(this.hostOf(spaceId), open, remove ? { remove } : {});
    return made.epoch;
  }
}

/** A rotation this device should make now: one is due, and its member is an owner or an editor. */
export const rotationDueHere = (view: SpaceView) =>
  view.status === 'ready' && view.rotationDue && (view.role === 'owner' || view.role === 'editor');

/** An epoch open on this device, and the way to stop watching its vault. */
export type Held = OpenEpoch & { stop: () => void };

/** The spaces' epochs open on this device, and the work opening or rotating each (one at a time per space). */
export class HeldSpaces {
  readonly open = new Map<string, Held>();
  readonly opening = new Map<string, Promise<void>>();

  /** `changed`: a held vault changed (the service reads the spaces' names again). */
  constructor(readonly changed: (vault: Vault) => void) {}

  hold = (spaceId: string, epoch: OpenEpoch): void => {
    const stop = epoch.series.vault.subscribe(() => this.changed(epoch.series.vault));
    this.open.set(spaceId, { ...epoch, stop });
  };

  /** The epoch open after a rotation or a follow ('removed': none; null or undefined: the old one stays). */
  replace = (spaceId: string, held: Held, next: OpenEpoch | 'removed' | null | undefined): void => {
    if (!next) return;
    held.stop();
    if (next === 'removed') this.open.delete(spaceId);
    else this.hold(spaceId, next);
  };

  close = (spaceId: string): void => {
    const held = this.open.get(spaceId);
    if (!held) return;
    held.stop();
    held.series.close();
    this.open.delete(spaceId);
  };

  /** `work` on the space's open epoch once whatever opens it now is done; the epoch it answers is held after. */
  serial(spaceId: string, work: (open: Held) => Promise<OpenEpoch | null | undefined>): Promise<void> {
    const run: Promise<void> = (async () => {
      await this.opening.get(spaceId)?.catch(() => undefined);
      const held = this.open.get(spaceId);
      if (held) this.replace(spaceId, held, await work(held));
    })().finally(() => {
      if (this.opening.get(spaceId) === run) this.opening.delete(spaceId);
    });
    this.opening.set(spaceId, run);
    return run;
  }
}
