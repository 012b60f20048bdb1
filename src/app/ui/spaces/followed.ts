// The member's vault and every shared space's open on the device, read as one (docs/spaces-plan.md §5): what search
// follows, so a query finds a space's records beside the member's own. A record lives in exactly one store and ids
// are drawn at random, so the union is plain.
import type { SpaceShelf } from '../../spaces/model.js';
import type { Vault, VaultEntry, VaultState } from '../../vault/vault.js';

/** What search follows of a vault (modules/search/search-feed.ts FollowedVault has this shape). */
export interface FollowedStores {
  readonly state: VaultState;
  all(): VaultEntry[];
  get(id: string): VaultEntry | undefined;
  subscribe(listener: () => void): () => void;
}

/** The member's vault with the shelf's spaces; with no shelf, the member's vault itself. */
export function followedStores(member: Vault, shelf: SpaceShelf | null): FollowedStores {
  if (!shelf) return member;
  const spaces = () => shelf.spaces().map((space) => space.vault);
  return {
    get state() {
      return member.state;
    },
    all: () => [...member.all(), ...spaces().flatMap((vault) => vault.all())],
    get: (id) =>
      member.get(id) ??
      spaces().reduce<VaultEntry | undefined>((found, vault) => found ?? vault.get(id), undefined),
    subscribe(listener) {
      let stopSpaces: Array<() => void> = [];
      const watchSpaces = () => {
        for (const stop of stopSpaces) stop();
        stopSpaces = spaces().map((vault) => vault.subscribe(listener));
      };
      watchSpaces();
      const stopMember = member.subscribe(listener);
      const stopShelf = shelf.subscribe(() => {
        watchSpaces();
        listener();
      });
      return () => {
        stopMember();
        stopShelf();
        for (const stop of stopSpaces) stop();
      };
    },
  };
}
