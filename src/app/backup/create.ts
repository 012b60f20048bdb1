// Making a backup of the vault as it rests on the device (records still sealed), in either format, written as it
// is read: the documents' chunks come from IndexedDB a few at a time, so a vault of any size backs up in little
// memory.
import { ahead } from '../../client/lanes.js';
import type { BackedUpVault } from '../vault/vault.js';
import { CHUNKS_AHEAD, writeBackup, type BackupKind } from './format.js';

export async function createBackup(vault: BackedUpVault, kind: BackupKind): Promise<Blob> {
  const { header, records, chunkKeys } = await vault.sealedContents();
  return writeBackup(kind, {
    createdAt: new Date().toISOString(),
    header,
    records,
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
