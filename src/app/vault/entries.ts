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

/**
 * The vault's entries by id, with a revision that every change moves on, and the revision at which each id last
 * changed: a read of the disk begun before a change must not undo it when it ends (`changedSince`).
 */
export class EntryMap extends Map<string, VaultEntry> {
  revision = 0;
  #changedAt = new Map<string, number>();
  #clearedAt = 0;

  override set(id: string, entry: VaultEntry): this {
    this.#changedAt.set(id, ++this.revision);
    return super.set(id, entry);
  }

  override delete(id: string): boolean {
    this.#changedAt.set(id, ++this.revision);
    return super.delete(id);
  }

  override clear(): void {
    this.#clearedAt = ++this.revision;
    this.#changedAt.clear();
    super.clear();
  }

  /** Whether `id` changed here (or everything did) after revision `revision`. */
  changedSince(id: string, revision: number): boolean {
    return this.#clearedAt > revision || (this.#changedAt.get(id) ?? 0) > revision;
  }
}
