// The browser tests' page objects (e2e/pages/*.ts) for a benchmark's browser steps, so that a benchmark drives the
// app's screens as the journeys do and follows them when a screen changes. Node cannot load those files itself
// (TypeScript beyond what it strips: parameter properties; `.js` imports naming `.ts` files), so Vite's module
// runner loads them, as vitest does for the tests.
import path from 'node:path';
import { runnerImport } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** The app's page object, `AppModel` of e2e/pages/app.ts. */
export async function appModel() {
  const { module } = /** @type {{ module: typeof import('../../e2e/pages/app.js') }} */ (
    await runnerImport(path.join(root, 'e2e/pages/app.ts'), { configFile: false, root, logLevel: 'warn' })
  );
  return module.AppModel;
}
