// "This event / This and following events / All events": asked when an occurrence of a repeating event is saved or
// deleted. Each choice is a button (Esc or Cancel asks nothing more), the first one focused.
import { useEffect, useId, useRef } from 'react';
import { useText } from '../../../client/text.js';
import { Dialog } from '../../../client/ui/Dialog.js';
import { shellText } from '../../copy.js';
import type { EditScope } from '../../calendar/series-edits.js';
import { scheduleText } from './copy.js';

export function ScopeDialog({
  action,
  scopes,
  detail,
  onChoose,
  onCancel,
}: {
  action: 'edit' | 'delete';
  /** The choices that apply (scopesFor). */
  scopes: readonly EditScope[];
  /** The event's title. */
  detail?: string;
  onChoose: (scope: EditScope) => void;
  onCancel: () => void;
}) {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  const titleId = useId();
  const questionId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <Dialog labelledBy={titleId} role="alertdialog" className="popup schedule-scope" onCancel={onCancel}>
      <h2 id={titleId} className="popup__title">
        {action === 'edit' ? text.scope.editTitle : text.scope.deleteTitle}
      </h2>
      <p id={questionId} className="popup__message">
        {detail ? `${detail}\n` : ''}
        {action === 'edit' ? text.scope.editQuestion : text.scope.deleteQuestion}
      </p>
      <div className="schedule-scope__choices" role="group" aria-labelledby={questionId}>
        {scopes.map((scope, index) => (
          <button
            key={scope}
            ref={index === 0 ? first : undefined}
            type="button"
            className={
              action === 'delete' ? 'button button--ghost schedule-scope__delete' : 'button button--ghost'
            }
            data-scope={scope}
            onClick={() => onChoose(scope)}
          >
            {text.scope[scope]}
          </button>
        ))}
      </div>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {shell.cancel}
        </button>
      </div>
    </Dialog>
  );
}
