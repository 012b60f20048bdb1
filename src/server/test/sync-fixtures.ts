// What the sync tests send, as a device would make it but for the cryptography the server never checks: random
// ids, names and MACs, a vault header, a device's chain of changes, and the vault's signing key with its proofs
// (which the server does check).
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { SyncChangeBody } from '../../shared/schemas/sync.js';
import { headerStatement } from '../sync/proofs.js';
import type { TestApp } from './harness.js';

/** A MAC or hash, standard base64 (32 bytes). */
export const digest = () => crypto.randomBytes(32).toString('base64');
/** A record's or a chunk's pseudonymous name (base64url, 32 bytes). */
export const keyName = () => crypto.randomBytes(32).toString('base64url');
/** A vault's or a device's id (32 hex digits). */
export const syncId = () => crypto.randomBytes(16).toString('hex');

/** A vault header as a device sends it (its wrapped key random: the server never opens it). */
export const VAULT_HEADER = {
  v: 1 as const,
  kdf: 'PBKDF2-SHA256' as const,
  iterations: 600_000,
  salt: crypto.randomBytes(16).toString('base64'),
  wrapIv: crypto.randomBytes(12).toString('base64'),
  wrappedKey: crypto.randomBytes(48).toString('base64'),
};

/** A device's chain of changes as the server sees them: numbers, MACs chained, an opaque payload. */
export function chain(device: string) {
  let seq = 0;
  let prev: string | null = null;
  const history: Array<{ mac: string }> = [];
  return {
    device,
    next(payloadBytes = 200, record: { rid?: string; base?: string | null } = {}): SyncChangeBody {
      seq += 1;
      const change = {
        seq,
        prev,
        rid: record.rid ?? keyName(),
        base: record.base ?? null,
        heads: {},
        hash: digest(),
        mac: digest(),
        payload: crypto.randomBytes(payloadBytes).toString('base64'),
      };
      prev = change.mac;
      history.push(change);
      return change;
    },
    /** Forgets the last change made (the server refused it). */
    back() {
      history.pop();
      seq -= 1;
      prev = history.at(-1)?.mac ?? null;
    },
  };
}

/** A vault's signing key pair as the publishing device makes it (ECDSA, P-256 unless said), and its proofs. */
export function signingPair(curve = 'P-256') {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: curve });
  const sign = (statement: unknown[]) =>
    crypto.sign('sha256', Buffer.from(JSON.stringify(statement)), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
  const signing = {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    sealedKey: crypto.randomBytes(180).toString('base64'),
  };
  return {
    signing,
    headerProof: (vault: string, version: number, header: typeof VAULT_HEADER = VAULT_HEADER) =>
      sign(headerStatement(vault, version, header)).toString('base64'),
    /** A publication's body: the header at `version`, signed (the key sent with it unless `keyed` is false). */
    publication: (
      vault: string,
      version = 1,
      header: typeof VAULT_HEADER = VAULT_HEADER,
      extra: { keyed?: boolean; currentPassword?: string } = {},
    ) => ({
      id: vault,
      header,
      headerMac: digest(),
      version,
      proof: sign(headerStatement(vault, version, header)).toString('base64'),
      ...(extra.keyed === false ? {} : { signing }),
      ...(extra.currentPassword === undefined ? {} : { currentPassword: extra.currentPassword }),
    }),
    deviceProof: (vault: string, device: string) =>
      sign(['mygenie/sync-device/v1', vault, device]).toString('base64'),
    snapshotProof: (vault: string, device: string, covers: number, bytes: Uint8Array) =>
      sign([
        'mygenie/sync-snapshot/v1',
        vault,
        device,
        covers,
        crypto.createHash('sha256').update(bytes).digest('base64'),
      ]).toString('base64url'),
  };
}

/**
 * A member's synced vault made through the API as a device makes one: the vault with its signing key, a device of
 * theirs, two changes, a chunk and a snapshot (each answered with success, or the test fails).
 */
export async function syncedVault(t: TestApp, member: string): Promise<void> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sign = (statement: unknown[]) =>
    crypto.sign('sha256', Buffer.from(JSON.stringify(statement)), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
  const vault = crypto.randomBytes(16).toString('hex');
  const device = crypto.randomBytes(16).toString('hex');
  const syncing = async (method: 'PUT' | 'POST', url: string, body: unknown) => {
    const answer = await t.request({ method, url, cookie: member, body });
    expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
  };
  await syncing('PUT', '/api/sync/vault', {
    id: vault,
    header: VAULT_HEADER,
    headerMac: digest(),
    version: 1,
    proof: sign(headerStatement(vault, 1, VAULT_HEADER)).toString('base64'),
    signing: {
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      sealedKey: crypto.randomBytes(180).toString('base64'),
    },
  });
  await syncing('PUT', `/api/sync/devices/${device}`, {
    name: 'Laptop',
    proof: sign(['mygenie/sync-device/v1', vault, device]).toString('base64'),
  });
  const change = (seq: number, prev: string | null) => ({
    seq,
    prev,
    rid: crypto.randomBytes(32).toString('base64url'),
    base: null,
    heads: {},
    hash: crypto.randomBytes(32).toString('base64'),
    mac: crypto.randomBytes(32).toString('base64'),
    payload: crypto.randomBytes(60).toString('base64'),
  });
  const first = change(1, null);
  await syncing('POST', '/api/sync/changes', { device, changes: [first, change(2, first.mac)] });
  const upload = (url: string, bytes: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { origin: t.origin, cookie: member, 'content-type': 'application/octet-stream' },
    });
  expect(
    (await upload(`/api/sync/chunks/${crypto.randomBytes(32).toString('base64url')}`, Buffer.from('chunk')))
      .statusCode,
  ).toBe(204);
  const snapshot = Buffer.from('snapshot bytes');
  const proof = sign([
    'mygenie/sync-snapshot/v1',
    vault,
    device,
    1,
    crypto.createHash('sha256').update(snapshot).digest('base64'),
  ]).toString('base64url');
  expect(
    (await upload(`/api/sync/snapshots?device=${device}&covers=1&proof=${proof}`, snapshot)).statusCode,
  ).toBe(201);
}
