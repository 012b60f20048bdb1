// Base64 (RFC 4648) for bytes, using the platform's own Uint8Array.toBase64/fromBase64 where it has them (fast
// on large backups) and a plain loop elsewhere (Node 20, older browsers). Invalid text throws.
type NativeBase64 = {
  fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
};

export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as typeof Uint8Array & NativeBase64).fromBase64;
  if (typeof native === 'function') return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each 12-bit value's two base64 characters as bytes (at 2 × value), for encoding without strings. */
let PAIRS: Uint8Array | null = null;

function pairs(): Uint8Array {
  if (!PAIRS) {
    PAIRS = new Uint8Array(8192);
    for (let value = 0; value < 4096; value++) {
      PAIRS[2 * value] = ALPHABET.charCodeAt(value >> 6);
      PAIRS[2 * value + 1] = ALPHABET.charCodeAt(value & 63);
    }
  }
  return PAIRS;
}

/** How many bytes the base64 of `length` bytes takes. */
export const base64Length = (length: number): number => Math.ceil(length / 3) * 4;

/**
 * Writes the base64 of `bytes` as ASCII bytes into `out` from `at` (which must hold base64Length(bytes.length)
 * more) and returns where it ended: no string is made, so encoding a gigabyte (a JSON backup's documents) or a
 * hundred thousand records leaves nothing in the JavaScript heap to collect.
 */
export function writeBase64(bytes: Uint8Array, out: Uint8Array, at: number): number {
  const table = pairs();
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    const high = (triple >> 12) << 1;
    const low = (triple & 4095) << 1;
    out[at] = table[high]!;
    out[at + 1] = table[high + 1]!;
    out[at + 2] = table[low]!;
    out[at + 3] = table[low + 1]!;
    at += 4;
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const triple = (bytes[whole]! << 16) | ((rest === 2 ? bytes[whole + 1]! : 0) << 8);
    out[at++] = ALPHABET.charCodeAt(triple >> 18);
    out[at++] = ALPHABET.charCodeAt((triple >> 12) & 63);
    out[at++] = rest === 2 ? ALPHABET.charCodeAt((triple >> 6) & 63) : 61;
    out[at++] = 61;
  }
  return at;
}

/** Base64 of `bytes` as ASCII bytes (see writeBase64). */
export function bytesToBase64Bytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(base64Length(bytes.length));
  writeBase64(bytes, out, 0);
  return out;
}

/** Base64url (RFC 4648 §5) without padding: the spaces' keys and signatures travel in it. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Base64url, its padding written or not (browsers write it either way); anything else throws. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error('not base64url');
  const plain = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  return base64ToBytes(plain + '='.repeat((4 - (plain.length % 4)) % 4));
}

/** The bytes of `parts` one after another, in one new array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
