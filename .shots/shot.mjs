import { chromium } from 'playwright-core';
import { CHROME_ARGS, chromePath } from '/work/main/scripts/chrome.mjs';
const browser = await chromium.launch({ executablePath: await chromePath(), headless: true, args: CHROME_ARGS });
for (const lang of ['ko', 'en']) for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 760 } });
  await page.goto(`http://127.0.0.1:3999/?lang=${lang}`);
  await page.waitForTimeout(800);
  await page.locator('.hero').getByRole('button').first().click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.type('x@example.com'); await page.keyboard.press('Tab'); await page.keyboard.type('wrongpass1');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/dialog-${lang}-${width}.png` });
  await page.close();
}
await browser.close();
