// Who added a record of a shared space and who last changed it, and when (docs/spaces-plan.md §3, "Who, when,
// conflicts"): the `authors` table (db.ts) is written in the very transaction that writes the record — a save here
// (vault/store.ts: the member of the space store, at the record's stamp) or a verified change received (sync's
// applyRemote: its author, when it was made). The member's own vault writes none: it has one author.
import type { AuthorRow, VaultDatabase } from './db.js';

/**
 * A record written (or deleted) by `by` at `at` (ms); `added`: who added it and when, when that is known apart (a
 * snapshot's authors: snapshots.ts).
 */
export interface AuthorNote {
  id: string;
  by: string;
  at: number;
  deleted: boolean;
  added?: { by: string; at: number };
}

/**
 * Keeps who wrote each record noted, inside a transaction holding `db.authors`: the first author stays the one who
 * added it, the last the one who changed it; a deleted record's row goes with it.
 */
export async function noteAuthors(db: VaultDatabase, notes: readonly AuthorNote[]): Promise<void> {
  if (notes.length === 0) return;
  const gone = notes.filter((note) => note.deleted).map((note) => note.id);
  const written = notes.filter((note) => !note.deleted);
  const known = await db.authors.bulkGet(written.map((note) => note.id));
  const rows = new Map<string, AuthorRow>();
  written.forEach((note, index) => {
    // A record written twice in one transaction keeps the first as its adding.
    const before = rows.get(note.id) ?? known[index];
    rows.set(note.id, {
      id: note.id,
      addedBy: before?.addedBy ?? note.added?.by ?? note.by,
      addedAt: before?.addedAt ?? note.added?.at ?? note.at,
      changedBy: note.by,
      changedAt: note.at,
    });
  });
  if (gone.length > 0) await db.authors.bulkDelete(gone);
  if (rows.size > 0) await db.authors.bulkPut([...rows.values()]);
}

/**
 * The member whose space store a vault database is (its id `<member>~space~<space>~<epoch>`: vault/space-stores.ts),
 * or null for a member's own vault.
 */
export function spaceStoreMember(storeId: string): string | null {
  const at = storeId.indexOf('~space~');
  return at > 0 ? storeId.slice(0, at) : null;
}

/** When a change was made, as its `madeAt` (ISO time, or ms) says; `fallback` when it carries none or a bad one. */
export function madeAtOf(madeAt: unknown, fallback: number): number {
  const at =
    typeof madeAt === 'string' ? Date.parse(madeAt) : typeof madeAt === 'number' ? madeAt : Number.NaN;
  return Number.isFinite(at) ? at : fallback;
}
