// Adding or editing an event in a dialog. Nothing is written until every field is right; when the write fails (a
// full disk) the dialog stays open with what was typed. An occurrence of a repeating event asks, on saving, whether
// the change is for this one, this and the following, or all (series-edits.ts turns the answer into records).
import { useId, useRef, useState, type FormEvent } from 'react';
import { fill, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { HeldNote, useHeldRecord, useSavedMessage } from '../../ui/held-record.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { StorageFullError } from '../../vault/db.js';
import { newId } from '../../vault/vault.js';
import { useVault, VaultProvider } from '../../vault/react.js';
import { useMoveRecord, useShelfSpaces, useTargetVault } from '../../ui/spaces/listed.js';
import { SpacePicker } from '../../ui/spaces/SpacePicker.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { SpaceChip } from '../../ui/spaces/SpaceChip.js';
import { useEventPlace, useEventVault } from './use-schedule-data.js';
import { useToast } from '../../../client/ui/Toast.js';
import {
  editOccurrence,
  firstOccurrenceKey,
  scopesFor,
  type EditScope,
} from '../../calendar/series-edits.js';
import { scheduleText } from './copy.js';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX, type ScheduleEvent } from '../../records/event.js';
import { checkDraft, moveStart, solarDateOf, type DraftProblems, type EventDraft } from './event-form.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { RecordAuthors } from '../../ui/spaces/record-authors.js';
import { EventDateFields } from './EventDateFields.js';
import { EventTimeFields } from './EventTimeFields.js';
import { useKeepReminderLanguage } from '../../settings.js';
import { RemindersField } from './RemindersField.js';
import { RepeatFields } from './RepeatFields.js';
import { ScopeDialog } from './ScopeDialog.js';

interface EventFormProps {
  /** The event being edited, or null for a new one. */
  eventId: string | null;
  /** For an occurrence of a repeating event: the date the rule gave it (the form shows that occurrence). */
  occurrenceKey: string | null;
  initial: EventDraft;
  onClose: () => void;
  onDelete: (eventId: string, occurrenceKey: string | null) => void;
}

/**
 * The form on an event in the store it lives in (the member's, or a shared space's). An event of a space the member
 * may only view opens as what it is, with nothing to change.
 */
export function EventForm(props: EventFormProps) {
  const placeOf = useEventPlace();
  const vaultOf = useEventVault();
  const place = props.eventId === null ? undefined : placeOf(props.eventId);
  if (place && !place.writable) {
    return (
      <ViewOnlyEvent
        title={props.initial.title}
        place={place.space}
        authors={{ vault: vaultOf(props.eventId), id: props.eventId }}
        onClose={props.onClose}
      />
    );
  }
  return (
    <VaultProvider vault={vaultOf(props.eventId)}>
      <EventFormBody {...props} space={place?.space?.id ?? null} />
    </VaultProvider>
  );
}

function ViewOnlyEvent({
  title,
  place,
  authors,
  onClose,
}: {
  title: string;
  place: Parameters<typeof SpaceChip>[0]['space'];
  authors: Parameters<typeof RecordAuthors>[0];
  onClose: () => void;
}) {
  const tags = useText(spaceTagText);
  return (
    <FormDialog title={title} onClose={onClose}>
      <p>
        <SpaceChip space={place} />
      </p>
      <p className="space-note" role="note">
        {tags.viewerNote}
      </p>
      <RecordAuthors {...authors} />
    </FormDialog>
  );
}

