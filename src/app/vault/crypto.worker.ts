// A crypto worker: holds the unlocked data key and does the vault's WebCrypto work off the page's thread.
import type { SealedChunk, SealedRecord, VaultHeader } from './crypto.js';
import { cryptoApi } from './crypto-api.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import type { PageBundle } from './db.js';

const api = cryptoApi();

/** Large byte arrays go back by transfer, not by copy. */
function transferables(result: unknown): Transferable[] {
  if (result instanceof Uint8Array) return [result.buffer];
  if (Array.isArray(result)) return result.flatMap(transferables);
  const bundle = result as Partial<PageBundle> | null;
  if (bundle?.sealed instanceof Uint8Array && Array.isArray(bundle.live)) return [bundle.sealed.buffer];
  const chunk = result as Partial<SealedChunk & SealedRecord & { header: VaultHeader }> | null;
  if (chunk && chunk.data instanceof Uint8Array && chunk.iv instanceof Uint8Array && !('kind' in chunk)) {
    return [chunk.data.buffer];
  }
  return [];
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, method, args } = event.data;
  let response: WorkerResponse;
  try {
    const handler = api[method] as (...values: unknown[]) => Promise<unknown>;
    response = { id, ok: true, result: await handler(...args) };
  } catch (error) {
    response = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(response, { transfer: response.ok ? transferables(response.result) : [] });
};
