// Every error code's message in a language, one lookup for the server's answers and the app's screens: the site's
// codes from the shared catalog, the app's own from app-errors/. The site's pages read the shared catalog alone
// (siteErrorMessage), so the app's messages never weigh on them.
import type { Language } from '../constants.js';
import { isAppErrorCode, type ErrorCode } from '../errors.js';
import { en } from './app-errors/en.js';
import { ko } from './app-errors/ko.js';
import { catalog } from './index.js';

const appErrors = { ko, en };

/** The message of `code` (or of a network failure) in `lang`. */
export function errorMessage(lang: Language, code: ErrorCode | 'network'): string {
  return isAppErrorCode(code) ? appErrors[lang][code] : catalog[lang].errors[code];
}
