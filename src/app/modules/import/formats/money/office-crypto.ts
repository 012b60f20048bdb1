// Opens an Office file saved with a password (ECMA-376 Agile encryption, [MS-OFFCRYPTO] §2.3.4.10–15): the
// password's key is stretched with the file's hash and spin count, checked against the file's verifier, and then
// unwraps the key that decrypts the package in 4096-byte segments. AES runs in WebCrypto; the spin loop, up to
// millions of small hashes, runs in hash-wasm, since an awaited WebCrypto digest per round would take many times
// as long.
import { XMLParser } from 'fast-xml-parser';
import { createSHA1, createSHA256, createSHA384, createSHA512, type IHasher } from 'hash-wasm';
import { ImportError, MAX_UNPACKED_BYTES } from '../../plan.js';

/** More rounds than this would hold the import for minutes: a hostile file, not a cautious one (Office: 100,000). */
export const MAX_SPIN_COUNT = 10_000_000;
const SEGMENT = 4096;

// The block keys of §2.3.4.11–15: each derives a different key or IV from the same hash.
const VERIFIER_INPUT_BLOCK = bytesOf([0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79]);
const VERIFIER_VALUE_BLOCK = bytesOf([0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e]);
const KEY_VALUE_BLOCK = bytesOf([0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6]);
const HMAC_KEY_BLOCK = bytesOf([0x5f, 0xb2, 0xad, 0x01, 0x0c, 0xb9, 0xe1, 0xf6]);
const HMAC_VALUE_BLOCK = bytesOf([0xa0, 0x67, 0x7f, 0x02, 0xb2, 0x2c, 0x84, 0x33]);

