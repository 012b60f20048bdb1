import { describe, expect, it } from 'vitest';
import { MIN_ITERATIONS, VaultCipher } from './crypto.js';
import { compactPage, liveEntries, unbundlePage, type PageEntry } from './sealed-pages.js';
import type { StoredRecord } from './db.js';

async function unlockedCipher() {
  const cipher = new VaultCipher();
  await cipher.create('correct horse battery staple', MIN_ITERATIONS);
  return cipher;
}

async function loose(cipher: VaultCipher, kind: string, id: string, value: unknown, updatedAt: number) {
  return { ...(await cipher.seal(kind, id, value)), updatedAt } satisfies StoredRecord;
}

describe('records sealed many at once', () => {
  it('seals loose records as one and opens them again, kinds and times inside', async () => {
    const cipher = await unlockedCipher();
    const records = [
      await loose(cipher, 'memo', 'm1', { title: '일기', body: '맑음 ☀️' }, 10),
      await loose(cipher, 'ledger', 'l1', { amount: 12000, memo: 'lunch "kimbap"' }, 11),
    ];
    const bundle = (await compactPage(cipher, undefined, records))!;
    expect(bundle.count).toBe(2);
    expect(bundle.live).toEqual([
      { id: 'm1', updatedAt: 10 },
      { id: 'l1', updatedAt: 11 },
    ]);
    // Nothing of the records, not even their kinds, is readable in the sealed bytes.
    const raw = new TextDecoder().decode(bundle.sealed);
    for (const word of ['맑음', 'memo', 'ledger', 'kimbap']) expect(raw).not.toContain(word);
    const { entries, damaged } = liveEntries(await cipher.openPageText(bundle.sealed), bundle.live);
    expect(damaged).toEqual([]);
    expect(entries).toEqual([
      ['m1', 'memo', 10, { title: '일기', body: '맑음 ☀️' }],
      ['l1', 'ledger', 11, { amount: 12000, memo: 'lunch "kimbap"' }],
    ] satisfies PageEntry[]);
  });

  it('shows only what the row lists as live, and reports what it lists but does not hold as damaged', async () => {
    const cipher = await unlockedCipher();
    const records = [
      await loose(cipher, 'memo', 'a', 1, 1),
      await loose(cipher, 'memo', 'b', 2, 2),
      await loose(cipher, 'memo', 'c', 3, 3),
    ];
    const bundle = (await compactPage(cipher, undefined, records))!;
    const text = await cipher.openPageText(bundle.sealed);
    // b was written since (it lives loose elsewhere): the row no longer lists it.
    expect(liveEntries(text, [bundle.live[0]!, bundle.live[2]!]).entries.map(([id]) => id)).toEqual([
      'a',
      'c',
    ]);
    // The list in clear is not trusted: an id the sealed page does not hold, or a time changed, is damaged.
    expect(
      liveEntries(text, [
        { id: 'a', updatedAt: 1 },
        { id: 'zz', updatedAt: 1 },
        { id: 'c', updatedAt: 99 },
      ]),
    ).toEqual({ entries: [['a', 'memo', 1, 1]], damaged: ['zz', 'c'] });
    // A page that does not open damages every record it lists.
    const flipped = bundle.sealed.slice();
    flipped[40] = flipped[40]! ^ 0xff;
    expect(await cipher.openPageText(flipped)).toBeNull();
    expect(liveEntries(null, bundle.live).damaged).toEqual(['a', 'b', 'c']);
    // So does another vault's key.
    const other = await unlockedCipher();
    expect(await other.openPageText(bundle.sealed)).toBeNull();
  });

  it('seals a row again with its live records and newer loose ones, dropping the dead', async () => {
    const cipher = await unlockedCipher();
    const first = (await compactPage(cipher, undefined, [
      await loose(cipher, 'memo', 'a', 'old a', 1),
      await loose(cipher, 'memo', 'b', 'b', 1),
      await loose(cipher, 'memo', 'gone', 'deleted since', 1),
    ]))!;
    const row = { ...first, live: first.live.filter((ref) => ref.id !== 'gone') };
    const again = (await compactPage(cipher, row, [await loose(cipher, 'memo', 'a', 'new a', 5)]))!;
    expect(again.count).toBe(2);
    const { entries } = liveEntries(await cipher.openPageText(again.sealed), again.live);
    expect(entries).toEqual([
      ['a', 'memo', 5, 'new a'],
      ['b', 'memo', 1, 'b'],
    ]);
  });

  it('leaves a page as it is when one of its records does not open', async () => {
    const cipher = await unlockedCipher();
    const good = await loose(cipher, 'memo', 'a', 'fine', 1);
    const bad = await loose(cipher, 'memo', 'b', 'soon changed', 1);
    bad.sealed[40] = bad.sealed[40]! ^ 0xff;
    expect(await compactPage(cipher, undefined, [good, bad])).toBeNull();
    // A record moved under another id does not open either (the id is bound to its ciphertext).
    expect(await compactPage(cipher, undefined, [{ ...good, id: 'c' }])).toBeNull();
    const bundle = (await compactPage(cipher, undefined, [good]))!;
    expect(await compactPage(cipher, { ...bundle, live: [{ id: 'a', updatedAt: 2 }] }, [])).toBeNull();
  });

  it('gives a backup each live record sealed on its own, as a record written alone is', async () => {
    const cipher = await unlockedCipher();
    const bundle = (await compactPage(cipher, undefined, [
      await loose(cipher, 'event', 'e1', { title: '설날' }, 7),
      await loose(cipher, 'personal', 'p1', { bank: '국민' }, 8),
    ]))!;
    const { records, damaged } = await unbundlePage(cipher, { ...bundle, live: [bundle.live[1]!] });
    expect(damaged).toEqual([]);
    expect(records.map(({ id, kind, updatedAt }) => ({ id, kind, updatedAt }))).toEqual([
      { id: 'p1', kind: 'personal', updatedAt: 8 },
    ]);
    expect(await cipher.open(records[0]!)).toEqual({ ok: true, value: { bank: '국민' } });
  });
});
