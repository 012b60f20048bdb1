// What a member sees of sync (issue 31 §3), in both languages: the header's state in words on a 390 px phone, a
// server out of reach said so, counted words in the plural they take, and the way from the banner and the header
// to the conflict list.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { plural } from '../src/client/plural.js';
import { goOffline, reconnect, syncMember } from './pages/sync.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/** Where focus is: 'landed' when on `id` and shown in the window, else what has it and where (for the failure). */
async function focusOn(page: Page, id: string): Promise<string> {
  return page.evaluate((id) => {
    const active = document.activeElement;
    const box = active?.getBoundingClientRect();
    if (active?.id === id && box && box.top >= -1 && box.bottom <= window.innerHeight + 1) return 'landed';
    return `${active?.tagName ?? 'nothing'}#${active?.id ?? ''} at ${box?.top ?? '?'} of ${window.innerHeight}`;
  }, id);
}

/** Focus lands on `id`, in the window. */
async function landedOn(page: Page, id: string): Promise<void> {
  await expect.poll(() => focusOn(page, id), { timeout: 10_000 }).toBe('landed');
}

describe.each(['ko', 'en'] as const)('sync on a 390 px phone in %s', (lang) => {
  it('says the state in words, a server out of reach as such, counts a conflict in the plural it takes, and leads to the conflict list', async () => {
    // The app's service worker would carry the requests past the page's routes.
    const [a, b] = await syncMember(suite, lang, 2, { blockServiceWorkers: true });
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('Rainy walk', 'Umbrella forgotten.');
    await a!.sent();
    await b!.join();
    await b!.page.getByText('Rainy walk').waitFor();
    await b!.page.setViewportSize({ width: 390, height: 844 });
    const page = b!.page;

    // The state in words, whole, inside the phone's width.
    const words = async (expected: string) => {
      const label = page.locator('.sync-badge__label');
      await expect.poll(() => label.innerText(), { timeout: 20_000 }).toBe(expected);
      const box = (await label.boundingBox())!;
      const badge = (await page.locator('.sync-badge').boundingBox())!;
      expect(box.width).toBeGreaterThan(20);
      expect(badge.x).toBeGreaterThanOrEqual(0);
      expect(badge.x + badge.width).toBeLessThanOrEqual(390);
      // Not cut off: the words fit their box.
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    };
    await words(b!.sync.badge.synced);

    // Online, but the server does not answer: "server unreachable", never "offline".
    await page.route('**/api/sync**', (route) => route.abort('connectionrefused'));
    await b!.app.go('settings');
    await page.getByRole('button', { name: b!.sync.panel.now }).click();
    await words(b!.sync.badge.unreachable);
    await page.locator('.sync-panel').getByText(b!.sync.causes.unreachable).waitFor();
    await page.unroute('**/api/sync**');
    await page.getByRole('button', { name: b!.sync.panel.now }).click();
    await words(b!.sync.badge.synced);

    // The same entry changed two ways offline: one conflict, counted in the language's plural.
    await goOffline(a!, b!);
    await a!.editDiaryOn('Rainy walk', { body: 'Umbrella forgotten at the cafe.' });
    await b!.editDiaryOn('Rainy walk', { body: 'Soaked, no umbrella.' });
    await reconnect(a!, b!);
    const one = plural(b!.sync.badge.conflict, 1, lang);
    expect(one).toBe(lang === 'en' ? '1 conflict' : '충돌 1건');
    await words(one);
    const banner = plural(b!.sync.conflicts.banner, 1, lang);
    expect(banner).toBe(
      lang === 'en' ? '1 record conflicts with another device.' : '다른 기기와 충돌한 기록이 1건 있습니다.',
    );
    await b!.app.go('diary');
    await page.getByText(banner).waitFor();
    // "Review" opens the settings at the conflict list, with focus there (not at the top of the settings).
    await page.getByRole('button', { name: b!.sync.conflicts.review, exact: true }).click();
    await landedOn(page, 'sync-conflicts-title');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // So does the header's state.
    await b!.app.go('diary');
    await page.locator('.sync-badge').click();
    await landedOn(page, 'sync-conflicts-title');

    // Kept: no conflict left, and the header's state leads to the panel's status.
    await page.getByRole('button', { name: b!.sync.conflicts.keepCopy }).click();
    await words(b!.sync.badge.synced);
    await b!.app.go('diary');
    await page.locator('.sync-badge').click();
    await landedOn(page, 'sync-status');
  }, 180_000);
});
