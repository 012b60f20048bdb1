// Conflict copies (docs/sync.md): when two devices changed the same field of a record two ways, the other side is
// kept as a record of its own whose value names the record it is a copy of (`conflictOf`) and, where the series
// knows it (a shared space), who made the version it conflicts with (`conflictBy`) and who made the copy's own
// (`conflictFrom`), until the member keeps one of the two. Lists mark it, and money counts it once.
import { ITEM_KINDS, type SyncedVault, type VaultEntry } from '../vault/vault.js';

/** What marks a record's value as a conflict copy: neither is the record's own, and keeping the copy drops both. */
export type ConflictMarks = { conflictOf: string; conflictBy?: string; conflictFrom?: string };

/** The marks a conflict copy's value carries (taken off when the copy is kept or its fields compared). */
export const CONFLICT_MARKS: ReadonlySet<string> = new Set(['conflictOf', 'conflictBy', 'conflictFrom']);

/** Whether a record's value is a conflict copy waiting for the member. */
export function isConflictCopy(value: unknown): value is ConflictMarks {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { conflictOf?: unknown }).conflictOf === 'string'
  );
}

/** Records kept as the other side of a conflict, waiting for the member. */
export function conflictCopies(vault: Pick<SyncedVault, 'list'>): Array<VaultEntry<ConflictMarks>> {
  return ITEM_KINDS.flatMap((kind) =>
    vault.list<unknown>(kind).filter((entry) => isConflictCopy(entry.value)),
  ) as Array<VaultEntry<ConflictMarks>>;
}
