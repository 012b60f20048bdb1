// The OpenAPI document is made from the API table (src/shared/api.ts); docs/openapi.json is its committed copy,
// for readers and for client generators. This test fails when the two drift apart: run `npm run openapi` to
// write the copy again, and review the difference like any other change of the API.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../shared/api.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const committed = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is served at /api/openapi.json, listing every route of the API table', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    for (const endpoint of Object.values(API)) {
      const [method, path] = endpoint.route.split(' ') as [string, string];
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation?.summary, endpoint.route).toBe(endpoint.summary);
    }
  });

  it('matches the committed docs/openapi.json', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<unknown>();
    const text = `${JSON.stringify(served, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') await fs.writeFile(committed, text);
    const saved = await fs.readFile(committed, 'utf8').catch(() => '');
    expect(saved, 'docs/openapi.json is out of date: run `npm run openapi`').toBe(text);
  });
});
