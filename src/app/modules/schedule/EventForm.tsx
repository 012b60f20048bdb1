// Adding or editing an event in a dialog. Nothing is written until every field is right; when the write
// fails (a full disk) the dialog stays open with what was typed.
import { useId, useRef, useState, type FormEvent } from 'react';
import { fill, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { HeldNote, useHeldRecord, useSavedMessage } from '../../ui/held-record.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { StorageFullError } from '../../vault/db.js';
import { useToast } from '../../../client/ui/Toast.js';
import { scheduleText } from './copy.js';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX, type ScheduleEvent } from '../../records/event.js';
import { checkDraft, type DraftProblems, type EventDraft } from './event-form.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { EventDateFields } from './EventDateFields.js';

export function EventForm({
  eventId,
  initial,
  onClose,
  onDelete,
}: {
  /** The event being edited, or null for a new one. */
  eventId: string | null;
  initial: EventDraft;
  onClose: () => void;
  onDelete: (eventId: string) => void;
}) {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  const held = useHeldRecord<ScheduleEvent>('event', eventId);
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = {
    title: useId(),
    titleNote: useId(),
    repeat: useId(),
    time: useId(),
    timeNote: useId(),
    memo: useId(),
    memoNote: useId(),
  };
  const [draft, setDraft] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const check = checkDraft(draft);
  const problems: DraftProblems = attempted && !check.ok ? check.problems : {};
  const update = (change: Partial<EventDraft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    setSaveError(null);
    if (!check.ok) {
      // After React has marked the fields, take the person to the first one to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      toast(savedMessage((await held.save(check.event)).met));
      onClose();
    } catch (error) {
      setSaveError(error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed);
      setSaving(false);
    }
  }

  const titleLength = draft.title.trim().length;

  return (
    <FormDialog
      title={eventId ? text.form.editTitle : text.form.newTitle}
      onClose={saving ? () => undefined : onClose}
    >
      <form ref={formRef} className="form schedule-form" noValidate onSubmit={(event) => void submit(event)}>
        <HeldNote state={held.state} />
        <div className="field">
          <label htmlFor={ids.title}>{text.form.title}</label>
          <input
            id={ids.title}
            type="text"
            value={draft.title}
            autoComplete="off"
            aria-invalid={problems.title ? true : undefined}
            aria-describedby={ids.titleNote}
            aria-required="true"
            onChange={(event) => update({ title: event.target.value })}
          />
          <div id={ids.titleNote}>
            {problems.title && (
              <p className="field__problem">
                {problems.title === 'required'
                  ? text.problems.titleRequired
                  : fill(text.problems.titleTooLong, { max: EVENT_TITLE_MAX })}
              </p>
            )}
            <p className={titleLength > EVENT_TITLE_MAX ? 'field__problem' : 'field__hint'}>
              {fill(text.form.count, { count: titleLength, max: EVENT_TITLE_MAX })}
            </p>
          </div>
        </div>

        <EventDateFields draft={draft} onChange={setDraft} problem={problems.date} />

        <div className="form__grid">
          <div className="field">
            <label htmlFor={ids.repeat}>{text.form.repeat}</label>
            <select
              id={ids.repeat}
              value={draft.repeat}
              onChange={(event) => update({ repeat: event.target.value === 'yearly' ? 'yearly' : 'none' })}
            >
              <option value="none">{text.form.repeatNone}</option>
              <option value="yearly">{text.form.repeatYearly}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.time}>{text.form.time}</label>
            <div className="field__row">
              <input
                id={ids.time}
                type="time"
                value={draft.time}
                aria-invalid={problems.time ? true : undefined}
                aria-describedby={ids.timeNote}
                onChange={(event) => update({ time: event.target.value })}
              />
              {draft.time && (
                <button
                  type="button"
                  className="field__toggle"
                  aria-label={text.form.clearTime}
                  onClick={() => update({ time: '' })}
                >
                  ×
                </button>
              )}
            </div>
            <div id={ids.timeNote}>
              {problems.time && <p className="field__problem">{text.problems.timeInvalid}</p>}
              <p className="field__hint">{text.form.timeHint}</p>
            </div>
          </div>
        </div>

        <div className="field">
          <label htmlFor={ids.memo}>{text.form.memo}</label>
          <textarea
            id={ids.memo}
            rows={3}
            value={draft.memo}
            aria-invalid={problems.memo ? true : undefined}
            aria-describedby={ids.memoNote}
            onChange={(event) => update({ memo: event.target.value })}
          />
          <div id={ids.memoNote}>
            {problems.memo && (
              <p className="field__problem">{fill(text.problems.memoTooLong, { max: EVENT_MEMO_MAX })}</p>
            )}
            <p className={draft.memo.length > EVENT_MEMO_MAX ? 'field__problem' : 'field__hint'}>
              {fill(text.form.count, { count: draft.memo.length, max: EVENT_MEMO_MAX })}
            </p>
          </div>
        </div>

        <FormFooter
          failure={saveError || (attempted && !check.ok && text.problems.summary)}
          busy={saving}
          busyLabel={text.form.saving}
          onCancel={onClose}
        >
          {eventId && (
            <button
              type="button"
              className="button button--ghost schedule-form__delete"
              disabled={saving}
              onClick={() => onDelete(eventId)}
            >
              {shell.delete}
            </button>
          )}
        </FormFooter>
      </form>
    </FormDialog>
  );
}
