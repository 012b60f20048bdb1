import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants.js';
import { bannerShouldShow, hideBanner } from './update-banner.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('update banner', () => {
  const now = Date.UTC(2026, 0, 1);

  it('shows on a first visit and again after a plain close on the next visit', () => {
    const storage = memoryStorage();
    expect(bannerShouldShow(storage, now)).toBe(true);
    hideBanner(storage, now, false);
    expect(bannerShouldShow(storage, now + 1000)).toBe(true);
  });

  it('stays hidden for 24 hours after "Don\'t show for 24 hours"', () => {
    const storage = memoryStorage();
    hideBanner(storage, now, true);
    expect(bannerShouldShow(storage, now + 23 * 3_600_000)).toBe(false);
    expect(bannerShouldShow(storage, now + 24 * 3_600_000 + 1)).toBe(true);
  });

  it('shows a new version at once, forgetting the hide time', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.bannerVersion]: '2025-01-01-01',
      [STORAGE_KEYS.bannerHideUntil]: String(now + 10_000_000),
    });
    expect(bannerShouldShow(storage, now)).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.bannerHideUntil)).toBeNull();
  });
});
