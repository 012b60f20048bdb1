// The vault's cryptography (docs/design.md §3.5), on WebCrypto alone so the same code runs in the app's worker and in
// Node tests. A random data key encrypts every record; the master password only wraps that key, so changing
// the password re-wraps one key instead of re-encrypting the vault.

export const VAULT_FORMAT = 1;
export const MIN_ITERATIONS = 600_000;
/** A ceiling against a broken clock: no real device needs more than this for ~300 ms. */
export const MAX_ITERATIONS = 20_000_000;
export const TARGET_KDF_MS = 300;
export const KDF_WINDOW_MS = { min: 250, max: 400 } as const;

const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_WRAP_AD = 'mygenie/vault-key/v1';
const RECORD_INFO = 'mygenie/record/v1';
const DOCUMENT_INFO = 'mygenie/document/v1';
const PAGE_INFO = 'mygenie/page/v1';
const BACKUP_MAC_INFO = 'mygenie/backup-mac/v1';
/** The label of the key a passkey's PRF output gives (docs/security.md, "Unlocking with a passkey"). */
export const PASSKEY_UNLOCK_INFO = 'mygenie/passkey-unlock/v1';
/** The PRF's input (the salt WebAuthn evaluates) and its output: 32 bytes each. */
export const PRF_BYTES = 32;

export interface VaultHeader {
  v: typeof VAULT_FORMAT;
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  wrapIv: Uint8Array<ArrayBuffer>;
  wrappedKey: Uint8Array<ArrayBuffer>;
}

/**
 * A record as it rests in IndexedDB: nothing but its id and kind is readable without the data key. `sealed` is
 * salt (16 bytes) | IV (12) | AES-GCM ciphertext and tag, in one array so a large vault moves between the
 * database, the page and the workers as few objects.
 */
export interface SealedRecord {
  id: string;
  kind: string;
  sealed: Uint8Array<ArrayBuffer>;
}

const SEALED_HEADER = SALT_BYTES + IV_BYTES;

export interface SealedChunk {
  iv: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
}

/** Routine failures are values, not exceptions (a wrong password is not a crash). */
export type Opened<T> = { ok: true; value: T } | { ok: false; reason: 'tampered' };
export type Unlocked = { ok: true } | { ok: false; reason: 'wrong-password' | 'damaged-header' };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

async function deriveWrappingKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(password.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Time one PBKDF2-SHA256 derivation of `iterations` rounds, in milliseconds. */
export async function timePbkdf2(iterations: number): Promise<number> {
  const material = await crypto.subtle.importKey('raw', encoder.encode('calibration'), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const started = performance.now();
  await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: randomBytes(SALT_BYTES), iterations },
    material,
    256,
  );
  return performance.now() - started;
}

/**
 * The iteration count that makes one derivation take about TARGET_KDF_MS on this device, never below
 * MIN_ITERATIONS. A fast device gets more rounds; a slow one keeps the floor even if it then takes longer.
 */
export async function calibrateIterations(measure: (iterations: number) => Promise<number> = timePbkdf2) {
  const probe = 200_000;
  await measure(20_000); // warm-up: the first call pays for setting up the primitive
  const samples = [await measure(probe), await measure(probe), await measure(probe)].sort((a, b) => a - b);
  const msPerRound = samples[1]! / probe;
  const iterations =
    msPerRound > 0 ? Math.round(TARGET_KDF_MS / msPerRound / 10_000) * 10_000 : MAX_ITERATIONS;
  return Math.min(MAX_ITERATIONS, Math.max(MIN_ITERATIONS, iterations));
}

/** Raw key bytes as a vault's data key: a non-extractable HKDF key, as the workers take it (VaultCipher.adopt). */
export async function importDataKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
}

function subKey(dataKey: CryptoKey, salt: Uint8Array<ArrayBuffer>, info: string): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(info) },
    dataKey,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function recordAd(kind: string, id: string) {
  return encoder.encode(`mygenie/${kind}/${id}`);
}

function chunkAd(documentId: string, index: number, count: number) {
  return encoder.encode(`mygenie/chunk/${documentId}/${index}/${count}`);
}

