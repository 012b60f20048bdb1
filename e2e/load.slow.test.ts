// The load test, shortened for CI (`npm run bench:load` runs the full 500 users × 60 s): virtual users on the
// mixed workload of pages, session checks, notices, logins, the file list and downloads get not one error or
// unexpected answer, on SQLite and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { mixedLoad } from '../bench/lib/workload.mjs';
import { postgresReachable } from '../bench/lib/server.mjs';

const USERS = Number(process.env.LOAD_USERS ?? 150);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);

const postgres = await postgresReachable();

describe.each([
  { database: 'sqlite' as const, skip: false },
  { database: 'postgres' as const, skip: !postgres },
])('the mixed workload on $database', ({ database, skip }) => {
  it.skipIf(skip)(
    `serves ${USERS} virtual users for ${SECONDS} s without one failed answer`,
    async () => {
      const result = await mixedLoad({ database, users: USERS, seconds: SECONDS });
      expect(result.firstProblem).toBeNull();
      expect(result.errors + result.unexpected).toBe(0);
      expect(Object.keys(result.byName).sort()).toEqual([
        'download',
        'files',
        'login',
        'notices',
        'page',
        'session',
      ]);
      expect(result.requests).toBeGreaterThan(USERS * 5);
    },
    120_000,
  );
});
