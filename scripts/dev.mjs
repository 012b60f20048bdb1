// `npm run dev`: the whole product while you change it. The server is compiled as you save (tsc --watch) and
// restarted when its output changes (node --watch); Vite serves the site, the app and the fortune embed with
// hot reload on http://localhost:5173 (DEV_PORT) and passes /api to the server on :3000 (PORT). Ctrl-C stops all
// three.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeVersion } from './version.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Settings from .env (see .env.example), under what the environment already sets.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
/** @param {string} name @param {number} fallback */
function port(name, fallback) {
  const value = process.env[name] ?? String(fallback);
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`${name} must be a port number (1–65535), not ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return Number(value);
}
const SITE_PORT = port('DEV_PORT', 5173);
const API_PORT = port('PORT', 3000);
// Where the server is compiled to (DEV_SERVER_OUT, under the project so its packages resolve): dist/server by
// default; a test running the dev server beside others that start the built one keeps its own.
const out = path.resolve(root, process.env.DEV_SERVER_OUT ?? 'dist/server');
const entry = path.join(out, 'server/main.js');
// The version and commit the server reports (scripts/version.mjs), as a build would write them.
writeVersion(out, root);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];

/**
 * Runs a command with each line of its output prefixed by its name.
 * @param {string} name @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
function run(name, command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stdout.write(`[${name}] stopped (${signal ?? code}); stopping the others\n`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
/** @param {number} code */
function stop(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The first compile finishes before the server starts, so it never starts from an old build.
const compiler = run('tsc', process.execPath, [
  path.join(root, 'node_modules/typescript/bin/tsc'),
  '-p',
  'tsconfig.server.json',
  '--outDir',
  out,
  '--watch',
  '--preserveWatchOutput',
]);
let serverStarted = false;
compiler.stdout?.on('data', (chunk) => {
  if (serverStarted || !String(chunk).includes('Watching for file changes') || !fs.existsSync(entry)) return;
  serverStarted = true;
  run('server', process.execPath, ['--watch', '--watch-preserve-output', entry], {
    ...process.env,
    // The pages are opened at Vite's address: links in mails point there, and it is the accepted Origin.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${SITE_PORT}`,
    PORT: String(API_PORT),
  });
  run(
    'vite',
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(SITE_PORT), '--strictPort'],
    { ...process.env, MYGENIE_DEV_API_URL: `http://127.0.0.1:${API_PORT}` },
  );
});
