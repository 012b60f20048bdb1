import { STORAGE_KEYS } from '../../shared/constants.js';
import { checkMasterKey, parseMasterKeyVerifier, type MasterKeyCheck } from '../../shared/master-key.js';

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
