// The coming weeks as a list of days: each date with its lunar date and holidays, then its events.
import { useId, useMemo } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { AGENDA_DAYS, agendaDays, agendaEnd, type EventOccurrence, type SavedEvent } from './agenda.js';
import type { HolidayData } from '../../calendar/holidays.js';
import { scheduleText } from './copy.js';
import { EventList } from './EventList.js';
import { fullDate, lunarLabel } from './labels.js';

export function AgendaView({
  today,
  events,
  holidays,
  onEdit,
  onDelete,
}: {
  today: string;
  events: readonly SavedEvent[];
  holidays: HolidayData;
  onEdit: (occurrence: EventOccurrence) => void;
  onDelete: (occurrence: EventOccurrence) => void;
}) {
  const text = useText(scheduleText);
  const headingId = useId();
  const { lang, locale } = useLanguage();
  const days = useMemo(
    () => agendaDays(events, today, agendaEnd(today), holidays),
    [events, today, holidays],
  );
  const hasEvents = days.some((day) => day.entries.length > 0);

  return (
    <section className="panel schedule-agenda" aria-labelledby={headingId}>
      <h2 id={headingId}>{fill(text.agenda.heading, { days: AGENDA_DAYS })}</h2>
      {!hasEvents && <p className="empty">{fill(text.agenda.empty, { days: AGENDA_DAYS })}</p>}
      <ul className="schedule-agenda__days">
        {days.map((day) => (
          <li key={day.date} className="schedule-agenda__day" data-agenda-date={day.date}>
            <h3 className="schedule-agenda__date">
              <span className={day.date === today ? 'schedule-agenda__today' : undefined}>
                {fullDate(day.date, locale)}
              </span>
              {day.lunar && (
                <small className="schedule-agenda__lunar">{lunarLabel(text, day.lunar, 'long')}</small>
              )}
              {day.holidays.map((holiday) => (
                <small key={holiday.key + String(holiday.substitute)} className="schedule-holiday">
                  {holiday.name[lang]}
                </small>
              ))}
            </h3>
            {day.entries.length > 0 ? (
              <EventList entries={day.entries} onEdit={onEdit} onDelete={onDelete} />
            ) : (
              <p className="list__meta">{text.agenda.noEvents}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
