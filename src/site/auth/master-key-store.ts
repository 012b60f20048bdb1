import { STORAGE_KEYS } from '../../shared/constants.js';
import { checkMasterKey, parseMasterKeyVerifier, type MasterKeyCheck } from '../../shared/master-key.js';

/** Whether this device holds the master key's verifier (the app wrote it when the vault was set up or unlocked). */
export function hasDeviceMasterKey(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.masterKeyVerifier) !== null;
  } catch {
    return false;
  }
}

/** The verifier's key in storage: another tab (the app) writing it is heard through the storage event. */
export const MASTER_KEY_STORAGE_KEY = STORAGE_KEYS.masterKeyVerifier;

/** Checks a master key against this device's verifier, which the MyGenie app writes when the vault is set up. */
export function checkDeviceMasterKey(masterKey: string): Promise<MasterKeyCheck> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.masterKeyVerifier);
  } catch {
    stored = null;
  }
  return checkMasterKey(masterKey, parseMasterKeyVerifier(stored));
}
