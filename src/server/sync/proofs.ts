// Proof of the vault key (docs/sync.md, "Proofs"). The server cannot check the vault's MACs (it has no key), so a
// session alone could join sync and send what every real device then refuses. The device that publishes the vault
// makes a signing key pair (ECDSA P-256): the public half stays here in clear, the private half sealed with the
// vault, so only a device that opened the vault can sign. A device's registration and a snapshot carry a signature
// the server checks against the public half.
import crypto from 'node:crypto';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { SyncVaultHeaderJson } from '../../shared/schemas/sync.js';

/** What a registration's signature covers: `JSON.stringify([DEVICE_PROOF, vaultId, deviceId])`. */
export const DEVICE_PROOF = 'mygenie/sync-device/v1';
/** What a snapshot's signature covers: `JSON.stringify([SNAPSHOT_PROOF, vaultId, deviceId, covers, sha256])`. */
export const SNAPSHOT_PROOF = 'mygenie/sync-snapshot/v1';

/**
 * What a header's signature covers: `JSON.stringify([HEADER_PROOF, vaultId, version, v, kdf, iterations, salt, wrapIv,
 * wrappedKey])` — the header's fields in this order, whatever order its JSON has.
 */
export const HEADER_PROOF = 'mygenie/sync-header/v1';

/** The statement a header's signature covers (see HEADER_PROOF). */
export function headerStatement(vaultId: string, version: number, header: SyncVaultHeaderJson): unknown[] {
  return [
    HEADER_PROOF,
    vaultId,
    version,
    header.v,
    header.kdf,
    header.iterations,
    header.salt,
    header.wrapIv,
    header.wrappedKey,
  ];
}

/** The vault's public signing key from its SPKI DER (standard base64), or null unless it is ECDSA P-256. */
export function signingKey(spki: string): crypto.KeyObject | null {
  try {
    const key = crypto.createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
      ? key
      : null;
  } catch {
    return null;
  }
}

/** A signature sent in base64 or base64url, as bytes. */
export const signatureBytes = (proof: string, encoding: 'base64' | 'base64url') =>
  Buffer.from(proof, encoding);

/**
 * Whether `signature` (64 bytes, IEEE P1363: r then s) is the vault key's ECDSA-SHA-256 signature of the UTF-8
 * bytes of `JSON.stringify(statement)`.
 */
export function proven(spki: string, statement: unknown[], signature: Buffer): boolean {
  const key = signingKey(spki);
  if (!key || signature.length !== 64) return false;
  try {
    return crypto.verify(
      'sha256',
      Buffer.from(JSON.stringify(statement), 'utf8'),
      { key, dsaEncoding: 'ieee-p1363' },
      signature,
    );
  } catch {
    return false;
  }
}

/**
 * Passes an upload through, hashing it (SHA-256) on the way to storage; `digest()` is the standard base64 of the
 * hash once the bytes have all gone by. A failure of the upload fails the stream it gives.
 */
export function hashing(body: Readable): { stream: Readable; digest: () => string } {
  const hash = crypto.createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  pipeline(body, stream, () => undefined);
  return { stream, digest: () => hash.copy().digest('base64') };
}
