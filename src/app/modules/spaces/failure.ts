// What a refused space action says, in the member's language: every refusal carries an error code (an ApiFailure
// from the server, a SpaceFailure from the devices' spaces service) and the app's one lookup names it.
import type { Language } from '../../../shared/constants.js';
import { codeOf, isErrorCode } from '../../../shared/errors.js';
import { errorMessage } from '../../../shared/i18n/error-message.js';

/** The message of a failed action: its code's, or the server's generic one when it has no code we know. */
export function spaceFailureMessage(lang: Language, error: unknown): string {
  const code = codeOf(error);
  if (code === 'network' || isErrorCode(code)) return errorMessage(lang, code);
  return errorMessage(lang, 'server/internal');
}
