// The devices' spaces service (docs/spaces-plan.md §5, model.ts SpacesService): at unlock it takes the member's
// identity (published on first use, vouched for by the synced vault's signing key), shows what the device kept,
// reads the server's list and logs (letting in whoever waits, when this device may), opens each ready space's epoch
// key and vault and syncs it (space-sync.ts) — every space's log read by its one book (log-view.ts). A space's name
// and colour rest in its own vault's settings record, so only its members know them. The server is reached through
// ports given by the host (browser.ts in the app, test/space-services.ts in tests).
import { ApiFailure } from '../../client/api.js';
import { codeOf } from '../../shared/errors.js';
import { isSpaceColour, type SpaceColour } from '../../shared/spaces/colours.js';
import { SpaceStores } from '../vault/space-stores.js';
import { newId, type Vault } from '../vault/vault.js';
import type { RecordKind } from '../vault/entries.js';
import { EpochKeys } from './epoch-keys.js';
import { isNetwork, spacesIdentity } from './held-identity.js';
import type { MemberIdentity } from './identity-keys.js';
import { SpaceFailure, SpaceMembers } from './members.js';
import type { ShelfSpace, SpacesService, SpacesState } from './model.js';
import { openSpaceSeries } from './space-sync.js';
import type { SpaceNames } from './space-views.js';
import { HeldSpaces, rotationDueHere, SpaceEpochs, type SpacesHost } from './epochs.js';

export type { SpacesHost };

/** The service as the shell holds it, and one more thing the tests and the "sync now" button use. */
export interface DeviceSpaces extends SpacesService {
  /** Every open space syncs now, as news of it would make it; answers when every run is done. */
  syncNow(): Promise<void>;
}

/** A space's name and colour as its settings record keeps them (beside other settings, merged per key). */
interface SpaceSettings {
  name?: unknown;
  colour?: unknown;
  [key: string]: unknown;
}

const SETTINGS = 'settings';
/** The names kept on the device (sealed with the epoch keys), for a removed space's notice and an offline start. */
const HELD_NAMES = 'names';

