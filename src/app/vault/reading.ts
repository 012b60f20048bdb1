// Reading the vault from the disk into entries (a part of the vault's records room): all of it at unlock, the sealed
// rows opened in the workers as they are read; or a few records another tab wrote. A record that does not open is
// reported damaged, never shown as data.
import { ahead } from '../../client/lanes.js';
import type { StoredRecord } from './db.js';
import type { CryptoPool } from './pool.js';
import { entriesOf, parsePage } from './sealed-pages.js';
import type { RecordKind, VaultEntry } from './entries.js';
import type { StoredContents } from './records.js';
import type { VaultStore } from './store.js';

/** Everything the disk holds, opened: entries in the order they are to be taken (a later copy of an id wins). */
export async function readEverything(
  store: VaultStore,
  pool: CryptoPool,
): Promise<{
  entries: VaultEntry[];
  damaged: string[];
  /** The documents that have a record (their chunks are kept; others' are swept). */
  documents: Set<string>;
  readMs: number;
  decryptMs: number;
}> {
  const started = performance.now();
  // Sealed rows are opened in the workers as they are read, and each batch parsed here as it comes back.
  const parsing: Array<Promise<Array<unknown[] | null>>> = [];
  const stored = await store.contents((rows) => {
    const texts = pool.openPageTexts(rows.map((row) => row.sealed));
    const batch = texts.then((opened) => opened.map(parsePage));
    // Met by Promise.all below once everything is read; until then a failure must not count as unhandled.
    batch.catch(() => undefined);
    parsing.push(batch);
  });
  const read = performance.now();
  const [opened, parsedBatches] = await Promise.all([pool.openMany(stored.records), Promise.all(parsing)]);
  const { entries, damaged } = intoEntries(stored, parsedBatches.flat(), opened);
  const documents = new Set(
    stored.records.filter((record) => record.kind === 'document').map((record) => record.id),
  );
  return { entries, damaged, documents, readMs: read - started, decryptMs: performance.now() - read };
}

/**
 * Entries from what was read: the live records of each sealed row (`pages`: each row's page, parsed; an empty row
 * has none) and the loose records (`opened`), in that order, so a loose copy of an id comes after a sealed one.
 */
function intoEntries(
  stored: StoredContents,
  pages: Array<unknown[] | null>,
  opened: ReadonlyArray<{ ok: boolean; value?: unknown }>,
): { entries: VaultEntry[]; damaged: string[] } {
  const entries: VaultEntry[] = [];
  const damaged: string[] = [];
  stored.bundles.forEach((bundle, index) => {
    if (bundle.live.length === 0) return;
    const page = entriesOf(pages[index] ?? null, bundle.live);
    for (const [id, kind, updatedAt, value] of page.entries) {
      entries.push({ id, kind: kind as RecordKind, value, updatedAt });
    }
    damaged.push(...page.damaged);
  });
  opened.forEach((result, index) => {
    const record = stored.records[index]!;
    if (result.ok) {
      entries.push({
        id: record.id,
        kind: record.kind as RecordKind,
        value: result.value,
        updatedAt: record.updatedAt,
      });
    } else {
      damaged.push(record.id);
    }
  });
  return { entries, damaged };
}

/** Stored records opened, loose and sealed many at once, into entries by id. */
export async function openContents(
  pool: CryptoPool,
  stored: StoredContents,
): Promise<{ entries: Map<string, VaultEntry>; damaged: string[] }> {
  const bundles = stored.bundles.filter((bundle) => bundle.live.length > 0);
  const [opened, texts] = await Promise.all([
    pool.openMany(stored.records),
    bundles.length > 0 ? pool.openPageTexts(bundles.map((bundle) => bundle.sealed)) : [],
  ]);
  const found = intoEntries({ ...stored, bundles }, texts.map(parsePage), opened);
  const entries = new Map(found.entries.map((entry) => [entry.id, entry]));
  const damaged = found.damaged;
  return { entries, damaged };
}

/**
 * Every record as it rests on the device, for a backup (src/app/backup/create.ts), each sealed on its own (rows
 * sealed as one are opened and their records sealed again, a few rows under way in the workers, each let go once
 * done), records that did not open (`damaged`) left out; and the keys of its documents' chunks.
 */
export async function sealedEverything(
  store: VaultStore,
  pool: CryptoPool,
  damaged: ReadonlySet<string>,
): Promise<{ records: StoredRecord[]; chunkKeys: Array<[documentId: string, index: number]> }> {
  const { records: loose, bundles: read } = await store.contents();
  const bundles = read.filter((bundle) => bundle.live.length > 0);
  const records = loose.filter((record) => !damaged.has(record.id));
  const drained = (function* () {
    while (bundles.length > 0) yield bundles.shift()!;
  })();
  for await (const [, page] of ahead(drained, 4, (bundle) => pool.unbundlePage(bundle))) {
    for (const record of page.records) if (!damaged.has(record.id)) records.push(record);
  }
  const documents = new Set(
    records.filter((record) => record.kind === 'document').map((record) => record.id),
  );
  const chunkKeys = (await store.chunkKeys()).filter(([documentId]) => documents.has(documentId));
  return { records, chunkKeys };
}

/**
 * The records of `ids` as the disk holds them now, each sealed on its own (loose ones as stored, those in a row
 * sealed as one opened and sealed again): what another tab wrote is here even before this tab has heard of it,
 * which its copy in memory is not. A record not stored, or that does not open, is not in the map.
 */
export async function sealedAsStored(
  store: VaultStore,
  pool: CryptoPool,
  ids: string[],
): Promise<Map<string, Uint8Array<ArrayBuffer>>> {
  const found = new Map<string, Uint8Array<ArrayBuffer>>();
  if (ids.length === 0) return found;
  const wanted = new Set(ids);
  const { records, bundles } = await store.readRecords(ids);
  for (const record of records) found.set(record.id, record.sealed);
  const pages = await Promise.all(
    bundles
      .filter((bundle) => bundle.live.some((ref) => wanted.has(ref.id)))
      .map((bundle) => pool.unbundlePage(bundle)),
  );
  for (const page of pages) {
    for (const record of page.records) if (wanted.has(record.id)) found.set(record.id, record.sealed);
  }
  return found;
}
