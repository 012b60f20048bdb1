// The server's check of a space member's signature (docs/spaces-plan.md §2): ECDSA P-256 with SHA-256, signatures in
// IEEE P1363 (r ‖ s), keys as SPKI DER. The log's reducer (shared/spaces/log.ts) takes it as its VerifyStatement, so
// the server refuses exactly the entries the members' devices refuse.
import crypto from 'node:crypto';
import type { VerifyStatement } from '../../shared/spaces/log.js';
import { signingKey } from '../sync/proofs.js';

/** A public key from its SPKI DER (base64 or base64url), or null unless it is a P-256 key (as the vault's). */
export const p256Key = signingKey;

/** Whether `signature` (64 bytes, base64 or base64url) is the key's ECDSA-SHA-256 signature of `statement`. */
export function verifies(spki: string, statement: Uint8Array, signature: string): boolean {
  const key = p256Key(spki);
  const bytes = Buffer.from(signature, 'base64');
  if (!key || bytes.length !== 64) return false;
  try {
    return crypto.verify('sha256', statement, { key, dsaEncoding: 'ieee-p1363' }, bytes);
  } catch {
    return false;
  }
}

/** The log's VerifyStatement on the server. */
export const verifyStatement: VerifyStatement = async (spki, statement, signature) =>
  verifies(spki, statement, signature);
