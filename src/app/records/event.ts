// A schedule event as kept in the vault (kind 'event'), and where it falls. What each field means, and how the
// engine expands it, is src/app/calendar/series.ts and docs/calendar.md.
import { addDays, parseIsoDate, toIsoDate } from '../calendar/plain-date.js';
import { nextOccurrenceOf, type ScheduledEvent } from '../calendar/occurrences.js';
import { occurrencesInRange, type ScheduleEventDate } from '../calendar/recurrence.js';
import { allDayLength, durationMinutes, minutesOf, ruleOf } from '../calendar/series.js';

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

/**
 * An event's content written one way, so that two records saying the same thing are found the same (an import's
 * key): the repeat as its rule (a first version's `repeat: 'yearly'` is the yearly rule), no end where it is the
 * default (one day, or none), no zone for an all-day event, no leap for a date that is not in a leap month. Fields
 * this version does not know are kept as they are.
 */
export function eventContent(event: ScheduleEvent): Record<string, unknown> {
  if (!event || typeof event !== 'object') return {};
  const content: Record<string, unknown> = { ...event };
  const rule = ruleOf(event);
  delete content.repeat;
  if (rule) content.rule = rule;
  else delete content.rule;
  if (minutesOf(event.time) === null) {
    delete content.zone;
    if (allDayLength(event.duration) === 1) delete content.duration;
  } else if (durationMinutes(event.duration) === null) delete content.duration;
  if (event.leap !== true) delete content.leap;
  return content;
}