async function wrap(
  raw: Uint8Array<ArrayBuffer>,
  password: string,
  iterations: number,
): Promise<VaultHeader> {
  const salt = randomBytes(SALT_BYTES);
  const wrapIv = randomBytes(IV_BYTES);
  const wrappingKey = await deriveWrappingKey(password, salt, iterations);
  const wrappedKey = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: wrapIv, additionalData: encoder.encode(KEY_WRAP_AD) },
      wrappingKey,
      raw,
    ),
  );
  return { v: VAULT_FORMAT, kdf: 'PBKDF2-SHA256', iterations, salt, wrapIv, wrappedKey };
}

async function unwrap(header: VaultHeader, password: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const wrappingKey = await deriveWrappingKey(password, header.salt, header.iterations);
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: header.wrapIv, additionalData: encoder.encode(KEY_WRAP_AD) },
        wrappingKey,
        header.wrappedKey,
      ),
    );
  } catch {
    return null;
  }
}

/**
 * The data key wrapped for one passkey on one device: AES-GCM under a key derived by HKDF-SHA256 from the passkey's
 * PRF output (salt: the PRF's own input, info: PASSKEY_UNLOCK_INFO), bound by its additional data to the credential
 * and to the vault header it was made under (its salt: a new master password makes a new header, and this wrap no
 * longer opens). Kept on the device only (src/app/vault/store.ts), never synced or backed up.
 */
export interface PasskeyWrap {
  credentialId: string;
  /** The PRF's input for this passkey (random, 32 bytes). */
  prfSalt: Uint8Array<ArrayBuffer>;
  wrapIv: Uint8Array<ArrayBuffer>;
  wrappedKey: Uint8Array<ArrayBuffer>;
}

async function passkeyWrappingKey(prfOutput: Uint8Array<ArrayBuffer>, prfSalt: Uint8Array<ArrayBuffer>) {
  if (prfOutput.length !== PRF_BYTES || prfSalt.length !== PRF_BYTES) throw new Error('not a PRF output');
  const material = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: prfSalt, info: encoder.encode(PASSKEY_UNLOCK_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The additional data of a passkey wrap: the label, the credential and the header's salt (in hex). */
export function passkeyWrapAd(credentialId: string, headerSalt: Uint8Array): Uint8Array<ArrayBuffer> {
  const salt = Array.from(headerSalt, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return encoder.encode(`${PASSKEY_UNLOCK_INFO}/${credentialId}/${salt}`);
}

/** Wraps a raw data key for a passkey (PasskeyWrap); `wrapIv` is random unless given (known-answer tests). */
export async function wrapForPasskey(
  raw: Uint8Array<ArrayBuffer>,
  prfOutput: Uint8Array<ArrayBuffer>,
  wrap: { credentialId: string; prfSalt: Uint8Array<ArrayBuffer>; headerSalt: Uint8Array },
  wrapIv: Uint8Array<ArrayBuffer> = randomBytes(IV_BYTES),
): Promise<PasskeyWrap> {
  const key = await passkeyWrappingKey(prfOutput, wrap.prfSalt);
  const wrappedKey = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: wrapIv, additionalData: passkeyWrapAd(wrap.credentialId, wrap.headerSalt) },
      key,
      raw,
    ),
  );
  return { credentialId: wrap.credentialId, prfSalt: wrap.prfSalt, wrapIv, wrappedKey };
}

/** The raw data key a passkey wrap holds, or null when this PRF output, credential or header does not open it. */
export async function unwrapWithPasskey(
  wrap: PasskeyWrap,
  prfOutput: Uint8Array<ArrayBuffer>,
  headerSalt: Uint8Array,
): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    const key = await passkeyWrappingKey(prfOutput, wrap.prfSalt);
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: wrap.wrapIv, additionalData: passkeyWrapAd(wrap.credentialId, headerSalt) },
        key,
        wrap.wrappedKey,
      ),
    );
  } catch {
    return null;
  }
}

export function isVaultHeader(value: unknown): value is VaultHeader {
  const header = value as Partial<VaultHeader> | null;
  return (
    !!header &&
    header.v === VAULT_FORMAT &&
    header.kdf === 'PBKDF2-SHA256' &&
    Number.isInteger(header.iterations) &&
    (header.iterations ?? 0) >= MIN_ITERATIONS &&
    header.salt instanceof Uint8Array &&
    header.wrapIv instanceof Uint8Array &&
    header.wrappedKey instanceof Uint8Array
  );
}

/**
 * One vault's keys while it is unlocked. The data key is a non-extractable HKDF key: once unlocked, nothing
 * in this object can hand the key itself out, only use it.
 */
