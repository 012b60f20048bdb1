// Which tier each test file belongs to, decided in one place: vitest.config.ts builds its projects from it, and
// CI's time report (scripts/test-report.mjs) names each file's tier with it.
//
// - unit       src/**/*.test.ts that open no database: pure logic, the vault and engine on stand-ins (Node)
// - db         src/**/*.test.ts that open a database: stores, services on it, the API contract, the sync contract;
//              SQLite in `npm test`, and PostgreSQL too in CI
// - component  src/**/*.component.test.tsx: one component in a real Chromium (Vitest's browser mode)
// - e2e        e2e/*.test.ts: journeys through the built server in Chromium
// - slow       *.slow.test.ts: volume, faults, several processes, the property test at full count (side by side)
// - timed      the slow tests that measure time, each alone after the rest (TIMED)
import fs from 'node:fs';
import path from 'node:path';

/** Slow tests whose figures are times: they run one at a time, with nothing else on the machine. */
export const TIMED = [
  'src/server/accounts/timing.slow.test.ts',
  'src/server/http/stalled-requests.slow.test.ts',
  'src/app/modules/import/formats/calendar/icalendar.slow.test.ts',
  'src/app/modules/import/formats/money/money.slow.test.ts',
  'e2e/load.slow.test.ts',
];

/**
 * A test opens a database when it starts the app (the harness) or its services (test/services.ts), opens one
 * itself, or has a PostgreSQL variant.
 */
const OPENS_DATABASE =
  /process\.env\.DATABASE_URL|from '[^']*\/(?:test\/harness|test\/services|db\/database)\.js'/;

/** @typedef {'unit' | 'db' | 'component' | 'e2e' | 'slow' | 'timed'} Tier */

/**
 * The tier of a test file (a path relative to the project's root, with forward slashes), from its name and, for a
 * test under src/, its source.
 * @param {string} file @param {string} [source] @returns {Tier}
 */
export function tierOf(file, source = '') {
  if (TIMED.includes(file)) return 'timed';
  if (file.endsWith('.slow.test.ts')) return 'slow';
  if (file.startsWith('e2e/')) return 'e2e';
  if (file.endsWith('.component.test.tsx')) return 'component';
  return OPENS_DATABASE.test(source) ? 'db' : 'unit';
}

/**
 * Whether a test file opens a database: on PostgreSQL only these run.
 * @param {string} source
 */
export function opensDatabase(source) {
  return OPENS_DATABASE.test(source);
}

/** @param {string} root @param {string} folder @returns {string[]} */
function testFilesUnder(root, folder) {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.includes('/node_modules/'))
    .sort();
}

/**
 * Every test file of the project by tier. `databaseOnly`: keep only the files that open a database (the run on
 * PostgreSQL, where nothing else would prove more than it did on SQLite).
 * @param {string} root @param {{ databaseOnly?: boolean }} [options]
 * @returns {Record<Tier, string[]>}
 */
export function testTiers(root, { databaseOnly = false } = {}) {
  /** @type {Record<Tier, string[]>} */
  const tiers = { unit: [], db: [], component: [], e2e: [], slow: [], timed: [] };
  for (const file of [...testFilesUnder(root, 'src'), ...testFilesUnder(root, 'e2e')]) {
    const source = file.startsWith('src/') ? fs.readFileSync(path.join(root, file), 'utf8') : '';
    if (databaseOnly && !opensDatabase(source)) continue;
    tiers[tierOf(file, source)].push(file);
  }
  return tiers;
}
