// What the lists read once spaces exist: the member's own records and those of every space open on the device, each
// tagged with where it lives (docs/spaces-plan.md §3: a record lives in exactly one store, so "mine or in a space"
// is where it is). The shelf comes from the spaces service through SpacesProvider; without one (before the service
// runs, or for a member with no spaces) the lists are exactly the member's vault, as they were.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import type { ShelfSpace, SpaceShelf, SpacesActions } from '../../spaces/model.js';
import { useRecords, useVault } from '../../vault/react.js';
import { newId, type RecordKind, type Vault, type VaultEntry } from '../../vault/vault.js';

/** A record as a list shows it: where it lives, whether the member may change it there, and the store to do so. */
export type ListedEntry<T> = VaultEntry<T> & {
  /** The space it is in; null for the member's own. */
  space: SpaceTag | null;
  /** The member's own records and an editor's or owner's space: true; a viewer's space: false. */
  writable: boolean;
  /** The store it lives in, to edit or delete it there. */
  vault: Vault;
};

interface SpacesContextValue {
  shelf: SpaceShelf | null;
  /** The member's own vault, whichever store a form below is bound to (an entry of a space edits in its vault). */
  member: Vault | null;
  /** The service's move (authors kept); without it a move is a save in the target, then a removal from the source. */
  move?: SpacesActions['move'] | undefined;
}

const SpacesContext = createContext<SpacesContextValue>({ shelf: null, member: null });

/** Gives the lists the shelf; placed inside the member's VaultProvider, whose vault it keeps as the member's own. */
export function SpacesProvider({
  shelf,
  move,
  children,
}: {
  shelf: SpaceShelf | null;
  move?: SpacesActions['move'];
  children: ReactNode;
}) {
  const member = useVault();
  const value = useMemo(() => ({ shelf, member, move }), [shelf, member, move]);
  return <SpacesContext.Provider value={value}>{children}</SpacesContext.Provider>;
}

/** The shelf of open spaces, or null when the app has none (no service, sync off). */
export function useSpaceShelf(): SpaceShelf | null {
  return useContext(SpacesContext).shelf;
}

const NO_SPACES: readonly ShelfSpace[] = [];

/** A number per Vault object, so a space whose store is replaced (a new epoch) reads as a change. */
const vaultNumbers = new WeakMap<Vault, number>();
let lastVaultNumber = 0;
function vaultNumber(vault: Vault): number {
  let number = vaultNumbers.get(vault);
  if (number === undefined) vaultNumbers.set(vault, (number = ++lastVaultNumber));
  return number;
}

interface ShelfState {
  spaces: readonly ShelfSpace[];
  /** Names each space's tag, role and store version: it changes exactly when what the lists show may have. */
  key: string;
}

const NO_SHELF: ShelfState = { spaces: NO_SPACES, key: '' };
/** The last state read of each shelf: the same object until its key changes, as useSyncExternalStore needs. */
const shelfStates = new WeakMap<SpaceShelf, ShelfState>();

function shelfState(shelf: SpaceShelf): ShelfState {
  const spaces = shelf.spaces();
  const key = spaces
    .map(
      ({ tag, role, writable, vault }) =>
        `${tag.id}\u0000${tag.name}\u0000${tag.colour}\u0000${role}\u0000${writable}\u0000${vaultNumber(vault)}:${vault.version}`,
    )
    .join('\u0001');
  const held = shelfStates.get(shelf);
  if (held && held.key === key) return held;
  const state = { spaces, key };
  shelfStates.set(shelf, state);
  return state;
}

/** The spaces on the shelf, read again when the shelf changes or any space's records do. */
function useShelfState(shelf: SpaceShelf | null): ShelfState {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!shelf) return () => undefined;
      let stopVaults: Array<() => void> = [];
      const watchVaults = () => {
        for (const stop of stopVaults) stop();
        stopVaults = shelf.spaces().map((space) => space.vault.subscribe(listener));
      };
      watchVaults();
      const stopShelf = shelf.subscribe(() => {
        watchVaults();
        listener();
      });
      return () => {
        stopShelf();
        for (const stop of stopVaults) stop();
      };
    },
    [shelf],
  );
  return useSyncExternalStore(subscribe, () => (shelf ? shelfState(shelf) : NO_SHELF));
}