export function createSpacesService(host: SpacesHost): DeviceSpaces {
  let state: SpacesState = { status: 'loading', spaces: [], invitations: [] };
  /** Why this device's last try at a space's due rotation failed (a code), until one lands. */
  const rotationFailures = new Map<string, string>();
  let shelf: readonly ShelfSpace[] = [];
  const listeners = new Set<() => void>();
  const held = new HeldSpaces(() => void readNames().then((changed) => changed && show()));
  const { open, opening, hold, replace, close } = held;
  const owns = (id: string) => open.has(id) && state.spaces.find((v) => v.id === id)?.role === 'owner';
  let names: SpaceNames = {};
  let keys: EpochKeys | null = null;
  let members: SpaceMembers | null = null;
  let epochs: SpaceEpochs | null = null;
  let stopNews: (() => void) | null = null;
  let refreshing: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let me: MemberIdentity | null = null;

  const emit = () => {
    shelf = state.spaces.flatMap((view): ShelfSpace[] => {
      const held = open.get(view.id);
      if (!held || view.status !== 'ready') return [];
      const tag = { id: view.id, name: view.name, colour: view.colour };
      return [{ tag, role: view.role, writable: view.writable, vault: held.series.vault }];
    });
    for (const listener of [...listeners]) listener();
  };

  const set = (next: Partial<SpacesState>) => {
    state = { ...state, ...next };
    emit();
  };

  /** The views again from what the memberships hold (no request). */
  const show = (status: SpacesState['status'] = state.status) => {
    if (!members) return;
    const views = members.views(names);
    const spaces = (epochs?.marked(views.spaces) ?? views.spaces).map((view) => {
      const failed = view.rotationDue ? rotationFailures.get(view.id) : undefined;
      return failed ? { ...view, rotationFailed: failed } : view;
    });
    set({ status, ...views, spaces });
  };

  function member(): SpaceMembers {
    if (!members) throw new ApiFailure(state.status === 'off' ? 'space/no-synced-vault' : 'network', 0);
    return members;
  }

  /** The names in the open spaces' settings records; kept when they changed. */
  async function readNames(): Promise<boolean> {
    let changed = false;
    const next = { ...names };
    for (const [id, { series }] of open) {
      const value = series.vault.get<SpaceSettings>(SETTINGS)?.value;
      if (typeof value?.name !== 'string' || !isSpaceColour(value.colour)) continue;
      if (next[id]?.name === value.name && next[id]?.colour === value.colour) continue;
      next[id] = { name: value.name, colour: value.colour };
      changed = true;
    }
    if (!changed) return false;
    names = next;
    await keys?.keepValue(HELD_NAMES, names);
    return true;
  }

  /** Opens the space's current epoch on this device (its key kept here), once; an older epoch open is closed. */
  function openSpace(spaceId: string): Promise<void> {
    const running = opening.get(spaceId);
    if (running) return running;
    const run = (async () => {
      const log = members?.logs.get(spaceId);
      const identity = me;
      if (!log || !keys || !identity || stopped) return;
      const { epoch, series } = log.state;
      const current = open.get(spaceId);
      if (current?.epoch === epoch) return;
      // A newer epoch (a rotation): followed from the one open, with this device's unsent edits carried over.
      if (current && current.epoch < epoch && epochs)
        return replace(spaceId, current, await epochs.follow(spaceId, current));
      if (current) close(spaceId);
      const key = await keys.get(spaceId, epoch);
      if (!key) return;
      const vault = await host.openVault(spaceId, epoch);
      const opened = await openSpaceSeries({
        spaceId,
        epoch,
        series,
        key,
        me: { uid: host.uid, identity },
        vault,
        env: { ...host.env, news: host.news(spaceId) },
        api: host.spaceApi,
        book: members!.logs.book(spaceId),
        // A newer epoch (a rotation): the list and the log again, which open it when its key is here.
        onEpoch: () => void service.refresh().catch(() => undefined),
      }).catch((error: unknown) => {
        vault.close();
        throw error;
      });
      if (stopped) {
        opened.close();
        return;
      }
      hold(spaceId, { epoch, series: opened });
    })().finally(() => opening.delete(spaceId));
    opening.set(spaceId, run);
    return run;
  }

  /** A rotation of the space, after whatever opens it now (one at a time per space). */
  const rotate = (spaceId: string, remove?: string) =>
    held.serial(spaceId, async (open) => epochs && (await epochs.rotate(spaceId, open, remove)));
  /** Opens every ready space not open yet and closes those no longer ready; then the views. */
  async function follow(status: SpacesState['status']): Promise<void> {
    const views = members!.views(names).spaces;
    for (const view of views) {
      if (view.status === 'ready') {
        // No network to register this device in a space it never synced, or a series that does not check out:
        // that space stays closed (tried again at the next reading), the others open.
        await openSpace(view.id).catch(() => undefined);
      } else if (view.status === 'removed' && open.has(view.id) && epochs) {
        // Removed: this device's unsent edits stay as the member's own records; the space's stores go.
        const current = open.get(view.id)!;
        await epochs.depart(view.id, current).catch(() => undefined);
        replace(view.id, current, 'removed');
      } else close(view.id);
    }
    await readNames();
    show(status);
  }

  async function refreshOnce(): Promise<void> {
    if (!members || stopped) return;
    try {
      await members.refresh(names);
    } catch (error) {
      if (!isNetwork(error)) throw error;
      await follow('offline');
      return;
    }
    await follow('ready');
    // A member left (or a removal was not rotated): an owner's or editor's device rotates the key now; one that
    // fails is said on the space (why), and tried again at the next reading.
    let rotated = false;
    for (const view of state.spaces.filter(rotationDueHere)) {
      await rotate(view.id).then(
        () => {
          rotated = true;
          rotationFailures.delete(view.id);
        },
        (error: unknown) => rotationFailures.set(view.id, codeOf(error) ?? 'server/internal'),
      );
      show();
    }
    // The log moved on with the rotation: read again, the space shows its new epoch at once.
    if (rotated && !stopped) {
      await members.refresh(names).catch(() => undefined);
      show();
    }
  }

  /** The space's vault open here, where this member may write (else a refusal the catalogs name). */
  function writableVault(spaceId: string | null): Vault {
    if (spaceId === null) return host.vault;
    const view = state.spaces.find((space) => space.id === spaceId);
    const held = open.get(spaceId);
    if (!view || !held || view.status !== 'ready') throw new SpaceFailure('space/not-found');
    if (!view.writable) throw new ApiFailure('space/read-only', 403);
    return held.series.vault;
  }

  /** An action's change, then the list and logs read again (a network failure there only shows offline). */
  async function after(work: Promise<unknown>): Promise<void> {
    await work;
    await service.refresh().catch((error: unknown) => {
      if (!isNetwork(error)) throw error;
    });
  }

  /** A space this member is out of (left, deleted, removed and acknowledged): nothing of it stays on the device. */
  async function forget(spaceId: string): Promise<void> {
    close(spaceId);
    await members?.acknowledgeRemoval(spaceId);
    await epochs?.depart(spaceId, null, false);
    const { [spaceId]: _gone, ...rest } = names;
    names = rest;
    await keys?.keepValue(HELD_NAMES, names);
  }

  const service: DeviceSpaces = {
    state: () => state,
    spaces: () => shelf,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      stopped = false;
      set({ status: 'loading' });
      keys = new EpochKeys(host.uid, host.vault, host.databases);
      const taken = await spacesIdentity(host, keys);
      if (taken === 'off' || taken === 'offline') {
        set({ status: taken, spaces: [], invitations: [] });
        return;
      }
      me = taken;
      members = new SpaceMembers({
        uid: host.uid,
        identity: taken,
        api: host.api,
        vault: host.vault,
        keys,
        ...(host.now ? { now: host.now } : {}),
      });
      const stores = new SpaceStores(host.uid, host.databases);
      const onEpoch = () => void service.refresh().catch(() => undefined);
      epochs = new SpaceEpochs({ host, members, keys, stores, me: taken, onEpoch });
      names = (await keys.value<SpaceNames>(HELD_NAMES)) ?? {};
      await members.restore(names);
      await follow('loading');
      stopNews = host.onSpacesNews(() => void service.refresh().catch(() => undefined));
      await service.refresh();
    },

    /** One reading at a time; news meanwhile makes one more after it. */
    refresh() {
      if (refreshing) {
        again = true;
        return refreshing;
      }
      refreshing = (async () => {
        try {
          do {
            again = false;
            await refreshOnce();
          } while (again);
        } finally {
          refreshing = null;
        }
      })();
      return refreshing;
    },

    stop() {
      stopped = true;
      stopNews?.();
      stopNews = null;
      for (const id of [...open.keys()]) close(id);
      keys?.close();
      epochs?.context.stores.close();
      emit();
    },

    async flush() {
      const sent = await Promise.all([...open.values()].map(({ series }) => series.engine.flush()));
      return sent.every(Boolean);
    },

    async erase() {
      service.stop();
      const stores = new SpaceStores(host.uid, host.databases);
      await stores.dropAll();
      stores.close();
      await new EpochKeys(host.uid, host.vault, host.databases).dropAll();
      members = null;
      names = {};
      set({ spaces: [], invitations: [] });
    },

    async syncNow() {
      await Promise.all(
        [...open.values()].map(async ({ series }) => {
          series.identity.heardNews();
          series.engine.syncNow();
          await series.engine.settled();
        }),
      );
      if (await readNames()) show();
    },

    async create(name, colour) {
      const spaceId = await member().create();
      await openSpace(spaceId);
      const held = open.get(spaceId);
      if (!held) throw new SpaceFailure('space/not-found');
      await held.series.vault.save<SpaceSettings>(SETTINGS, SETTINGS, undefined, { name, colour });
      await readNames();
      await after(Promise.resolve());
      const view = state.spaces.find((space) => space.id === spaceId);
      if (!view) throw new SpaceFailure('space/not-found');
      return view;
    },

    async rename(spaceId, name, colour: SpaceColour) {
      const vault = writableVault(spaceId);
      const from = vault.get<SpaceSettings>(SETTINGS)?.value;
      await vault.save<SpaceSettings>(SETTINGS, SETTINGS, from, { ...from, name, colour });
      await readNames();
      show();
    },

    invite: (spaceId, email, role) => after(member().invite(spaceId, email, role)),
    withdraw: (spaceId, invitation) => after(member().withdraw(spaceId, invitation)),
    accept: (invitation) => after(member().accept(invitation)),
    decline: (invitation) => after(member().decline(invitation)),
    setRole: (spaceId, uid, role) => after(member().setRole(spaceId, uid, role)),
    // An owner's removal rotates the key in the same request: the removed member never holds the next one.
    remove: (id, uid) => after(owns(id) ? rotate(id, uid) : member().remove(id, uid)),
    offerHandover: (spaceId, uid) => after(member().offerHandover(spaceId, uid)),
    acceptHandover: (spaceId) => after(member().acceptHandover(spaceId)),

    async leave(spaceId) {
      await member().leave(spaceId);
      await after(forget(spaceId));
    },

    async deleteSpace(spaceId, currentPassword) {
      await member().deleteSpace(spaceId, currentPassword);
      await after(forget(spaceId));
    },

    safetyCode: (spaceId, uid) => member().safetyCode(spaceId, uid),

    async markVerified(spaceId, uid) {
      await member().markVerified(spaceId, uid);
      show();
    },

    async acknowledgeRemoval(spaceId) {
      await forget(spaceId);
      show();
    },

    async move(kind, id, from, to) {
      const source = writableVault(from);
      const target = writableVault(to);
      const entry = source.get(id);
      if (!entry || entry.kind !== kind) throw new SpaceFailure('space/not-found');
      const made = newId();
      // Saved in the target first: interrupted between the two, the record is there twice, never lost.
      await target.save(kind as RecordKind, made, undefined, entry.value);
      await source.remove(id);
      return made;
    },
  };
  return service;
}
