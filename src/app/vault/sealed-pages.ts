// Pages of records sealed as one (src/app/vault/store.ts keeps them): what goes inside, and the work the crypto
// workers do on them. A sealed page holds a JSON array of PageEntry; its row lists in clear which of them are
// still live there (a record written since lives loose beside it, a deleted one nowhere), so writing or deleting a
// record never reopens a page, and a page is sealed again only when it is compacted.
import { parseOpened, type VaultCipher } from './crypto.js';
import type { BundledRef, PageBundle, StoredRecord } from './db.js';

/** One record inside a sealed page: its id, kind, when it last changed, and its value. */
export type PageEntry = [id: string, kind: string, updatedAt: number, value: unknown];

function isPageEntry(value: unknown): value is PageEntry {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    Number.isFinite(value[2])
  );
}

/** An opened page's entries as parsed from its text; null when it did not open or is not a list. */
export function parsePage(text: string | null): unknown[] | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The entries of a parsed page that its row lists as live, in the row's order. An entry listed but missing, or
 * listed with another time than the sealed one (the list in clear is not authenticated), is damaged, as is every
 * entry of a page that did not open.
 */
export function entriesOf(
  parsed: unknown[] | null,
  live: BundledRef[],
): { entries: PageEntry[]; damaged: string[] } {
  if (!parsed) return { entries: [], damaged: live.map((ref) => ref.id) };
  const byId = new Map<string, PageEntry>();
  for (const entry of parsed) if (isPageEntry(entry)) byId.set(entry[0], entry);
  const entries: PageEntry[] = [];
  const damaged: string[] = [];
  for (const ref of live) {
    const entry = byId.get(ref.id);
    if (entry && entry[2] === ref.updatedAt) entries.push(entry);
    else damaged.push(ref.id);
  }
  return { entries, damaged };
}

/** The live entries of a page from its opened text (see entriesOf). */
export function liveEntries(
  text: string | null,
  live: BundledRef[],
): { entries: PageEntry[]; damaged: string[] } {
  return entriesOf(parsePage(text), live);
}

type PageCipher = Pick<VaultCipher, 'openPageText' | 'openManyText' | 'sealPage' | 'seal'>;

/**
 * A page's live records — those of its sealed part and its loose ones — sealed again as one. Null when any of
 * them does not open: such a page stays as it is, so the vault goes on reporting what is damaged.
 */
export async function compactPage(
  cipher: PageCipher,
  bundle: PageBundle | undefined,
  loose: StoredRecord[],
): Promise<PageBundle | null> {
  const pieces = new Map<string, { text: string; updatedAt: number }>();
  if (bundle) {
    const { entries, damaged } = liveEntries(await cipher.openPageText(bundle.sealed), bundle.live);
    if (damaged.length > 0) return null;
    for (const entry of entries) pieces.set(entry[0], { text: JSON.stringify(entry), updatedAt: entry[2] });
  }
  const opened = await cipher.openManyText(loose);
  for (const [index, record] of loose.entries()) {
    const text = opened[index] ?? null;
    if (!parseOpened(text).ok) return null;
    const known = pieces.get(record.id);
    if (known && known.updatedAt > record.updatedAt) continue;
    const entry = `[${JSON.stringify(record.id)},${JSON.stringify(record.kind)},${record.updatedAt},${text}]`;
    pieces.set(record.id, { text: entry, updatedAt: record.updatedAt });
  }
  const live = [...pieces].map(([id, { updatedAt }]) => ({ id, updatedAt }));
  const text = `[${[...pieces.values()].map((piece) => piece.text).join(',')}]`;
  return { sealed: await cipher.sealPage(text), count: live.length, live };
}

/** A page's live records sealed each on its own again, as a backup carries them; and the ids that did not open. */
export async function unbundlePage(
  cipher: PageCipher,
  bundle: PageBundle,
): Promise<{ records: StoredRecord[]; damaged: string[] }> {
  const { entries, damaged } = liveEntries(await cipher.openPageText(bundle.sealed), bundle.live);
  const records = await Promise.all(
    entries.map(async ([id, kind, updatedAt, value]) => ({
      ...(await cipher.seal(kind, id, value)),
      updatedAt,
    })),
  );
  return { records, damaged };
}
