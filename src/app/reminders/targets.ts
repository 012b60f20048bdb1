// The member's devices that reminders are sealed for, as the vault keeps them: each device that turned reminders on
// writes its push subscription's keys (p256dh, auth) beside the id the server gave its endpoint, so every device of
// the member — through sync — can seal a reminder for all of them. The keys never go to the server: it could not
// open a reminder, nor make one a device would show. Kept as records of kind 'settings' (as the detail gate's
// count is): they are the app's own, not an item a member lists, searches or exports.
import type { Vault } from '../vault/vault.js';

/** The vault id of a device's push target: this prefix and the endpoint's id on the server. */
export const PUSH_TARGET_PREFIX = 'push-target:';

export interface PushTarget {
  /** The id the server gave the device's push endpoint. */
  endpointId: string;
  /** The subscription's keys, base64url (PushSubscription.toJSON().keys). */
  p256dh: string;
  auth: string;
  /** The device as the member knows it ("Chrome on Android"). */
  name: string;
  /** When it was turned on (ms since the epoch). */
  addedAt: number;
}

/** Base64url without its padding (browsers write it either way), or null for what is not base64url. */
export function unpadded(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const bare = value.replace(/=+$/, '');
  return /^[A-Za-z0-9_-]+$/.test(bare) ? bare : null;
}

/** A stored value as a push target, or null when it does not have the shape of one. */
export function readPushTarget(value: unknown): PushTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const { endpointId, name, addedAt } = value as Record<string, unknown>;
  const p256dh = unpadded((value as Record<string, unknown>).p256dh);
  const auth = unpadded((value as Record<string, unknown>).auth);
  if (typeof endpointId !== 'string' || !/^[0-9a-f-]{36}$/.test(endpointId)) return null;
  // 65 bytes (an uncompressed P-256 point) and 16 bytes, in base64url.
  if (p256dh?.length !== 87 || !p256dh.startsWith('B')) return null;
  if (auth?.length !== 22) return null;
  return {
    endpointId,
    p256dh,
    auth,
    name: typeof name === 'string' ? name.slice(0, 64) : '',
    addedAt: typeof addedAt === 'number' && Number.isFinite(addedAt) ? addedAt : 0,
  };
}

/** The devices reminders are sealed for, as this vault knows them, in a stable order. */
export function pushTargets(vault: Pick<Vault, 'list'>): PushTarget[] {
  return vault
    .list<unknown>('settings')
    .filter((entry) => entry.id.startsWith(PUSH_TARGET_PREFIX))
    .map((entry) => readPushTarget(entry.value))
    .filter((target): target is PushTarget => target !== null)
    .sort((a, b) => (a.endpointId < b.endpointId ? -1 : a.endpointId > b.endpointId ? 1 : 0));
}

/** Keeps (or updates) a device's push target. */
export async function keepPushTarget(vault: Pick<Vault, 'get' | 'save'>, target: PushTarget): Promise<void> {
  const id = PUSH_TARGET_PREFIX + target.endpointId;
  const stored = vault.get<PushTarget>(id)?.value;
  if (stored && readPushTarget(stored) && JSON.stringify(readPushTarget(stored)) === JSON.stringify(target))
    return;
  await vault.save('settings', id, stored, target);
}

/** Forgets a device's push target (reminders are no longer sealed for it). */
export async function forgetPushTarget(
  vault: Pick<Vault, 'get' | 'remove'>,
  endpointId: string,
): Promise<void> {
  const id = PUSH_TARGET_PREFIX + endpointId;
  if (vault.get(id)) await vault.remove(id);
}