export class VaultCipher {
  #dataKey: CryptoKey | null = null;

  get unlocked(): boolean {
    return this.#dataKey !== null;
  }

  /** Makes a new vault: a random data key wrapped under the master password. */
  async create(password: string, iterations: number): Promise<VaultHeader> {
    const raw = randomBytes(32);
    const header = await wrap(raw, password, Math.max(iterations, MIN_ITERATIONS));
    this.#dataKey = await importDataKey(raw);
    raw.fill(0);
    return header;
  }

  async unlock(header: VaultHeader, password: string): Promise<Unlocked> {
    if (!isVaultHeader(header)) return { ok: false, reason: 'damaged-header' };
    const raw = await unwrap(header, password);
    if (!raw) return { ok: false, reason: 'wrong-password' };
    this.#dataKey = await importDataKey(raw);
    raw.fill(0);
    return { ok: true };
  }

  /** Checks a password against the header without changing what is unlocked. */
  async checkPassword(header: VaultHeader, password: string): Promise<boolean> {
    const raw = await unwrap(header, password);
    raw?.fill(0);
    return raw !== null;
  }

  /** Re-wraps the same data key under a new password; records are untouched. Null if `current` is wrong. */
  async changePassword(
    header: VaultHeader,
    current: string,
    next: string,
    iterations = header.iterations,
  ): Promise<VaultHeader | null> {
    const raw = await unwrap(header, current);
    if (!raw) return null;
    const rewrapped = await wrap(raw, next, Math.max(iterations, MIN_ITERATIONS));
    raw.fill(0);
    return rewrapped;
  }

  /**
   * The data key wrapped for a passkey (PasskeyWrap), proven by the master password: null when it is wrong. The raw
   * key exists only here, for the moment it takes.
   */
  async wrapForPasskey(
    header: VaultHeader,
    password: string,
    prfOutput: Uint8Array<ArrayBuffer>,
    wrap: { credentialId: string; prfSalt: Uint8Array<ArrayBuffer> },
  ): Promise<PasskeyWrap | null> {
    const raw = await unwrap(header, password);
    if (!raw) return null;
    try {
      return await wrapForPasskey(raw, prfOutput, { ...wrap, headerSalt: header.salt });
    } finally {
      raw.fill(0);
    }
  }

  /** Unlocks with a passkey's PRF output and this device's wrap for it; false when they do not open the key. */
  async unlockWithPasskey(
    header: VaultHeader,
    wrap: PasskeyWrap,
    prfOutput: Uint8Array<ArrayBuffer>,
  ): Promise<Unlocked> {
    if (!isVaultHeader(header)) return { ok: false, reason: 'damaged-header' };
    const raw = await unwrapWithPasskey(wrap, prfOutput, header.salt);
    if (!raw) return { ok: false, reason: 'wrong-password' };
    this.#dataKey = await importDataKey(raw);
    raw.fill(0);
    return { ok: true };
  }

  lock(): void {
    this.#dataKey = null;
  }

  /** The unlocked key as an opaque handle, so other workers of this page can share the work. */
  handle(): CryptoKey {
    return this.#key();
  }

  adopt(key: CryptoKey): void {
    if (key.extractable || key.algorithm.name !== 'HKDF') throw new Error('not a vault data key');
    this.#dataKey = key;
  }

  #key(): CryptoKey {
    if (!this.#dataKey) throw new Error('vault is locked');
    return this.#dataKey;
  }

