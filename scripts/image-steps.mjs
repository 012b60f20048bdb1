// The Dockerfile's runtime image made without Docker (these machines have no container runtime), so a test can run
// what the image would run: on a clean folder, the runtime stage's production install from package.json and
// package-lock.json (no dev dependency), the build stage's output (dist/, built here when stale) and nothing else,
// then the server started as the image's CMD with its ENV, and its HEALTHCHECK run as Docker runs it. The ENV,
// CMD and HEALTHCHECK are read from the Dockerfile itself, and so is every RUN: each is one this script knows how to
// stand in for (imageRuns), or it stops. The system packages the image installs with apt are not installed here:
// this machine's own programs stand in for them (pg_dump and pg_restore for postgresql-client-N), and the script
// says which versions it found.
//   node scripts/image-steps.mjs <folder>    makes the image's /app in <folder>
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The runtime stage of the Dockerfile (after its last FROM), as instructions with their arguments, continuation
 * lines joined.
 * @returns {Array<{ instruction: string; args: string }>}
 */
export function runtimeStage(file = path.join(root, 'Dockerfile')) {
  const joined = fs
    .readFileSync(file, 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [instruction = '', ...rest] = line.split(/\s+/);
      return { instruction: instruction.toUpperCase(), args: rest.join(' ') };
    });
  const last = joined.map((step) => step.instruction).lastIndexOf('FROM');
  return joined.slice(last);
}

/** The runtime stage's ENV, CMD and HEALTHCHECK command. @param {string} [file] */
export function imageSettings(file) {
  const stage = runtimeStage(file);
  /** @type {Record<string, string>} */
  const env = {};
  for (const step of stage.filter((item) => item.instruction === 'ENV')) {
    for (const [, name, value] of step.args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)) {
      env[/** @type {string} */ (name)] = /** @type {string} */ (value).replace(/^"|"$/g, '');
    }
  }
  const cmd = stage.findLast((item) => item.instruction === 'CMD');
  const health = stage.findLast((item) => item.instruction === 'HEALTHCHECK');
  if (!cmd || !health) throw new Error('the Dockerfile has no CMD or HEALTHCHECK in its runtime stage');
  return {
    env,
    cmd: /** @type {string[]} */ (JSON.parse(cmd.args)),
    healthcheck: /** @type {string[]} */ (
      JSON.parse(health.args.slice(health.args.indexOf('CMD') + 3).trim())
    ),
  };
}

/**
 * The programs a system package of the image gives the server, which this machine must have to stand in for it;
 * the packages not named here only serve the step that installs them (curl, the certificates).
 * @type {Array<[RegExp, string[]]>}
 */
const PACKAGE_PROGRAMS = [[/^postgresql-client-\d+$/, ['pg_dump', 'pg_restore']]];

/**
 * Each RUN of the runtime stage, as this script performs it (its ARGs' defaults filled in): the production install
 * (`npm-install`, done here), the volume's folder (`volume`, the caller gives one), or system packages from apt
 * (`packages`, with what they are). Throws on a RUN it does not know, naming it.
 * @param {Array<{ instruction: string; args: string }>} [stage]
 * @returns {Array<{ kind: 'npm-install' | 'volume' | 'packages'; run: string; packages: string[] }>}
 */
export function imageRuns(stage = runtimeStage()) {
  /** @type {Record<string, string>} */
  const args = {};
  for (const step of stage.filter((item) => item.instruction === 'ARG')) {
    const [name = '', value = ''] = step.args.split('=');
    args[name] = value;
  }
  return stage
    .filter((step) => step.instruction === 'RUN')
    .map((step) => {
      const run = step.args.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (whole, braced, bare) => args[braced ?? bare] ?? whole,
      );
      const clauses = run.split('&&').map((clause) => clause.trim());
      if (clauses[0]?.startsWith('npm ci --omit=dev')) return { kind: 'npm-install', run, packages: [] };
      if (clauses[0] === 'mkdir -p /data') return { kind: 'volume', run, packages: [] };
      if (clauses[0] === 'apt-get update') {
        const packages = clauses
          .filter((clause) => /^apt-get install\b/.test(clause))
          .flatMap((clause) => clause.split(/\s+/).slice(2))
          .filter((word) => !word.startsWith('-'));
        return { kind: 'packages', run, packages };
      }
      throw new Error(
        `scripts/image-steps.mjs does not know how to stand in for the Dockerfile's "RUN ${step.args}": teach it`,
      );
    });
}

/**
 * The programs this machine has for the image's system packages: for each, its version (`pg_dump (PostgreSQL)
 * 15.20`), or null when it is missing.
 * @returns {Array<{ package: string; program: string; version: string | null }>}
 */
export function standIns() {
  return imageRuns()
    .flatMap((run) => run.packages)
    .flatMap((name) =>
      (PACKAGE_PROGRAMS.find(([pattern]) => pattern.test(name))?.[1] ?? []).map((program) => {
        try {
          const version = execFileSync(program, ['--version'], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          });
          return { package: name, program, version: version.trim() };
        } catch {
          return { package: name, program, version: null };
        }
      }),
    );
}

/** Makes the image's /app in `folder` (emptied first). @param {string} folder */
export function makeImage(folder) {
  imageRuns();
  buildIfStale(root);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(root, file), path.join(folder, file));
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  fs.cpSync(path.join(root, 'dist'), path.join(folder, 'dist'), { recursive: true });
}

/**
 * Starts the image made in `folder` as Docker would: its CMD in /app with its ENV, the volume at `dataDir`, and
 * `env` as `docker run -e` would add.
 * @param {string} folder @param {string} dataDir @param {Record<string, string>} [env]
 */
export function startImage(folder, dataDir, env = {}) {
  const settings = imageSettings();
  const [command, ...args] = settings.cmd;
  const environment = { PATH: process.env.PATH, ...settings.env, DATA_DIR: dataDir, ...env };
  const child = spawn(command === 'node' ? process.execPath : /** @type {string} */ (command), args, {
    cwd: folder,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** Runs the HEALTHCHECK as Docker does: healthy on exit code 0. @returns {Promise<boolean>} */
  const healthy = () =>
    new Promise((resolve) => {
      const [check, ...checkArgs] = settings.healthcheck;
      const probe = spawn(check === 'node' ? process.execPath : /** @type {string} */ (check), checkArgs, {
        cwd: folder,
        env: environment,
        stdio: 'ignore',
      });
      probe.on('exit', (code) => resolve(code === 0));
      probe.on('error', () => resolve(false));
    });
  return { child, healthy };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/image-steps.mjs <folder>');
    process.exit(1);
  }
  makeImage(path.resolve(folder));
  for (const { package: name, program, version } of standIns()) {
    console.log(
      `The image's ${name} gives ${program}; here: ${version ?? 'missing (install it to run what needs it)'}`,
    );
  }
  console.log(
    `The image's /app is in ${path.resolve(folder)}; start it with: cd ${folder} && ${imageSettings().cmd.join(' ')}`,
  );
}
