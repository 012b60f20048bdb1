// A schedule event as kept in the vault (kind 'event'), and where it falls. What each field means, and how the
// engine expands it, is src/app/calendar/series.ts and docs/calendar.md.
import { addDays, parseIsoDate, toIsoDate } from '../calendar/plain-date.js';
import { nextOccurrenceOf, type ScheduledEvent } from '../calendar/occurrences.js';
import { occurrencesInRange, type ScheduleEventDate } from '../calendar/recurrence.js';

export type ScheduleEvent = ScheduledEvent;

export const EVENT_TITLE_MAX = 100;
export const EVENT_MEMO_MAX = 2000;

/**
 * The next date on or after `fromIso` on which a dated entry (an anniversary, a birthday: solar or lunar, once or
 * yearly) happens, looking at most `horizonDays` ahead.
 */
export function nextOccurrence(event: ScheduleEventDate, fromIso: string, horizonDays = 400): string | null {
  const from = parseIsoDate(fromIso);
  if (!from) return null;
  return occurrencesInRange(event, fromIso, toIsoDate(addDays(from, horizonDays)))[0] ?? null;
}

/** The date (in the device's zone) of an event's next occurrence on or after `fromIso`, repeat rules and all. */
export function nextEventDate(id: string, event: ScheduleEvent, fromIso: string): string | null {
  return nextOccurrenceOf({ id, value: event }, fromIso)?.date ?? null;
}
