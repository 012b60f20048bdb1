// The vault's keys (a room of the vault): the header that wraps the data key under the master password, its
// derivation and rotation in the workers, this device's passkey wrap of the data key, and the checks that decide
// when the master password is due again. It opens the key in the workers; what is opened with it (the records) is
// the vault's. A keyed vault (a shared space's store) is given its key instead, and has none of the rest.
import { importDataKey, macsEqual, type VaultHeader } from './crypto.js';
import type { PasskeyUnlockRow } from './db.js';
import type { CryptoPool } from './pool.js';
import type { VaultStore } from './store.js';

/** After this long without the master password on a device, its next unlock asks for it once (not a passkey). */
export const PASSKEY_MASTER_EVERY_MS = 14 * 24 * 60 * 60 * 1000;
/** After this many failed passkey checks in a row, the next unlock asks for the master password once. */
export const PASSKEY_FAILURE_LIMIT = 5;

/** This device's passkey unlock, as the screens see it. */
export interface PasskeyUnlock {
  credentialId: string;
  /** The server's id of the passkey. */
  passkeyId: string;
  /** The PRF's input for this passkey (what the check evaluates). */
  prfSalt: Uint8Array<ArrayBuffer>;
  enrolledAt: number;
}

/** Why the next unlock asks for the master password though a passkey could open the vault here. */
export type MasterPasswordDue = 'days' | 'failures';

/** What the keys need of the rest of the vault. */
export interface KeysHost {
  /** The vault's database as it is now (a vault closed and loaded again has a new one). */
  store(): VaultStore;
  pool: CryptoPool;
  /** Writes the site's check of the master password (the browser's; none in tests of the vault alone). */
  keepVerifier: ((password: string, iterations: number) => Promise<void>) | null;
  hasVerifier: () => boolean;
  /** The key is given (`openWithKey`), never derived from a password: no header, master password or passkey. */
  keyed: boolean;
  /** Something the screens show changed. */
  changed(): void;
}

/** The length of a keyed vault's key (a space's epoch key: src/app/spaces/space-keys.ts). */
export const GIVEN_KEY_BYTES = 32;

const NO_CHECKS = { masterAt: 0, failures: 0 };

export class VaultKeys {
  readonly #host: KeysHost;
  #header: VaultHeader | undefined;
  #passkey: PasskeyUnlockRow | null = null;
  /** When the master password last unlocked here, and the passkey checks failed since. */
  #checks = NO_CHECKS;
  /** Moves on whenever the member's passkey unlocks may have changed (here, or told by the server). */
  passkeyRevision = 0;

  constructor(host: KeysHost) {
    this.#host = host;
  }

  /** A keyed vault: its key is given (`openWithKey`), and it has no header, master password or passkey. */
  get keyed(): boolean {
    return this.#host.keyed;
  }

