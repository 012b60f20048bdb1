// A space's epoch keys (docs/spaces-plan.md §2): a random 32-byte key K_e and series id S_e per epoch, the
// commitment C_e the log carries, and K_e wrapped to each member's box key. The server could wrap a key of its own
// to anyone's public key, so a wrap is opened only when a member allowed to wrap signed it and the key it holds
// gives the log's commitment.
//
//   C_e  = HMAC-SHA256(HKDF-SHA256(K_e, salt = empty, info = 'mygenie/space-commit/v1'), canonical [spaceId, e, S_e])
//   wrap = ephemeral ECDH P-256 × recipient box key → HKDF-SHA256(salt = eph SPKI ‖ SHA-256(recipient box SPKI),
//          info = 'mygenie/space-key/v1') → AES-256-GCM(K_e), additional data
//          canonical ['mygenie/space-key/v1', spaceId, e, uid, keyVersion], signed by the wrapper (SPACE_WRAP).
import { base64UrlToBytes, bytesToBase64Url } from '../../shared/base64.js';
import {
  SPACE_COMMIT,
  SPACE_KEY,
  commitmentStatement,
  wrapAdditionalData,
  wrapStatement,
  type MemberKey,
} from '../../shared/spaces/statements.js';
import { signStatement, verifyStatement, type MemberIdentity } from './identity-keys.js';

export const SPACE_KEY_BYTES = 32;
const IV_BYTES = 12;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const text = (value: string) => new TextEncoder().encode(value);

/** A fresh epoch: its key (raw bytes, to be imported non-extractable where it is used) and series id. */
export function newEpoch(): { key: Uint8Array<ArrayBuffer>; series: string } {
  const key = crypto.getRandomValues(new Uint8Array(SPACE_KEY_BYTES));
  const series = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return { key, series };
}

/** C_e, base64url. */
export async function spaceCommitment(
  key: Uint8Array<ArrayBuffer>,
  spaceId: string,
  epoch: number,
  series: string,
): Promise<string> {
  const material = await crypto.subtle.importKey('raw', key, 'HKDF', false, ['deriveKey']);
  const macKey = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: text(SPACE_COMMIT) },
    material,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', macKey, commitmentStatement(spaceId, epoch, series));
  return bytesToBase64Url(new Uint8Array(mac));
}

/** K_e as wrapped for one member: who wrapped it, the ephemeral public key (SPKI), IV and ciphertext, base64url. */
export interface SpaceKeyWrap {
  by: string;
  eph: string;
  iv: string;
  sealed: string;
  sig: string;
}

/** Where a wrap belongs: the space, the epoch, and the member (with the version of the key it is wrapped to). */
export interface WrapFor {
  spaceId: string;
  epoch: number;
  uid: string;
}

async function sharedKey(
  privateKey: CryptoKey,
  publicSpki: Uint8Array<ArrayBuffer>,
  eph: Uint8Array<ArrayBuffer>,
  recipientBox: Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey('spki', publicSpki, ECDH, false, []);
  const secret = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, privateKey, 256);
  const recipientHash = new Uint8Array(await crypto.subtle.digest('SHA-256', recipientBox));
  const salt = new Uint8Array(eph.length + recipientHash.length);
  salt.set(eph);
  salt.set(recipientHash, eph.length);
  const material = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: text(SPACE_KEY) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Wraps K_e to `recipient`'s box key, signed by the wrapper's identity. */
export async function wrapSpaceKey(
  wrapper: { uid: string; identity: MemberIdentity },
  target: WrapFor & { key: MemberKey },
  spaceKey: Uint8Array<ArrayBuffer>,
): Promise<SpaceKeyWrap> {
  const pair = await crypto.subtle.generateKey(ECDH, true, ['deriveBits']);
  const eph = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const recipientBox = base64UrlToBytes(target.key.box);
  const aes = await sharedKey(pair.privateKey, recipientBox, eph, recipientBox);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const additionalData = wrapAdditionalData(target.spaceId, target.epoch, target.uid, target.key.version);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, aes, spaceKey),
  );
  const wrap = {
    by: wrapper.uid,
    eph: bytesToBase64Url(eph),
    iv: bytesToBase64Url(iv),
    sealed: bytesToBase64Url(sealed),
  };
  const statement = wrapStatement(target.spaceId, target.epoch, target.uid, target.key.version, wrap);
  return { ...wrap, sig: await signStatement(wrapper.identity, statement) };
}

export type OpenedSpaceKey =
  | { ok: true; key: Uint8Array<ArrayBuffer> }
  /** unsigned: not signed by the wrapper's key; tampered: does not open; commitment: not the log's K_e. */
  | { ok: false; reason: 'unsigned' | 'tampered' | 'commitment' };

/**
 * Opens a wrap made for this member. `wrapperSignKey` is the sign key the log gives `wrap.by` (the caller decides
 * from the log whether `wrap.by` may wrap); `series` and `commit` are the epoch's, from the log.
 */
export async function openSpaceKey(
  me: { uid: string; identity: MemberIdentity },
  wrap: SpaceKeyWrap,
  epoch: WrapFor & { series: string; commit: string; wrapperSignKey: string },
): Promise<OpenedSpaceKey> {
  const { spaceId, uid } = epoch;
  const version = me.identity.key.version;
  if (uid !== me.uid) return { ok: false, reason: 'tampered' };
  const statement = wrapStatement(spaceId, epoch.epoch, uid, version, wrap);
  if (!(await verifyStatement(epoch.wrapperSignKey, statement, wrap.sig)))
    return { ok: false, reason: 'unsigned' };
  let key: Uint8Array<ArrayBuffer>;
  try {
    const eph = base64UrlToBytes(wrap.eph);
    const aes = await sharedKey(me.identity.box, eph, eph, base64UrlToBytes(me.identity.key.box));
    const additionalData = wrapAdditionalData(spaceId, epoch.epoch, uid, version);
    key = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: base64UrlToBytes(wrap.iv), additionalData },
        aes,
        base64UrlToBytes(wrap.sealed),
      ),
    );
  } catch {
    return { ok: false, reason: 'tampered' };
  }
  if (key.length !== SPACE_KEY_BYTES) return { ok: false, reason: 'tampered' };
  const commit = await spaceCommitment(key, spaceId, epoch.epoch, epoch.series);
  return commit === epoch.commit ? { ok: true, key } : { ok: false, reason: 'commitment' };
}