/** The spaces open on this device (for pickers and filters), current as they open, close or change. */
export function useShelfSpaces(): readonly ShelfSpace[] {
  return useShelfState(useSpaceShelf()).spaces;
}

/**
 * One store's entries, tagged: the same array until that store's list of the kind changes (vault.list answers the
 * same array until then) or its tag does, so a list of thousands is not copied on every render.
 */
const tagged = new WeakMap<
  readonly VaultEntry<unknown>[],
  { key: string; entries: ListedEntry<unknown>[] }
>();

function tagEntries<T>(
  list: readonly VaultEntry<T>[],
  vault: Vault,
  space: SpaceTag | null,
  writable: boolean,
): ListedEntry<T>[] {
  const key = space ? `${space.id}\u0000${space.name}\u0000${space.colour}\u0000${writable}` : 'mine';
  const held = tagged.get(list);
  if (held && held.key === key) return held.entries as ListedEntry<T>[];
  const entries = list.map((entry) => ({ ...entry, space, writable, vault }));
  tagged.set(list, { key, entries });
  return entries;
}

/**
 * The records of a kind the lists show: the member's own (space null, writable), then each open space's, tagged
 * with its space and whether the member's role may write there. The same array until a store changes.
 */
export function useListedRecords<T>(kind: RecordKind): ListedEntry<T>[] {
  const vault = useVault();
  const own = useRecords<T>(kind);
  const shelf = useShelfState(useSpaceShelf());
  return useMemo(() => {
    const mine = tagEntries(own, vault, null, true);
    if (shelf.spaces.length === 0) return mine;
    return [
      ...mine,
      ...shelf.spaces.flatMap((space) =>
        tagEntries(space.vault.list<T>(kind), space.vault, space.tag, space.writable),
      ),
    ];
  }, [own, vault, shelf, kind]);
}

/** The member's own vault: the one SpacesProvider was given, else the nearest (no spaces: they are the same). */
function useMemberVault(): Vault {
  const nearest = useVault();
  return useContext(SpacesContext).member ?? nearest;
}

/** The store a record goes to: the member's vault for null, else the space's (undefined: not open or read-only). */
export function useTargetVault(): (spaceId: string | null) => Vault | undefined {
  const vault = useMemberVault();
  const spaces = useShelfSpaces();
  return useCallback(
    (spaceId) =>
      spaceId === null ? vault : spaces.find((space) => space.tag.id === spaceId && space.writable)?.vault,
    [vault, spaces],
  );
}

/**
 * Moves a record between the member's vault and a space (or two spaces): the service's move when it gave one,
 * otherwise a save under a new id in the target, then the removal of the source's copy as it was read (interrupted:
 * a duplicate, never a loss). Answers the record's new id.
 */
export function useMoveRecord(): (
  kind: RecordKind,
  id: string,
  from: string | null,
  to: string | null,
) => Promise<string> {
  const { move } = useContext(SpacesContext);
  const target = useTargetVault();
  const vault = useMemberVault();
  const spaces = useShelfSpaces();
  return useCallback(
    async (kind, id, from, to) => {
      if (move) return move(kind, id, from, to);
      const source = from === null ? vault : spaces.find((space) => space.tag.id === from)?.vault;
      const destination = target(to);
      if (!source || !destination)
        throw Object.assign(new Error('space/not-found'), { code: 'space/not-found' });
      return moveRecord(source, destination, kind, id);
    },
    [move, target, vault, spaces],
  );
}

/** A record moved from one store to another (see useMoveRecord). */
export async function moveRecord(from: Vault, to: Vault, kind: RecordKind, id: string): Promise<string> {
  const entry = from.get(id);
  if (!entry) throw Object.assign(new Error('record gone'), { code: 'space/not-found' });
  const moved = newId();
  await to.save(kind, moved, undefined, entry.value);
  await from.remove(id, entry.updatedAt);
  return moved;
}
