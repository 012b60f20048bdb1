import os from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROME_ARGS, chromePath } from './scripts/chrome.mjs';
import { testTiers } from './scripts/test-tiers.mjs';

// The tiers (scripts/test-tiers.mjs says which file is in which): `npm test` runs unit, db, component and e2e side
// by side; `npm run test:slow` runs slow, then timed one file at a time. On PostgreSQL (DATABASE_URL set) every
// tier keeps only the files that open a database: the rest would prove nothing they did not prove on SQLite.
const root = import.meta.dirname;
const tiers = testTiers(root, { databaseOnly: Boolean(process.env.DATABASE_URL) });

/**
 * expect.poll and expect.element wait this long for what they assert before failing (vitest's own default is a
 * second, which a busy machine can take to paint or answer).
 */
const expectations = { poll: { timeout: 15_000 } };

const node = {
  environment: 'node' as const,
  expect: expectations,
  // Ships ESM with extensionless relative imports Node cannot load; Vite resolves them (saju tests).
  server: { deps: { inline: ['@gracefullight/saju'] } },
  globalSetup: ['src/server/test/global-setup.ts'],
  setupFiles: ['src/shared/test/matchers.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const browser = {
  environment: 'node' as const,
  expect: expectations,
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 90_000,
  hookTimeout: 180_000,
};

/** The slow tiers hold Node tests and browser journeys alike. */
const slow = {
  ...browser,
  globalSetup: [...node.globalSetup, ...browser.globalSetup],
  setupFiles: node.setupFiles,
};

function project(
  name: keyof typeof tiers,
  settings: TestProjectInlineConfiguration['test'],
): TestProjectInlineConfiguration {
  // A tier without files (the browser tiers on PostgreSQL) matches nothing rather than everything.
  const include = tiers[name].length > 0 ? tiers[name] : ['no-such-file'];
  return { test: { name, include, ...settings } };
}

export default defineConfig(async () => ({
  test: {
    // One test file per core (vitest's default leaves one core free, which on two cores runs the files one after
    // another). Each e2e file starts its own server (own port, data folder, PostgreSQL schema) and Chromium.
    maxWorkers: os.availableParallelism(),
    attachmentsDir: '.test-data/attachments',
    // `npm run coverage`: what the tests run of the server and the app, as lines and branches per room
    // (scripts/coverage-report.mjs), to hold against the figures before a change to the suite.
    coverage: {
      provider: 'v8' as const,
      include: ['src/server/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', 'src/server/test/**', 'src/app/test/**'],
      reporter: ['json-summary'],
      reportOnFailure: true,
    },
    projects: [
      project('unit', node),
      project('db', node),
      project('component', {
        testTimeout: 30_000,
        expect: expectations,
        browser: {
          enabled: true,
          headless: true,
          provider: playwright({ launchOptions: { executablePath: await chromePath(), args: CHROME_ARGS } }),
          instances: [{ browser: 'chromium' as const }],
          // A failing test's screenshot goes with the other test output, not beside the sources.
          screenshotDirectory: '.test-data/screenshots',
        },
      }),
      project('e2e', browser),
      // Volume and faults side by side; then what measures time, one file at a time on a machine left alone.
      project('slow', slow),
      project('timed', { ...slow, fileParallelism: false, sequence: { groupOrder: 1 } }),
    ],
  },
}));
