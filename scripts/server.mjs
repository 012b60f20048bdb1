// Starts the built server as its own process on a free port, for browser tests and benchmarks.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, waitUntilUp } from './net.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * `port`: the port to listen on (a server restarted where browsers know it); a free one by default.
 * @param {{ dataDir: string; env?: Record<string, string>; host?: string; stdio?: 'inherit' | 'ignore'; port?: number }} options
 */
export async function startBuiltServer({
  dataDir,
  env = {},
  host = 'localhost',
  stdio = 'inherit',
  port: given,
}) {
  const port = given ?? (await freePort());
  const url = `http://${host}:${port}`;
  // SERVER_NODE_ARGS: flags for the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
  const child = spawn(
    process.execPath,
    [...(process.env.SERVER_NODE_ARGS?.split(' ') ?? []), path.join(root, 'dist/server/server/main.js')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The address the browser uses: the only accepted Origin, and the passkeys' relying party.
        PUBLIC_URL: url,
        ...env,
      },
      stdio: ['ignore', stdio, 'inherit'],
    },
  );
  await waitUntilUp(`${url}/api/health`);
  return {
    child,
    url,
    /** Stops it with SIGTERM and waits for it to exit. */
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
