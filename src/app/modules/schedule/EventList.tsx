// A day's events: when (all day, a start and end, a trip's days), title, badges (lunar, its repeat, changed on its
// own, another time zone), memo, and edit and delete buttons.
import { ConflictCopyBadge } from '../../ui/slots.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import type { AgendaEntry, EventOccurrence } from './agenda.js';
import { deviceZoneName } from '../../calendar/time-zones.js';
import { scheduleText } from './copy.js';
import { lunarLabel, occurrenceWhenParts, ruleLabel } from './labels.js';
import { parseLunarDate } from '../../calendar/lunar.js';
import { RecordSpaceChips } from '../../ui/spaces/SpaceChip.js';
import { useEventPlace } from './use-schedule-data.js';

export function EventList({
  entries,
  onEdit,
  onDelete,
}: {
  entries: readonly AgendaEntry[];
  onEdit: (occurrence: EventOccurrence) => void;
  onDelete: (occurrence: EventOccurrence) => void;
}) {
  const text = useText(scheduleText);
  const shell = useText(shellText);
  const { locale } = useLanguage();
  const device = deviceZoneName();
  const placeOf = useEventPlace();
  return (
    <ul className="list schedule-events">
      {entries.map(({ occurrence }) => {
        const { event } = occurrence;
        const repeat = occurrence.repeats ? ruleLabel(text, event, locale) : '';
        const lunar = event.calendar === 'lunar';
        const lunarDate = lunar && !repeat ? parseLunarDate(event.date, event.leap === true) : null;
        const zone = occurrence.zone && occurrence.zone !== device ? occurrence.zone : '';
        // A shared space's event says so; one of a space the member only views offers no edit or delete.
        const place = placeOf(occurrence.id);
        return (
          <li
            key={`${occurrence.id} ${occurrence.key}`}
            className="list__item schedule-event"
            data-occurrence={occurrence.key}
          >
            <span className="schedule-event__time">
              {occurrenceWhenParts(text, occurrence, locale).map((part, index) =>
                part ? <span key={index}>{part}</span> : null,
              )}
            </span>
            <div className="list__main">
              <p className="list__title">
                {occurrence.title} <ConflictCopyBadge value={event} />{' '}
                <RecordSpaceChips space={place?.space} value={event} />
              </p>
              {(lunar || repeat || occurrence.changed || zone) && (
                <p className="list__meta schedule-event__badges">
                  {lunar && <span className="schedule-badge schedule-badge--lunar">{text.event.lunar}</span>}
                  {lunarDate && <span>{lunarLabel(text, lunarDate, 'withYear')}</span>}
                  {repeat && <span className="schedule-badge schedule-badge--yearly">{repeat}</span>}
                  {occurrence.changed && <span className="schedule-badge">{text.event.changed}</span>}
                  {zone && <span>{fill(text.event.zone, { zone: zone.replace(/_/g, ' ') })}</span>}
                </p>
              )}
              {occurrence.memo && <p className="list__meta schedule-event__memo">{occurrence.memo}</p>}
            </div>
            {place?.writable !== false && (
              <div className="list__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={fill(text.event.edit, { title: occurrence.title })}
                  onClick={() => onEdit(occurrence)}
                >
                  {shell.edit}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small schedule-event__delete"
                  aria-label={fill(text.event.delete, { title: occurrence.title })}
                  onClick={() => onDelete(occurrence)}
                >
                  {shell.delete}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
