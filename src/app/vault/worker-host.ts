// A crypto worker's side of the messages (protocol.ts): each request is answered by the handler its method names,
// large byte arrays sent back by transfer. The worker itself is made where the app puts its parts together
// (src/app/platform/crypto.worker.ts), with the vault's handlers and the other parts' jobs.
import type { SealedChunk, SealedRecord, VaultHeader } from './crypto.js';
import type { PageBundle } from './db.js';
import type { WorkerHandlers, WorkerRequest, WorkerResponse } from './protocol.js';

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

/** The answer to one request: the handler's result, or what it failed with (a method no handler answers, too). */
export async function answer(handlers: WorkerHandlers, request: WorkerRequest): Promise<WorkerResponse> {
  const { id, method, args } = request;
  try {
    if (!Object.hasOwn(handlers, method)) throw new Error(`no worker method ${method}`);
    const handler = handlers[method] as (...values: unknown[]) => Promise<unknown>;
    return { id, ok: true, result: await handler(...args) };
  } catch (error) {
    return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Answers this worker's requests with `handlers`. */
export function serveWorker(handlers: WorkerHandlers): void {
  self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
    const response = await answer(handlers, event.data);
    postMessage(response, { transfer: response.ok ? transferables(response.result) : [] });
  };
}
