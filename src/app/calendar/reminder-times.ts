// When an event or an anniversary reminds, as its record keeps it (`reminders`): the minutes before each occurrence's
// start — for an all-day event or an anniversary, before 9:00 of its day. Read with care, as another device or
// version wrote them; shared by the schedule's reminders and the .ics files (a VALARM's TRIGGER).
import { REMINDER_MINUTES_BEFORE_MAX as MINUTES_BEFORE_MAX } from '../../shared/constants.js';

/** A record keeps at most this many reminders. */
export const REMINDERS_PER_RECORD = 5;
/** An all-day event's and an anniversary's reminders are counted back from this minute of the day: 9:00. */
export const ALL_DAY_REMINDER_MINUTE = 9 * 60;

/** The reminders a stored value asks for: whole minutes from 0 to four weeks, each once, soonest first, five at most. */
export function remindersOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const minutes = value.filter(
    (item): item is number => Number.isInteger(item) && item >= 0 && item <= MINUTES_BEFORE_MAX,
  );
  return [...new Set(minutes)].sort((a, b) => a - b).slice(0, REMINDERS_PER_RECORD);
}

/**
 * A VALARM's TRIGGER (seconds from the start; negative before it) as minutes before, for a timed or an all-day event
 * (whose start is its midnight): null when it is no reminder the schedule can keep (after the start, not in whole
 * minutes, further than four weeks).
 */
export function reminderOfTrigger(seconds: number, allDay: boolean): number | null {
  if (seconds % 60 !== 0) return null;
  const minutes = (allDay ? ALL_DAY_REMINDER_MINUTE : 0) - seconds / 60;
  return minutes >= 0 && minutes <= MINUTES_BEFORE_MAX ? minutes : null;
}

/** The TRIGGER (seconds from the start) of a reminder `minutes` before, for a timed or an all-day event. */
export function triggerOfReminder(minutes: number, allDay: boolean): number {
  return ((allDay ? ALL_DAY_REMINDER_MINUTE : 0) - minutes) * 60;
}
