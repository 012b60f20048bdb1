// What search may read of each record, taken on the page from the vault's opened entries and sent to the search
// worker: per module, the fields a member would look a record up by. A secret field of personal info (a password,
// a card, account or ID number) is never taken, so no query can find a record by it, and it never reaches the
// worker. Values come as stored (another version, another device): anything not of the expected shape is left out.
import type { RecordKind, VaultEntry } from '../../vault/vault.js';
import { ledgerText } from '../ledger/copy.js';
import { fieldsOf, isPersonalKind } from '../personal/kinds.js';
import type { SearchableRecord, SearchModule } from './protocol.js';

/** The module (and app screen) that lists each kind of record. */
export const MODULE_OF_KIND: Partial<Record<RecordKind, SearchModule>> = {
  event: 'schedule',
  memo: 'diary',
  personal: 'personal',
  document: 'documents',
  ledger: 'ledger',
  anniversaries: 'anniversaries',
};

type Fields = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A ledger key (a default category or payment) in both languages, or the member's own word as it is. */
function bothLanguages(key: string, ko: Record<string, string>, en: Record<string, string>): string[] {
  return Object.hasOwn(ko, key) ? [ko[key]!, en[key] ?? ''] : [key];
}

const FIELDS: Record<SearchModule, (value: Fields) => string[] | null> = {
  schedule: (event) => [text(event.title), text(event.memo)],
  diary: (memo) => [
    text(memo.title),
    text(memo.body),
    Array.isArray(memo.tags) ? memo.tags.filter((tag) => typeof tag === 'string').join(' ') : '',
  ],
  personal: (record) => {
    const { kind, fields } = record;
    if (!isPersonalKind(kind) || !isFields(fields)) return null;
    return [
      text(record.title),
      ...fieldsOf(kind)
        .filter((field) => !field.secret)
        .map((field) => text(fields[field.key])),
    ];
  },
  documents: (document) => [text(document.name)],
  ledger: (entry) => [
    text(entry.memo),
    ...bothLanguages(text(entry.category), ledgerText.ko.categories, ledgerText.en.categories),
    ...bothLanguages(text(entry.payment), ledgerText.ko.payments, ledgerText.en.payments),
  ],
  anniversaries: (anniversary) => [text(anniversary.name)],
};

/** What search may read of one entry; null for a kind search does not look in or a value of no known shape. */
export function searchableOf(entry: VaultEntry): SearchableRecord | null {
  const module = MODULE_OF_KIND[entry.kind];
  if (!module || !isFields(entry.value)) return null;
  const fields = FIELDS[module](entry.value);
  return fields ? { id: entry.id, module, updatedAt: entry.updatedAt, fields } : null;
}
