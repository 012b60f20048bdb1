// The coming weeks as a list of days, today first: each date with its lunar date, holidays and anniversaries, then
// its events.
import { useId, useMemo } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import {
  AGENDA_DAYS,
  agendaDays,
  agendaEnd,
  type AgendaDay,
  type EventOccurrence,
  type SavedEvent,
} from './agenda.js';
import type { HolidayData } from '../../calendar/holidays.js';
import { toLunarDate } from '../../calendar/lunar.js';
import { parseIsoDate } from '../../calendar/plain-date.js';
import { anniversariesByDate, type SavedAnniversary } from './anniversary-days.js';
import { AnniversaryMark } from './AnniversaryMark.js';
import { scheduleText } from './copy.js';
import { EventList } from './EventList.js';
import { fullDate, lunarLabel } from './labels.js';

export function AgendaView({
  today,
  events,
  holidays,
  anniversaries,
  onEdit,
  onDelete,
  onOpenAnniversary,
}: {
  today: string;
  events: readonly SavedEvent[];
  holidays: HolidayData;
  anniversaries: readonly SavedAnniversary[];
  onEdit: (occurrence: EventOccurrence) => void;
  onDelete: (occurrence: EventOccurrence) => void;
  onOpenAnniversary: (id: string) => void;
}) {
  const text = useText(scheduleText);
  const headingId = useId();
  const { lang, locale } = useLanguage();
  const days = useMemo(() => {
    const last = agendaEnd(today);
    const listed = agendaDays(events, today, last, holidays, anniversariesByDate(anniversaries, today, last));
    if (listed[0]?.date === today) return listed;
    // Today is always there, marked, even with nothing on it.
    const plain = parseIsoDate(today);
    const empty: AgendaDay = {
      date: today,
      lunar: plain && toLunarDate(plain),
      holidays: [],
      anniversaries: [],
      entries: [],
    };
    return [empty, ...listed];
  }, [events, today, holidays, anniversaries]);
  const hasEvents = days.some((day) => day.entries.length > 0);

  return (
    <section className="panel schedule-agenda" aria-labelledby={headingId}>
      <h2 id={headingId}>{fill(text.agenda.heading, { days: AGENDA_DAYS })}</h2>
      {!hasEvents && <p className="empty">{fill(text.agenda.empty, { days: AGENDA_DAYS })}</p>}
      <ul className="schedule-agenda__days">
        {days.map((day) => (
          <li
            key={day.date}
            className={
              day.date === today ? 'schedule-agenda__day schedule-agenda__day--today' : 'schedule-agenda__day'
            }
            data-agenda-date={day.date}
            aria-current={day.date === today ? 'date' : undefined}
          >
            <h3 className="schedule-agenda__date">
              <span className={day.date === today ? 'schedule-agenda__today' : undefined}>
                {fullDate(day.date, locale)}
              </span>
              {day.date === today && (
                <small className="schedule-badge schedule-badge--today">{text.month.today}</small>
              )}
              {day.lunar && (
                <small className="schedule-agenda__lunar">{lunarLabel(text, day.lunar, 'long')}</small>
              )}
              {day.holidays.map((holiday) => (
                <small key={holiday.key + String(holiday.substitute)} className="schedule-holiday">
                  {holiday.name[lang]}
                </small>
              ))}
            </h3>
            {day.anniversaries.length > 0 && (
              <ul className="schedule-agenda__anniversaries">
                {day.anniversaries.map((anniversary) => (
                  <li key={anniversary.id}>
                    <AnniversaryMark anniversary={anniversary} onOpen={onOpenAnniversary} badge />
                  </li>
                ))}
              </ul>
            )}
            {day.entries.length > 0 ? (
              <EventList entries={day.entries} onEdit={onEdit} onDelete={onDelete} />
            ) : (
              day.anniversaries.length === 0 && <p className="list__meta">{text.agenda.noEvents}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
