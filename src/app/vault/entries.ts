// What the vault holds, as every room of it and the modules see it: the kinds of record, an entry, a new id.
import { randomBytes } from './crypto.js';

/** The member's items, by kind (what the modules keep). */
export const ITEM_KINDS = ['event', 'memo', 'personal', 'document', 'ledger', 'anniversaries'] as const;
export type RecordKind = (typeof ITEM_KINDS)[number] | 'settings';

export interface VaultEntry<T = unknown> {
  id: string;
  kind: RecordKind;
  value: T;
  updatedAt: number;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** Random bytes for ids, drawn 4 KiB at a time: each draw costs microseconds, and an import makes 50,000 ids. */
let idBytes = new Uint8Array(0);
let idAt = 0;

/** A new record id: 128 random bits as 32 hex digits. */
export function newId(): string {
  if (idAt + 16 > idBytes.length) {
    idBytes = randomBytes(4096);
    idAt = 0;
  }
  let id = '';
  for (let end = idAt + 16; idAt < end; idAt++) id += HEX[idBytes[idAt]!];
  return id;
}
