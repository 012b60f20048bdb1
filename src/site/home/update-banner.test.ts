import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, UPDATE_BANNER_HIDE_MS } from '../../shared/constants.js';
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
  const version = '2026-12-02';

  it('shows on a first visit and again after a plain close on the next visit', () => {
    const storage = memoryStorage();
    expect(bannerShouldShow(storage, version, now)).toBe(true);
    hideBanner(storage, version, now, false);
    expect(bannerShouldShow(storage, version, now + 1000)).toBe(true);
  });

  it('stays hidden for 24 hours (86,400,000 ms) after "Don\'t show for 24 hours"', () => {
    expect(UPDATE_BANNER_HIDE_MS).toBe(86_400_000);
    const storage = memoryStorage();
    hideBanner(storage, version, now, true);
    expect(storage.getItem(STORAGE_KEYS.bannerVersion)).toBe(version);
    expect(bannerShouldShow(storage, version, now + 23 * 3_600_000)).toBe(false);
    expect(bannerShouldShow(storage, version, now + 24 * 3_600_000 + 1)).toBe(true);
  });

  it('shows a new version the admin wrote at once, forgetting the hide time', () => {
    const storage = memoryStorage();
    hideBanner(storage, version, now, true);
    expect(bannerShouldShow(storage, 'free text version 2', now + 1000)).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.bannerVersion)).toBe('free text version 2');
    expect(storage.getItem(STORAGE_KEYS.bannerHideUntil)).toBeNull();
  });
});
