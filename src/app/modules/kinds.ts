// The registry of record kinds: each module's declaration of the kinds it owns (its kind.ts), listed once. This is
// the one file that names the modules; search, the conflict list, import, export and backup read the kinds from here.
// The list's order is search's order of results (RECORD_SCREENS).
import type { ItemKind, KindDeclaration } from '../records/kind.js';
import { documentKind } from './documents/kind.js';
import { ledgerKind } from './ledger/kind.js';
import { memoKind } from './memo/kind.js';
import { personalKind } from './personal/kind.js';
import { anniversaryKind, eventKind } from './schedule/kind.js';

/** Every kind by its name, each typed as declared (an export's values, an import's records). */
export const KIND = {
  event: eventKind,
  memo: memoKind,
  personal: personalKind,
  document: documentKind,
  ledger: ledgerKind,
  anniversaries: anniversaryKind,
} as const satisfies { [K in ItemKind]: KindDeclaration & { kind: K } };

/** The declarations, in the order search shows their screens. */
export const KINDS: readonly KindDeclaration[] = [
  eventKind,
  memoKind,
  personalKind,
  documentKind,
  ledgerKind,
  anniversaryKind,
] as KindDeclaration[];

const byKind = new Map<string, KindDeclaration>(KINDS.map((declaration) => [declaration.kind, declaration]));

/** The declaration of a stored record's kind; undefined for one that is no item (the settings) or unknown. */
export function kindOf(kind: string): KindDeclaration | undefined {
  return byKind.get(kind);
}

/** The kinds an import may add, in the order its preview lists them. */
export const IMPORT_KINDS = ['personal', 'memo', 'event', 'ledger'] as const satisfies readonly ItemKind[];
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The record an import adds of each kind, as the kind declares it. */
export type ImportValues = {
  [K in ImportKind]: (typeof KIND)[K] extends KindDeclaration<infer T, unknown> ? T : never;
};

/** What an export takes of each kind, as the kind declares it. */
export type ExportValue<K extends ItemKind> =
  (typeof KIND)[K] extends KindDeclaration<unknown, infer E> ? E : never;