  /**
   * Refuses what only a vault with a master password does (`what` names it) on a keyed vault: a caller that asks it
   * of a space's store is mistaken, and nothing it would write (a header, a passkey's wrap) may land there.
   */
  refuseKeyed(what: string): void {
    if (this.#host.keyed) throw new Error(`a keyed vault (a shared space's) has no ${what}`);
  }

  /**
   * Opens a keyed vault with its key (GIVEN_KEY_BYTES): imported as the non-extractable data key the workers take;
   * the bytes themselves stay the caller's and are not kept here.
   */
  async openWithKey(raw: Uint8Array<ArrayBuffer>): Promise<void> {
    if (!this.#host.keyed) throw new Error('a vault with a master password is not opened with a key');
    if (raw.length !== GIVEN_KEY_BYTES) throw new Error(`a vault key is ${GIVEN_KEY_BYTES} bytes`);
    await this.#host.pool.adopt(await importDataKey(raw));
  }

  /** The vault's header (the data key wrapped by the master password); undefined before there is a vault. */
  get header(): VaultHeader | undefined {
    return this.#header;
  }

  /** Takes what `readStored` found (apart, so that a reading begun before the vault closed can be dropped). */
  adoptRead(read: {
    header: VaultHeader | undefined;
    checks: typeof NO_CHECKS | undefined;
    passkey: PasskeyUnlockRow | undefined;
  }): void {
    this.#header = read.header;
    this.#checks = read.checks ?? NO_CHECKS;
    this.#passkey = read.passkey ?? null;
  }

  /** Reads the header, the checks and the passkey wrap from the device (`adoptRead` takes them). */
  async readStored(): Promise<Parameters<VaultKeys['adoptRead']>[0]> {
    if (this.#host.keyed) return { header: undefined, checks: undefined, passkey: undefined };
    const store = this.#host.store();
    const [header, checks, passkey] = await Promise.all([
      store.header(),
      store.unlockChecks(),
      store.passkeyUnlock(),
    ]);
    return { header, checks, passkey };
  }

  /** A new vault's header: its key derived at this device's calibrated cost, kept with the site's check. */
  async create(password: string): Promise<void> {
    this.refuseKeyed('master password');
    const { pool, keepVerifier } = this.#host;
    const iterations = await pool.calibrate();
    const header = await pool.create(password, iterations);
    await this.#host.store().saveHeader(header);
    await keepVerifier?.(password, header.iterations);
    this.#header = header;
    await this.masterPasswordUsed();
  }

  /** Opens the data key in the workers with the master password (the site's check written if it has none). */
  async openWithPassword(password: string): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    this.refuseKeyed('master password');
    const header = this.#header;
    if (!header) return 'damaged-header';
    const result = await this.#host.pool.unlock(header, password);
    if (!result.ok) return result.reason;
    if (!this.#host.hasVerifier()) await this.#host.keepVerifier?.(password, header.iterations);
    await this.masterPasswordUsed();
    return 'ok';
  }

  /**
   * Opens the data key with another device's header (the member's synced vault, joined here), keeping the header
   * only when the master password opens it.
   */
  async openJoined(
    header: VaultHeader,
    password: string,
  ): Promise<'ok' | 'wrong-password' | 'damaged-header'> {
    this.refuseKeyed('header');
    const result = await this.#host.pool.unlock(header, password);
    if (!result.ok) return result.reason;
    await this.#host.store().saveHeader(header);
    this.#header = header;
    await this.retireStalePasskey();
    await this.#host.keepVerifier?.(password, header.iterations);
    await this.masterPasswordUsed();
    return 'ok';
  }

  /** Another device's header (its master password changed there) or a restored backup's: the next unlock takes it. */
  async adopt(header: VaultHeader, options: { stored?: boolean; password?: string } = {}): Promise<void> {
    this.refuseKeyed('header');
    if (!options.stored) await this.#host.store().saveHeader(header);
    this.#header = header;
    await this.retireStalePasskey();
    // The site's check follows the restored master password; it costs a full KDF, so it is not awaited.
    if (options.password !== undefined) void this.#host.keepVerifier?.(options.password, header.iterations);
  }

  async checkPassword(password: string): Promise<boolean> {
    this.refuseKeyed('master password');
    if (!this.#header) return false;
    return this.#host.pool.checkPassword(this.#header, password);
  }

  /**
   * The master password changed: the data key wrapped again (records are not sealed again), the site's check
   * follows, and every passkey unlock ends with the old password (this device's now, the others' as the header
   * reaches them). False when `current` is not the master password.
   */
  async changePassword(current: string, next: string): Promise<boolean> {
    this.refuseKeyed('master password');
    const header = this.#header;
    if (!header) return false;
    const changed = await this.#host.pool.changePassword(header, current, next, header.iterations);
    if (!changed) return false;
    await this.#host.store().saveHeader(changed);
    await this.#host.keepVerifier?.(next, changed.iterations);
    this.#header = changed;
    await this.retireStalePasskey();
    await this.masterPasswordUsed();
    return true;
  }

  // Passkey unlock (docs/security.md, "Unlocking with a passkey"): the WebAuthn ceremony with its PRF (and the
  // server's word that the passkey still unlocks) is the app's (src/app/access/passkey-unlock.ts); the keys keep
  // this device's wrap of the data key for the passkey, open it with the PRF output the check gave, and count.

  /** This device's passkey unlock (null: none, or retired). */
  get passkey(): PasskeyUnlock | null {
    const row = this.#passkey;
    return row
      ? {
          credentialId: row.credentialId,
          passkeyId: row.passkeyId,
          prfSalt: row.prfSalt,
          enrolledAt: row.enrolledAt,
        }
      : null;
  }

  /**
   * Why the next unlock must take the master password though a passkey could open the vault (null: it need not):
   * 14 days since the master password was last used here, or 5 failed passkey checks since (as 1Password asks).
   */
  masterPasswordDue(now = Date.now()): MasterPasswordDue | null {
    this.refuseKeyed('master password');
    if (this.#checks.failures >= PASSKEY_FAILURE_LIMIT) return 'failures';
    if (now - this.#checks.masterAt >= PASSKEY_MASTER_EVERY_MS) return 'days';
    return null;
  }

  /**
   * Keeps the data key wrapped for a passkey of this device's, proven by the master password (its check's PRF output
   * with its PRF input `prfSalt`): from now on the passkey can unlock here. Replaces an earlier one.
   */
  async enrolPasskey(
    password: string,
    passkey: { credentialId: string; passkeyId: string },
    prfSalt: Uint8Array<ArrayBuffer>,
    prfOutput: Uint8Array<ArrayBuffer>,
  ): Promise<'ok' | 'wrong-password'> {
    this.refuseKeyed('passkey');
    const header = this.#header;
    if (!header) return 'wrong-password';
    const { credentialId, passkeyId } = passkey;
    const wrap = await this.#host.pool.wrapForPasskey(header, password, prfOutput, { credentialId, prfSalt });
    if (!wrap) return 'wrong-password';
    const row = { ...wrap, passkeyId, headerSalt: header.salt, enrolledAt: Date.now() };
    await this.#host.store().savePasskeyUnlock(row);
    this.#passkey = { ...row, name: 'passkey' };
    await this.masterPasswordUsed();
    this.passkeysChanged();
    return 'ok';
  }

  /**
   * Opens the data key with the PRF output of a check of this device's passkey. `refused`: it did not open the key
   * (another passkey's output), counted as a failed check; `master-due`: the master password is due first; `none`:
   * this device keeps no passkey unlock (removed, or retired by a new master password).
   */
  async openWithPasskey(
    prfOutput: Uint8Array<ArrayBuffer>,
  ): Promise<'ok' | 'refused' | 'master-due' | 'none' | 'damaged-header'> {
    this.refuseKeyed('passkey');
    if (!this.#header) return 'damaged-header';
    const wrap = this.#passkey;
    if (!wrap) return 'none';
    if (this.masterPasswordDue()) return 'master-due';
    const result = await this.#host.pool.unlockWithPasskey(this.#header, wrap, prfOutput);
    if (!result.ok) {
      if (result.reason === 'damaged-header') return 'damaged-header';
      await this.passkeyFailed();
      return 'refused';
    }
    return 'ok';
  }

  /** A passkey unlock went through: the failed checks start again from none. */
  async passkeyWorked(): Promise<void> {
    this.#checks = { ...this.#checks, failures: 0 };
    await this.#host.store().saveUnlockChecks(this.#checks);
  }

  /** A passkey check that did not unlock (cancelled, refused, not verified): counted toward the master password. */
  async passkeyFailed(): Promise<void> {
    this.refuseKeyed('passkey');
    this.#checks = { ...this.#checks, failures: this.#checks.failures + 1 };
    await this.#host.store().saveUnlockChecks(this.#checks);
    this.#host.changed();
  }

  /** Forgets this device's passkey unlock (removed here or on another device, or its passkey is gone). */
  async forgetPasskey(): Promise<void> {
    this.refuseKeyed('passkey');
    if (!this.#passkey) return;
    await this.#host.store().dropPasskeyUnlock();
    this.#passkey = null;
    this.passkeysChanged();
  }

  /** The member's passkey unlocks changed (this device's, or others' on the server): what lists them reads again. */
  passkeysChanged(): void {
    this.passkeyRevision++;
    this.#host.changed();
  }

  /** The master password was just used here. */
  async masterPasswordUsed(): Promise<void> {
    this.#checks = { masterAt: Date.now(), failures: 0 };
    await this.#host.store().saveUnlockChecks(this.#checks);
  }

  /** The vault left this device (or the vault is closed): nothing of its keys is held. */
  forget(): void {
    this.#header = undefined;
    this.#passkey = null;
    this.#checks = NO_CHECKS;
  }

  /** A wrap made under another header (a new master password, a restore with the backup's key) opens nothing. */
  async retireStalePasskey(): Promise<void> {
    const wrap = this.#passkey;
    if (wrap && !(this.#header && macsEqual(wrap.headerSalt, this.#header.salt))) await this.forgetPasskey();
  }
}
