// A form open on a record remembers the copy it was opened from. While it is open it says when the record changes
// elsewhere (another device through sync, another tab, a restore); saving merges the form's changes with that
// change (Vault.save) instead of writing over it, and says how that went.
import { useCallback, useState } from 'react';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';
import type { EditMet } from '../vault/merge.js';
import { useVault, useVaultVersion } from '../vault/react.js';
import { newId, type RecordKind, type Saved, type VaultEntry } from '../vault/vault.js';

/** What became of the record since the form was opened. */
export type HeldState = 'same' | 'changed' | 'deleted';

export interface HeldRecord<T> {
  /** The record as the form was opened on it (undefined: a new record). */
  opened: VaultEntry<T> | undefined;
  state: HeldState;
  /** Saves the form's value, merged with any change made meanwhile; a new record gets a new id. */
  save: (value: T) => Promise<Saved<T>>;
}

export function useHeldRecord<T>(kind: RecordKind, id: string | null): HeldRecord<T> {
  const vault = useVault();
  useVaultVersion();
  const [opened] = useState(() => (id === null ? undefined : vault.get<T>(id)));
  const [newRecordId] = useState(newId);
  const now = id === null ? undefined : vault.get<T>(id);
  const state: HeldState = !opened
    ? 'same'
    : !now
      ? 'deleted'
      : now.updatedAt !== opened.updatedAt
        ? 'changed'
        : 'same';
  const save = useCallback(
    (value: T) => vault.save(kind, id ?? newRecordId, opened?.value, value),
    [vault, kind, id, newRecordId, opened],
  );
  return { opened, state, save };
}

/** Says, in the form, that its record changed or went elsewhere while it was open. */
export function HeldNote({ state }: { state: HeldState }) {
  const shell = useText(shellText);
  if (state === 'same') return null;
  return (
    <p className="form__held" role="status" data-held={state}>
      {shell.held[state]}
    </p>
  );
}

/** The words for a save, by how it met a change made meanwhile. */
export function useSavedMessage(): (met: EditMet) => string {
  const shell = useText(shellText);
  return (met) => (met === 'none' ? shell.saved : shell.savedAfter[met]);
}
