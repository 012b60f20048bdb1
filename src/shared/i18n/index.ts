// The text the site shares across its pages (navigation, sign-in, errors, the home page, …) and the server
// answers with (error messages). Each page keeps its own text in a copy.ts beside it.
import { isAppErrorCode, type ErrorCode } from '../errors.js';
import { defineText, type Widen } from '../text.js';
import { en } from './en.js';
import { ko } from './ko.js';

/** Every catalog has the Korean catalog's shape: a missing or extra key is a type error. */
export type Catalog = Widen<typeof ko>;

export const catalog = defineText(ko, en);

/**
 * A failure's message as the site's pages show it, from the shared catalog alone: a code of the app's features
 * (app-errors/) answers none of the site's requests, and would read as the unknown error. The app and the server
 * read every message with errorMessage (error-message.ts).
 */
export function siteErrorMessage(errors: Catalog['errors'], code: ErrorCode | 'network'): string {
  return isAppErrorCode(code) ? errors['server/internal'] : errors[code];
}
