// Which version a build is: package.json's version and the git commit it was built from, written as version.json
// beside the compiled server (dist/server/version.json), where the server reads it once at start: a running server
// never asks git, and the image, built without .git (.dockerignore), still knows its commit from the build argument
// SOURCE_COMMIT (or COMMIT). With neither a checkout nor the argument, the commit is null ("unknown").
//   node scripts/version.mjs [folder]    writes <folder>/version.json (dist/server by default)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const HASH = /^[0-9a-f]{7,40}$/;

/**
 * The commit `given` names (SOURCE_COMMIT or COMMIT, a full or short hash), shortened as git shortens it; throws on
 * anything else, so an image is never labelled with a wrong value.
 * @param {string} given @param {string} name
 */
function givenCommit(given, name) {
  const value = given.trim().toLowerCase();
  if (!HASH.test(value)) {
    throw new Error(
      `${name} must be a git commit hash (7 to 40 hexadecimal digits), not ${JSON.stringify(given)}`,
    );
  }
  return value.slice(0, 7);
}

/**
 * The commit of the checkout at `folder`, short, or null where `folder` is not the top of a git checkout (a
 * tarball unpacked inside another repository must not take that one's commit).
 * @param {string} folder
 */
function checkoutCommit(folder) {
  try {
    const [top, commit] = execFileSync('git', ['rev-parse', '--show-toplevel', '--short', 'HEAD'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n');
    return top && commit && fs.realpathSync(top) === fs.realpathSync(folder) ? commit : null;
  } catch {
    return null;
  }
}

/**
 * The version of the project at `folder`: package.json's version, and the commit given by the environment
 * (SOURCE_COMMIT, then COMMIT: the image's build argument) or else the checkout's.
 * @param {string} [folder] @param {NodeJS.ProcessEnv} [env]
 * @returns {{ version: string; commit: string | null }}
 */
export function buildVersion(folder = root, env = process.env) {
  const { version } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  for (const name of ['SOURCE_COMMIT', 'COMMIT']) {
    const given = env[name];
    if (given) return { version, commit: givenCommit(given, name) };
  }
  return { version, commit: checkoutCommit(folder) };
}

/**
 * Writes `<out>/version.json` for the project at `folder` unless it already says the same; answers what it holds.
 * @param {string} out @param {string} [folder] @param {NodeJS.ProcessEnv} [env]
 */
export function writeVersion(out, folder = root, env = process.env) {
  const version = buildVersion(folder, env);
  const file = path.join(out, 'version.json');
  const text = `${JSON.stringify(version)}\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(file, text);
  }
  return version;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { version, commit } = writeVersion(path.resolve(root, process.argv[2] ?? 'dist/server'));
    console.log(`MyGenie ${version}, commit ${commit ?? 'unknown (no git checkout and no SOURCE_COMMIT)'}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
