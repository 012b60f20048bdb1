// What search may read of each record, taken on the page from the vault's opened entries and sent to the search
// worker: per kind, the fields a member would look a record up by (its `search.fields` in the registry), and words
// that find it without being shown (its `search.aliases`: names its result line writes in one language). A secret
// field of personal info (a password, a card, account or ID number) is never taken, so no query can find a record by
// it, and it never reaches the worker. Values come as stored (another version, another device): anything not of the
// expected shape is left out.
import type { RecordKind, VaultEntry } from '../../vault/vault.js';
import { isFields } from '../../records/values.js';
import { KINDS, kindOf } from '../kinds.js';
import type { SearchableRecord, SearchModule } from './protocol.js';

/** The module (and app screen) that lists each kind of record. */
export const MODULE_OF_KIND: Partial<Record<RecordKind, SearchModule>> = Object.fromEntries(
  KINDS.map((declaration) => [declaration.kind, declaration.screen]),
);

/** What search may read of one entry; null for a kind search does not look in or a value of no known shape. */
export function searchableOf(entry: VaultEntry): SearchableRecord | null {
  const declaration = kindOf(entry.kind);
  if (!declaration || !isFields(entry.value)) return null;
  const fields = declaration.search.fields(entry.value);
  if (!fields) return null;
  const aliases = declaration.search.aliases?.(entry.value).filter(Boolean) ?? [];
  return {
    id: entry.id,
    module: declaration.screen,
    updatedAt: entry.updatedAt,
    fields,
    ...(aliases.length > 0 ? { aliases } : {}),
  };
}
