// The vault as the server knows it (docs/sync.md, "The header"): the sync key derived from the vault's key, the
// vault's signing key (opened from the server's sealed copy, made for a vault without one), the header sent and
// taken with its MAC and signature, and this device's registration with its proof. The member's own series, given to
// the sync engine (engine.ts) as its `SeriesIdentity` (ports.ts), kept apart from its life and its runs.
import { ApiFailure, failureCode } from '../../client/api.js';
import { DEVICE_NAMES } from '../../shared/device.js';
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import type { SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import { headerFrom, headerJson as vaultHeaderJson } from '../vault/header.js';
import type { VaultHeader } from '../vault/crypto.js';
import type { SyncedVault } from '../vault/vault.js';
import { deriveSyncKey } from './chain.js';
import {
  deviceProof,
  headerGenuine,
  headerMac,
  headerProof,
  newSigningKey,
  signingKeyFrom,
  type SigningSecret,
} from './codec.js';
import { SyncRefused, SyncStop, type SyncCause } from './errors.js';
import { syncMeta } from './parts.js';
import type {
  PublishedSeries,
  SeriesIdentity,
  SyncEngineOptions,
  SyncEnvironment,
  SyncServer,
} from './ports.js';
import { SyncStore, type SyncMetaRow } from './store.js';

/** The header as the server keeps it. */
export const headerJson = (header: VaultHeader) => vaultHeaderJson(header) as SyncVaultHeaderJson;

/** The id the vault's signing key is sealed under (kind `sync`, as a change's address is). */
const SIGNING_ID = 'signing-key';

export type PublishedVault = PublishedSeries;

/** The server's header as the device keeps it: its JSON and version. */
export const headerKept = (vault: PublishedVault) => ({
  header: JSON.stringify(vault.header),
  headerVersion: vault.version,
});

/** What the identity works with. */
export interface SyncIdentityHost {
  vault: Pick<SyncedVault, 'dataKey' | 'header' | 'open' | 'seal' | 'adoptHeader'>;
  server: Pick<SyncServer, 'call'>;
  /** Sync's tables as they are now. */
  store: () => SyncStore;
  /** This device's name in the list of devices holding the vault. */
  deviceName: () => string;
}

type SigningShare = { publicKey: string; sealedKey: string };

/**
 * The member's own vault as a series: besides what every series gives the engine, its header — sent with a new
 * vault's first signing key when the vault is published, and with the account password a new header may ask for.
 */
export interface VaultIdentity extends SeriesIdentity {
  makeSigning(): Promise<SigningShare>;
  sendHeader(
    vault: string,
    header: SyncVaultHeaderJson,
    version: number,
    extra?: { signing?: SigningShare; currentPassword?: string },
  ): Promise<void>;
  withPassword(password: string, run: () => Promise<void>): Promise<SyncCause | null>;
}

/**
 * The member's own vault as the engine syncs it (engine.ts, `SyncEngineOptions`): its identity over sync's tables in
 * the vault's database (a new one after the vault was destroyed and made again), and the Web Lock the member's tabs
 * take turns at.
 */
export function memberSeries(
  vault: SyncIdentityHost['vault'] & Pick<SyncedVault, 'database' | 'memberId'>,
  env: Pick<SyncEnvironment, 'server' | 'deviceName'>,
): SyncEngineOptions<VaultIdentity> {
  return {
    identity: new SyncIdentity({
      vault,
      server: env.server,
      store: () => new SyncStore(vault.database),
      deviceName: env.deviceName,
    }),
    lockName: `mygenie-sync-${vault.memberId}`,
  };
}

export class SyncIdentity implements VaultIdentity {
  readonly #host: SyncIdentityHost;
  #key: CryptoKey | null = null;
  /** The vault's signing key, once opened (null: the vault has none yet, or it is not known here yet). */
  #signing: CryptoKey | null = null;
  /** The account password the member gave for a new header (`withPassword`), held for one run only. */
  #headerPassword: string | null = null;
  /** Why that password was refused (wrong, or too many tries). */
  #headerRefusal: SyncCause | null = null;
  /** The server's header was read since the last news: a run for a write here need not read it again. */
  #headerRead = false;

  constructor(host: SyncIdentityHost) {
    this.#host = host;
  }

  /** Forgets the keys (the vault locked, sync stopped): they are derived and opened again at the next start. */
  forget(): void {
    this.#key = null;
    this.#signing = null;
  }

  /** News of the member's sync (or a registration made anew): the next run reads the server's header again. */
  heardNews(): void {
    this.#headerRead = false;
  }

  async syncKey(): Promise<CryptoKey> {
    if (this.#key) return this.#key;
    const dataKey = this.#host.vault.dataKey;
    if (!dataKey) throw new SyncStop('locked');
    this.#key = await deriveSyncKey(dataKey);
    return this.#key;
  }

  /**
   * The vault's signing key from the server's copy of it: opened with the vault's key (only a device of this vault
   * can), and its public half the one the server keeps. Null for a vault an older app published without one.
   */
  async openSigning(vault: PublishedVault): Promise<CryptoKey | null> {
    if (!vault.signing) return null;
    if (this.#signing) return this.#signing;
    let secret: SigningSecret | null = null;
    try {
      const sealed = base64ToBytes(vault.signing.sealedKey);
      const [opened] = await this.#host.vault.open<SigningSecret>([{ id: SIGNING_ID, kind: 'sync', sealed }]);
      if (opened?.ok) secret = opened.value;
    } catch {
      secret = null;
    }
    if (!secret || secret.spki !== vault.signing.publicKey) throw new SyncRefused('altered');
    this.#signing = await signingKeyFrom(secret);
    return this.#signing;
  }

  /** The signing key opened, or given to a vault an older app published without one. */
  async takeSigning(vault: PublishedVault): Promise<void> {
    if (vault.signing) await this.openSigning(vault);
    else await this.#addSigning(vault);
  }

  /** The signing key, reading the server's state if it is not known yet. */
  signingKey = async (): Promise<CryptoKey | null> => {
    if (this.#signing) return this.#signing;
    const state = await this.#host.server.call('syncState');
    return state.vault ? this.openSigning(state.vault) : null;
  };

  /** A new signing key, sealed with the vault, as the server keeps it; the key signs here from now on. */
  async makeSigning(): Promise<SigningShare> {
    const { secret, key } = await newSigningKey();
    const sealed = await this.#host.vault.seal('sync', SIGNING_ID, secret);
    this.#signing = key;
    return { publicKey: secret.spki, sealedKey: bytesToBase64(sealed.sealed) };
  }

  /**
   * A vault published by an older app has no signing key: a device of this version gives it one, signing the header
   * as it is at the next version. Anyone with a session could otherwise claim the vault, so the server asks a fresh
   * proof of the member (a sign-in moments ago, or the account password): without one, the vault syncs on as it was
   * (unsigned, no snapshot) until a later run has one. Another device quicker: its key is taken.
   */
  async #addSigning(vault: PublishedVault): Promise<void> {
    if (!(await headerGenuine(await this.syncKey(), vault))) throw new SyncRefused('altered');
    const signing = await this.makeSigning();
    try {
      await this.sendHeader(vault.id, vault.header, vault.version + 1, { signing });
    } catch (error) {
      this.#signing = null;
      const code = error instanceof ApiFailure ? error.code : null;
      if (code === 'auth/reauth-required') return;
      if (code !== 'sync/other-vault' && code !== 'sync/stale-header') throw error;
      const state = await this.#host.server.call('syncState');
      if (state.vault?.id === vault.id && state.vault.signing) await this.openSigning(state.vault);
    }
  }

  /**
   * Sends `header` at `version`, its MAC and the signing key's signature over both (docs/sync.md, "The header");
   * `signing` gives a key to a vault without one, `currentPassword` proves the member for a new header.
   */
  async sendHeader(
    vault: string,
    header: SyncVaultHeaderJson,
    version: number,
    extra: { signing?: SigningShare; currentPassword?: string } = {},
  ): Promise<void> {
    const signing = this.#signing;
    if (!signing) throw new SyncRefused('altered');
    await this.#host.server.call('syncPublishVault', {
      body: {
        id: vault,
        header,
        headerMac: await headerMac(await this.syncKey(), vault, version, JSON.stringify(header)),
        version,
        proof: await headerProof(signing, vault, version, header),
        ...extra,
      },
    });
  }

  /** Registers this device as `device` in `vault`, with the proof that it holds the vault's signing key. */
  async register(vault: string, device: string): Promise<void> {
    const signing = this.#signing;
    await this.#host.server.call('syncRegisterDevice', {
      params: { id: device },
      body: {
        name: this.#host.deviceName(),
        ...(signing ? { proof: await deviceProof(signing, vault, device) } : {}),
      },
    });
  }

  /**
   * A run's first step, the header: a new master password here goes up; one set on another device is taken (its MAC
   * checked), never one older than this device had (a header put back after a master password's change).
   */
  async catchUp(): Promise<void> {
    const store = this.#host.store();
    const meta = await syncMeta({ store });
    const header = this.#host.vault.header;
    if (!header) throw new SyncStop('locked');
    const key = await this.syncKey();
    const local = JSON.stringify(headerJson(header));
    if (local !== meta.header) {
      await this.#sendNewHeader(meta, headerJson(header));
      return;
    }
    // Another device's new header is announced like any news (the server says the member's sync changed).
    if (this.#headerRead) return;
    const state = await this.#host.server.call('syncState');
    if (!state.vault) throw new ApiFailure('sync/no-vault', 404);
    if (state.vault.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
    // Removed from the member's devices (on another device): it stops here, and says why.
    const here = state.devices.find((device) => device.id === meta.device);
    if (!here) throw new ApiFailure('sync/unknown-device', 404);
    // Registered by an earlier version under the description's coarse name ("Desktop"): named by its browser and
    // system now, unless the member renamed it.
    const name = this.#host.deviceName();
    if ((DEVICE_NAMES as readonly string[]).includes(here.name) && name !== here.name) {
      await this.#host.server.call('syncRenameDevice', { params: { id: meta.device }, body: { name } });
    }
    this.#headerRead = true;
    const known = meta.headerVersion ?? 0;
    if (state.vault.version < known) throw new SyncRefused('altered');
    // The vault's signing key: opened here (the next snapshot is signed with it), or given to a vault without one.
    await this.takeSigning(state.vault);
    const remote = JSON.stringify(state.vault.header);
    if (remote === local && state.vault.version === known) return;
    if (!(await headerGenuine(key, state.vault))) throw new SyncRefused('altered');
    if (remote !== local) await this.#host.vault.adoptHeader(headerFrom(state.vault.header));
    await store.saveSyncMeta({ ...meta, ...headerKept(state.vault) });
  }

  /**
   * A new master password here: its header goes up, signed, at the version after the newest (another device's new
   * header meanwhile is overtaken: the last change wins, as on one device). A sensitive change, so the server asks
   * a proof of the member: the master password's form makes one as it changes it; later (offline until then) the
   * account password given to `withPassword` goes with it, else sync stops with `auth/reauth-required`.
   */
  async #sendNewHeader(meta: SyncMetaRow, header: SyncVaultHeaderJson): Promise<void> {
    // A vault an older app published has no signing key yet: this header brings one.
    const signing = (await this.signingKey()) ? undefined : await this.makeSigning();
    const extra = {
      ...(signing ? { signing } : {}),
      ...(this.#headerPassword !== null ? { currentPassword: this.#headerPassword } : {}),
    };
    let version = (meta.headerVersion ?? 0) + 1;
    try {
      try {
        await this.sendHeader(meta.vault, header, version, extra);
      } catch (error) {
        if (!(error instanceof ApiFailure && error.code === 'sync/stale-header')) throw error;
        const state = await this.#host.server.call('syncState');
        if (state.vault?.id !== meta.vault) throw new ApiFailure('sync/other-vault', 409);
        version = state.vault.version + 1;
        await this.sendHeader(meta.vault, header, version, extra);
      }
    } catch (error) {
      if (signing) this.#signing = null;
      // The account password given was refused: told to the one who gave it; sync waits for it as before.
      const code = failureCode(error);
      if (
        this.#headerPassword !== null &&
        (code === 'auth/wrong-password' || code === 'auth/too-many-requests')
      ) {
        this.#headerRefusal = code;
        throw new ApiFailure('auth/reauth-required', 403);
      }
      throw error;
    }
    await this.#host
      .store()
      .saveSyncMeta({ ...meta, header: JSON.stringify(header), headerVersion: version });
  }

  /**
   * Runs `run` (a sync run) with the account password the member gave for a new header, forgotten after it; answers
   * why the password was refused, or null.
   */
  async withPassword(password: string, run: () => Promise<void>): Promise<SyncCause | null> {
    this.#headerPassword = password;
    this.#headerRefusal = null;
    try {
      await run();
    } finally {
      this.#headerPassword = null;
    }
    const refusal = this.#headerRefusal;
    this.#headerRefusal = null;
    return refusal;
  }
}
