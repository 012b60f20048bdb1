// Files on local disk under one folder. A file is written under a temporary name and renamed into place only
// when complete, so a dropped upload or a crash never leaves a partial file under a real key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertSafeKey, sizeLimit, StorageError, type FileStorage } from './storage.js';

export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',
    async put(key, body: Readable, { maxBytes }) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
      const limit = sizeLimit(maxBytes);
      try {
        await pipeline(body, limit, fs.createWriteStream(partial, { flags: 'wx' }));
        if (limit.bytes === 0) throw new StorageError('empty');
        const file = await fsp.open(partial, 'r+');
        try {
          await file.sync();
        } finally {
          await file.close();
        }
        await fsp.rename(partial, target);
        return { size: limit.bytes };
      } catch (error) {
        await fsp.rm(partial, { force: true });
        if (error instanceof StorageError) throw error;
        if (isAborted(error)) throw new StorageError('aborted');
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const stat = await fsp.stat(file);
        return { stream: fs.createReadStream(file), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageError('not-found');
        throw error;
      }
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return fsp.access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
  };
}

export function isAborted(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ABORT_ERR';
}
