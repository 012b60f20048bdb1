// Conflict copies (docs/sync.md): when two devices changed the same field of a record two ways, the other side is
// kept as a record of its own whose value names the record it is a copy of (`conflictOf`), until the member keeps
// one of the two. Lists mark it, and money counts it once.
import { ITEM_KINDS, type SyncedVault, type VaultEntry } from '../vault/vault.js';

/** Whether a record's value is a conflict copy waiting for the member. */
export function isConflictCopy(value: unknown): value is { conflictOf: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { conflictOf?: unknown }).conflictOf === 'string'
  );
}

/** Records kept as the other side of a conflict, waiting for the member. */
export function conflictCopies(vault: Pick<SyncedVault, 'list'>): Array<VaultEntry<{ conflictOf: string }>> {
  return ITEM_KINDS.flatMap((kind) =>
    vault.list<unknown>(kind).filter((entry) => isConflictCopy(entry.value)),
  ) as Array<VaultEntry<{ conflictOf: string }>>;
}