function bytesOf(values: number[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(values);
}

const HASHES = {
  SHA1: { create: createSHA1, webCrypto: 'SHA-1', size: 20 },
  SHA256: { create: createSHA256, webCrypto: 'SHA-256', size: 32 },
  SHA384: { create: createSHA384, webCrypto: 'SHA-384', size: 48 },
  SHA512: { create: createSHA512, webCrypto: 'SHA-512', size: 64 },
} as const;
type HashName = keyof typeof HASHES;

interface CipherParams {
  salt: Uint8Array<ArrayBuffer>;
  blockSize: number;
  keyBytes: number;
  hash: HashName;
}

interface AgileInfo {
  keyData: CipherParams;
  password: CipherParams & {
    spinCount: number;
    verifierInput: Uint8Array<ArrayBuffer>;
    verifierValue: Uint8Array<ArrayBuffer>;
    keyValue: Uint8Array<ArrayBuffer>;
  };
  hmacKey?: Uint8Array<ArrayBuffer>;
  hmacValue?: Uint8Array<ArrayBuffer>;
}

/**
 * The package (an .xlsx's zip) inside an encrypted Office file's `EncryptionInfo` and `EncryptedPackage` streams.
 * Throws ImportError 'wrong-password', 'kdf-too-costly', 'encrypted-office' (Standard or RC4 encryption, or
 * parameters other than AES-CBC), 'damaged' (a broken description, or a package whose HMAC does not match).
 */
export async function decryptOfficePackage(
  encryptionInfo: Uint8Array,
  encryptedPackage: Uint8Array,
  password: string,
): Promise<Uint8Array> {
  const info = readAgileInfo(encryptionInfo);
  const { password: keyEncryptor, keyData } = info;

  const stretched = await stretchPassword(keyEncryptor, password);
  const blockKey = async (block: Uint8Array) =>
    fitKey(await digest(keyEncryptor.hash, stretched, block), keyEncryptor.keyBytes);
  const passwordIv = fit(keyEncryptor.salt, keyEncryptor.blockSize, 0x36);
  const verifierInput = await decryptCbc(
    await blockKey(VERIFIER_INPUT_BLOCK),
    passwordIv,
    keyEncryptor.verifierInput,
  );
  const verifierValue = await decryptCbc(
    await blockKey(VERIFIER_VALUE_BLOCK),
    passwordIv,
    keyEncryptor.verifierValue,
  );
  const expected = await digest(keyEncryptor.hash, verifierInput.subarray(0, keyEncryptor.salt.length));
  if (!sameBytes(expected, verifierValue.subarray(0, expected.length)))
    throw new ImportError('wrong-password');

  const secret = (
    await decryptCbc(await blockKey(KEY_VALUE_BLOCK), passwordIv, keyEncryptor.keyValue)
  ).subarray(0, keyData.keyBytes);
  if (secret.length !== keyData.keyBytes) throw new ImportError('damaged');
  if (info.hmacKey && info.hmacValue) await checkIntegrity(info, secret, encryptedPackage);
  return decryptPackage(keyData, secret, encryptedPackage);
}

function readAgileInfo(stream: Uint8Array): AgileInfo {
  if (stream.length < 8) throw new ImportError('damaged');
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const major = view.getUint16(0, true);
  const minor = view.getUint16(2, true);
  // 4.4 is Agile; 2.2, 3.2, 4.2 are Standard (AES-ECB with SHA-1), 3.3 and 4.3 Extensible, older ones RC4.
  if (major !== 4 || minor !== 4) throw new ImportError('encrypted-office');

  let document: Record<string, unknown>;
  try {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true });
    document = parser.parse(new TextDecoder('utf-8', { fatal: true }).decode(stream.subarray(8))) as Record<
      string,
      unknown
    >;
  } catch {
    throw new ImportError('damaged');
  }
  const encryption = record(document.encryption);
  const keyData = record(encryption?.keyData);
  const encryptors = record(encryption?.keyEncryptors)?.keyEncryptor;
  const passwordEncryptor = (Array.isArray(encryptors) ? encryptors : [encryptors])
    .map(record)
    .find((encryptor) => String(encryptor?.uri ?? '').endsWith('/keyEncryptor/password'));
  const encryptedKey = record(passwordEncryptor?.encryptedKey);
  // A file opened only by a certificate has no password encryptor: no password opens it.
  if (!keyData || !encryptedKey) throw new ImportError(keyData ? 'encrypted-office' : 'damaged');

  const spinCount = Number(encryptedKey.spinCount);
  if (!Number.isSafeInteger(spinCount) || spinCount < 0) throw new ImportError('damaged');
  if (spinCount > MAX_SPIN_COUNT) throw new ImportError('kdf-too-costly');
  const integrity = record(encryption?.dataIntegrity);
  return {
    keyData: cipherParams(keyData),
    password: {
      ...cipherParams(encryptedKey),
      spinCount,
      verifierInput: base64(encryptedKey.encryptedVerifierHashInput),
      verifierValue: base64(encryptedKey.encryptedVerifierHashValue),
      keyValue: base64(encryptedKey.encryptedKeyValue),
    },
    hmacKey: integrity ? base64(integrity.encryptedHmacKey) : undefined,
    hmacValue: integrity ? base64(integrity.encryptedHmacValue) : undefined,
  };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function cipherParams(node: Record<string, unknown>): CipherParams {
  const hash = String(node.hashAlgorithm ?? '').replace('-', '');
  const keyBits = Number(node.keyBits);
  const blockSize = Number(node.blockSize);
  const supported =
    node.cipherAlgorithm === 'AES' &&
    node.cipherChaining === 'ChainingModeCBC' &&
    Object.hasOwn(HASHES, hash) &&
    [128, 192, 256].includes(keyBits) &&
    blockSize === 16;
  if (!supported) throw new ImportError('encrypted-office');
  const salt = base64(node.saltValue);
  if (salt.length < 1 || salt.length > 64) throw new ImportError('damaged');
  return { salt, blockSize, keyBytes: keyBits / 8, hash: hash as HashName };
}

function base64(value: unknown): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value.trim()))
    throw new ImportError('damaged');
  return Uint8Array.from(atob(value.trim()), (char) => char.charCodeAt(0));
}

/** H0 = H(salt + password), then H(i + H) spinCount times (§2.3.4.11), with the password in UTF-16LE. */
async function stretchPassword(
  params: CipherParams & { spinCount: number },
  password: string,
): Promise<Uint8Array> {
  const hasher: IHasher = await HASHES[params.hash].create();
  const utf16 = new Uint8Array(password.length * 2);
  for (let i = 0; i < password.length; i += 1) {
    const code = password.charCodeAt(i);
    utf16[i * 2] = code & 0xff;
    utf16[i * 2 + 1] = code >> 8;
  }
  hasher.init();
  hasher.update(params.salt);
  hasher.update(utf16);
  let hash = hasher.digest('binary');
  const round = new Uint8Array(4 + hash.length);
  const counter = new DataView(round.buffer);
  for (let i = 0; i < params.spinCount; i += 1) {
    counter.setUint32(0, i, true);
    round.set(hash, 4);
    hasher.init();
    hasher.update(round);
    hash = hasher.digest('binary');
  }
  return hash;
}

