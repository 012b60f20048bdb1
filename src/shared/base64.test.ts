import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64Length, base64ToBytes, bytesToBase64, bytesToBase64Bytes, writeBase64 } from './base64.js';

describe('base64', () => {
  it('writes the same characters as bytes as Buffer does as text, for every length remainder', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 6, 47, 48, 49, 1000, 49_152, 1_048_604]) {
      const bytes = new Uint8Array(randomBytes(length));
      const expected = Buffer.from(bytes).toString('base64');
      expect(new TextDecoder().decode(bytesToBase64Bytes(bytes)), String(length)).toBe(expected);
      expect(bytesToBase64(bytes)).toBe(expected);
      expect(base64ToBytes(expected)).toEqualBytes(bytes);
    }
  });

  it('covers every byte value in every position of a triple', () => {
    const bytes = new Uint8Array(768);
    for (let i = 0; i < 768; i++) bytes[i] = (i * 7 + (i >> 8)) & 255;
    for (let shift = 0; shift < 3; shift++) {
      const slice = bytes.subarray(shift);
      expect(new TextDecoder().decode(bytesToBase64Bytes(slice))).toBe(Buffer.from(slice).toString('base64'));
    }
  });

  it('writes into a larger buffer at any offset, touching nothing around it', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33]) {
      for (const at of [0, 1, 2, 3]) {
        const bytes = new Uint8Array(randomBytes(length));
        const out = new Uint8Array(at + base64Length(length) + 2).fill(35);
        const end = writeBase64(bytes, out, at);
        expect(end, `${length}@${at}`).toBe(at + base64Length(length));
        expect(new TextDecoder().decode(out)).toBe(
          '#'.repeat(at) + Buffer.from(bytes).toString('base64') + '##',
        );
      }
    }
  });
});
