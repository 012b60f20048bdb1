// Where CI's time went: each step's time (from the list .ci/run keeps), and the ten slowest test files of the
// runs' JSON reports with their tier; then the count of tests passed, failed and skipped.
// Usage: node scripts/test-report.mjs <steps.tsv> <report.json>...
import fs from 'node:fs';
import path from 'node:path';
import { tierOf } from './test-tiers.mjs';

const SLOWEST = 10;

/** @param {number} seconds */
const clock = (seconds) =>
  `${String(Math.floor(seconds / 60)).padStart(3)} min ${String(Math.round(seconds % 60)).padStart(2)} s`;

/**
 * @param {string} stepsFile lines of `<step name>\t<seconds>`
 * @param {string[]} reportFiles Vitest's JSON reports
 * @param {string} root
 */
export function report(stepsFile, reportFiles, root) {
  const lines = [];
  const steps = fs
    .readFileSync(stepsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', seconds = '0'] = line.split('\t');
      return { name, seconds: Number(seconds) };
    });
  const width = Math.max(...steps.map((step) => step.name.length), 5);
  lines.push('where the time went:');
  for (const step of steps) lines.push(`  ${step.name.padEnd(width)}  ${clock(step.seconds)}`);
  lines.push(`  ${'total'.padEnd(width)}  ${clock(steps.reduce((sum, step) => sum + step.seconds, 0))}`);

  const runs = reportFiles
    .filter((file) => fs.existsSync(file))
    .map((file) => ({
      run: path.basename(file, '.json'),
      result: JSON.parse(fs.readFileSync(file, 'utf8')),
    }));
  const files = runs.flatMap(({ run, result }) =>
    result.testResults.map((/** @type {{ name: string; startTime: number; endTime: number }} */ file) => {
      const name = path.relative(root, file.name).split(path.sep).join('/');
      const source =
        name.startsWith('src/') && fs.existsSync(file.name) ? fs.readFileSync(file.name, 'utf8') : '';
      return { run, name, tier: tierOf(name, source), seconds: (file.endTime - file.startTime) / 1000 };
    }),
  );
  lines.push(`the ${SLOWEST} slowest test files (time in their tests; run, tier):`);
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
    lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}  (${file.run}, ${file.tier})`);

  const sum = (/** @type {string} */ key) => runs.reduce((total, { result }) => total + result[key], 0);
  lines.push(
    `ci: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped (Node ${process.versions.node})`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [stepsFile, ...reportFiles] = process.argv.slice(2);
  if (!stepsFile) {
    console.error('usage: node scripts/test-report.mjs <steps.tsv> <report.json>...');
    process.exit(2);
  }
  console.log(report(stepsFile, reportFiles, path.resolve(import.meta.dirname, '..')));
}
