// What the vault runs on in the browser (src/app/vault/vault.ts, VaultPlatform): the member's IndexedDB database,
// two crypto workers, news between the member's tabs, and the site's check of the master password; and what a shared
// space's keyed vault runs on, one per space and key epoch.
import { STORAGE_KEYS } from '../../shared/constants.js';
import { createMasterKeyVerifier } from '../../shared/master-key.js';
import { CryptoPool, WebPoolWorker } from '../vault/pool.js';
import { SpaceStores } from '../vault/space-stores.js';
import { VaultStore } from '../vault/store.js';
import { tabNews } from '../vault/tabs.js';
import type { VaultPlatform } from '../vault/vault.js';

/** The crypto workers a vault of the app uses (two for the member's: see src/app/vault/pool.ts). */
export function cryptoWorkers(size = 2): CryptoPool {
  return new CryptoPool(
    size,
    () => new WebPoolWorker(new Worker(new URL('./crypto.worker.ts', import.meta.url), { type: 'module' })),
  );
}

export function browserPlatform(memberId: string): VaultPlatform {
  return {
    openStore: (id) => new VaultStore(id),
    pool: cryptoWorkers(),
    news: tabNews(`mygenie-vault-${memberId}`),
    keepVerifier: writeMasterKeyVerifier,
    hasVerifier: () => {
      try {
        return localStorage.getItem(STORAGE_KEYS.masterKeyVerifier) !== null;
      } catch {
        return true;
      }
    },
  };
}

/**
 * What the keyed vault of a space's epoch runs on (docs/spaces-plan.md §3, "Store"), and the name it takes
 * (`new Vault(id, platform)`, so its locks are its own): the epoch's database, noted first in the member's list of
 * space stores (src/app/vault/space-stores.ts) so that a logout finds it; one crypto worker (a member of 20 spaces
 * would otherwise run 40, and a space's records are few beside the member's); tab news of its own; no site check.
 */
export async function spacePlatform(
  memberId: string,
  spaceId: string,
  epoch: number,
): Promise<{ id: string; platform: VaultPlatform }> {
  const stores = new SpaceStores(memberId);
  const id = await stores.note(spaceId, epoch);
  stores.close();
  const platform: VaultPlatform = {
    // Bound to the epoch's database whatever the vault is named: a space's key never opens the member's.
    openStore: () => new VaultStore(id),
    pool: cryptoWorkers(1),
    news: tabNews(`mygenie-vault-${id}`),
    keepVerifier: null,
    hasVerifier: () => true,
    keyed: true,
  };
  return { id, platform };
}

async function writeMasterKeyVerifier(password: string, iterations: number): Promise<void> {
  const verifier = await createMasterKeyVerifier(password, iterations);
  try {
    localStorage.setItem(STORAGE_KEYS.masterKeyVerifier, JSON.stringify(verifier));
  } catch {
    // Private mode without storage: the site's password-change path will say the master key is not set.
  }
}
