// Anniversaries: the member's list, which two are shown as anniversary 1 and 2, and the automatic third.
import { ConflictCopyBadge } from '../../../ui/slots.js';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useToast } from '../../../../client/ui/Toast.js';
import { daysBetween, formatCalendarDate, isoToday } from '../../../format.js';
import { fill, useLanguage, useText } from '../../../../client/text.js';
import { shellText } from '../../../copy.js';
import { useAppSettings, useKeepReminderLanguage } from '../../../settings.js';
import { HeldNote, useHeldRecord, useSavedMessage } from '../../../ui/held-record.js';
import { FormDialog } from '../../../../client/ui/FormDialog.js';
import type { EditMet } from '../../../vault/merge.js';
import { useRecords, useVault, VaultProvider } from '../../../vault/react.js';
import {
  useListedRecords,
  useMoveRecord,
  useShelfSpaces,
  useTargetVault,
  type ListedEntry,
} from '../../../ui/spaces/listed.js';
import { RecordSpaceChips } from '../../../ui/spaces/SpaceChip.js';
import { SpacePicker } from '../../../ui/spaces/SpacePicker.js';
import { StorageFullError } from '../../../vault/db.js';
import { newId } from '../../../vault/vault.js';
import { nextOccurrence, type ScheduleEvent } from '../../../records/event.js';
import { EventDateFields } from '../EventDateFields.js';
import { RemindersField } from '../RemindersField.js';
import { checkDraft, draftFromEvent } from '../event-form.js';
import { anniversaryText } from './copy.js';
import { mainDDays, type Anniversary, type MainAnniversaries } from './model.js';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.js';
import { FormFooter } from '../../../ui/FormFooter.js';
import { ListActions } from '../../../ui/ListActions.js';
import { useOpenRequest } from '../../../ui/open-record.js';

export const ANNIVERSARY_NAME_MAX = 50;

