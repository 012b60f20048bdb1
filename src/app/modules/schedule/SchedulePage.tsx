// The schedule screen: a month calendar (solar, Korean lunar, holidays, solar terms) with the chosen day's
// events beside it, or the coming weeks as a list; events are added, edited and deleted in a dialog.
import { useCallback, useId, useMemo, useState } from 'react';
import { formatCalendarDate, isoToday } from '../../format.js';
import { useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { useVault } from '../../vault/react.js';
import { useToast } from '../../../client/ui/Toast.js';
import { eventsByDate, holidaysOn, type AgendaEntry } from './agenda.js';
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
import { useHolidayData, useScheduleEvents } from './use-schedule-data.js';
import './schedule.css';
import { useOpenRequest } from '../../ui/open-record.js';
import { nextOccurrence, type ScheduleEvent } from '../../records/event.js';
import { ConfirmDelete } from '../../ui/ConfirmDelete.js';
import { ImportLink } from '../../ui/ImportLink.js';

type View = 'month' | 'agenda';

interface Editing {
  /** Changes with every opening, so the form starts from `initial` each time. */
  key: number;
  eventId: string | null;
  initial: EventDraft;
}

function monthOf(iso: string): { year: number; month: number } {
  const date = parseIsoDate(iso);
  return date ? { year: date.year, month: date.month } : { year: 1970, month: 1 };
}

export default function SchedulePage() {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  const vault = useVault();
  const toast = useToast();
  const events = useScheduleEvents();
  const holidays = useHolidayData();
  const today = isoToday();

  const [view, setView] = useState<View>('month');
  const [selected, setSelected] = useState(today);
  const [shown, setShown] = useState(() => monthOf(today));
  const [editing, setEditing] = useState<Editing | null>(null);
  /** What the member chose to delete, as it was then (`seen`: its stamp; changed since, it stays). */
  const [deleting, setDeleting] = useState<{ id: string; title: string; seen?: number } | null>(null);

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

  function openNew() {
    setEditing({ key: Date.now(), eventId: null, initial: newDraft(selected) });
  }

  function openEdit(entry: AgendaEntry) {
    const current = vault.get<AgendaEntry['event']>(entry.id)?.value ?? entry.event;
    setEditing({ key: Date.now(), eventId: entry.id, initial: draftFromEvent(current) });
  }

  // A search result opens its event, on its next day, as its "edit" button does.
  useOpenRequest('schedule', (id) => {
    const entry = vault.get<ScheduleEvent>(id);
    if (entry?.kind !== 'event') return;
    const date =
      nextOccurrence(entry.value, today) ?? (entry.value.calendar === 'lunar' ? null : entry.value.date);
    setView('month');
    if (date) select(date);
    setEditing({ key: Date.now(), eventId: id, initial: draftFromEvent(entry.value) });
  });

  function askDelete(entry: { id: string; event: { title: string } }) {
    setDeleting({ id: entry.id, title: entry.event.title, seen: vault.get(entry.id)?.updatedAt });
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { id, seen } = deleting;
    setDeleting(null);
    try {
      if (!(await vault.remove(id, seen))) return toast(shell.notDeleted);
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
            {(['month', 'agenda'] as const).map((option) => (
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
                {text.views[option]}
              </button>
            ))}
          </div>
          <button type="button" className="button button--primary" onClick={openNew}>
            {text.add}
          </button>
        </div>
      </div>

      {view === 'month' ? (
        <div className="schedule-layout">
          <div className="panel schedule-layout__calendar">
            <MonthView
              year={shown.year}
              month={shown.month}
              selected={selected}
              today={today}
              events={events}
              holidays={holidays}
              onSelect={select}
              onShowMonth={showMonth}
            />
          </div>
          <SelectedDay
            date={selected}
            entries={selectedEntries}
            holidays={holidays}
            noEvents={events.length === 0}
            onAdd={openNew}
            onEdit={openEdit}
            onDelete={askDelete}
          />
        </div>
      ) : (
        <AgendaView
          today={today}
          events={events}
          holidays={holidays}
          onEdit={openEdit}
          onDelete={askDelete}
        />
      )}

      {editing && (
        <EventForm
          key={editing.key}
          eventId={editing.eventId}
          initial={editing.initial}
          onClose={() => setEditing(null)}
          onDelete={(id) => setDeleting({ id, title: editing.initial.title, seen: vault.get(id)?.updatedAt })}
        />
      )}

      {deleting && (
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
  noEvents,
  onAdd,
  onEdit,
  onDelete,
}: {
  date: string;
  entries: readonly AgendaEntry[];
  holidays: HolidayData;
  /** The schedule holds nothing yet: its calendar may be brought from another app. */
  noEvents: boolean;
  onAdd: () => void;
  onEdit: (entry: AgendaEntry) => void;
  onDelete: (entry: AgendaEntry) => void;
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
