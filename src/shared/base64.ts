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
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as unknown as NativeBase64).fromBase64;
  if (typeof native === 'function') return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each 12-bit value as its two base64 characters (bytes), for encoding without strings. */
let PAIRS: Uint16Array | null = null;

function pairs(): Uint16Array {
  if (!PAIRS) {
    PAIRS = new Uint16Array(4096);
    const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
    for (let value = 0; value < 4096; value++) {
      const first = ALPHABET.charCodeAt(value >> 6);
      const second = ALPHABET.charCodeAt(value & 63);
      PAIRS[value] = little ? first | (second << 8) : (first << 8) | second;
    }
  }
  return PAIRS;
}

/**
 * Base64 of `bytes` as ASCII bytes, written straight into a byte array: no string is made, so encoding a gigabyte
 * (a JSON backup's documents) leaves nothing in the JavaScript heap to collect.
 */
export function bytesToBase64Bytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  // Two characters at a time (the length is a multiple of four, so the buffer holds whole 16-bit values).
  const wide = new Uint16Array(out.buffer);
  const table = pairs();
  const whole = bytes.length - (bytes.length % 3);
  let at = 0;
  for (let i = 0; i < whole; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    wide[at++] = table[triple >> 12]!;
    wide[at++] = table[triple & 4095]!;
  }
  let written = at * 2;
  const rest = bytes.length - whole;
  if (rest > 0) {
    const triple = (bytes[whole]! << 16) | ((rest === 2 ? bytes[whole + 1]! : 0) << 8);
    out[written++] = ALPHABET.charCodeAt(triple >> 18);
    out[written++] = ALPHABET.charCodeAt((triple >> 12) & 63);
    out[written++] = rest === 2 ? ALPHABET.charCodeAt((triple >> 6) & 63) : 61;
    out[written++] = 61;
  }
  return out;
}
