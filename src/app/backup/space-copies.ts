// The member's own copy of the shared spaces they belong to, for a backup (docs/backup-format.md, "Writing"): each
// space vault's current records, as that vault holds them opened, sealed again under the member's data key and
// named by their space's id, and each space's name and colour sealed the same way. The member's master password
// alone reads the backup then, whatever becomes of the spaces and their keys.
import { ahead } from '../../client/lanes.js';
import type { SpaceTag } from '../../shared/spaces/colours.js';
import { ITEM_KINDS, type SyncedVault, type Vault, type VaultEntry } from '../vault/vault.js';
import { sealSpaceTag, type BackupRecord, type BackupSpace } from './format.js';

/**
 * A shared space as a backup reads it: its tag and its open vault. The spaces service's shelf (SpaceShelf and
 * ShelfSpace, src/app/spaces/model.ts) is one; named here so that the backup needs no more of the spaces than this.
 */
export interface CopiedSpace {
  tag: SpaceTag;
  /** Its records (`all`) for a backup; by kind (`list`, `readDocument`) for an export. */
  vault: Pick<Vault, 'state' | 'all' | 'list' | 'readDocument'>;
}

/** The space vaults open on this device (the spaces service's SpaceShelf), as backups, restores and exports read them. */
export interface BackupShelf {
  spaces(): readonly CopiedSpace[];
}

/**
 * The kinds copied: a space's items. Its `settings` record (the space's name, colour and its members' names for
 * each other) is the space's, its name and colour going in as the tag; and no document, whose chunks stay in the
 * space (a copy without them would restore a file that cannot be read).
 */
const COPIED = new Set<string>(ITEM_KINDS.filter((kind) => kind !== 'document'));

/** Records sealed at once: enough to keep both crypto workers busy, few enough that memory holds only the sealed. */
const SEALS_AHEAD = 32;

export interface SpaceCopies {
  records: BackupRecord[];
  spaces: BackupSpace[];
}

/**
 * The copies of `spaces` (the shelf's: ready spaces, their vaults open) sealed with `member`'s key. `own`: the
 * member's records in the backup. A record id the backup holds already (the member's, or another space's) is
 * left out, the member's own first: a backup names each record once, and ids are random, so this is a copy met
 * twice, never two records. A space whose vault is not open (closing, rotating) is left out with its tag.
 */
export async function spaceCopies(
  member: Pick<SyncedVault, 'seal'>,
  spaces: readonly CopiedSpace[],
  own: readonly { id: string }[],
): Promise<SpaceCopies> {
  const seen = new Set(own.map((record) => record.id));
  const records: BackupRecord[] = [];
  const tags: BackupSpace[] = [];
  const sealTag = (kind: string, id: string, value: unknown) => member.seal(kind, id, value);
  for (const space of spaces) {
    if (space.vault.state !== 'unlocked' || tags.some((tag) => tag.id === space.tag.id)) continue;
    tags.push(await sealSpaceTag(sealTag, space.tag));
    const entries = space.vault.all().filter((entry) => {
      if (!COPIED.has(entry.kind) || seen.has(entry.id)) return false;
      seen.add(entry.id);
      return true;
    });
    // A space of ten thousand entries is sealed a few dozen at a time, not ten thousand messages at once.
    const sealed = ahead(entries, SEALS_AHEAD, (entry: VaultEntry) =>
      member.seal(entry.kind, entry.id, entry.value),
    );
    for await (const [entry, { sealed: bytes }] of sealed) {
      records.push({
        id: entry.id,
        kind: entry.kind,
        updatedAt: entry.updatedAt,
        sealed: bytes,
        space: space.tag.id,
      });
    }
  }
  return { records, spaces: tags };
}
