// Making a backup of the vault as it rests on the device (records still sealed), in either format, written as it
// is read: the documents' chunks come from IndexedDB a few at a time, so a vault of any size backs up in little
// memory. From version 3 it carries the member's own copy of every shared space they belong to (space-copies.ts).
import { ahead } from '../../client/lanes.js';
import type { BackedUpVault, SyncedVault } from '../vault/vault.js';
import { CHUNKS_AHEAD, writeBackup, type BackupKind } from './format.js';
import { spaceCopies, type BackupShelf } from './space-copies.js';

/** What a backup takes of the member's vault: its contents as they rest, and its key to seal the spaces' copies. */
export type BackupVault = BackedUpVault & Pick<SyncedVault, 'seal'>;

/**
 * The member's backup. `shelf`: the space vaults open on this device, whose records go in sealed under the member's
 * key (null: no spaces service, or spaces off — the backup holds the member's vault alone, as before version 3).
 */
export async function createBackup(
  vault: BackupVault,
  kind: BackupKind,
  shelf: BackupShelf | null = null,
): Promise<Blob> {
  const { header, records, chunkKeys } = await vault.sealedContents();
  const copies = shelf ? await spaceCopies(vault, shelf.spaces(), records) : null;
  return writeBackup(kind, {
    createdAt: new Date().toISOString(),
    header,
    records: copies ? [...records, ...copies.records] : records,
    ...(copies ? { spaces: copies.spaces } : {}),
    // A few chunks are read at once: each read waits on the disk, and the reads overlap.
    chunks: (async function* () {
      for await (const [, chunk] of ahead(chunkKeys, CHUNKS_AHEAD, ([documentId, index]) =>
        vault.documents.chunk(documentId, index),
      )) {
        if (chunk) yield chunk;
      }
    })(),
    mac: (listing) => vault.backupMac(listing),
  });
}
