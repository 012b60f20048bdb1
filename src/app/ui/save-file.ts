// Hands decrypted bytes to the browser's download, then lets go of them.
import type { DocumentMeta, Vault, VaultEntry } from '../vault/vault.js';

/** Safari may still be reading the blob when click() returns; revoking at once can cut the download short. */
const REVOKE_AFTER_MS = 10_000;

export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export type DownloadResult = 'saved' | 'damaged' | 'failed';

/** Decrypts a document (unless its bytes are already at hand) and downloads it under its own name. */
export async function downloadDocument(
  vault: Vault,
  entry: VaultEntry<DocumentMeta>,
  decrypted?: Blob,
): Promise<DownloadResult> {
  try {
    const blob = decrypted ?? (await vault.readDocument(entry.id));
    if (!blob) return 'damaged';
    saveFile(blob, entry.value.name);
    return 'saved';
  } catch {
    return 'failed';
  }
}
