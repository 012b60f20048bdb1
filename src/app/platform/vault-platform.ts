// What the vault runs on in the browser (src/app/vault/vault.ts, VaultPlatform): the member's IndexedDB database,
// two crypto workers, news between the member's tabs, and the site's check of the master password.
import { STORAGE_KEYS } from '../../shared/constants.js';
import { createMasterKeyVerifier } from '../../shared/master-key.js';
import { CryptoPool, WebPoolWorker } from '../vault/pool.js';
import { VaultStore } from '../vault/store.js';
import { tabNews } from '../vault/tabs.js';
import type { VaultPlatform } from '../vault/vault.js';

/** The crypto workers a vault of the app uses (two: see src/app/vault/pool.ts). */
export function cryptoWorkers(): CryptoPool {
  return new CryptoPool(
    2,
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

async function writeMasterKeyVerifier(password: string, iterations: number): Promise<void> {
  const verifier = await createMasterKeyVerifier(password, iterations);
  try {
    localStorage.setItem(STORAGE_KEYS.masterKeyVerifier, JSON.stringify(verifier));
  } catch {
    // Private mode without storage: the site's password-change path will say the master key is not set.
  }
}