async function digest(hash: HashName, ...parts: Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest(HASHES[hash].webCrypto, concat(parts)));
}

/** A derived key cut to its length, or padded with 0x36 when the hash is shorter (§2.3.4.11). */
function fitKey(hash: Uint8Array<ArrayBuffer>, length: number): Uint8Array<ArrayBuffer> {
  return fit(hash, length, 0x36);
}

function fit(bytes: Uint8Array<ArrayBuffer>, length: number, padding: number): Uint8Array<ArrayBuffer> {
  const fitted = new Uint8Array(length).fill(padding);
  fitted.set(bytes.subarray(0, length));
  return fitted;
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

const importAes = (key: Uint8Array<ArrayBuffer>) =>
  crypto.subtle.importKey('raw', key, 'AES-CBC', false, ['encrypt', 'decrypt']);

async function decryptCbc(
  key: Uint8Array<ArrayBuffer> | CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  data: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  if (data.length === 0 || data.length % 16 !== 0) throw new ImportError('damaged');
  const aes = key instanceof Uint8Array ? await importAes(key) : key;
  // The file's AES-CBC has no padding, and WebCrypto always removes PKCS#7 padding: a block that decrypts to a
  // whole padding block is appended (the empty text encrypted after the last cipher block), and comes off again.
  const last = data.slice(data.length - 16);
  const padding = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-CBC', iv: last }, aes, new Uint8Array(0)),
  );
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, aes, concat([data, padding])));
}

/** The HMAC over the whole EncryptedPackage stream (§2.3.4.14): a cut or altered package is damaged. */
async function checkIntegrity(
  info: AgileInfo,
  secret: Uint8Array<ArrayBuffer>,
  stream: Uint8Array,
): Promise<void> {
  const { hash, salt, blockSize } = info.keyData;
  const size = HASHES[hash].size;
  const ivFor = async (block: Uint8Array) => fit(await digest(hash, salt, block), blockSize, 0);
  const hmacKey = (await decryptCbc(secret, await ivFor(HMAC_KEY_BLOCK), info.hmacKey!)).subarray(0, size);
  const hmacValue = (await decryptCbc(secret, await ivFor(HMAC_VALUE_BLOCK), info.hmacValue!)).subarray(
    0,
    size,
  );
  const key = await crypto.subtle.importKey(
    'raw',
    hmacKey,
    { name: 'HMAC', hash: HASHES[hash].webCrypto },
    false,
    ['sign'],
  );
  const computed = new Uint8Array(await crypto.subtle.sign('HMAC', key, concat([stream])));
  if (!sameBytes(computed, hmacValue)) throw new ImportError('damaged');
}

/** The package: 8 bytes of its size, then 4096-byte segments, each with the IV H(keyData salt + segment number). */
async function decryptPackage(
  keyData: CipherParams,
  secret: Uint8Array<ArrayBuffer>,
  stream: Uint8Array,
): Promise<Uint8Array> {
  if (stream.length < 8) throw new ImportError('damaged');
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const size = view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
  if (size > MAX_UNPACKED_BYTES) throw new ImportError('too-large');
  const data = stream.subarray(8);
  const plain = new Uint8Array(Math.ceil(size / 16) * 16);
  if (plain.length > data.length) throw new ImportError('damaged');
  const key = await importAes(secret);
  const counter = new Uint8Array(4);
  for (let segment = 0; segment * SEGMENT < plain.length; segment += 1) {
    new DataView(counter.buffer).setUint32(0, segment, true);
    const iv = fit(await digest(keyData.hash, keyData.salt, counter), keyData.blockSize, 0);
    const start = segment * SEGMENT;
    const end = Math.min(start + SEGMENT, plain.length);
    plain.set(await decryptCbc(key, iv, data.subarray(start, end)), start);
  }
  return plain.subarray(0, size);
}
