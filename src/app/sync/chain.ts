// Each device's changes as a hash chain under the vault's sync key (docs/sync.md, "Authentication"): a change's MAC
// covers the vault, the device, its number in that device's series, the previous change's MAC, the record's
// pseudonymous id, the version it was edited from, the hash of its sealed bytes and what the device had applied of
// the others. A receiving device refuses a change that was altered, replayed, dropped or reordered, or that names a
// change of another device the server has not delivered, and applies nothing of it.
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';

const SYNC_INFO = 'mygenie/sync/v1';

/** The key that signs and checks changes, derived from the vault's data key (an HKDF key): only an unlocked vault has it. */
export function deriveSyncKey(dataKey: CryptoKey): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: new TextEncoder().encode(SYNC_INFO) },
    dataKey,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

export interface UnsignedChange {
  vault: string;
  device: string;
  /** 1, 2, … in this device's series. */
  seq: number;
  /** The MAC of this device's previous change; null for its first. */
  prev: string | null;
  /** The record's pseudonymous id. */
  rid: string;
  /** The version this edit was made from (`device:seq`); null for a new record. */
  base: string | null;
  /** SHA-256 of the sealed record, base64. */
  sealedHash: string;
  /** What the device had applied of the other devices when it made the change: device → seq. */
  heads: Record<string, number>;
}

export interface SignedChange extends UnsignedChange {
  mac: string;
}

/** The bytes a MAC covers: the fields in a fixed order, the heads sorted, as JSON. */
function signedBytes(change: UnsignedChange): Uint8Array<ArrayBuffer> {
  const heads = Object.entries(change.heads).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new TextEncoder().encode(
    JSON.stringify([
      SYNC_INFO,
      change.vault,
      change.device,
      change.seq,
      change.prev,
      change.rid,
      change.base,
      change.sealedHash,
      heads,
    ]),
  );
}

export async function signChange(key: CryptoKey, change: UnsignedChange): Promise<SignedChange> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, signedBytes(change)));
  return { ...change, mac: bytesToBase64(mac) };
}

export async function sealedHash(sealed: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', sealed)));
}

/** Why a change was refused; `ok` when it was applied to the chain. */
export type Verdict = 'ok' | 'other-vault' | 'altered' | 'replayed' | 'out-of-order' | 'withheld';

export interface ChainHead {
  seq: number;
  mac: string;
}

/** What a device has applied of every device's chain, and the check of the next change against it. */
export class ChainState {
  readonly #vault: string;
  readonly #heads: Map<string, ChainHead>;

  constructor(vault: string, heads: Record<string, ChainHead> = {}) {
    this.#vault = vault;
    this.#heads = new Map(Object.entries(heads));
  }

  /** The last change applied of each device, to store and to send as a change's `heads`. */
  heads(): Record<string, ChainHead> {
    return Object.fromEntries(this.#heads);
  }

  /** Each device's last number applied, as a new change's `heads`. */
  seen(except: string): Record<string, number> {
    return Object.fromEntries(
      [...this.#heads].filter(([device]) => device !== except).map(([device, head]) => [device, head.seq]),
    );
  }

  /** Checks `change` and, when it holds, records it as applied. Nothing changes when it does not. */
  async accept(key: CryptoKey, change: SignedChange, sealed: Uint8Array<ArrayBuffer>): Promise<Verdict> {
    if (change.vault !== this.#vault) return 'other-vault';
    let mac: Uint8Array<ArrayBuffer>;
    try {
      mac = base64ToBytes(change.mac);
    } catch {
      return 'altered';
    }
    const genuine =
      (await crypto.subtle.verify('HMAC', key, mac, signedBytes(change))) &&
      (await sealedHash(sealed)) === change.sealedHash;
    if (!genuine) return 'altered';
    const last = this.#heads.get(change.device);
    const lastSeq = last?.seq ?? 0;
    if (change.seq <= lastSeq) return 'replayed';
    if (change.seq !== lastSeq + 1 || change.prev !== (last?.mac ?? null)) return 'out-of-order';
    for (const [device, seq] of Object.entries(change.heads)) {
      if (device !== change.device && (this.#heads.get(device)?.seq ?? 0) < seq) return 'withheld';
    }
    this.#heads.set(change.device, { seq: change.seq, mac: change.mac });
    return 'ok';
  }
}
