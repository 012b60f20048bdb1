// A schedule event as kept in the vault (kind 'event'), and where it falls.
import { addDays, parseIsoDate, toIsoDate } from '../calendar/plain-date.js';
import { occurrencesInRange, type ScheduleEventDate } from '../calendar/recurrence.js';

export interface ScheduleEvent extends ScheduleEventDate {
  title: string;
  /** 'HH:MM', or empty for an all-day event. */
  time: string;
  memo: string;
}

export const EVENT_TITLE_MAX = 100;
export const EVENT_MEMO_MAX = 2000;

/** The next date on or after `fromIso` on which the event happens, looking at most `horizonDays` ahead. */
export function nextOccurrence(event: ScheduleEventDate, fromIso: string, horizonDays = 400): string | null {
  const from = parseIsoDate(fromIso);
  if (!from) return null;
  return occurrencesInRange(event, fromIso, toIsoDate(addDays(from, horizonDays)))[0] ?? null;
}
