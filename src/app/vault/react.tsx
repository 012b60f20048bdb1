// The unlocked vault for React: screens read records by kind and re-render when anything is written.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { RecordNotice } from './notices.js';
import type { RecordKind, Vault, VaultEntry } from './vault.js';

const VaultContext = createContext<Vault | null>(null);

export function VaultProvider({ vault, children }: { vault: Vault; children: ReactNode }) {
  return <VaultContext.Provider value={vault}>{children}</VaultContext.Provider>;
}

export function useVault(): Vault {
  const vault = useContext(VaultContext);
  if (!vault) throw new Error('useVault outside VaultProvider');
  return vault;
}

/** The vault's change counter: a component using it re-renders on every write. */
export function useVaultVersion(): number {
  const vault = useVault();
  return useSyncExternalStore(vault.subscribe, () => vault.version);
}

export function useRecords<T>(kind: RecordKind): VaultEntry<T>[] {
  const vault = useVault();
  useVaultVersion();
  return vault.list<T>(kind);
}

/** What the member should hear of about their records (src/app/vault/notices.ts), re-rendering when it changes. */
export function useRecordNotices(): RecordNotice[] {
  const vault = useVault();
  return useSyncExternalStore(vault.subscribe, () => vault.notices);
}
