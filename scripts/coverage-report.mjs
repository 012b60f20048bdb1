// Lines and branches covered, for the server and the app, from Vitest's coverage summary (`npm run coverage`).
// Usage: node scripts/coverage-report.mjs [coverage/coverage-summary.json]
import fs from 'node:fs';
import path from 'node:path';

const ROOMS = ['src/server', 'src/app'];

/**
 * @param {Record<string, { lines: { total: number; covered: number }; branches: { total: number; covered: number } }>} summary
 */
export function coverageByRoom(summary) {
  return ROOMS.map((room) => {
    const totals = { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
    for (const [file, figures] of Object.entries(summary)) {
      if (!file.split(path.sep).join('/').includes(`/${room}/`)) continue;
      for (const kind of /** @type {const} */ (['lines', 'branches'])) {
        totals[kind].total += figures[kind].total;
        totals[kind].covered += figures[kind].covered;
      }
    }
    const percent = (/** @type {{ total: number; covered: number }} */ part) =>
      `${((100 * part.covered) / Math.max(1, part.total)).toFixed(2)} % (${part.covered} of ${part.total})`;
    return `${room}: lines ${percent(totals.lines)}, branches ${percent(totals.branches)}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? path.resolve(import.meta.dirname, '../coverage/coverage-summary.json');
  for (const line of coverageByRoom(JSON.parse(fs.readFileSync(file, 'utf8')))) console.log(line);
}
