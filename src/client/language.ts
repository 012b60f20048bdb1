// The language choice, shared by the site and the app: kept in localStorage and in a cookie, so the server
// can send prerendered pages in the same language.
import { LANGUAGE_COOKIE, LANGUAGES, STORAGE_KEYS, type Language } from '../shared/constants.js';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be unavailable (private mode); fall back to the cookie.
  }
  const cookie = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=(ko|en)(?:;|$)`).exec(document.cookie)?.[1];
  return isLanguage(cookie) ? cookie : undefined;
}

export function saveLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    // The cookie below still carries the choice.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
