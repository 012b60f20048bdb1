import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Four projects: `api` (Node: the server, the shared code, the browser code's logic) and `e2e` (real Chromium
// against the built site) are the default `npm test`; `slow-api` and `slow-e2e` are the tests that measure time
// or volume (timing, fuzzing, load, faults, several processes), run by `npm run test:slow` and in CI. A slow
// test is named `*.slow.test.ts`.
const SLOW = '**/*.slow.test.ts';

const api = {
  environment: 'node' as const,
  // Ships ESM with extensionless relative imports Node cannot load; Vite resolves them (saju tests).
  server: { deps: { inline: ['@gracefullight/saju'] } },
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const e2e = {
  environment: 'node' as const,
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 90_000,
  hookTimeout: 180_000,
  // Each file starts its own server (own port, data folder, PostgreSQL schema) and its own Chromium, so files
  // run side by side, one per core (below).
  fileParallelism: true,
};

export default defineConfig({
  test: {
    // One test file per core (vitest's default leaves one core free, which on two cores runs the files one after
    // another: 9 minutes for npm test instead of under 7). The slow tier, which measures time, runs with one
    // (`npm run test:slow`).
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'api', include: ['src/**/*.test.ts'], exclude: [SLOW], ...api } },
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], exclude: [SLOW], ...e2e } },
      { test: { name: 'slow-api', include: [`src/${SLOW}`], ...api } },
      { test: { name: 'slow-e2e', include: [`e2e/${SLOW}`], ...e2e } },
    ],
  },
});
