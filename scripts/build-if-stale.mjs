// Builds the site and the server when no build exists or a source is newer than the last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeVersion } from './version.mjs';

const SOURCES = [
  'src',
  'web',
  'public',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

/** @param {string} target @returns {number} */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** @param {string} root */
export function buildIfStale(root) {
  const stamp = path.join(root, 'dist/.build-stamp');
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((item) => newestMtime(path.join(root, item))));
  if (built > sources) {
    // A commit changes no source's time: the build is current, but the commit it reports is told again.
    writeVersion(path.join(root, 'dist/server'), root);
    return;
  }
  console.log('Building MyGenie (site and server)…');
  // Test runners set NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  fs.writeFileSync(stamp, new Date().toISOString());
}
