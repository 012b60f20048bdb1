// The device's master-key verifier (docs/design.md §3.4): the master key is never stored, nor hashed fast. The app
// keeps a salted PBKDF2-SHA256 derivation at the vault's calibrated cost, so checking a guess here costs as
// much as unlocking the vault. WebCrypto only, so the same code runs in browsers and in Node tests.

import { base64ToBytes, bytesToBase64 } from './base64.js';

export const MASTER_KEY_MIN_ITERATIONS = 600_000;

export interface MasterKeyVerifier {
  v: 1;
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  /** base64 of 16 random bytes */
  salt: string;
  /** base64 of the 32-byte derivation */
  hash: string;
}

export type MasterKeyCheck = 'ok' | 'not-set' | 'incorrect';

const toBase64 = bytesToBase64;
const fromBase64 = base64ToBytes;

async function derive(
  masterKey: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(masterKey),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    256,
  );
  return new Uint8Array(bits);
}

export async function createMasterKeyVerifier(
  masterKey: string,
  iterations = MASTER_KEY_MIN_ITERATIONS,
): Promise<MasterKeyVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(masterKey, salt, Math.max(iterations, MASTER_KEY_MIN_ITERATIONS));
  return {
    v: 1,
    kdf: 'PBKDF2-SHA256',
    iterations: Math.max(iterations, MASTER_KEY_MIN_ITERATIONS),
    salt: toBase64(salt),
    hash: toBase64(hash),
  };
}

export function parseMasterKeyVerifier(stored: string | null): MasterKeyVerifier | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<MasterKeyVerifier>;
    const valid =
      value.v === 1 &&
      value.kdf === 'PBKDF2-SHA256' &&
      Number.isInteger(value.iterations) &&
      (value.iterations ?? 0) >= MASTER_KEY_MIN_ITERATIONS &&
      typeof value.salt === 'string' &&
      typeof value.hash === 'string';
    return valid ? (value as MasterKeyVerifier) : null;
  } catch {
    return null;
  }
}

export async function checkMasterKey(
  masterKey: string,
  verifier: MasterKeyVerifier | null,
): Promise<MasterKeyCheck> {
  if (!verifier) return 'not-set';
  const expected = fromBase64(verifier.hash);
  const actual = await derive(masterKey, fromBase64(verifier.salt), verifier.iterations);
  if (actual.length !== expected.length) return 'incorrect';
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= actual[i]! ^ expected[i]!;
  return difference === 0 ? 'ok' : 'incorrect';
}
