import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, chromePath } from '../../scripts/chrome.mjs';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromePath(), headless: true, args: CHROME_ARGS });
}
