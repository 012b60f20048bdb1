// The sweep of test schemas left behind by an interrupted run: only ours, only old ones.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { madeAt, STALE_AFTER_MS, sweepStaleSchemas, testSchemaName } from '../../../scripts/pg-schemas.mjs';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe('test schema names', () => {
  it('say when they were made, to the second', () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const name = testSchemaName('app');
    expect(name).toMatch(/^mgt_app_[0-9a-z]+_[0-9a-f]{8}$/);
    expect(madeAt(name)).toBeGreaterThanOrEqual(before);
    expect(madeAt('public')).toBeNull();
    expect(madeAt('mgt_app_zz_not-hex')).toBeNull();
    expect(() => testSchemaName('App; drop')).toThrow();
  });
});

describe.skipIf(!postgres)('the sweep', () => {
  it('drops test schemas older than a run can last, and nothing else', async () => {
    const url = postgres!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const fresh = testSchemaName('sweep');
    const stale = `mgt_sweep_${Math.floor((Date.now() - STALE_AFTER_MS - 60_000) / 1000).toString(36)}_0badc0de`;
    const foreign = `keep_sweep_${Date.now().toString(36)}`;
    try {
      for (const name of [fresh, stale, foreign]) await client.query(`CREATE SCHEMA ${name}`);
      const dropped = await sweepStaleSchemas(url);
      expect(dropped).toContain(stale);
      const { rows } = await client.query('select nspname from pg_namespace where nspname = any($1)', [
        [fresh, stale, foreign],
      ]);
      expect(rows.map((row: { nspname: string }) => row.nspname).sort()).toEqual([foreign, fresh].sort());
    } finally {
      for (const name of [fresh, stale, foreign]) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await client.end();
    }
  });
});
