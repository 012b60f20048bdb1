// The safety code two members compare to know the server gave each the other's real keys (docs/spaces-plan.md §2).
// Signal's NumericFingerprintGenerator (libsignal, version 1 "scannable" aside), with our own inputs:
//
//   keys  = sign SPKI DER ‖ box SPKI DER                      (each 91 bytes for P-256)
//   h_0   = 0x00 0x01 ‖ keys ‖ UTF-8(uid)                     (a 2-byte version, big-endian)
//   h_i   = SHA-512(h_{i-1} ‖ keys), for i = 1 … 5200         (as Signal: the keys go into every round)
//   line  = for j = 0 … 5: the 5 bytes h_5200[5j … 5j+4] as a big-endian integer mod 100000, as 5 digits
//
// Each member's line is 30 digits (6 groups of 5, ~100 bits); the code is both lines, the lower uid's first, so both
// screens show the same 12 groups and one's own line is the same in every space. Each line hashes one member's keys
// alone, so a server would have to find keys whose line collides with a given one (a second preimage), not any two.
import { base64UrlToBytes, concatBytes } from '../../shared/base64.js';
import type { MemberKey } from '../../shared/spaces/statements.js';

export const SAFETY_CODE_VERSION = 1;
export const SAFETY_CODE_ITERATIONS = 5200;
const GROUPS_PER_LINE = 6;

export interface SafetyCode {
  /** 12 groups of 5 digits: the lower uid's 6, then the other's. */
  groups: string[];
  /** The groups as shown, space-separated, one line per member. */
  text: string;
}

/** One member's 6 groups. */
export async function safetyLine(uid: string, key: MemberKey): Promise<string[]> {
  const keys = concatBytes(base64UrlToBytes(key.sign), base64UrlToBytes(key.box));
  const version = new Uint8Array([SAFETY_CODE_VERSION >> 8, SAFETY_CODE_VERSION & 0xff]);
  let hash = concatBytes(version, keys, new TextEncoder().encode(uid));
  for (let i = 0; i < SAFETY_CODE_ITERATIONS; i++) {
    hash = new Uint8Array(await crypto.subtle.digest('SHA-512', concatBytes(hash, keys)));
  }
  const groups: string[] = [];
  for (let j = 0; j < GROUPS_PER_LINE; j++) {
    let chunk = 0;
    // 40 bits fit a double exactly.
    for (let b = 0; b < 5; b++) chunk = chunk * 256 + hash[5 * j + b]!;
    groups.push(String(chunk % 100000).padStart(5, '0'));
  }
  return groups;
}

/** The code two members compare; the same whichever of them computes it. */
export async function safetyCode(
  a: { uid: string; key: MemberKey },
  b: { uid: string; key: MemberKey },
): Promise<SafetyCode> {
  const [first, second] = a.uid <= b.uid ? [a, b] : [b, a];
  const lines = [await safetyLine(first.uid, first.key), await safetyLine(second.uid, second.key)];
  return { groups: lines.flat(), text: lines.map((line) => line.join(' ')).join('\n') };
}

/** Whether a code read or typed in (spaces, line breaks and dashes ignored) is this one. */
export function sameSafetyCode(code: SafetyCode, other: string | SafetyCode): boolean {
  const digits = (value: string) => value.replace(/[\s-]/g, '');
  const mine = code.groups.join('');
  const theirs = typeof other === 'string' ? digits(other) : other.groups.join('');
  if (!/^\d+$/.test(theirs) || theirs.length !== mine.length) return false;
  let difference = 0;
  for (let i = 0; i < mine.length; i++) difference |= mine.charCodeAt(i) ^ theirs.charCodeAt(i);
  return difference === 0;
}
