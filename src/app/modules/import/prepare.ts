// What an import plan becomes before it is written: records the vault already holds are set aside (a file
// imported twice adds nothing), a ledger's categories follow the member's mapping, and the rest gets ids.
import { newId, type VaultEntry } from '../../vault/vault.js';
import { recordKey, type ImportItem, type ImportKind, type ImportPlan } from './plan.js';

export interface Split {
  fresh: ImportItem[];
  /** Items whose record is in the vault already, by kind. */
  already: ImportItem[];
}

/**
 * Splits the plan's items into new ones and those the vault already holds, one for one: a record found twice in the
 * file but once in the vault is one already there and one new (two equal payments on one day are two payments).
 */
export function splitAlreadyThere(items: readonly ImportItem[], existing: readonly VaultEntry[]): Split {
  const kinds = new Set(items.map((item) => item.kind));
  const left = new Map<string, number>();
  for (const entry of existing) {
    if (!kinds.has(entry.kind as ImportKind)) continue;
    const key = recordKey(entry.kind as ImportKind, entry.value);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  const fresh: ImportItem[] = [];
  const already: ImportItem[] = [];
  for (const item of items) {
    const count = left.get(item.key) ?? 0;
    if (count > 0) {
      left.set(item.key, count - 1);
      already.push(item);
    } else fresh.push(item);
  }
  return { fresh, already };
}

/** How many items of each kind. */
export function countByKind(items: readonly ImportItem[]): Map<ImportKind, number> {
  const counts = new Map<ImportKind, number>();
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
  return counts;
}

/** The category names the file used, each with how many entries use it and the category chosen for it. */
export function sourceCategories(
  items: readonly ImportItem[],
): Array<{ name: string; count: number; to: string }> {
  const found = new Map<string, { count: number; to: string }>();
  for (const item of items) {
    if (item.kind !== 'ledger' || item.sourceCategory === undefined) continue;
    const seen = found.get(item.sourceCategory);
    if (seen) seen.count += 1;
    else found.set(item.sourceCategory, { count: 1, to: item.value.category });
  }
  return [...found].map(([name, { count, to }]) => ({ name, count, to }));
}

/** The plan's ledger entries with each file category mapped as the member chose (others as the importer chose). */
export function withCategories(plan: ImportPlan, chosen: ReadonlyMap<string, string>): ImportPlan {
  if (chosen.size === 0) return plan;
  const items = plan.items.map((item): ImportItem => {
    if (item.kind !== 'ledger' || item.sourceCategory === undefined) return item;
    const category = chosen.get(item.sourceCategory);
    if (category === undefined || category === item.value.category) return item;
    const value = { ...item.value, category };
    return { ...item, value, key: recordKey('ledger', value) };
  });
  return { ...plan, items };
}

/** The records and the files to write: each item a new id, each attachment a file linked to its record. */
export function toWrites(items: readonly ImportItem[]): {
  records: Array<{ kind: ImportKind; id: string; value: unknown }>;
  files: Array<{ recordId: string; file: File }>;
} {
  const records: Array<{ kind: ImportKind; id: string; value: unknown }> = [];
  const files: Array<{ recordId: string; file: File }> = [];
  for (const item of items) {
    const id = newId();
    records.push({ kind: item.kind, id, value: item.value });
    for (const attachment of item.attachments ?? []) {
      files.push({
        recordId: id,
        file: new File([attachment.bytes as Uint8Array<ArrayBuffer>], attachment.name, {
          type: attachment.type,
        }),
      });
    }
  }
  return { records, files };
}
