// GET /api/health as a load balancer or a container's HEALTHCHECK asks it: ok only with the database answering.
import { describe, expect, it } from 'vitest';
import { HEALTH_REUSE_MS } from '../app.js';
import { startTestApp } from '../test/harness.js';

describe('the health check', () => {
  it('answers 503 server/unavailable once the database no longer answers, and shares its check', async () => {
    const t = await startTestApp();
    try {
      expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        database: 'ok',
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
