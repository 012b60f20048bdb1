// What travels between devices, and how it is named and checked (docs/sync.md, "Formats"): a record's and a chunk's
// pseudonymous names, a change's payload (the sealed address, then the sealed record), the MACs on the vault header
// and on a snapshot, and the snapshot's file. Pure functions over WebCrypto, the same in a browser and in Node.
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import type { SyncState, SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import type { ChainHead } from './chain.js';
import { SyncRefused } from './errors.js';

const SNAPSHOT_INFO = 'mygenie/sync-snapshot/v1';
const HEADER_INFO = 'mygenie/sync-header/v1';
const HEADER_INFO_VERSIONED = 'mygenie/sync-header/v2';

/** A record's pseudonymous id, or a chunk's name: HMAC under the sync key, base64url. */
async function keyName(key: CryptoKey, text: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return bytesToBase64(mac).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const ridOf = (key: CryptoKey, kind: string, id: string) => keyName(key, `record/${kind}/${id}`);

export const chunkName = (key: CryptoKey, documentId: string, index: number) =>
  keyName(key, `chunk/${documentId}/${index}`);

/** A change's payload: the sealed address (kind and id), then the record as the vault sealed it (none: deleted). */
export function joinPayload(address: Uint8Array, record: Uint8Array | null): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(4 + address.byteLength + (record?.byteLength ?? 0));
  new DataView(bytes.buffer).setUint32(0, address.byteLength);
  bytes.set(address, 4);
  if (record) bytes.set(record, 4 + address.byteLength);
  return bytes;
}

export function splitPayload(bytes: Uint8Array<ArrayBuffer>): {
  address: Uint8Array<ArrayBuffer>;
  record: Uint8Array<ArrayBuffer> | null;
} {
  if (bytes.byteLength < 4) throw new SyncRefused('damaged');
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  if (4 + length > bytes.byteLength) throw new SyncRefused('damaged');
  const address = bytes.slice(4, 4 + length);
  const rest = bytes.slice(4 + length);
  return { address, record: rest.byteLength > 0 ? rest : null };
}

async function macOf(key: CryptoKey, parts: unknown[]): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(parts));
  return bytesToBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, bytes)));
}

async function macChecks(key: CryptoKey, mac: string, parts: unknown[]): Promise<boolean> {
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(parts));
    return await crypto.subtle.verify('HMAC', key, base64ToBytes(mac), bytes);
  } catch {
    return false;
  }
}

/**
 * What a header's MAC covers: the vault, the header's version and its JSON. A header of before versions (0) was
 * MACed without one.
 */
const headerParts = (vault: string, version: number, header: string) =>
  version === 0 ? [HEADER_INFO, vault, header] : [HEADER_INFO_VERSIONED, vault, version, header];

/** The MAC a device of the vault puts on its header and its version (the server keeps both). */
export const headerMac = (key: CryptoKey, vault: string, version: number, header: string) =>
  macOf(key, headerParts(vault, version, header));

/** Whether the server's header was made by a device of this vault (this vault's key), at the version it says. */
export const headerGenuine = (key: CryptoKey, vault: NonNullable<SyncState['vault']>) =>
  macChecks(key, vault.headerMac, headerParts(vault.id, vault.version, JSON.stringify(vault.header)));

const sortedHeads = (heads: Record<string, ChainHead>) =>
  Object.entries(heads).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * A snapshot as stored on the server: every record of the series up to `covers`, under one MAC. A shared space's
 * (version 2) also carries who added and last changed each record, sealed (snapshots.ts `sealAuthors`), under the
 * same MAC.
 */
export interface SnapshotFile {
  v: 1 | 2;
  vault: string;
  covers: number;
  heads: Record<string, ChainHead>;
  /** [rid, version, payload] for every record in the series, deletions included. */
  records: Array<[string, string, string]>;
  /** Version 2: the records' authors, sealed under the series' key, base64. */
  authors?: string;
  mac: string;
}

