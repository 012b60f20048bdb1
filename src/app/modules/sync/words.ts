// What the member reads of sync's state: a few words for the header's badge and the panel (said at every width),
// and the sentence for why sync stopped.
import { plural } from '../../../shared/plural.js';
import { fill } from '../../../client/text.js';
import type { Language } from '../../../shared/constants.js';
import { isErrorCode } from '../../../shared/errors.js';
import { errorMessage } from '../../../shared/i18n/error-message.js';
import { syncText } from './copy.js';
import type { SyncCause } from '../../sync/errors.js';
import { syncPercent } from '../../sync/react.js';
import type { SyncStatus } from '../../sync/engine.js';

/** The member's words for why sync stopped (`unsent`: how many entries wait, when that is why). */
export function causeText(cause: SyncCause, unsent: number | undefined, lang: Language): string {
  const text = syncText[lang];
  if (cause === 'stuck') return plural(text.causes.stuck, unsent ?? 1, lang);
  if (cause in text.causes) return text.causes[cause as Exclude<keyof typeof text.causes, 'stuck'>];
  return isErrorCode(cause) || cause === 'network' ? errorMessage(lang, cause) : text.causes.other;
}

/** The state in a few words: off, synced (or how many conflicts wait), syncing, offline, or what went wrong. */
export function stateWords(status: SyncStatus, conflicts: number, lang: Language): string {
  const text = syncText[lang].badge;
  switch (status.state) {
    case 'off':
      return text.off;
    case 'syncing': {
      const percent = syncPercent(status);
      return percent !== null ? fill(text.progress, { percent }) : text.syncing;
    }
    case 'offline':
      return text.offline;
    case 'error':
      if (status.cause === 'unreachable') return text.unreachable;
      if (status.cause === 'stuck') return plural(text.unsent, status.unsent ?? 1, lang);
      if (status.cause === 'sync/unknown-device') return text.removed;
      return text.error;
    case 'synced':
      return conflicts > 0 ? plural(text.conflict, conflicts, lang) : text.synced;
  }
}
