// GET /api/health as a load balancer or a container's HEALTHCHECK asks it: ok only with the database answering, and
// which version and commit run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEALTH_REUSE_MS } from '../app.js';
import { startTestApp } from '../test/harness.js';

const packageVersion = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

describe('the health check', () => {
  it('names the version and commit the server was built from', async () => {
    const t = await startTestApp({}, { build: { version: '9.8.7', commit: 'abc1234' } });
    try {
      const answer = await t.request({ method: 'GET', url: '/api/health' });
      expect([answer.statusCode, answer.json()]).toEqual([
        200,
        { status: 'ok', database: 'ok', version: { version: '9.8.7', commit: 'abc1234' } },
      ]);
    } finally {
      await t.close();
    }
  });

  it('answers 503 server/unavailable once the database no longer answers, and shares its check', async () => {
    const t = await startTestApp();
    try {
      // Run from the sources, no build wrote a commit: package.json's version, and the commit unknown.
      expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        database: 'ok',
        version: { version: packageVersion, commit: null },
      });
      // Past the moment callers share the last answer.
      t.advance(HEALTH_REUSE_MS);
      await t.database.close();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.request({ method: 'GET', url: '/api/health' })),
      );
      for (const answer of answers) {
        expect([answer.statusCode, answer.json().error.code]).toEqual([503, 'server/unavailable']);
      }
    } finally {
      await t.app.close();
    }
  });
});
