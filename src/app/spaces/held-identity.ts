// The member's identity as the spaces service opens it at unlock (spaces.ts): the server's, taken as identity.ts takes
// it (made and published on first use, vouched for by the synced vault's signing key), and kept on the device sealed
// with the epoch keys (epoch-keys.ts keepValue), so the spaces open with no network from the copy last seen — still
// refused unless its secret is the very keys it lists (openPublished).
import { ApiFailure } from '../../client/api.js';
import type { SyncedVault } from '../vault/vault.js';
import type { EpochKeys } from './epoch-keys.js';
import { openPublished, takeIdentity, type PublishedIdentity } from './identity.js';
import type { MemberIdentity } from './identity-keys.js';
import { identityServer, type MembershipApi } from './space-api.js';

/** The published identity kept on the device. */
const HELD_IDENTITY = 'identity';

export const isNetwork = (error: unknown) => error instanceof ApiFailure && error.code === 'network';

/**
 * The member's identity for spaces. `off`: none can be published or opened (the member's vault is not synced, or
 * what the server holds is not sealed with this vault); `offline`: no network and none kept here.
 */
export async function spacesIdentity(
  host: {
    uid: string;
    vault: Pick<SyncedVault, 'seal' | 'open'>;
    api: MembershipApi;
    vaultSigningKey: () => Promise<CryptoKey | null>;
  },
  keys: EpochKeys,
): Promise<MemberIdentity | 'off' | 'offline'> {
  const server = identityServer(host.api);
  let seen: PublishedIdentity | null = null;
  try {
    const taken = await takeIdentity({
      uid: host.uid,
      vault: host.vault,
      server: {
        fetchIdentity: async () => (seen = await server.fetchIdentity()),
        publishIdentity: (body) => server.publishIdentity(body),
      },
      vaultSigningKey: async () => {
        const key = await host.vaultSigningKey();
        if (!key) throw new ApiFailure('space/no-synced-vault', 409);
        return key;
      },
    });
    if (!taken.ok) return 'off';
    // Just published: the server's copy is read once more, to keep the very one it lists.
    seen ??= await server.fetchIdentity();
    if (seen) await keys.keepValue(HELD_IDENTITY, seen);
    return taken.identity;
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'space/no-synced-vault') return 'off';
    if (!isNetwork(error)) throw error;
    const kept = await keys.value<PublishedIdentity>(HELD_IDENTITY);
    const opened = kept ? await openPublished(host.vault, kept) : null;
    return opened?.ok ? opened.identity : 'offline';
  }
}
