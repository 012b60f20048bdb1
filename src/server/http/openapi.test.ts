// The OpenAPI document is made from the API table (src/shared/api/); docs/openapi.json is its committed copy,
// for readers and for client generators, and src/shared/api/routes.ts the browser's table of methods and paths.
// This test fails when they drift apart: run `npm run openapi` to write both again, and review the difference
// like any other change of the API.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../shared/api/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const committed = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
const routesFile = path.resolve(import.meta.dirname, '../../shared/api/routes.ts');

/** routes.ts with its table written from the API table's routes, in the table's order. */
function routesTable(current: string): string {
  const lines = Object.entries(API).map(([name, endpoint]) => `  ${name}: '${endpoint.route}',`);
  return current.replace(
    /export const ROUTES = \{\n[\s\S]*?\n\} as const;/,
    `export const ROUTES = {\n${lines.join('\n')}\n} as const;`,
  );
}

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

  it("writes the browser's route table from the API table", async () => {
    const current = await fs.readFile(routesFile, 'utf8');
    const written = routesTable(current);
    if (process.env.UPDATE_OPENAPI === '1') await fs.writeFile(routesFile, written);
    expect(current, 'src/shared/api/routes.ts is out of date: run `npm run openapi`').toBe(written);
  });
});
