// How far this member trusts other members' keys (docs/spaces-plan.md §2, "Safety code"): the member vault's settings
// record keeps `spaceKey:<uid> = {verified, seen}`, key fingerprints — a settings key per member, so two devices'
// verifications merge key by key (vault/merge.ts) and sync to every device of the member. A key compared in person
// and unchanged is `verified`; one never compared `not-verified`; one different from the key first seen (or last
// verified) `key-changed`, in red, and no device of this member wraps a space's key to it by itself.
import type { Vault } from '../vault/vault.js';
import type { KeyTrust } from './model.js';

const SETTINGS = { kind: 'settings', id: 'settings' } as const;

/** What this member last knew of another member's key, by fingerprint. */
export interface KeySeen {
  /** The key compared in person (the safety code), null until it is. */
  verified: string | null;
  /** The key first seen, or last verified. */
  seen: string;
}

export type TrustVault = Pick<Vault, 'get' | 'save'>;
type Settings = Record<string, unknown>;

export const trustKey = (uid: string) => `spaceKey:${uid}`;

function seenOf(settings: Settings | undefined, uid: string): KeySeen | undefined {
  const value = settings?.[trustKey(uid)] as Partial<KeySeen> | undefined;
  return typeof value?.seen === 'string'
    ? { verified: typeof value.verified === 'string' ? value.verified : null, seen: value.seen }
    : undefined;
}

/** What the member's settings say of `uid`'s key with this fingerprint. */
export function keyTrust(vault: TrustVault, uid: string, fingerprint: string): KeyTrust {
  const known = seenOf(vault.get<Settings>(SETTINGS.id)?.value, uid);
  if (known?.verified === fingerprint) return 'verified';
  if (known && known.seen !== fingerprint) return 'key-changed';
  return 'not-verified';
}

async function write(vault: TrustVault, change: (settings: Settings | undefined) => Settings | null) {
  const stored = vault.get<Settings>(SETTINGS.id)?.value;
  const patch = change(stored);
  if (!patch) return;
  await vault.save<Settings>(SETTINGS.kind, SETTINGS.id, stored, { ...stored, ...patch });
}

/** Notes the keys first seen of these members (a key already noted stays, changed or not). */
export async function noteSeen(
  vault: TrustVault,
  keys: ReadonlyArray<{ uid: string; fingerprint: string }>,
): Promise<void> {
  await write(vault, (settings) => {
    const fresh = keys.filter(({ uid }) => !seenOf(settings, uid));
    if (fresh.length === 0) return null;
    return Object.fromEntries(
      fresh.map(({ uid, fingerprint }) => [trustKey(uid), { verified: null, seen: fingerprint }]),
    );
  });
}

/** The member compared the safety code: this key is verified, and the one seen from now on. */
export async function markVerified(vault: TrustVault, uid: string, fingerprint: string): Promise<void> {
  await write(vault, () => ({ [trustKey(uid)]: { verified: fingerprint, seen: fingerprint } }));
}
