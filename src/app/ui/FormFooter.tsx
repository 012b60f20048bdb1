// The end of every app form: the error that stopped it, then Cancel and Save. A busy Save stays focusable
// (aria-disabled) so focus does not fall out of the dialog while it works.
import type { ReactNode } from 'react';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';

export function FormFooter({
  failure,
  busy,
  onCancel,
  cancelLabel,
  submitLabel,
  busyLabel,
  children,
}: {
  failure?: string | null | false;
  busy: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  submitLabel?: string;
  busyLabel?: string;
  /** Extra buttons, placed before Cancel (a Delete in an edit form). */
  children?: ReactNode;
}) {
  const shell = useText(shellText);
  return (
    <>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <div className="form__actions">
        {children}
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel ?? shell.cancel}
          </button>
        )}
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          {busy && busyLabel ? busyLabel : (submitLabel ?? shell.save)}
        </button>
      </div>
    </>
  );
}
