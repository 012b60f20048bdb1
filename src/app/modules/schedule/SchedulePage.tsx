// The schedule screen: a month calendar (solar, Korean lunar, holidays, solar terms) with the chosen day's
// events beside it, a week with its hours, or the coming weeks as a list, each with the public holidays and the
// member's anniversaries; events are added, edited and deleted in a dialog.
import { useCallback, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { formatCalendarDate, isoToday } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { useToast } from '../../../client/ui/Toast.js';
import { eventsByDate, holidaysOn, type AgendaEntry, type EventOccurrence } from './agenda.js';
import { AgendaView } from './AgendaView.js';
import type { HolidayData } from '../../calendar/holidays.js';
import { toLunarDate } from '../../calendar/lunar.js';
import { parseIsoDate } from '../../calendar/plain-date.js';
import { scheduleText } from './copy.js';
import { draftFromEvent, newDraft, type EventDraft } from './event-form.js';
import { EventForm } from './EventForm.js';
import { EventList } from './EventList.js';
import { lunarLabel } from './labels.js';
import { MonthView } from './MonthView.js';
import { useAnniversaries, useEventVault, useHolidayData, useScheduleEvents } from './use-schedule-data.js';
import { WeekView } from './WeekView.js';
import { NARROW_DAYS, WEEK_DAYS } from './week-layout.js';
import { anniversariesByDate, type AnniversaryDay } from './anniversary-days.js';
import { AnniversaryMark } from './AnniversaryMark.js';
import { requestOpen } from '../../ui/open-record.js';
import { openScreen } from '../../ui/open-screen.js';
import './schedule.css';
import { useOpenRequest } from '../../ui/open-record.js';
import type { ScheduleEvent } from '../../records/event.js';
import { ConfirmDelete } from '../../ui/ConfirmDelete.js';
import { ImportLink } from '../../ui/ImportLink.js';
import { nextOccurrenceOf } from '../../calendar/occurrences.js';
import { ruleOf } from '../../calendar/series.js';
import {
  deleteOccurrence,
  firstOccurrenceKey,
  occurrenceValue,
  scopesFor,
  type EditScope,
} from '../../calendar/series-edits.js';
import { ScopeDialog } from './ScopeDialog.js';

const VIEWS = ['month', 'week', 'agenda'] as const;
type View = (typeof VIEWS)[number];

/** The view chosen last in this tab, kept in the address ('view'), so coming back or reloading shows it again. */
function viewFromUrl(): View {
  const view = new URLSearchParams(window.location.search).get('view');
  return VIEWS.find((known) => known === view) ?? 'month';
}

function keepView(view: View): void {
  const query = new URLSearchParams(window.location.search);
  if (view === 'month') query.delete('view');
  else query.set('view', view);
  window.history.replaceState(window.history.state, '', `?${query.toString()}`);
}

/** A phone's width, where the week shows fewer days (as calendar apps do there). */
const NARROW = '(max-width: 600px)';

function onNarrowChange(change: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
}

function useNarrow(): boolean {
  return useSyncExternalStore(onNarrowChange, () => window.matchMedia(NARROW).matches);
}

interface Editing {
  /** Changes with every opening, so the form starts from `initial` each time. */
  key: number;
  eventId: string | null;
  /** The occurrence of a repeating event the form is on (the date its rule gave it). */
  occurrenceKey: string | null;
  initial: EventDraft;
}

/** What the member chose to delete, as it was then (`seen`: its stamp; changed since, it stays). */
interface Deleting {
  id: string;
  title: string;
  seen?: number;
  /** An occurrence of a repeating event: its key, and the choices its deletion offers. */
  occurrenceKey: string | null;
  scopes: EditScope[];
}

function monthOf(iso: string): { year: number; month: number } {
  const date = parseIsoDate(iso);
  return date ? { year: date.year, month: date.month } : { year: 1970, month: 1 };
}

export default function SchedulePage() {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  // Each event is read, changed and deleted in the store it lives in (the member's, or a shared space's).
  const vaultOf = useEventVault();
  const toast = useToast();
  const events = useScheduleEvents();
  const anniversaries = useAnniversaries();
  const holidays = useHolidayData();
  const today = isoToday();
  const narrow = useNarrow();

  const [view, setViewState] = useState<View>(viewFromUrl);
  const [selected, setSelected] = useState(today);
  const [shown, setShown] = useState(() => monthOf(today));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const setView = useCallback((next: View) => {
    setViewState(next);
    keepView(next);
  }, []);

  const select = useCallback((date: string) => {
    setSelected(date);
    setShown((current) => {
      const next = monthOf(date);
      return next.year === current.year && next.month === current.month ? current : next;
    });
  }, []);

  const showMonth = useCallback(
    (year: number, month: number) => {
      setShown({ year, month });
      const todayMonth = monthOf(today);
      const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
      setSelected(todayMonth.year === year && todayMonth.month === month ? today : first);
    },
    [today],
  );

  const selectedEntries = useMemo(
    () => eventsByDate(events, selected, selected).get(selected) ?? [],
    [events, selected],
  );

  /** The form on a new event: on the selected day, or on a day from an hour chosen in the week. */
  function openNew(date = selected, time = '') {
    setEditing({ key: Date.now(), eventId: null, occurrenceKey: null, initial: newDraft(date, time) });
  }

  const openAnniversary = useCallback((id: string) => {
    requestOpen('anniversaries', id);
    openScreen('anniversaries');
  }, []);

  const selectedAnniversaries = useMemo(
    () => anniversariesByDate(anniversaries, selected, selected).get(selected) ?? [],
    [anniversaries, selected],
  );

  /** The form on an event, or on one occurrence of a repeating one (`occurrenceKey`, else its first). */
  function openEvent(id: string, value: ScheduleEvent, occurrenceKey: string | null) {
    const key = ruleOf(value) ? (occurrenceKey ?? firstOccurrenceKey(value)) : null;
    const initial = draftFromEvent(key ? occurrenceValue(value, key) : value);
    setEditing({ key: Date.now(), eventId: id, occurrenceKey: key, initial });
  }

  function openEdit(occurrence: EventOccurrence) {
    openEvent(
      occurrence.id,
      vaultOf(occurrence.id).get<ScheduleEvent>(occurrence.id)?.value ?? occurrence.event,
      occurrence.key,
    );
  }

  // A search result opens its event, on its next day, as its "edit" button does.
  useOpenRequest('schedule', (id) => {
    const entry = vaultOf(id).get<ScheduleEvent>(id);
    if (entry?.kind !== 'event') return;
    const next = nextOccurrenceOf({ id, value: entry.value }, today);
    const date = next?.date ?? (entry.value.calendar === 'lunar' ? null : entry.value.date);
    setView('month');
    if (date) select(date);
    openEvent(id, entry.value, next?.key ?? null);
  });

  function askDelete(id: string, occurrenceKey: string | null) {
    const entry = vaultOf(id).get<ScheduleEvent>(id);
    if (!entry) return;
    const key = ruleOf(entry.value) ? (occurrenceKey ?? firstOccurrenceKey(entry.value)) : null;
    setDeleting({
      id,
      title: String(entry.value.title ?? ''),
      seen: entry.updatedAt,
      occurrenceKey: key,
      scopes: key ? scopesFor(entry.value, key) : [],
    });
  }

  async function confirmDelete(scope: EditScope = 'all') {
    if (!deleting) return;
    const { id, seen, occurrenceKey } = deleting;
    setDeleting(null);
    const vault = vaultOf(id);
    try {
      const entry = vault.get<ScheduleEvent>(id);
      const result =
        entry && occurrenceKey ? deleteOccurrence(entry.value, occurrenceKey, scope) : { value: null };
      if (entry && result.value) {
        // One occurrence, or this and the following: the series stays, changed.
        await vault.save('event', id, entry.value, result.value);
      } else if (!(await vault.remove(id, seen))) {
        return toast(shell.notDeleted);
      }
      if (editing?.eventId === id) setEditing(null);
      toast(shell.deleted);
    } catch {
      toast(text.remove.failed);
    }
  }

  return (
    <section className="schedule">
      <div className="screen-head">
        <h1>{text.title}</h1>
        <div className="toolbar">
          <div className="schedule-views" role="group" aria-label={text.views.label}>
            {VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                className={
                  option === view
                    ? 'button button--small button--primary'
                    : 'button button--small button--ghost'
                }
                aria-pressed={option === view}
                onClick={() => setView(option)}
              >
                {option === 'week' && narrow
                  ? fill(text.views.days, { count: NARROW_DAYS })
                  : text.views[option]}
              </button>
            ))}
          </div>
          <button type="button" className="button button--primary" onClick={() => openNew()}>
            {text.add}
          </button>
        </div>
      </div>

      {view === 'month' && (
        <div className="schedule-layout">
          <div className="panel schedule-layout__calendar">
            <MonthView
              year={shown.year}
              month={shown.month}
              selected={selected}
              today={today}
              events={events}
              holidays={holidays}
              anniversaries={anniversaries}
              onSelect={select}
              onShowMonth={showMonth}
            />
          </div>
          <SelectedDay
            date={selected}
            entries={selectedEntries}
            holidays={holidays}
            anniversaries={selectedAnniversaries}
            noEvents={events.length === 0}
            onAdd={() => openNew()}
            onEdit={openEdit}
            onDelete={(occurrence) => askDelete(occurrence.id, occurrence.key)}
            onOpenAnniversary={openAnniversary}
          />
        </div>
      )}
      {view === 'week' && (
        <div className="panel schedule-layout__calendar">
          <WeekView
            selected={selected}
            today={today}
            dayCount={narrow ? NARROW_DAYS : WEEK_DAYS}
            events={events}
            holidays={holidays}
            anniversaries={anniversaries}
            onSelect={select}
            onEdit={openEdit}
            onNew={(date, time) => {
              select(date);
              openNew(date, time);
            }}
            onOpenAnniversary={openAnniversary}
          />
        </div>
      )}
      {view === 'agenda' && (
        <AgendaView
          today={today}
          events={events}
          holidays={holidays}
          anniversaries={anniversaries}
          onEdit={openEdit}
          onDelete={(occurrence) => askDelete(occurrence.id, occurrence.key)}
          onOpenAnniversary={openAnniversary}
        />
      )}

      {editing && (
        <EventForm
          key={editing.key}
          eventId={editing.eventId}
          occurrenceKey={editing.occurrenceKey}
          initial={editing.initial}
          onClose={() => setEditing(null)}
          onDelete={askDelete}
        />
      )}

      {deleting && deleting.scopes.length > 0 && (
        <ScopeDialog
          action="delete"
          scopes={deleting.scopes}
          detail={deleting.title}
          onChoose={(scope) => void confirmDelete(scope)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {deleting && deleting.scopes.length === 0 && (
        <ConfirmDelete
          title={text.remove.title}
          detail={deleting.title || undefined}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function SelectedDay({
  date,
  entries,
  holidays,
  anniversaries,
  noEvents,
  onAdd,
  onEdit,
  onDelete,
  onOpenAnniversary,
}: {
  date: string;
  entries: readonly AgendaEntry[];
  holidays: HolidayData;
  anniversaries: readonly AnniversaryDay[];
  /** The schedule holds nothing yet: its calendar may be brought from another app. */
  noEvents: boolean;
  onAdd: () => void;
  onEdit: (occurrence: EventOccurrence) => void;
  onDelete: (occurrence: EventOccurrence) => void;
  onOpenAnniversary: (id: string) => void;
}) {
  const text = useText(scheduleText);
  const { lang, locale } = useLanguage();
  const headingId = useId();
  const plain = parseIsoDate(date);
  const lunar = plain && toLunarDate(plain);
  return (
    <section className="panel schedule-layout__day" aria-labelledby={headingId}>
      <h2 id={headingId} className="schedule-day-panel__date">
        {formatCalendarDate(date, locale, { dateStyle: 'full' })}
      </h2>
      <p className="list__meta schedule-day-panel__meta">
        {lunar && <span>{lunarLabel(text, lunar, 'withYear')}</span>}
        {holidaysOn(date, holidays).map((holiday) => (
          <span key={holiday.key + String(holiday.substitute)} className="schedule-holiday">
            {holiday.name[lang]}
          </span>
        ))}
        {anniversaries.map((anniversary) => (
          <AnniversaryMark key={anniversary.id} anniversary={anniversary} onOpen={onOpenAnniversary} badge />
        ))}
      </p>
      {entries.length > 0 ? (
        <EventList entries={entries} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <>
          <p className="empty">{text.day.empty}</p>
          {noEvents && <ImportLink />}
        </>
      )}
      <button type="button" className="button button--ghost button--block" onClick={onAdd}>
        {text.day.add}
      </button>
    </section>
  );
}
