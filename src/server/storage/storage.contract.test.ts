// One contract for every storage backend: local disk, and S3 against a real S3-compatible server.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type RunningS3 } from '../test/s3-server.js';
import { localStorage } from './local.js';
import { s3Storage } from './s3.js';
import { StorageError, type FileStorage } from './storage.js';

const MiB = 1024 * 1024;

/** A deterministic stream of `size` bytes, made in chunks (never held whole). */
function generated(size: number, seed = 1): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const length = Math.min(256 * 1024, size - sent);
      const chunk = Buffer.alloc(length);
      for (let i = 0; i + 4 <= length; i += 4) chunk.writeUInt32LE(((sent + i) * 2654435761 + seed) >>> 0, i);
      sent += length;
      this.push(chunk);
    },
  });
}

async function sha256(stream: Readable): Promise<{ hash: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

function failingAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(Object.assign(new Error('connection dropped'), { code: 'ECONNRESET' }));
        return;
      }
      sent += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 7));
    },
  });
}

const backends: Array<[string, () => Promise<{ storage: FileStorage; stop(): Promise<void> }>]> = [
  [
    'local disk',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-files-'));
      return { storage: localStorage(dir), stop: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3',
    async () => {
      const s3: RunningS3 = await startS3Server();
      const storage = s3Storage({ ...s3, region: 'us-east-1', forcePathStyle: true });
      return {
        storage,
        stop: async () => {
          storage.client.destroy();
          await s3.stop();
        },
      };
    },
  ],
];

describe.each(backends)('%s storage', (_name, open) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await open());
  });
  afterAll(async () => {
    await stop();
  });

  it('stores and returns the same bytes', async () => {
    const written = await storage.put(
      'files/hello-1',
      Readable.from([Buffer.from('hello, '), Buffer.from('world')]),
      {
        maxBytes: 1000,
        contentType: 'text/plain',
      },
    );
    expect(written.size).toBe(12);
    const object = await storage.get('files/hello-1');
    expect(object.size).toBe(12);
    expect((await sha256(object.stream)).hash).toBe(
      crypto.createHash('sha256').update('hello, world').digest('hex'),
    );
    expect(await storage.exists('files/hello-1')).toBe(true);
  });

  it('streams a 20 MiB file through unchanged', async () => {
    const size = 20 * MiB + 12345;
    const expected = await sha256(generated(size, 3));
    const written = await storage.put('files/big-1', generated(size, 3), {
      maxBytes: 64 * MiB,
      contentType: 'application/zip',
    });
    expect(written.size).toBe(size);
    const object = await storage.get('files/big-1');
    expect(object.size).toBe(size);
    expect(await sha256(object.stream)).toEqual(expected);
  });

  it('refuses more than the limit and keeps nothing', async () => {
    const put = storage.put('files/too-big-1', generated(3 * MiB), {
      maxBytes: MiB,
      contentType: 'application/zip',
    });
    await expect(put).rejects.toMatchObject({ failure: 'too-large' });
    expect(await storage.exists('files/too-big-1')).toBe(false);
  });

  it('refuses an empty file and keeps nothing', async () => {
    const put = storage.put('files/empty-1', Readable.from([]), { maxBytes: MiB, contentType: 'text/plain' });
    await expect(put).rejects.toMatchObject({ failure: 'empty' });
    expect(await storage.exists('files/empty-1')).toBe(false);
  });

  it('keeps nothing of an upload whose connection drops', async () => {
    const put = storage.put('files/dropped-1', failingAfter(10 * MiB), {
      maxBytes: 64 * MiB,
      contentType: 'application/zip',
    });
    await expect(put).rejects.toBeInstanceOf(StorageError);
    expect(await storage.exists('files/dropped-1')).toBe(false);
  });

  it('answers a missing object with not-found, also after a delete', async () => {
    await expect(storage.get('files/never-1')).rejects.toMatchObject({ failure: 'not-found' });
    await storage.put('files/gone-1', Readable.from([Buffer.from('x')]), {
      maxBytes: 10,
      contentType: 'text/plain',
    });
    await storage.delete('files/gone-1');
    await storage.delete('files/gone-1');
    await expect(storage.get('files/gone-1')).rejects.toMatchObject({ failure: 'not-found' });
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../etc/passwd', 'files/../../x', '/abs', 'Files/Upper', 'files//double']) {
      await expect(
        storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10, contentType: 'text/plain' }),
      ).rejects.toThrow(/unsafe storage key/);
    }
  });
});
