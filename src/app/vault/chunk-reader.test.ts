import { describe, expect, it } from 'vitest';
import { ChunkReader } from './chunk-reader.js';

describe('ChunkReader', () => {
  it('hands out exactly the bytes asked for, across the stream’s own pieces, each in a buffer of its own', async () => {
    // Parts of awkward sizes, so asked-for pieces start and end inside them.
    const parts = [700, 1, 65_536, 3, 200_000].map((size, part) =>
      Uint8Array.from({ length: size }, (_, at) => (at * 31 + part) & 255),
    );
    const whole = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    const reader = new ChunkReader(new Blob(parts));
    const sizes = [100_000, 100_000, whole.length - 200_000];
    let offset = 0;
    for (const size of sizes) {
      const piece = await reader.next(size);
      expect(piece.byteLength).toBe(size);
      expect(new Uint8Array(piece)).toEqual(whole.subarray(offset, offset + size));
      offset += size;
    }
  });

  it('says so when the file ends before the bytes asked for', async () => {
    const reader = new ChunkReader(new Blob([new Uint8Array(10)]));
    await expect(reader.next(11)).rejects.toThrow('ended early');
  });
});
