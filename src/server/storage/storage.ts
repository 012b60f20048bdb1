// Where uploaded bytes live: local disk by default, any S3-compatible store when configured. Both stream in
// and out, never holding a whole file in memory, and never leave a partial object behind.
import { Transform, type Readable, type TransformCallback } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Streams `body` into `key`. Refuses more than maxBytes (StorageError 'too-large'); an empty body is 'empty'. */
  put(
    key: string,
    body: Readable,
    options: { maxBytes: number; contentType: string },
  ): Promise<{ size: number }>;
  /** Throws StorageError 'not-found' when there is no such object. */
  get(key: string): Promise<StoredObject>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type StorageFailure = 'too-large' | 'empty' | 'not-found' | 'aborted' | 'unavailable';

export class StorageError extends Error {
  constructor(
    readonly failure: StorageFailure,
    message?: string,
  ) {
    super(message ?? failure);
  }
}

/** Object keys are ours, never a client's path: letters, digits, dashes, slashes between parts. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Passes bytes through, counting them, and fails once more than `maxBytes` have gone by. */
class SizeLimit extends Transform {
  /** Bytes passed so far. */
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new StorageError('too-large'));
      return;
    }
    callback(null, chunk);
  }
}

/** Passes bytes through, counting them, and fails once more than `maxBytes` have gone by. */
export function sizeLimit(maxBytes: number): Transform & { bytes: number } {
  return new SizeLimit(maxBytes);
}
