import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, chromePath } from '../../scripts/chrome.mjs';

/** Launches tried before a browser that dies while starting fails the file. */
const LAUNCH_TRIES = 3;

/**
 * A headless Chromium for one test file. A browser process that dies while it starts is started again, a moment
 * later: that is the machine, not the product, and losing a whole file's tests to it tells nothing. (The crash
 * once seen in a fresh clone's run, SIGSEGV before any page, came from test files unpacking the npm-shipped
 * Chromium side by side; the global setup now unpacks it first.)
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await chromePath();
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({ executablePath, headless: true, args: CHROME_ARGS });
    } catch (error) {
      if (attempt >= LAUNCH_TRIES) throw error;
      console.warn(
        `Chromium did not start (try ${attempt} of ${LAUNCH_TRIES}): ${String(error).split('\n')[0]}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}
