// The mark of a conflict copy in a module's list: it says what the record is, and leads to the conflict list where
// the member keeps one of the two versions.
import { useText } from '../../../client/text.js';
import { isConflictCopy } from '../../sync/conflicts.js';
import { syncText } from './copy.js';
import { useOpenSync } from '../../ui/open-sync.js';

/** Nothing for an ordinary record; for a conflict copy, its badge. */
export function ConflictCopyBadge({ value }: { value: unknown }) {
  const text = useText(syncText);
  const openSync = useOpenSync();
  if (!isConflictCopy(value)) return null;
  return (
    <button
      type="button"
      className="conflict-badge"
      aria-label={text.conflicts.copyBadgeLabel}
      data-conflict-copy={value.conflictOf}
      onClick={(event) => {
        // A badge inside a row that opens on a click opens the conflict list, not the row.
        event.stopPropagation();
        openSync('conflicts');
      }}
    >
      {text.conflicts.copyBadge}
    </button>
  );
}