export default function AnniversariesPage() {
  const text = useText(anniversaryText);
  const shell = useText(shellText);
  const { locale } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const savedMessage = useSavedMessage();
  // The member's anniversaries and those of every shared space open on the device, each where it lives.
  const anniversaries = useListedRecords<Anniversary>('anniversaries');
  const events = useRecords<ScheduleEvent>('event');
  const [settings, saveSettings] = useAppSettings();
  const [editing, setEditing] = useState<{
    entry: ListedEntry<Anniversary> | null;
    value: Anniversary;
  } | null>(null);
  const [deleting, setDeleting] = useState<ListedEntry<Anniversary> | null>(null);
  const today = isoToday();
  const ids = [useId(), useId()];

  const listed = useMemo(
    () =>
      anniversaries
        .map((entry) => ({ entry, next: nextOccurrence(entry.value, today) }))
        .sort((a, b) => (a.next ?? '9999').localeCompare(b.next ?? '9999')),
    [anniversaries, today],
  );
  // A search result opens its anniversary, as its "edit" button does.
  useOpenRequest('anniversaries', (id) => {
    const entry = anniversaries.find((listed) => listed.id === id);
    if (entry?.writable) setEditing({ entry, value: entry.value });
  });
  const auto = mainDDays(today, anniversaries, events, settings.mainAnniversaries).find(
    (dday) => dday.slot === 3,
  );
  const dday = (date: string) => {
    const days = daysBetween(today, date);
    return days === 0 ? text.dtoday : fill(text.dday, { days });
  };

  // Made on the choices as the one before left them, so choosing both slots quickly keeps both.
  async function choose(slot: 0 | 1, id: string) {
    await saveSettings((current) => {
      const main: MainAnniversaries = [...current.mainAnniversaries];
      main[slot] = id || null;
      if (id && main[slot === 0 ? 1 : 0] === id) main[slot === 0 ? 1 : 0] = null;
      return { mainAnniversaries: main };
    });
  }

  return (
    <section aria-labelledby="anniversaries-title">
      <div className="screen-head">
        <h1 id="anniversaries-title">{text.title}</h1>
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            setEditing({
              entry: null,
              value: { name: '', calendar: 'solar', date: today, leap: false, repeat: 'yearly' },
            })
          }
        >
          {text.add}
        </button>
      </div>
      <p className="form__note">{text.lead}</p>
      <section className="panel" aria-labelledby="anniversaries-main">
        <h2 id="anniversaries-main">{text.main}</h2>
        <div className="form__grid">
          {([0, 1] as const).map((slot) => (
            <div className="field" key={slot}>
              <label htmlFor={ids[slot]}>{fill(text.slot, { n: slot + 1 })}</label>
              <select
                id={ids[slot]}
                value={settings.mainAnniversaries[slot] ?? ''}
                onChange={(event) => void choose(slot, event.target.value)}
              >
                <option value="">{text.none}</option>
                {anniversaries.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.value.name}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="field">
            <span className="field__label">{text.slotAuto}</span>
            <p className="field__hint">
              {auto
                ? `${auto.name} · ${formatCalendarDate(auto.date, locale)} · ${dday(auto.date)}`
                : text.autoNone}
            </p>
          </div>
        </div>
      </section>
      {listed.length === 0 ? (
        <p className="empty">{text.empty}</p>
      ) : (
        <ul className="list">
          {listed.map(({ entry, next }) => (
            <li key={entry.id} className="list__item">
              <div className="list__main">
                <p className="list__title">
                  {entry.value.name}{' '}
                  <span className="badge">{entry.value.repeat === 'yearly' ? text.yearly : text.once}</span>
                  {entry.value.calendar === 'lunar' && <span className="badge">{text.lunarBadge}</span>}
                  {entry.value.leap && <span className="badge">{text.leapBadge}</span>}
                  <ConflictCopyBadge value={entry.value} />{' '}
                  <RecordSpaceChips space={entry.space} value={entry.value} />
                </p>
                <p className="list__meta">
                  {next
                    ? `${fill(text.next, { date: formatCalendarDate(next, locale, { dateStyle: 'full' }) })} · ${dday(next)}`
                    : text.passed}
                </p>
              </div>
              {entry.writable && (
                <ListActions
                  name={entry.value.name}
                  onEdit={() => setEditing({ entry, value: entry.value })}
                  onDelete={() => setDeleting(entry)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        // An anniversary is edited in the store it lives in (a space's, or the member's own).
        <VaultProvider vault={editing.entry?.vault ?? vault}>
          <AnniversaryForm
            id={editing.entry?.id ?? null}
            space={editing.entry?.space?.id ?? null}
            initial={editing.value}
            title={editing.entry ? text.form.edit : text.form.add}
            onClose={() => setEditing(null)}
            onSaved={(met) => {
              setEditing(null);
              toast(savedMessage(met));
            }}
          />
        </VaultProvider>
      )}
      {deleting && (
        <ConfirmDelete
          title={deleting.value.name}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const { id, updatedAt, vault: store } = deleting;
            setDeleting(null);
            if (!(await store.remove(id, updatedAt))) return toast(shell.notDeleted);
            await saveSettings((current) => ({
              mainAnniversaries: current.mainAnniversaries.map((chosen) =>
                chosen === id ? null : chosen,
              ) as MainAnniversaries,
            }));
            toast(shell.deleted);
          }}
        />
      )}
    </section>
  );
}

function AnniversaryForm({
  id,
  space,
  initial,
  title,
  onClose,
  onSaved,
}: {
  /** The anniversary edited (null: a new one). */
  id: string | null;
  /** The space it is in (null: the member's own). */
  space: string | null;
  initial: Anniversary;
  title: string;
  onClose: () => void;
  onSaved: (met: EditMet) => void;
}) {
  const text = useText(anniversaryText);
  const shell = useText(shellText);
  const held = useHeldRecord<Anniversary>('anniversaries', id);
  const spaces = useShelfSpaces();
  const targetVault = useTargetVault();
  const moveRecord = useMoveRecord();
  const [place, setPlace] = useState(space);
  const [spaceRecordId] = useState(newId);
  const keepReminderLanguage = useKeepReminderLanguage();
  const ids = { name: useId(), repeat: useId() };
  // An anniversary is checked as an event with a title: the same date rules, solar or lunar.
  const [draft, setDraft] = useState(() =>
    draftFromEvent({ ...initial, title: initial.name, time: '', memo: '' }),
  );
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const name = draft.title.trim();
  const nameProblem = !name
    ? text.form.nameRequired
    : [...name].length > ANNIVERSARY_NAME_MAX
      ? text.form.nameTooLong
      : '';
  const check = checkDraft(draft);
  const dateProblem = check.ok ? undefined : check.problems.date;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (nameProblem || !check.ok) return;
    setBusy(true);
    setFailure('');
    const { calendar, date, leap, repeat, reminders } = check.event;
    try {
      const value: Anniversary = { name, calendar, date, leap: leap ?? false, repeat };
      if (reminders) value.reminders = reminders;
      if (initial.fromSpace) value.fromSpace = initial.fromSpace;
      await keepReminderLanguage(Boolean(reminders?.length));
      const target = id === null && place !== null ? targetVault(place) : undefined;
      if (id === null && place !== null && !target) throw new Error('space closed');
      const saved = target
        ? await target.save('anniversaries', spaceRecordId, undefined, value)
        : await held.save(value);
      if (id !== null && place !== space) await moveRecord('anniversaries', id, space, place);
      onSaved(saved.met);
    } catch (error) {
      setFailure(error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed);
      setBusy(false);
    }
  }

  return (
    <FormDialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <HeldNote state={held.state} />
        {spaces.length > 0 && (
          <SpacePicker spaces={spaces} value={place} moving={id !== null} onChange={setPlace} />
        )}
        <div className="field">
          <label htmlFor={ids.name}>{text.form.name}</label>
          <input
            id={ids.name}
            value={draft.title}
            aria-invalid={submitted && nameProblem ? true : undefined}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
          {submitted && nameProblem && <p className="field__problem">{nameProblem}</p>}
        </div>
        <EventDateFields draft={draft} onChange={setDraft} problem={submitted ? dateProblem : undefined} />
        <label className="checkbox" htmlFor={ids.repeat}>
          <input
            id={ids.repeat}
            type="checkbox"
            checked={draft.repeat === 'yearly'}
            onChange={(event) => setDraft({ ...draft, repeat: event.target.checked ? 'yearly' : 'none' })}
          />
          {text.form.repeat}
        </label>
        <RemindersField
          reminders={draft.reminders}
          allDay
          onChange={(reminders) => setDraft({ ...draft, reminders })}
        />
        <FormFooter failure={failure} busy={busy} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