async function sha256Of(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return bytesToBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** What a snapshot's MAC covers: the series, its span, its heads, its records and (version 2) its authors. */
async function snapshotParts(snapshot: Omit<SnapshotFile, 'v' | 'mac'>): Promise<unknown[]> {
  const parts = [
    SNAPSHOT_INFO,
    snapshot.vault,
    snapshot.covers,
    sortedHeads(snapshot.heads),
    await sha256Of(snapshot.records),
  ];
  return snapshot.authors === undefined ? parts : [...parts, await sha256Of(snapshot.authors)];
}

/** A snapshot file, its MAC made under the sync key (version 2 when it carries authors). */
export async function sealSnapshot(
  key: CryptoKey,
  snapshot: Omit<SnapshotFile, 'v' | 'mac'>,
): Promise<SnapshotFile> {
  const mac = await macOf(key, await snapshotParts(snapshot));
  return { v: snapshot.authors === undefined ? 1 : 2, ...snapshot, mac };
}

/** A snapshot file read back: refused unless a device of `vault` made it (its MAC checks out under the key). */
export async function openSnapshot(key: CryptoKey, vault: string, text: string): Promise<SnapshotFile> {
  let file: SnapshotFile;
  try {
    file = JSON.parse(text) as SnapshotFile;
  } catch {
    throw new SyncRefused('altered');
  }
  const wellFormed =
    (file?.v === 1 ? file.authors === undefined : file?.v === 2 && typeof file.authors === 'string') &&
    typeof file.vault === 'string' &&
    Number.isSafeInteger(file.covers) &&
    typeof file.heads === 'object' &&
    file.heads !== null &&
    Array.isArray(file.records) &&
    typeof file.mac === 'string';
  if (!wellFormed) throw new SyncRefused('altered');
  if (file.vault !== vault) throw new SyncRefused('other-vault');
  const genuine = await macChecks(key, file.mac, await snapshotParts(file));
  if (!genuine) throw new SyncRefused('altered');
  return file;
}

// The vault's signing key (docs/sync.md, "Proofs"): the server cannot check the vault's MACs, so a device proves it
// opened the vault by signing its registration and its snapshots with a key only the vault's devices can open.

const DEVICE_PROOF = 'mygenie/sync-device/v1';
const SNAPSHOT_PROOF = 'mygenie/sync-snapshot/v1';
const HEADER_PROOF = 'mygenie/sync-header/v1';
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** What the vault's sealed signing key holds: the private key, and the public key it goes with. */
export interface SigningSecret {
  pkcs8: string;
  spki: string;
}

/** A new signing key pair: the secret to seal with the vault, and the private key to sign with now. */
export async function newSigningKey(): Promise<{ secret: SigningSecret; key: CryptoKey }> {
  const pair = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const secret = { pkcs8: bytesToBase64(pkcs8), spki: bytesToBase64(spki) };
  return { secret, key: await signingKeyFrom(secret) };
}

/** The private key of an opened secret, for signing only (it cannot be exported again). */
export function signingKeyFrom(secret: SigningSecret): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', base64ToBytes(secret.pkcs8), ECDSA, false, ['sign']);
}

async function signed(key: CryptoKey, statement: unknown[]): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new TextEncoder().encode(JSON.stringify(statement));
  return new Uint8Array(await crypto.subtle.sign(SIGNATURE, key, bytes));
}

/**
 * A header's proof (standard base64): its fields in a fixed order, so the server checks the same statement whatever
 * order the header's JSON has (src/server/sync/proofs.ts).
 */
export async function headerProof(
  key: CryptoKey,
  vault: string,
  version: number,
  header: SyncVaultHeaderJson,
): Promise<string> {
  const { v, kdf, iterations, salt, wrapIv, wrappedKey } = header;
  return bytesToBase64(
    await signed(key, [HEADER_PROOF, vault, version, v, kdf, iterations, salt, wrapIv, wrappedKey]),
  );
}

/** A registration's proof (standard base64). */
export async function deviceProof(key: CryptoKey, vault: string, device: string): Promise<string> {
  return bytesToBase64(await signed(key, [DEVICE_PROOF, vault, device]));
}

/** A snapshot's proof over the very bytes uploaded (base64url, for the query). */
export async function snapshotProof(
  key: CryptoKey,
  vault: string,
  device: string,
  covers: number,
  body: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const sha256 = bytesToBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', body)));
  const signature = await signed(key, [SNAPSHOT_PROOF, vault, device, covers, sha256]);
  return bytesToBase64(signature).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
