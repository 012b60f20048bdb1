// The vault's header as JSON (its byte fields in base64): how a backup file carries it (docs/backup-format.md) and
// how sync publishes it to the server (docs/sync.md), read back checked.
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import { isVaultHeader, type VaultHeader } from './crypto.js';

export interface HeaderJson {
  v: number;
  kdf: string;
  iterations: number;
  salt: string;
  wrapIv: string;
  wrappedKey: string;
}

export function headerJson(header: VaultHeader): HeaderJson {
  return {
    v: header.v,
    kdf: header.kdf,
    iterations: header.iterations,
    salt: bytesToBase64(header.salt),
    wrapIv: bytesToBase64(header.wrapIv),
    wrappedKey: bytesToBase64(header.wrappedKey),
  };
}

/** The header a JSON form describes; throws when it is not one (a field missing, of the wrong type or size). */
export function headerFrom(json: HeaderJson): VaultHeader {
  const bytes = (value: unknown) => {
    if (typeof value !== 'string') throw new Error('not base64');
    return base64ToBytes(value);
  };
  const header = {
    v: json.v,
    kdf: json.kdf,
    iterations: json.iterations,
    salt: bytes(json.salt),
    wrapIv: bytes(json.wrapIv),
    wrappedKey: bytes(json.wrappedKey),
  };
  if (!isVaultHeader(header)) throw new Error('bad header');
  return header;
}
