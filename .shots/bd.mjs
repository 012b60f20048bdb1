import { chromium } from 'playwright-core';
import { CHROME_ARGS, chromePath } from '/work/main/scripts/chrome.mjs';
const browser = await chromium.launch({ executablePath: await chromePath(), headless: true, args: CHROME_ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
await page.goto(`http://127.0.0.1:3999/?lang=en`);
await page.locator('.hero').getByRole('button').first().click();
await page.getByRole('dialog').waitFor();
console.log(await page.evaluate(() => { const d = document.querySelector('dialog'); return [getComputedStyle(d, '::backdrop').backgroundColor, getComputedStyle(d).display, d.getBoundingClientRect().width, document.elementFromPoint(50,50)?.tagName]; }));
await browser.close();
