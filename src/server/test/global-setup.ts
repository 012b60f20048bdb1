// Before the API tests: on PostgreSQL, drop the test schemas an interrupted earlier run left behind.
import { sweepStaleSchemas } from '../../../scripts/pg-schemas.mjs';

export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) await sweepStaleSchemas(url);
}
