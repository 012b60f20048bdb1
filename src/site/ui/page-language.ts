// The language a page is shown in, for code outside React: the prerender writes it on <html lang>, and a page
// rendered in the browser sets it there as it switches (LanguageProvider).
import { DEFAULT_LANGUAGE, type Language } from '../../shared/constants.js';
import { isLanguage } from '../../client/language.js';

export function pageLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