  /** salt | IV | AES-GCM of `plain` under a key derived from the data key with a fresh salt for `info`. */
  async #sealBytes(info: string, additionalData: Uint8Array<ArrayBuffer>, plain: Uint8Array<ArrayBuffer>) {
    const salt = randomBytes(SALT_BYTES);
    const iv = randomBytes(IV_BYTES);
    const key = await subKey(this.#key(), salt, info);
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain);
    const sealed = new Uint8Array(SEALED_HEADER + data.byteLength);
    sealed.set(salt, 0);
    sealed.set(iv, SALT_BYTES);
    sealed.set(new Uint8Array(data), SEALED_HEADER);
    return sealed;
  }

  /** What #sealBytes sealed, as text; null when it fails authentication. */
  async #openText(info: string, additionalData: Uint8Array<ArrayBuffer>, stored: unknown) {
    const key = this.#key();
    if (!(stored instanceof Uint8Array) || stored.length < SEALED_HEADER + 16) return null;
    const sealed = stored as Uint8Array<ArrayBuffer>;
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.subarray(SALT_BYTES, SEALED_HEADER), additionalData },
        await subKey(key, sealed.subarray(0, SALT_BYTES), info),
        sealed.subarray(SEALED_HEADER),
      );
      return decoder.decode(plain);
    } catch {
      return null;
    }
  }

  async seal(kind: string, id: string, value: unknown): Promise<SealedRecord> {
    const plain = encoder.encode(JSON.stringify(value));
    return { id, kind, sealed: await this.#sealBytes(RECORD_INFO, recordAd(kind, id), plain) };
  }

  /** The record's JSON text, or null when it fails authentication (changed, moved or from another vault). */
  openText(record: SealedRecord): Promise<string | null> {
    return this.#openText(RECORD_INFO, recordAd(record.kind, record.id), record.sealed);
  }

  /**
   * A page of records sealed as one: `text` is the JSON of its entries (PageEntry). One key derivation and one
   * AES-GCM operation for up to a few hundred records, where sealing each costs both per record.
   */
  sealPage(text: string): Promise<Uint8Array<ArrayBuffer>> {
    return this.#sealBytes(PAGE_INFO, encoder.encode(PAGE_INFO), encoder.encode(text));
  }

  /** A sealed page's JSON text, or null when it fails authentication. */
  openPageText(sealed: Uint8Array<ArrayBuffer>): Promise<string | null> {
    return this.#openText(PAGE_INFO, encoder.encode(PAGE_INFO), sealed);
  }

  /** Opens many records at once: issuing every operation together keeps the crypto thread busy. */
  openManyText(records: SealedRecord[]): Promise<Array<string | null>> {
    return Promise.all(records.map((record) => this.openText(record)));
  }

  async open<T = unknown>(record: SealedRecord): Promise<Opened<T>> {
    return parseOpened<T>(await this.openText(record));
  }

  async openMany<T = unknown>(records: SealedRecord[]): Promise<Opened<T>[]> {
    return (await this.openManyText(records)).map((text) => parseOpened<T>(text));
  }

  /** HMAC-SHA256 of a backup's listing, under a key derived from the data key: only this vault can make it. */
  async backupMac(listing: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    const key = await crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(BACKUP_MAC_INFO) },
      this.#key(),
      { name: 'HMAC', hash: 'SHA-256', length: 256 },
      false,
      ['sign'],
    );
    return new Uint8Array(await crypto.subtle.sign('HMAC', key, listing));
  }

  async checkBackupMac(listing: Uint8Array<ArrayBuffer>, mac: Uint8Array<ArrayBuffer>): Promise<boolean> {
    return macsEqual(await this.backupMac(listing), mac);
  }

  /** A document's own key: derived once per document from its salt, used for each of its chunks. */
  async documentKey(salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
    return subKey(this.#key(), salt, DOCUMENT_INFO);
  }
}

/** Decrypted JSON text as a value; text that does not parse counts as tampered too. */
export function parseOpened<T>(text: string | null): Opened<T> {
  if (text === null) return { ok: false, reason: 'tampered' };
  try {
    return { ok: true, value: JSON.parse(text) as T };
  } catch {
    return { ok: false, reason: 'tampered' };
  }
}

export async function sealChunk(
  key: CryptoKey,
  documentId: string,
  index: number,
  count: number,
  bytes: ArrayBuffer | Uint8Array<ArrayBuffer>,
): Promise<SealedChunk> {
  const iv = randomBytes(IV_BYTES);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: chunkAd(documentId, index, count) },
    key,
    bytes,
  );
  return { iv, data: new Uint8Array(data) };
}

export async function openChunk(
  key: CryptoKey,
  documentId: string,
  index: number,
  count: number,
  chunk: SealedChunk,
): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: chunk.iv, additionalData: chunkAd(documentId, index, count) },
        key,
        chunk.data,
      ),
    );
  } catch {
    return null;
  }
}

/** Two MACs compared in constant time (no early exit on the first byte that differs). */
export function macsEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** SHA-256 of a chunk's IV ‖ ciphertext and tag: how a backup's MAC listing names the chunk. */
export async function chunkDigest(chunk: SealedChunk): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(chunk.iv.length + chunk.data.length);
  bytes.set(chunk.iv, 0);
  bytes.set(chunk.data, chunk.iv.length);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}
