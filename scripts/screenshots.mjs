// Screenshots of pages for a person to look at: `node scripts/screenshots.mjs [base-url] [out-dir]`.
// Uses the same Chromium as the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, chromePath } from './chrome.mjs';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'screenshots';
const pages = (process.env.PAGES ?? '/').split(',');
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: await chromePath(), args: CHROME_ARGS });
/** @type {Array<[string, { width: number; height: number }]>} */
const viewports = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
];
for (const [label, viewport] of viewports) {
  for (const lang of ['ko', 'en']) {
    for (const page of pages) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const tab = await context.newPage();
      await tab.goto(`${base}${page}${page.includes('?') ? '&' : '?'}lang=${lang}`);
      await tab.waitForLoadState('networkidle');
      const name = `${page.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${lang}-${label}.png`;
      await tab.screenshot({ path: path.join(out, name), fullPage: process.env.FULL !== '0' });
      if (process.env.DIALOG) {
        await tab
          .getByRole('button', { name: lang === 'ko' ? '로그인' : 'Login' })
          .first()
          .click();
        await tab.screenshot({ path: path.join(out, `dialog-${lang}-${label}.png`) });
      }
      await context.close();
    }
  }
}
await browser.close();
