// What the members of a shared space sign and hash (docs/spaces-plan.md §2), the same bytes in the app and on the
// server: every statement is an array that opens with its domain string, written as canonical JSON, so a signature
// made for one purpose can never be read as another, and two sides that build the same statement hash the same bytes.

/** A log entry's statement: [SPACE_LOG, spaceId, seq, prev, kind, author, body]. */
export const SPACE_LOG = 'mygenie/space-log/v1';
/** A member's published identity: [SPACE_IDENTITY, uid, version, alg, signKey, boxKey]. */
export const SPACE_IDENTITY = 'mygenie/space-identity/v1';
/** A wrap of an epoch's key: its HKDF info, and the head of its additional data. */
export const SPACE_KEY = 'mygenie/space-key/v1';
/** The signature on a wrap: [SPACE_WRAP, spaceId, epoch, uid, keyVersion, by, eph, iv, sealed]. */
export const SPACE_WRAP = 'mygenie/space-wrap/v1';
/** The HKDF info of an epoch's commitment key. */
export const SPACE_COMMIT = 'mygenie/space-commit/v1';
/** What a member key's fingerprint hashes: [SPACE_MEMBER_KEY, alg, signKey, boxKey]. */
export const SPACE_MEMBER_KEY = 'mygenie/space-member-key/v1';

/** JSON that canonicalJson writes: no undefined, no functions, only safe integers and finite numbers. */
export type Canonical = null | boolean | number | string | Canonical[] | { [key: string]: Canonical };

/**
 * JSON with no freedom left: object keys sorted by UTF-16 code unit, no whitespace, numbers as JavaScript writes
 * them. An array of strings and integers comes out as JSON.stringify writes it, so the statements the sync proofs
 * already sign (src/server/sync/proofs.ts) read the same. Anything JSON cannot carry exactly throws.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no non-finite numbers');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot carry ${typeof value}`);
}

/** The UTF-8 bytes of a statement's canonical JSON: what is signed, MACed or hashed. */
export const statementBytes = (statement: readonly unknown[]): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(canonicalJson(statement));

/** SHA-256 as 64 lowercase hex digits. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The suites a member key may be in; 'p256' is ECDSA P-256 (sign) and ECDH P-256 (box). */
export type SpaceKeyAlg = 'p256';

/** A member's public keys as the log and the server carry them: SPKI DER, base64url. */
export interface MemberKey {
  alg: SpaceKeyAlg;
  /** Goes up each time the member makes a new identity (plan §2, "New space keys"). */
  version: number;
  sign: string;
  box: string;
}

/** A device joining an epoch's series, signed by the member's identity: [SPACE_DEVICE, spaceId, epoch, deviceId]. */
export const SPACE_DEVICE = 'mygenie/space-device/v1';
/**
 * A change in a space, signed by its author's identity: [SPACE_CHANGE, spaceId, epoch, device, seq, mac, madeAt,
 * logHead] (the MAC covers the record's name, base, hash and heads).
 */
export const SPACE_CHANGE = 'mygenie/space-change/v1';
/** A snapshot of an epoch's series, signed by its maker's identity: [SPACE_SNAPSHOT, spaceId, epoch, deviceId, covers, sha256]. */
export const SPACE_SNAPSHOT = 'mygenie/space-snapshot/v1';
/** A member key's fingerprint: SHA-256 hex of [SPACE_MEMBER_KEY, alg, sign, box] (the version is not in it). */
export const keyFingerprint = (key: MemberKey): Promise<string> =>
  sha256Hex(statementBytes([SPACE_MEMBER_KEY, key.alg, key.sign, key.box]));

/** The additional data of a wrap of epoch `epoch`'s key for member `uid` at key version `keyVersion`. */
export const wrapAdditionalData = (spaceId: string, epoch: number, uid: string, keyVersion: number) =>
  statementBytes([SPACE_KEY, spaceId, epoch, uid, keyVersion]);

/** What the commitment to an epoch's key MACs: [spaceId, epoch, series]. */
export const commitmentStatement = (spaceId: string, epoch: number, series: string) =>
  statementBytes([spaceId, epoch, series]);

/** A member's published identity, signed by the identity and by the vault's sync signing key. */
export const identityStatement = (uid: string, key: MemberKey) =>
  statementBytes([SPACE_IDENTITY, uid, key.version, key.alg, key.sign, key.box]);

/** What a wrap's signature covers (the wrapper `by` signs with its identity's sign key). */
export const wrapStatement = (
  spaceId: string,
  epoch: number,
  uid: string,
  keyVersion: number,
  wrap: { by: string; eph: string; iv: string; sealed: string },
) => statementBytes([SPACE_WRAP, spaceId, epoch, uid, keyVersion, wrap.by, wrap.eph, wrap.iv, wrap.sealed]);
