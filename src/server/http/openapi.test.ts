// The OpenAPI document is made from the API table (src/shared/api/); docs/openapi.json is its committed copy,
// for readers and for client generators, and src/shared/api/routes.ts the browser's table of methods and paths.
// This test fails when they drift apart: run `npm run openapi` to write both again, and review the difference
// like any other change of the API.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../shared/api/index.js';
import { isErrorCode, type ErrorCode } from '../../shared/errors.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { errorCodesOf } from './openapi.js';

const committed = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
const routesFile = path.resolve(import.meta.dirname, '../../shared/api/routes.ts');

/** What these tests read of an operation in the document. */
interface Operation {
  operationId: string;
  security: unknown[];
  responses: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<
        string,
        { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } }
      >;
    }
  >;
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Operation>>>;
}

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

  it("lists each route's failures by status, with only the codes that route can answer", async () => {
    const document = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApiDocument>();
    const login = document.paths['/api/auth/login']!.post!;
    expect(login.operationId).toBe('login');
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '403', '415', '429', '500', '503']);
    expect(
      login.responses['401']!.content!['application/json']!.schema.properties.error.properties.code.enum,
    ).toEqual(['auth/invalid-login-credentials']);
    expect(login.responses['429']!.headers).toHaveProperty('Retry-After');
    // A public GET is refused by no guard and no origin check.
    const notices = document.paths['/api/notices']!.get!;
    expect(notices.security).toEqual([]);
    expect(Object.keys(notices.responses)).toEqual(['200', '400', '500', '503']);
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

/** The error codes written in a file's code (quoted), as `new ApiError('…')` and tables of codes have them. */
function codesIn(source: string): ErrorCode[] {
  return [...source.matchAll(/'([a-z]+\/[a-z-]+)'/g)].map(([, code]) => code!).filter(isErrorCode);
}

describe("each route's documented failures", () => {
  const serverRoot = path.resolve(import.meta.dirname, '..');
  // The guard answers for every feature's routes; its codes are documented from each route's access.
  const servesEveryFeature = new Set(['accounts/access.ts']);

  it("list every code a feature's server code answers with, on one of the routes it declares", async () => {
    const everywhere = new Set(Object.values(API).flatMap(errorCodesOf));
    const folders = (await fs.readdir(serverRoot, { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    const missing: string[] = [];
    for (const folder of folders.map((entry) => entry.name)) {
      const files = (await fs.readdir(path.join(serverRoot, folder))).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
      );
      const sources = await Promise.all(
        files.map(async (file) => ({
          file: `${folder}/${file}`,
          text: await fs.readFile(path.join(serverRoot, folder, file), 'utf8'),
        })),
      );
      const declared = sources.flatMap(({ text }) =>
        [...text.matchAll(/\bAPI\.(\w+)\b/g)].map(([, name]) => name as keyof typeof API),
      );
      // A folder that declares no route (quota, storage, the rate limiter) serves the routes of others.
      const documented =
        declared.length > 0 ? new Set(declared.flatMap((name) => errorCodesOf(API[name]))) : everywhere;
      for (const { file, text } of sources) {
        const allowed = servesEveryFeature.has(file) ? everywhere : documented;
        for (const code of codesIn(text)) if (!allowed.has(code)) missing.push(`${code} (${file})`);
      }
    }
    expect(
      missing,
      "codes thrown but on none of the feature's routes: add them to the entries' `errors`",
    ).toEqual([]);
  });
});
