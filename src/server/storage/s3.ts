// Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …). Uploads go up in 5 MiB parts (S3's smallest) with
// at most 2 in flight, so memory stays bounded whatever the file's size; a failed upload is aborted, which
// discards its parts.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { isAborted } from './local.js';
import { assertSafeKey, sizeLimit, StorageError, type FileStorage } from './storage.js';
import type { S3Settings } from '../core/config.js';

const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function s3Storage(settings: S3Settings): FileStorage & { client: S3Client } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    client,
    async put(key, body: Readable, { maxBytes, contentType }) {
      assertSafeKey(key);
      const limit = sizeLimit(maxBytes);
      body.on('error', (error) => limit.destroy(error));
      body.pipe(limit);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limit, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      limit.on('error', () => void upload.abort().catch(() => undefined));
      try {
        await upload.done();
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        if (limit.errored instanceof StorageError) throw limit.errored;
        // The member's upload broke off before its end (a body read to its end is destroyed too, so `destroyed`
        // cannot tell: S3 being unreachable after the whole body arrived is not an aborted upload).
        if (isAborted(error) || isAborted(limit.errored) || body.readableAborted)
          throw new StorageError('aborted');
        throw unavailable(error);
      }
      if (limit.bytes === 0) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        throw new StorageError('empty');
      }
      return { size: limit.bytes };
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) throw new StorageError('not-found');
        throw unavailable(error);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw unavailable(error);
      }
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw unavailable(error);
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const value = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return (
    value?.name === 'NoSuchKey' || value?.name === 'NotFound' || value?.$metadata?.httpStatusCode === 404
  );
}

function unavailable(error: unknown): StorageError {
  return new StorageError('unavailable', error instanceof Error ? error.message : String(error));
}
