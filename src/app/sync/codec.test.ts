// A snapshot file's MAC (codec.ts): a member's own vault's (version 1) and a shared space's carrying its records'
// authors (version 2) both open as made; a server that strips, swaps or adds the authors is caught.
import { describe, expect, it } from 'vitest';
import { openSnapshot, sealSnapshot } from './codec.js';

const syncKey = () =>
  crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]) as Promise<CryptoKey>;

const snapshot = {
  vault: 'series-1',
  covers: 5,
  heads: { d1: { seq: 5, mac: 'bWFj' } },
  records: [['rid-1', 'd1:1', 'cGF5bG9hZA=='] as [string, string, string]],
};

describe("a snapshot file's MAC", () => {
  it('opens as made, with its authors or without', async () => {
    const key = await syncKey();
    const own = await sealSnapshot(key, snapshot);
    expect(own.v).toBe(1);
    expect(await openSnapshot(key, 'series-1', JSON.stringify(own))).toEqual(own);
    const shared = await sealSnapshot(key, { ...snapshot, authors: 'c2VhbGVk' });
    expect(shared.v).toBe(2);
    expect(await openSnapshot(key, 'series-1', JSON.stringify(shared))).toEqual(shared);
  });

  it('is refused when the server strips, swaps or adds the authors', async () => {
    const key = await syncKey();
    const shared = await sealSnapshot(key, { ...snapshot, authors: 'c2VhbGVk' });
    const { authors: _stripped, ...withoutAuthors } = shared;
    const own = await sealSnapshot(key, snapshot);
    const forged = [
      { ...withoutAuthors, v: 1 },
      withoutAuthors,
      { ...shared, authors: 'b3RoZXI=' },
      { ...own, v: 2, authors: 'c2VhbGVk' },
      { ...own, authors: 'c2VhbGVk' },
    ];
    for (const file of forged) {
      await expect(openSnapshot(key, 'series-1', JSON.stringify(file))).rejects.toMatchObject({
        verdict: 'altered',
      });
    }
  });
});
