// A failure's message as the site's pages show it, from the shared catalog's errors alone (words/errors.ts), so a
// part of a page that can show one carries those words and not the whole catalog.
import { isAppErrorCode, type ErrorCode } from '../errors.js';
import type { words } from './words/errors.js';

/**
 * A code of the app's features (app-errors/) answers none of the site's requests, and would read as the unknown
 * error. The app and the server read every message with errorMessage (error-message.ts).
 */
export function siteErrorMessage(errors: (typeof words)['ko'], code: ErrorCode | 'network'): string {
  return isAppErrorCode(code) ? errors['server/internal'] : errors[code];
}
