// The Chromium for browser tests and benchmarks: CHROME_PATH if set, else Debian's /usr/bin/chromium, else the
// binary shipped inside the @sparticuz/chromium package (only its path: its default flags force one process,
// which breaks browser contexts).
import fs from 'node:fs';

/** @returns {Promise<string>} */
export async function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const packaged = (await import('@sparticuz/chromium')).default;
  return packaged.executablePath();
}

/** Flags for a headless Chromium on a machine without a display or an outside network. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
