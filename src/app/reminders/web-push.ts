// Message encryption for Web Push (RFC 8291) with WebCrypto, as the app seals a reminder for one of the member's
// devices: an ECDH P-256 agreement between a one-time key of ours and the device's subscription key (p256dh), mixed
// with the subscription's auth secret by HKDF into a content key and nonce, and the message as one aes128gcm record
// (RFC 8188) behind a header that carries the salt, the record size and our one-time public key. The device's
// browser opens it; the server that posts it cannot, since it never holds the subscription's keys.
import { base64UrlToBytes, bytesToBase64Url, concatBytes } from '../../shared/base64.js';

/** A push subscription's keys (PushSubscription.toJSON().keys), base64url. */
export interface PushKeys {
  /** The browser's P-256 public key, uncompressed (65 bytes). */
  p256dh: string;
  /** The subscription's auth secret (16 bytes). */
  auth: string;
}

/** Fixed inputs, for the known-answer test (RFC 8291 appendix A); a real message takes fresh random ones. */
export interface SealInputs {
  salt: Uint8Array<ArrayBuffer>;
  /** Our one-time key pair: the private key as an ECDH CryptoKey, the public key uncompressed. */
  sender: { privateKey: CryptoKey; publicKey: Uint8Array<ArrayBuffer> };
}

export interface SealOptions {
  /** Pads the message to a multiple of this many bytes, so its size says less about its words. */
  padTo?: number;
}

/** The record size written in the header: one record always holds the whole message. */
const RECORD_SIZE = 4096;
const TAG_BYTES = 16;

export { base64UrlToBytes, bytesToBase64Url };

const ascii = (text: string) => new TextEncoder().encode(text);

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8),
  );
}

/** A fresh one-time ECDH key pair, its public key uncompressed. */
async function oneTimeSender(): Promise<SealInputs['sender']> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  return {
    privateKey: pair.privateKey,
    publicKey: new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)),
  };
}

/** The largest message (in bytes) one record of RECORD_SIZE holds. */
export const PUSH_MESSAGE_MAX_BYTES = RECORD_SIZE - TAG_BYTES - 1;

/**
 * Seals `message` for the device whose subscription has `keys`: the body of a Web Push message with
 * `Content-Encoding: aes128gcm`.
 */
export async function sealPushMessage(
  keys: PushKeys,
  message: Uint8Array,
  options: SealOptions = {},
  fixed?: SealInputs,
): Promise<Uint8Array<ArrayBuffer>> {
  const devicePublic = base64UrlToBytes(keys.p256dh);
  const authSecret = base64UrlToBytes(keys.auth);
  if (devicePublic.length !== 65 || devicePublic[0] !== 4) throw new Error('p256dh is not a P-256 point');
  if (authSecret.length !== 16) throw new Error('auth is not 16 bytes');
  const padTo = Math.max(1, options.padTo ?? 1);
  if (message.length > PUSH_MESSAGE_MAX_BYTES) throw new Error('message too long');
  const length = Math.min(Math.ceil((message.length + 1) / padTo) * padTo, RECORD_SIZE - TAG_BYTES);

  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const sender = fixed?.sender ?? (await oneTimeSender());
  const deviceKey = await crypto.subtle.importKey(
    'raw',
    devicePublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: deviceKey }, sender.privateKey, 256),
  );
  // RFC 8291 §3.3: the input keying material binds both public keys and the auth secret.
  const keyInfo = concatBytes(ascii('WebPush: info\0'), devicePublic, sender.publicKey);
  const ikm = await hkdf(authSecret, shared, keyInfo, 32);
  // RFC 8188 §2.2 and §2.3: the content key and the nonce (one record: sequence number 0).
  const contentKey = await hkdf(salt, ikm, ascii('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, ascii('Content-Encoding: nonce\0'), 12);

  // The last (and only) record ends its data with the delimiter 2, then zeros to the padded length.
  const record = new Uint8Array(length);
  record.set(message);
  record[message.length] = 2;
  const key = await crypto.subtle.importKey('raw', contentKey, 'AES-GCM', false, ['encrypt']);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, tagLength: 128 }, key, record),
  );

  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = sender.publicKey.length;
  return concatBytes(header, sender.publicKey, sealed);
}
