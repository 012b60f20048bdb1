// A space's records carried from one epoch's store to the next on this device (docs/spaces-plan.md §3 "Rotation"):
// the edits this device made and never sent go over as edits made from nothing, each with the copy it was made from
// (the engine's rejoin rule: they are merged with what the new series holds as it arrives, never written over it);
// and, for a member who is no longer in the space, the same edits offered as records of their own.
import { BASE_IS_RECORD } from '../vault/db.js';
import { SyncStore } from '../sync/store.js';
import { newId, type RecordKind, type Vault } from '../vault/vault.js';

/** An edit made on this device in an epoch's store and not sent: the record as edited (null: a deletion). */
export interface UnsentEdit {
  id: string;
  kind: string;
  value: unknown;
  /** The record as it was when the edit was made (null: new here, or no copy kept). */
  base: unknown;
}

/** The edits in `vault`'s store that its engine has not sent (rows with an unsent edit), opened with its key. */
export async function unsentEdits(vault: Vault): Promise<UnsentEdit[]> {
  const rows = (await new SyncStore(vault.database).allSyncRows()).filter((row) => row.dirty === 1);
  const bases = rows.flatMap((row) =>
    row.base && row.base !== BASE_IS_RECORD ? [{ kind: row.kind, id: row.id, sealed: row.base }] : [],
  );
  const opened = await vault.open(bases);
  const baseOf = new Map(bases.map((base, index) => [base.id, opened[index]]));
  return rows.map((row) => {
    const base = baseOf.get(row.id);
    return {
      id: row.id,
      kind: row.kind,
      value: row.pending === null ? null : (vault.get(row.id)?.value ?? null),
      base: base?.ok ? base.value : null,
    };
  });
}

/**
 * Puts `edits` into a new epoch's store (its vault open with the new key, its sync started and nothing taken in yet,
 * `after` 0): each edited record is written and marked as an unsent edit with no version — so the engine takes the
 * series' snapshot first and merges each with the version there — keeping, sealed under the new key, the copy it was
 * made from as its base. Deletions are answered, to be made once the series is in (a deletion of no version is no
 * change).
 */
export async function carryEdits(next: Vault, edits: readonly UnsentEdit[]): Promise<UnsentEdit[]> {
  const written = edits.filter((edit) => edit.value !== null);
  for (const edit of written) await next.put(edit.kind as RecordKind, edit.id, edit.value);
  const rows = await Promise.all(
    written.map(async (edit) => ({
      id: edit.id,
      kind: edit.kind,
      version: null,
      base: edit.base === null ? null : (await next.seal(edit.kind, edit.id, edit.base)).sealed,
      dirty: 1 as const,
      edit: 1,
      pending: (await next.seal(edit.kind, edit.id, edit.value)).sealed,
    })),
  );
  await next.database.syncRecords.bulkPut(rows);
  return edits.filter((edit) => edit.value === null);
}

/** The record a member keeps of a space they are no longer in: marked with the space it came from. */
export const FROM_SPACE = 'fromSpace';

/**
 * A departed member's unsent edits, kept as their own records in their own vault (each under a new id, tagged
 * `fromSpace`): the space's members never received them, and the space's stores are about to go.
 */
export async function keepAsOwn(
  memberVault: Pick<Vault, 'put'>,
  spaceId: string,
  edits: readonly UnsentEdit[],
): Promise<string[]> {
  const kept: string[] = [];
  for (const edit of edits) {
    if (edit.value === null || typeof edit.value !== 'object') continue;
    const id = newId();
    await memberVault.put(edit.kind as RecordKind, id, { ...edit.value, [FROM_SPACE]: spaceId });
    kept.push(id);
  }
  return kept;
}
