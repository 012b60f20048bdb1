import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openZip } from './zip.js';

const kilobyte = (fill: number) => new Uint8Array(1024).fill(fill);

describe('reading a zip within a budget', () => {
  it('counts every entry read against one total', async () => {
    const zip = await openZip(
      zipSync({ 'a.bin': kilobyte(1), 'b.bin': kilobyte(2), 'c.bin': kilobyte(3) }),
      undefined,
      2600,
    );
    expect(zip.names).toEqual(['a.bin', 'b.bin', 'c.bin']);
    expect(await zip.read('a.bin')).toEqual(kilobyte(1));
    expect(await zip.read('b.bin')).toEqual(kilobyte(2));
    await expect(zip.read('c.bin')).rejects.toMatchObject({ code: 'too-large' });
  });

  it('asks for the password of an encrypted zip, and says when it is wrong', async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter(), { password: '비밀번호123', useWebWorkers: false });
    await writer.add('Journal.json', new Uint8ArrayReader(new TextEncoder().encode('{"entries":[]}')));
    const bytes = await writer.close();
    await expect((await openZip(bytes)).read('Journal.json')).rejects.toMatchObject({
      code: 'needs-password',
    });
    await expect((await openZip(bytes, 'wrong')).read('Journal.json')).rejects.toMatchObject({
      code: 'wrong-password',
    });
    expect(await (await openZip(bytes, '비밀번호123')).readText('Journal.json')).toBe('{"entries":[]}');
  });

  it('tells a file that is no zip from a zip that is cut', async () => {
    await expect(openZip(new TextEncoder().encode('BEGIN:VCALENDAR'))).rejects.toMatchObject({
      code: 'unsupported',
    });
    const cut = zipSync({ 'a.bin': kilobyte(1) }).subarray(0, 60);
    await expect(openZip(cut)).rejects.toMatchObject({ code: 'damaged' });
  });
});
