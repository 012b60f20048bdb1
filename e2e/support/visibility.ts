// A page hidden or shown as when its tab goes to the background (document.hidden + visibilitychange).
import type { Page } from 'playwright-core';

export function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
