// A day's events: time (or all day), title, lunar and yearly badges, memo, and edit and delete buttons.
import { ConflictCopyBadge } from '../../ui/slots.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import type { AgendaEntry } from './agenda.js';
import { parseLunarDate } from '../../calendar/lunar.js';
import { scheduleText } from './copy.js';
import { lunarLabel } from './labels.js';
import { timeLabel } from '../../format.js';

export function EventList({
  entries,
  onEdit,
  onDelete,
}: {
  entries: readonly AgendaEntry[];
  onEdit: (entry: AgendaEntry) => void;
  onDelete: (entry: AgendaEntry) => void;
}) {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  const { locale } = useLanguage();
  return (
    <ul className="list schedule-events">
      {entries.map((entry) => {
        const { event } = entry;
        const lunar = event.calendar === 'lunar' ? parseLunarDate(event.date, event.leap ?? false) : null;
        return (
          <li key={entry.id} className="list__item schedule-event">
            <span className="schedule-event__time">
              {event.time ? timeLabel(event.time, locale) : text.event.allDay}
            </span>
            <div className="list__main">
              <p className="list__title">
                {event.title} <ConflictCopyBadge value={event} />
              </p>
              {(lunar || event.repeat === 'yearly') && (
                <p className="list__meta schedule-event__badges">
                  {lunar && <span className="schedule-badge schedule-badge--lunar">{text.event.lunar}</span>}
                  {event.repeat === 'yearly' && (
                    <span className="schedule-badge schedule-badge--yearly">{text.event.yearly}</span>
                  )}
                  {lunar && (
                    <span>{lunarLabel(text, lunar, event.repeat === 'yearly' ? 'long' : 'withYear')}</span>
                  )}
                </p>
              )}
              {event.memo && <p className="list__meta schedule-event__memo">{event.memo}</p>}
            </div>
            <div className="list__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={fill(text.event.edit, { title: event.title })}
                onClick={() => onEdit(entry)}
              >
                {shell.edit}
              </button>
              <button
                type="button"
                className="button button--ghost button--small schedule-event__delete"
                aria-label={fill(text.event.delete, { title: event.title })}
                onClick={() => onDelete(entry)}
              >
                {shell.delete}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
