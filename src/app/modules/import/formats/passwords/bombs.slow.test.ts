// Archives that unpack to more than an import may hold (src/app/modules/import/fixtures/passwords/bombs.ts): each is
// refused only after unpacking up to the limit, hundreds of megabytes of work, so they run in the slow tier.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../../../../../shared/base64.js';
import { ImportError, MAX_UNPACKED_BYTES } from '../../plan.js';
import { gzipOf, zeroDeflate, zipOf } from '../../fixtures/passwords/bombs.js';
import { importKeePassXml } from './keepass.js';
import { import1Password1pux } from './onepassword.js';

/** The code of the import error a promise fails with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as ImportError).code;
}

describe('KeePass XML', () => {
  it('refuses an attachment that unpacks past what an import may hold', async () => {
    const bomb = zeroDeflate(MAX_UNPACKED_BYTES + 16 * 1024 * 1024);
    const meta = `<Binaries><Binary ID="0" Compressed="True">${bytesToBase64(gzipOf(bomb.deflated))}</Binary></Binaries>`;
    const entry =
      '<String><Key>Title</Key><Value>폭탄</Value></String><Binary><Key>zero.bin</Key><Value Ref="0"/></Binary>';
    const file = new TextEncoder().encode(
      `<?xml version="1.0" encoding="utf-8"?><KeePassFile><Meta>${meta}</Meta><Root><Group><Name>Root</Name>` +
        `<Entry>${entry}</Entry></Group></Root></KeePassFile>`,
    );
    expect(await refusal(importKeePassXml(file, {}))).toBe('too-large');
  });
});

describe('1Password 1PUX', () => {
  it('refuses a zip bomb: an entry larger than it may unpack to, or entries larger in all', async () => {
    const bomb = zeroDeflate(MAX_UNPACKED_BYTES + 64 * 1024 * 1024);
    expect(bomb.deflated.length).toBeLessThan(5 * 1024 * 1024);
    expect(inflateRawSync(zeroDeflate(1000).deflated)).toEqual(Buffer.alloc(zeroDeflate(1000).size));
    const single = zipOf([{ name: 'export.data', deflated: bomb.deflated, claimedSize: bomb.size }]);
    expect(await refusal(import1Password1pux(single, {}))).toBe('too-large');

    // Three files of 200 MB, each allowed alone: the third goes past what the import may unpack in all.
    const part = zeroDeflate(200 * 1024 * 1024);
    const documents = [1, 2, 3].map((n) => ({
      uuid: `doc${n}`,
      categoryUuid: '006',
      details: { documentAttributes: { fileName: `big${n}.bin`, documentId: `big${n}` } },
      overview: { title: `큰 파일 ${n}` },
    }));
    const data = strToU8(JSON.stringify({ accounts: [{ vaults: [{ items: documents }] }] }));
    const parts = [
      { name: 'export.data', deflated: new Uint8Array(deflateRawSync(data)), claimedSize: data.length },
      ...[1, 2, 3].map((n) => ({
        name: `files/big${n}__big${n}.bin`,
        deflated: part.deflated,
        claimedSize: part.size,
      })),
    ];
    expect(await refusal(import1Password1pux(zipOf(parts), {}))).toBe('too-large');
  });

  it('refuses an entry that unpacks to more than its header claims', async () => {
    const bomb = zeroDeflate(MAX_UNPACKED_BYTES + 64 * 1024 * 1024);
    const lying = zipOf([{ name: 'export.data', deflated: bomb.deflated, claimedSize: 2048 }]);
    expect(await refusal(import1Password1pux(lying, {}))).toBe('too-large');
  });
});