function EventFormBody({
  eventId,
  occurrenceKey,
  initial,
  onClose,
  onDelete,
  space,
}: EventFormProps & { space: string | null }) {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  const vault = useVault();
  const held = useHeldRecord<ScheduleEvent>('event', eventId);
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const keepReminderLanguage = useKeepReminderLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { title: useId(), titleNote: useId(), memo: useId(), memoNote: useId() };
  const [draft, setDraft] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const spaces = useShelfSpaces();
  const targetVault = useTargetVault();
  const moveRecord = useMoveRecord();
  const [place, setPlace] = useState<string | null>(space);
  const [spaceEventId] = useState(newId);
  /** The edit waiting for "this one / this and following / all". */
  const [asking, setAsking] = useState<{ edited: ScheduleEvent; scopes: EditScope[] } | null>(null);

  const check = checkDraft(draft);
  const problems: DraftProblems = attempted && !check.ok ? check.problems : {};
  const update = (change: Partial<EventDraft>) => setDraft((current) => ({ ...current, ...change }));
  // A new start carries the end and a weekly rule's lone weekday along with it.
  const changeDate = (change: (current: EventDraft) => EventDraft) =>
    setDraft((current) => {
      const next = change(current);
      const [before, after] = [solarDateOf(current), solarDateOf(next)];
      if (!before || !after || before === after) return next;
      const moved = moveStart({ ...current, solarDate: before }, after);
      return { ...next, endDate: moved.endDate, weekdays: moved.weekdays };
    });

  async function save(edited: ScheduleEvent, scope: EditScope) {
    setAsking(null);
    setSaving(true);
    try {
      await keepReminderLanguage(Boolean(edited.reminders?.length));
      const opened = held.opened?.value;
      const target = !opened && place !== null ? targetVault(place) : undefined;
      if (!opened && place !== null && !target) throw new Error('space closed');
      if (target) {
        // A new event in a shared space is written in the space's store.
        toast(savedMessage((await target.save('event', spaceEventId, undefined, edited)).met));
      } else if (!opened) {
        toast(savedMessage((await held.save(edited)).met));
      } else {
        const key = occurrenceKey ?? firstOccurrenceKey(opened) ?? opened.date;
        const result = editOccurrence(opened, key, edited, scope);
        const saved = await held.save(result.value ?? edited);
        if (result.added) await vault.save('event', newId(), undefined, result.added);
        if (eventId && place !== space) await moveRecord('event', eventId, space, place);
        toast(savedMessage(saved.met));
      }
      onClose();
    } catch (error) {
      setSaveError(error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed);
      setSaving(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
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
    const opened = held.opened?.value;
    const scopes = opened && occurrenceKey ? scopesFor(opened, occurrenceKey, check.event) : [];
    if (scopes.length === 0) return void save(keptFrom(check.event, opened), 'all');
    // Nothing changed: nothing to ask or write.
    if (JSON.stringify(draft) === JSON.stringify(initial)) return onClose();
    setAsking({ edited: keptFrom(check.event, opened), scopes });
  }

  const titleLength = draft.title.trim().length;

  return (
    <FormDialog
      title={eventId ? text.form.editTitle : text.form.newTitle}
      onClose={saving ? () => undefined : onClose}
    >
      <form ref={formRef} className="form schedule-form" noValidate onSubmit={submit}>
        <HeldNote state={held.state} />
        {spaces.length > 0 && (
          <SpacePicker spaces={spaces} value={place} moving={eventId !== null} onChange={setPlace} />
        )}
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

        <EventDateFields
          draft={draft}
          onChange={changeDate}
          problem={problems.date}
          dateLabel={text.form.startDate}
        />
        <EventTimeFields draft={draft} onChange={setDraft} problems={problems} />
        <RepeatFields draft={draft} onChange={setDraft} problems={problems} />
        <RemindersField
          reminders={draft.reminders}
          allDay={draft.allDay}
          onChange={(reminders) => update({ reminders })}
        />

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

        {eventId && space !== null && <RecordAuthors vault={vault} id={eventId} />}
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
              onClick={() => onDelete(eventId, occurrenceKey)}
            >
              {shell.delete}
            </button>
          )}
        </FormFooter>
      </form>
      {asking && (
        <ScopeDialog
          action="edit"
          scopes={asking.scopes}
          detail={asking.edited.title}
          onChoose={(scope) => void save(asking.edited, scope)}
          onCancel={() => setAsking(null)}
        />
      )}
    </FormDialog>
  );
}

/** An edit keeps the space a restored event came from (`fromSpace`), which the form does not show. */
function keptFrom(edited: ScheduleEvent, opened: ScheduleEvent | undefined): ScheduleEvent {
  const from = (opened as { fromSpace?: unknown } | undefined)?.fromSpace;
  return typeof from === 'string' ? ({ ...edited, fromSpace: from } as ScheduleEvent) : edited;
}
