// Renaming a device of the sync list: PATCH /api/sync/devices/:id {name} answers the device (the route
// `syncRenameDevice`, joining the API table with the server's side). Until then it is sent here by path, with the
// same failures `call` gives: a refused name is `request/invalid`, no answer is `network`.
import { ApiFailure, failureOf, networkTimeoutMs } from '../../client/api.js';
import type { z } from '../../shared/zod.js';
import type { syncDevice } from '../../shared/schemas/sync.js';

export type SyncDevice = z.infer<typeof syncDevice>;

export async function renameSyncDevice(id: string, name: string): Promise<SyncDevice> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), networkTimeoutMs());
  let response: Response;
  try {
    response = await fetch(`/api/sync/devices/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    throw new ApiFailure('network', 0);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw await failureOf(response);
  try {
    return (await response.json()) as SyncDevice;
  } catch {
    throw new ApiFailure('server/internal', response.status);
  }
}
