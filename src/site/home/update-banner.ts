// When the update banner an admin wrote shows (description §4, with the version the admin chose in place of the
// description's fixed one): a new version always shows (and forgets an earlier "don't show"), otherwise it shows
// once the 24-hour hide time has passed.
import { STORAGE_KEYS, UPDATE_BANNER_HIDE_MS } from '../../shared/constants.js';

export interface BannerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function bannerShouldShow(storage: BannerStorage, version: string, now: number): boolean {
  if (storage.getItem(STORAGE_KEYS.bannerVersion) !== version) {
    storage.setItem(STORAGE_KEYS.bannerVersion, version);
    storage.removeItem(STORAGE_KEYS.bannerHideUntil);
    return true;
  }
  const hideUntil = Number(storage.getItem(STORAGE_KEYS.bannerHideUntil));
  return !(Number.isFinite(hideUntil) && hideUntil > now);
}

export function hideBanner(storage: BannerStorage, version: string, now: number, for24Hours: boolean): void {
  storage.setItem(STORAGE_KEYS.bannerVersion, version);
  if (for24Hours) storage.setItem(STORAGE_KEYS.bannerHideUntil, String(now + UPDATE_BANNER_HIDE_MS));
}

/**
 * Whether the banner is on the home page, so the fairy can wait until it is gone instead of piling onto it:
 * `deciding` until the server has said whether there is one and the banner has read this browser's stored choice.
 */
export type BannerPresence = 'deciding' | 'shown' | 'gone';

let presence: BannerPresence = 'deciding';
const presenceListeners = new Set<() => void>();

export const bannerPresence = {
  current: (): BannerPresence => presence,
  set(next: BannerPresence): void {
    if (next === presence) return;
    presence = next;
    presenceListeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    presenceListeners.add(listener);
    return () => {
      presenceListeners.delete(listener);
    };
  },
};
