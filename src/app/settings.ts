// The member's app settings. Nickname, the detail view password and the backup choices live in the vault
// (encrypted); the auto-logout minutes are a plain preference shared with the site (src/shared/auto-logout.ts),
// because they must work while the vault is locked and reach every open tab at once.
import { useCallback } from 'react';
import { DETAIL_PASSWORD_DEFAULT } from '../shared/constants.js';
import { checkMasterKey, createMasterKeyVerifier, type MasterKeyVerifier } from '../shared/master-key.js';
import type { WebdavCredentials } from '../shared/schemas/drives.js';
import type { BackupKind } from './backup/format.js';
import type { TargetId } from './backup/targets.js';
import { useVault, useVaultVersion } from './vault/react.js';
import type { Saved, Vault } from './vault/vault.js';

export const SETTINGS_ID = 'settings';
export const DETAIL_PASSWORD_MIN_LENGTH = 4;

/** Where and how backups are made (the WebDAV app password is a secret, so this lives in the vault). */
export interface BackupSettings {
  target: TargetId;
  kind: BackupKind;
  /** A daily backup to `target` while the app is open and online (not for the file target). */
  auto: boolean;
  webdav: WebdavCredentials | null;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = {
  target: 'account',
  kind: 'zip',
  auto: false,
  webdav: null,
};

export interface AppSettings {
  nickname: string;
  /** A salted PBKDF2 verifier of the member's own detail password; null while the default is in use. */
  detailPassword: MasterKeyVerifier | null;
  /** The anniversaries shown as 1 and 2 on the main screen (ids of 'anniversaries' records). */
  mainAnniversaries: [string | null, string | null];
  backup: BackupSettings;
  /** The import screen's column mappings the member chose, by the statement header's column names. */
  importMappings: Record<string, Record<string, unknown>>;
}

export const DEFAULT_SETTINGS: AppSettings = {
  nickname: '',
  detailPassword: null,
  mainAnniversaries: [null, null],
  backup: DEFAULT_BACKUP_SETTINGS,
  importMappings: {},
};

export function readSettings(vault: Vault): AppSettings {
  const stored = vault.get<Partial<AppSettings>>(SETTINGS_ID)?.value;
  return { ...DEFAULT_SETTINGS, ...stored, backup: { ...DEFAULT_BACKUP_SETTINGS, ...stored?.backup } };
}

/**
 * Saves a change of some settings: `patch` on the settings as they now are, so a change made meanwhile in another
 * tab or on another device to other keys stays. A form that held these keys since it opened gives `opened`, their
 * values then: a key changed elsewhere since is merged with the form's (Vault.save), and the form's choice kept.
 */
export type SaveSettings = (
  patch: Partial<AppSettings>,
  opened?: Partial<AppSettings>,
) => Promise<Saved<Partial<AppSettings>>>;

export function useAppSettings(): [AppSettings, SaveSettings] {
  const vault = useVault();
  useVaultVersion();
  const save = useCallback<SaveSettings>(
    (patch, opened) => {
      const stored = vault.get<Partial<AppSettings>>(SETTINGS_ID)?.value;
      const from = stored && opened ? { ...stored, ...opened } : stored;
      return vault.save<Partial<AppSettings>>('settings', SETTINGS_ID, from, { ...stored, ...patch });
    },
    [vault],
  );
  return [readSettings(vault), save];
}

export async function checkDetailPassword(settings: AppSettings, password: string): Promise<boolean> {
  if (!settings.detailPassword) return password === DETAIL_PASSWORD_DEFAULT;
  return (await checkMasterKey(password, settings.detailPassword)) === 'ok';
}

export function makeDetailPasswordVerifier(password: string): Promise<MasterKeyVerifier> {
  return createMasterKeyVerifier(password);
}
