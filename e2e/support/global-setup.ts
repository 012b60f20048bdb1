import path from 'node:path';
import { PG_URL, postgresReachable } from '../../bench/lib/server.mjs';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { sweepStaleSchemas } from '../../scripts/pg-schemas.mjs';

export default async function setup(): Promise<void> {
  buildIfStale(path.resolve(import.meta.dirname, '../..'));
  // The scale-out and fault tests make PostgreSQL schemas: drop what an interrupted earlier run left behind.
  if (await postgresReachable()) await sweepStaleSchemas(PG_URL);
}
