// The member's app settings. Nickname, the detail view password and the backup choices live in the vault
// (encrypted); the auto-logout minutes are a plain preference shared with the site (src/shared/auto-logout.ts),
// because they must work while the vault is locked and reach every open tab at once.
import { useCallback, useReducer, useRef } from 'react';
import { useLanguage } from '../client/text.js';
import { DETAIL_PASSWORD_DEFAULT, type Language } from '../shared/constants.js';
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
  /**
   * The language reminders are written in, on every device alike (each reminder is sealed once for all of them);
   * null until the member first asks for one, when the app's language then is kept.
   */
  reminderLanguage: Language | null;
}

export const DEFAULT_SETTINGS: AppSettings = {
  nickname: '',
  detailPassword: null,
  mainAnniversaries: [null, null],
  backup: DEFAULT_BACKUP_SETTINGS,
  importMappings: {},
  reminderLanguage: null,
};

export function readSettings(vault: Vault): AppSettings {
  return withDefaults(vault.get<Partial<AppSettings>>(SETTINGS_ID)?.value);
}

function withDefaults(stored: Partial<AppSettings> | undefined): AppSettings {
  return { ...DEFAULT_SETTINGS, ...stored, backup: { ...DEFAULT_BACKUP_SETTINGS, ...stored?.backup } };
}

/** A change of some settings: the new values, or how to make them from the settings as they are then. */
export type SettingsChange = Partial<AppSettings> | ((current: AppSettings) => Partial<AppSettings>);

/**
 * Saves a change of some settings: `patch` on the settings as they now are, so a change made meanwhile in another
 * tab or on another device to other keys stays. A form that held these keys since it opened gives `opened`, their
 * values then: a key changed elsewhere since is merged with the form's (Vault.save), and the form's choice kept.
 * A component's changes are saved one after another, a function being given the settings as the ones before it
 * left them, so two quick changes never undo each other.
 */
export type SaveSettings = (
  patch: SettingsChange,
  opened?: SettingsChange,
) => Promise<Saved<Partial<AppSettings>>>;

const made = (change: SettingsChange, current: AppSettings) =>
  typeof change === 'function' ? change(current) : change;

/**
 * The settings and how to change them. A change shows at once, before it is sealed and written: a choice in a
 * list stays chosen (a controlled list would otherwise go back to the saved value until the write ends), and what
 * is done next on the screen uses it. When its last save ends, what was saved shows, or what was there if it failed.
 */
export function useAppSettings(): [AppSettings, SaveSettings] {
  const vault = useVault();
  useVaultVersion();
  const [, showPending] = useReducer((count: number) => count + 1, 0);
  const queue = useRef({ pending: {} as Partial<AppSettings>, waiting: 0, last: Promise.resolve() });
  const save = useCallback<SaveSettings>(
    (patch, opened) => {
      const line = queue.current;
      line.pending = { ...line.pending, ...made(patch, { ...readSettings(vault), ...line.pending }) };
      line.waiting += 1;
      showPending();
      const saved = line.last.then(() => {
        const stored = vault.get<Partial<AppSettings>>(SETTINGS_ID)?.value;
        const current = withDefaults(stored);
        const from = stored && opened ? { ...stored, ...made(opened, current) } : stored;
        return vault.save<Partial<AppSettings>>('settings', SETTINGS_ID, from, {
          ...stored,
          ...made(patch, current),
        });
      });
      const settled = () => {
        line.waiting -= 1;
        if (line.waiting > 0) return;
        line.pending = {};
        showPending();
      };
      line.last = saved.then(settled, settled);
      return saved;
    },
    [vault],
  );
  return [{ ...readSettings(vault), ...queue.current.pending }, save];
}

export async function checkDetailPassword(settings: AppSettings, password: string): Promise<boolean> {
  if (!settings.detailPassword) return password === DETAIL_PASSWORD_DEFAULT;
  return (await checkMasterKey(password, settings.detailPassword)) === 'ok';
}

export function makeDetailPasswordVerifier(password: string): Promise<MasterKeyVerifier> {
  return createMasterKeyVerifier(password);
}

/**
 * The first time the member asks for reminders (`asked`: records saved with some, or push turned on here), the app's
 * language then becomes the language reminders are written in (Settings › Reminders changes it). Callers await it
 * before writing what reminds: a reminder worked out as soon as its record is written (on screen, or sent to the
 * server) then has its words in that language, not in Korean, the default until it is saved. It never fails: a
 * language that cannot be saved leaves Korean, which Settings › Reminders shows.
 */
export function useKeepReminderLanguage(): (asked: boolean) => Promise<void> {
  const [settings, saveSettings] = useAppSettings();
  const { lang } = useLanguage();
  return async (asked) => {
    if (!asked || settings.reminderLanguage !== null) return;
    await saveSettings((current) =>
      current.reminderLanguage === null ? { reminderLanguage: lang } : {},
    ).catch(() => undefined);
  };
}
