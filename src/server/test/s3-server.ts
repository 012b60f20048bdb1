// A real S3-compatible server (s3rver: the S3 REST protocol, with multipart uploads) on a free local port, for
// the S3 storage tests.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { freePort } from '../../../scripts/net.mjs';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'mygenie-test'): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver signs a bucket's path without the trailing slash the AWS SDK sends for a listing (GET /<bucket>/?list-type=2;
  // AWS, MinIO and R2 sign it as sent), so it refuses every listing's signature: for that request alone, it accepts
  // a well-formed signature that does not match. Every object request stays checked.
  // (s3rver is a Koa application: its middleware runs in order, and a request's context names the app.)
  type Context = { method: string; path: string; app: unknown };
  (
    server as unknown as { middleware: Array<(ctx: Context, next: () => Promise<void>) => Promise<void>> }
  ).middleware.unshift((ctx, next) => {
    if (ctx.method === 'GET' && /^\/[^/]+\/$/.test(ctx.path)) {
      ctx.app = Object.create(server, { allowMismatchedSignatures: { value: true } }) as unknown;
    }
    return next();
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
