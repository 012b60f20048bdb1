import path from 'node:path';
import { PG_URL, postgresReachable } from '../../bench/lib/server.mjs';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { chromePath } from '../../scripts/chrome.mjs';
import { sweepStaleSchemas } from '../../scripts/pg-schemas.mjs';

export default async function setup(): Promise<void> {
  buildIfStale(path.resolve(import.meta.dirname, '../..'));
  // The npm-shipped Chromium unpacks itself on first use: once here, before the test files start browsers side
  // by side (each unpacking it at once, one would start a binary another is still writing: ETXTBSY, or a crash).
  await chromePath();
  // The scale-out and fault tests make PostgreSQL schemas: drop what an interrupted earlier run left behind.
  if (await postgresReachable()) await sweepStaleSchemas(PG_URL);
}
