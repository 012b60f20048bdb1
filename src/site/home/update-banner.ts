// When the update banner shows (description §4): a new banner version always shows (and forgets an earlier
// "don't show"), otherwise it shows once the 24-hour hide time has passed.
import { STORAGE_KEYS, UPDATE_BANNER_HIDE_MS, UPDATE_BANNER_VERSION } from '../../shared/constants.js';

export interface BannerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function bannerShouldShow(storage: BannerStorage, now: number): boolean {
  if (storage.getItem(STORAGE_KEYS.bannerVersion) !== UPDATE_BANNER_VERSION) {
    storage.setItem(STORAGE_KEYS.bannerVersion, UPDATE_BANNER_VERSION);
    storage.removeItem(STORAGE_KEYS.bannerHideUntil);
    return true;
  }
  const hideUntil = Number(storage.getItem(STORAGE_KEYS.bannerHideUntil));
  return !(Number.isFinite(hideUntil) && hideUntil > now);
}

export function hideBanner(storage: BannerStorage, now: number, for24Hours: boolean): void {
  storage.setItem(STORAGE_KEYS.bannerVersion, UPDATE_BANNER_VERSION);
  if (for24Hours) storage.setItem(STORAGE_KEYS.bannerHideUntil, String(now + UPDATE_BANNER_HIDE_MS));
}
