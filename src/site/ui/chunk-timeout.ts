// A part of the site loaded on demand (a page, a dialog) that does not arrive in time fails as one error, which the
// page's boundary turns into a "reload" message (src/client/ui/ChunkErrorBoundary.tsx).
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants.js';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A part of the site that does not arrive within CHUNK_LOAD_TIMEOUT_MS, or fails to, is a ChunkLoadError. */
export function withChunkTimeout<T>(loading: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timed out')), timeoutMs);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}
