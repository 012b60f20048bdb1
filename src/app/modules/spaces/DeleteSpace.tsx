// Deleting a space for everyone: a sensitive change, so the warning counts what is lost per kind and names who
// loses it, and the owner's current password is asked before the service is called.
import { useId, useState, type FormEvent } from 'react';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import type { SpacesActions, SpaceView } from '../../spaces/model.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { spacesText } from './copy.js';
import { spaceFailureMessage } from './failure.js';

/** How many records of each kind a space holds (the lists' counts, handed in by the screen that opens it). */
export interface SpaceRecordCounts {
  ledger?: number;
  event?: number;
  anniversaries?: number;
  /** Every other kind together. */
  other?: number;
}

const KINDS = ['ledger', 'event', 'anniversaries', 'other'] as const;

export function DeleteSpace({
  space,
  counts,
  deleteSpace,
  onClose,
  onDeleted,
}: {
  space: SpaceView;
  counts: SpaceRecordCounts;
  deleteSpace: SpacesActions['deleteSpace'];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const text = useText(spacesText);
  const plural = usePlural();
  const { lang } = useLanguage();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const lost = KINDS.filter((kind) => (counts[kind] ?? 0) > 0);
  const losers = space.members.map((member) => (member.you ? text.settings.you : member.name));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    if (!password) {
      setProblem(text.settings.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      await deleteSpace(space.id, password);
      onDeleted();
    } catch (error) {
      setFailure(spaceFailureMessage(lang, error));
      setBusy(false);
    }
  }

  return (
    <FormDialog title={fill(text.settings.deleteTitle, { name: space.name })} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <div className="space-warning">
          {lost.length === 0 ? (
            <p>{text.settings.deleteNothing}</p>
          ) : (
            <>
              <p>{text.settings.deleteLost}</p>
              <ul>
                {lost.map((kind) => (
                  <li key={kind}>{plural(text.kinds[kind], counts[kind] ?? 0)}</li>
                ))}
              </ul>
            </>
          )}
          <p>{fill(text.settings.deleteWho, { names: losers.join(', ') })}</p>
        </div>
        <p className="field__hint">{text.settings.deleteKept}</p>
        <PasswordField
          id={passwordId}
          label={text.settings.password}
          value={password}
          autoComplete="current-password"
          problem={problem}
          onChange={(value) => {
            setPassword(value);
            setProblem('');
          }}
        />
        <FormFooter
          failure={failure}
          busy={busy}
          busyLabel={text.settings.deleting}
          submitLabel={text.settings.deleteConfirm}
          cancelLabel={text.settings.cancel}
          onCancel={onClose}
        />
      </form>
    </FormDialog>
  );
}
