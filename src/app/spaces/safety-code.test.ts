// The safety code: the same on both members' screens, 12 groups of 5 digits, different when any key changes, and
// Signal's NumericFingerprint construction as node:crypto computes it.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MemberKey } from '../../shared/spaces/statements.js';
import { newIdentity } from './identity-keys.js';
import { safetyCode, safetyLine, sameSafetyCode } from './safety-code.js';

const keyOf = async () => (await newIdentity()).identity.key;

/** The construction in safety-code.ts, written again with node:crypto. */
function nodeLine(uid: string, key: MemberKey): string[] {
  const keys = Buffer.concat([Buffer.from(key.sign, 'base64url'), Buffer.from(key.box, 'base64url')]);
  let hash = Buffer.concat([Buffer.from([0, 1]), keys, Buffer.from(uid, 'utf8')]);
  for (let i = 0; i < 5200; i++) hash = crypto.createHash('sha512').update(hash).update(keys).digest();
  return Array.from({ length: 6 }, (_, j) => String(hash.readUIntBE(5 * j, 5) % 100000).padStart(5, '0'));
}

describe('the safety code', () => {
  it('is the same from either side, 12 groups of 5 digits, the lower uid’s line first', async () => {
    const a = { uid: 'u-b', key: await keyOf() };
    const b = { uid: 'u-a', key: await keyOf() };
    const mine = await safetyCode(a, b);
    const theirs = await safetyCode(b, a);
    expect(mine).toEqual(theirs);
    expect(mine.groups).toHaveLength(12);
    for (const group of mine.groups) expect(group).toMatch(/^\d{5}$/);
    expect(mine.groups).toEqual([...nodeLine('u-a', b.key), ...nodeLine('u-b', a.key)]);
    expect(mine.text.split('\n')).toEqual([
      nodeLine('u-a', b.key).join(' '),
      nodeLine('u-b', a.key).join(' '),
    ]);
    expect(await safetyLine('u-a', b.key)).toEqual(mine.groups.slice(0, 6));
  });

  it('differs when any key, or the uid, changes', async () => {
    const a = { uid: 'u-a', key: await keyOf() };
    const b = { uid: 'u-b', key: await keyOf() };
    const other = await keyOf();
    const code = await safetyCode(a, b);
    for (const changed of [
      await safetyCode({ ...a, key: { ...a.key, sign: other.sign } }, b),
      await safetyCode({ ...a, key: { ...a.key, box: other.box } }, b),
      await safetyCode(a, { ...b, key: { ...b.key, sign: other.sign } }),
      await safetyCode(a, { ...b, key: { ...b.key, box: other.box } }),
      await safetyCode(a, { ...b, uid: 'u-c' }),
    ]) {
      expect(sameSafetyCode(code, changed)).toBe(false);
    }
  });

  it('compares a typed code, ignoring spaces, line breaks and dashes', async () => {
    const code = await safetyCode({ uid: 'u-a', key: await keyOf() }, { uid: 'u-b', key: await keyOf() });
    expect(sameSafetyCode(code, code.text)).toBe(true);
    expect(sameSafetyCode(code, code.groups.join('-'))).toBe(true);
    const wrong = code.groups.join('').replace(/^./, (d) => String((Number(d) + 1) % 10));
    expect(sameSafetyCode(code, wrong)).toBe(false);
    expect(sameSafetyCode(code, code.groups.slice(0, 11).join(''))).toBe(false);
  });
});
