// The storage the settings name: the S3-compatible bucket when S3_* are set (its SDK loaded only then), else the
// local disk under DATA_DIR/files. The server and its commands use the same.
import path from 'node:path';
import type { Config } from '../core/config.js';
import { localStorage } from './local.js';
import type { FileStorage } from './storage.js';

export async function configuredStorage(config: Config): Promise<FileStorage> {
  return config.s3
    ? (await import('./s3.js')).s3Storage(config.s3)
    : localStorage(path.join(config.dataDir, 'files'));
}
