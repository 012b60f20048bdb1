// The site's languages: ?lang=ko|en is saved as the choice, then the saved choice, then Korean. The choice is
// kept in localStorage and in a cookie, so the server can send the prerendered page in the same language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/constants.js';
import { catalogs } from '../shared/i18n/index.js';
import { isLanguage, saveLanguage, storedLanguage } from '../client/language.js';

export { isLanguage, saveLanguage, storedLanguage };

/**
 * The language to start in. A valid ?lang= is saved as the member's choice; a prerendered page starts in the
 * language the server rendered it in (so hydration matches), otherwise the saved choice or Korean.
 */
export function initialLanguage(search: string, prerenderedIn?: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) {
    saveLanguage(fromQuery);
    return fromQuery;
  }
  if (isLanguage(prerenderedIn)) return prerenderedIn;
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/** Sets up the shared i18next instance (in the browser and in the prerender). */
export async function setupI18n(lang: Language) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      resources: { ko: { translation: catalogs.ko }, en: { translation: catalogs.en } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== lang) {
    await i18next.changeLanguage(lang);
  }
  return i18next;
}

export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  await i18next.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}
