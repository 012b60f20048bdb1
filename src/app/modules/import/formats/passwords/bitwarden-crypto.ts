// Bitwarden's password-protected export, as its clients write and read it: a key derived from the file's password
// and salt (PBKDF2-SHA256, or Argon2id over the SHA-256 of the salt), stretched by HKDF-Expand into an encryption
// key and a MAC key, and EncString type 2 values, "2.iv|ciphertext|mac" in base64: AES-256-CBC, then HMAC-SHA256
// over iv‖ciphertext. The KDF settings come from the file, so they are checked against Bitwarden's own bounds
// before anything is derived: a hostile file asking for 4 GB of Argon2 memory is refused, not obeyed.
import { base64ToBytes, bytesToBase64 } from '../../../../../shared/base64.js';
import { ImportError } from '../../plan.js';

export type Kdf =
  { type: 0; iterations: number } | { type: 1; iterations: number; memory: number; parallelism: number };

/** Bitwarden's KdfType values. */
export const PBKDF2_SHA256 = 0;
export const ARGON2ID = 1;

/** The bounds Bitwarden's clients accept on import (password-protected-kdf-config.ts). */
export const KDF_BOUNDS = {
  pbkdf2Iterations: [5_000, 2_000_000],
  argon2Iterations: [2, 10],
  argon2MemoryMiB: [16, 1024],
  argon2Parallelism: [1, 16],
} as const;

/**
 * The file's KDF settings, or ImportError: 'kdf-too-costly' for a setting above Bitwarden's bounds (it would freeze
 * the tab), 'damaged' for one below them, a non-integer or an unknown KDF.
 */
export function readKdf(file: Record<string, unknown>): Kdf {
  const within = (value: unknown, [min, max]: readonly [number, number]) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
      throw new ImportError('damaged');
    if (value > max) throw new ImportError('kdf-too-costly');
    return value;
  };
  if (file.kdfType === PBKDF2_SHA256) {
    return { type: 0, iterations: within(file.kdfIterations, KDF_BOUNDS.pbkdf2Iterations) };
  }
  if (file.kdfType === ARGON2ID) {
    // Each bound is checked before any is used, so the memory is refused even when another setting is also odd.
    const costly = (value: unknown, max: number) => typeof value === 'number' && value > max;
    if (
      costly(file.kdfMemory, KDF_BOUNDS.argon2MemoryMiB[1]) ||
      costly(file.kdfIterations, KDF_BOUNDS.argon2Iterations[1]) ||
      costly(file.kdfParallelism, KDF_BOUNDS.argon2Parallelism[1])
    ) {
      throw new ImportError('kdf-too-costly');
    }
    return {
      type: 1,
      iterations: within(file.kdfIterations, KDF_BOUNDS.argon2Iterations),
      memory: within(file.kdfMemory, KDF_BOUNDS.argon2MemoryMiB),
      parallelism: within(file.kdfParallelism, KDF_BOUNDS.argon2Parallelism),
    };
  }
  throw new ImportError('damaged');
}

export interface ExportKey {
  encryption: CryptoKey;
  authentication: CryptoKey;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

async function hmac(
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, data));
}

/** The 32 bytes the KDF makes of the password and the file's salt (as text, the way Bitwarden uses it). */
async function masterKey(password: string, salt: string, kdf: Kdf): Promise<Uint8Array<ArrayBuffer>> {
  if (kdf.type === PBKDF2_SHA256) {
    const material = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: utf8(salt), iterations: kdf.iterations },
      material,
      256,
    );
    return new Uint8Array(bits);
  }
  const { argon2id } = await import('hash-wasm');
  const hashedSalt = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(salt)));
  const derived = await argon2id({
    password: utf8(password),
    salt: hashedSalt,
    iterations: kdf.iterations,
    memorySize: kdf.memory * 1024,
    parallelism: kdf.parallelism,
    hashLength: 32,
    outputType: 'binary',
  });
  return new Uint8Array(derived);
}

/** Bitwarden's deriveVaultExportKey: the KDF's key stretched into HKDF-Expand(key, 'enc') and (key, 'mac'). */
export async function deriveExportKey(password: string, salt: string, kdf: Kdf): Promise<ExportKey> {
  const key = await masterKey(password, salt, kdf);
  // HKDF-Expand to 32 bytes is one block: HMAC(key, info ‖ 0x01).
  const encryption = await hmac(key, new Uint8Array([...utf8('enc'), 1]));
  const authentication = await hmac(key, new Uint8Array([...utf8('mac'), 1]));
  return {
    encryption: await crypto.subtle.importKey('raw', encryption, 'AES-CBC', false, ['encrypt', 'decrypt']),
    authentication: await crypto.subtle.importKey(
      'raw',
      authentication,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ),
  };
}

/** The MAC of an EncString did not match: the key is not the one it was written with. */
export class WrongKey extends Error {}

/** An EncString type 2 decrypted; WrongKey when its MAC fails, ImportError('damaged') when it is no EncString. */
export async function decryptEncString(encString: string, key: ExportKey): Promise<Uint8Array> {
  const match = /^2\.([^|]+)\|([^|]+)\|([^|]+)$/.exec(encString.trim());
  if (!match) throw new ImportError('damaged');
  let iv: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>, mac: Uint8Array<ArrayBuffer>;
  try {
    [iv, data, mac] = [base64ToBytes(match[1]!), base64ToBytes(match[2]!), base64ToBytes(match[3]!)];
  } catch {
    throw new ImportError('damaged');
  }
  if (iv.length !== 16 || mac.length !== 32 || data.length === 0 || data.length % 16 !== 0) {
    throw new ImportError('damaged');
  }
  const signed = new Uint8Array(iv.length + data.length);
  signed.set(iv);
  signed.set(data, iv.length);
  if (!(await crypto.subtle.verify('HMAC', key.authentication, mac, signed))) throw new WrongKey();
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key.encryption, data));
  } catch {
    // The MAC held but the padding did not: written wrongly, not with another key.
    throw new ImportError('damaged');
  }
}

/** `plain` as an EncString type 2, under a fresh random IV. */
export async function encryptEncString(plain: Uint8Array<ArrayBuffer>, key: ExportKey): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key.encryption, plain));
  const signed = new Uint8Array(iv.length + data.length);
  signed.set(iv);
  signed.set(data, iv.length);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key.authentication, signed));
  return `2.${bytesToBase64(iv)}|${bytesToBase64(data)}|${bytesToBase64(mac)}`;
}
