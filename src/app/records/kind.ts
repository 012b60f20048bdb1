// What a record kind declares, once, in the module that owns it (modules/<module>/kind.ts): its schema, how search
// reads and names it, how its values read in a sync conflict, what finds it again on an import, and what an export
// takes of it. The registry (modules/kinds.ts) lists the declarations; search, the conflict list, import, export and
// backup read the registry and name no module. The types here import nothing of a module.
import type { Language } from '../../shared/constants.js';
import type { DocumentMeta, ITEM_KINDS, Vault } from '../vault/vault.js';

/** The kinds of record a member keeps (the vault's ITEM_KINDS: every kind but the settings). */
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The screens that list records, in the order search shows their results (the app's navigation names them). */
export const RECORD_SCREENS = [
  'schedule',
  'diary',
  'personal',
  'documents',
  'ledger',
  'anniversaries',
] as const;
export type RecordScreen = (typeof RECORD_SCREENS)[number];

/** A record's value as stored: whatever another version or device wrote, so every field is read with care. */
export type Fields = Record<string, unknown>;

/** A plain value of a record, at a path ('amount', 'fields.bank'). */
export type Leaf = string | number | boolean;

/** Writes one value of a record (at `path`, in `record`) for a person; the plain value when there is no rule. */
export type LeafFormat = (path: string, value: Leaf, record: Fields) => string;

/** How a search result names its record: a title and a line about it (a date, a kind, an amount). */
export interface ResultLabel {
  title: string;
  meta: string;
}

/** What an export reads of the vault. */
export type ExportSource = Pick<Vault, 'list' | 'readDocument'>;

/** A document linked to a record, as an export carries it. */
export interface ExportAttachment {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface KindDeclaration<T = unknown, E = unknown> {
  /** The vault's record kind. */
  kind: ItemKind;
  /** The screen that lists it: where search groups its results and opens them. */
  screen: RecordScreen;
  /** Its schema: a stored value as a record of the kind, or null when it does not have the kind's shape. */
  read(value: unknown): T | null;
  search: {
    /** The fields a member would look a record up by, title first (never a secret); null for no known shape. */
    fields(value: Fields): string[] | null;
    /**
     * Words that find the record but are never shown as what was found: names the result's line writes in the
     * member's language (a ledger's default category, in both languages), so a match does not show the other one.
     */
    aliases?(value: Fields): string[];
    /** A result's title and line, as the kind's own list names the record. */
    label(value: Fields, lang: Language): ResultLabel;
  };
  conflict: {
    /** How each value reads in the conflict list, as the kind's screen writes it. */
    format(lang: Language): LeafFormat;
  };
  /** How an import meets the kind; null for a kind no importer makes. */
  import: {
    /** What makes a record the same one again, as one string (a file imported twice adds nothing). */
    key(value: T): string;
    /** A record already in the vault may still be added again (two equal payments on one day are two payments). */
    mayRepeat: boolean;
    /** One line of the import's preview: a tag (a date, a kind) and the rest, as the kind's list would say it. */
    line(value: T, lang: Language): { tag: string; text: string };
  } | null;
  /** What an export takes of the vault; null for a kind no export writes. */
  export: {
    /** The kind's records as its export writers take them. */
    values(source: ExportSource): Promise<E[]>;
  } | null;
}

/** The documents linked to a record, with their bytes, for an export that carries them. */
export async function attachmentsOf(source: ExportSource, recordId: string): Promise<ExportAttachment[]> {
  return Promise.all(
    source
      .list<DocumentMeta>('document')
      .filter((document) => document.value.linkedTo === recordId)
      .map(async (document) => ({
        name: document.value.name,
        type: document.value.type,
        bytes: new Uint8Array(await ((await source.readDocument(document.id)) ?? new Blob()).arrayBuffer()),
      })),
  );
}
