// When a schedule event happens, as its record keeps it (docs/calendar.md): a start (solar or Korean lunar date,
// a time or all day), how long it lasts, its own time zone or none, and a repeat rule with the occurrences changed
// or deleted. Every field beyond the first version's (calendar, date, leap, time, repeat) is optional, so a record
// written before reads as it always did; values are read with care, since another version or device wrote them.
import { daysInMonth, epochDay } from './plain-date.js';

export type Frequency = 'daily' | 'weekly' | 'monthly' | 'yearly';
export const FREQUENCIES: readonly Frequency[] = ['daily', 'weekly', 'monthly', 'yearly'];

/**
 * A repeat rule, RFC 5545's RRULE in the app's words. The start is always the first occurrence; the rule's other
 * days come after it. Parts left out come from the start, as in RFC 5545: a weekly rule repeats on the start's
 * weekday, a monthly one on its day of the month (months without that day are skipped), a yearly one on its month
 * and day (29 February on the 28th in common years, as the schedule always kept it).
 */
export interface RepeatRule {
  freq: Frequency;
  /** Every n days, weeks, months or years (INTERVAL); 1 when left out. */
  interval?: number;
  /** Weekly: the days it repeats on (BYDAY); with `nth`: the weekday. 0 is Sunday … 6 Saturday. */
  weekdays?: number[];
  /** Monthly or yearly: the nth weekday of the month (BYDAY=2WE), 1 to 5, or from the end −1 (last) to −5. */
  nth?: number;
  /** The day weeks start on, for a rule every 2 or more weeks (WKST); Monday when left out, as RFC 5545. */
  weekStart?: number;
  /** The last day an occurrence may start on, 'YYYY-MM-DD' on the event's own clock (UNTIL). */
  until?: string;
  /** How many occurrences in all, the first one and the deleted ones included (COUNT). */
  count?: number;
}

/**
 * One occurrence of a series changed (RECURRENCE-ID) or deleted (EXDATE), kept in the series record under the date
 * it had by the rule. Only what differs from the series is kept: a title changed for all the series later still
 * reaches an occurrence that was only moved. `zone` or `duration` '' says none (floating, no end).
 */
export interface OccurrenceChange {
  deleted?: boolean;
  /** The solar date it moved to. */
  date?: string;
  time?: string;
  duration?: string;
  zone?: string;
  title?: string;
  memo?: string;
}

/** When an event happens, as stored: the fields `occurrencesBetween` and the edits read. */
export interface EventTiming {
  calendar: 'solar' | 'lunar';
  /** The start date, 'YYYY-MM-DD', solar or lunar as `calendar` says. */
  date: string;
  /** A lunar date in the leap month (윤달). */
  leap?: boolean;
  /** The start time 'HH:MM', or '' for an all-day event. */
  time: string;
  /**
   * How long it lasts, RFC 5545's DURATION: 'P3D' for an all-day event of three days, 'PT1H30M' or 'P1DT2H' for a
   * timed one. Left out: an all-day event lasts its one day, a timed one has no end (shown as its start).
   */
  duration?: string;
  /** The IANA time zone of a timed event's times; left out (or ''): floating, the same clock time anywhere. */
  zone?: string;
  /** Older versions' repeat, kept so they show the event as well as they can: 'yearly' for a plain yearly rule. */
  repeat: 'none' | 'yearly';
  rule?: RepeatRule;
  /** Changed and deleted occurrences by the solar date ('YYYY-MM-DD') the rule gave them. */
  exceptions?: Record<string, OccurrenceChange>;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DURATION = /^P(?:(\d{1,4})W)?(?:(\d{1,5})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,7})M)?(?:(\d{1,9})S)?)?$/;

/** Minutes since midnight of 'HH:MM', or null for all day or anything else. */
export function minutesOf(time: unknown): number | null {
  if (typeof time !== 'string' || time.length !== 5) return null;
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const CLOCKS: string[] = Array.from(
  { length: 1440 },
  (_, minute) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
);

/** 'HH:MM' of minutes since midnight (or since any midnight: the time of day they reach). */
export function clockOf(minutes: number): string {
  return CLOCKS[((minutes % 1440) + 1440) % 1440]!;
}

const durations = new Map<string, number | null>();

/** A DURATION in whole minutes (a day is 1,440 wall-clock minutes), or null when it is none or unreadable. */
export function durationMinutes(duration: unknown): number | null {
  if (typeof duration !== 'string') return null;
  let minutes = durations.get(duration);
  if (minutes === undefined) {
    const match = DURATION.exec(duration);
    minutes = null;
    if (match && duration !== 'P' && !duration.endsWith('T')) {
      const [weeks, days, hours, parts, seconds] = match
        .slice(1)
        .map((part) => Number(part ?? 0)) as number[];
      const total = (weeks! * 7 + days!) * 1440 + hours! * 60 + parts! + Math.floor(seconds! / 60);
      minutes = total > 0 ? total : null;
    }
    if (durations.size > 10_000) durations.clear();
    durations.set(duration, minutes);
  }
  return minutes;
}

/** A duration of whole minutes as the record writes it ('P2D', 'PT1H30M', 'P1DT2H'). */
export function formatDuration(minutes: number, allDay: boolean): string {
  const days = Math.floor(minutes / 1440);
  if (allDay) return `P${Math.max(1, days)}D`;
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const time = `${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`;
  const written = `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
  return written === 'P' ? 'PT0M' : written;
}

/** How many days an all-day event lasts (1 when the record does not say). */
export function allDayLength(duration: unknown): number {
  const minutes = durationMinutes(duration);
  return minutes === null ? 1 : Math.max(1, Math.floor(minutes / 1440));
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
}

/**
 * The event's rule as the engine follows it: the stored one, checked part by part (a part another version wrote
 * that this one cannot read is left out), else a plain yearly one for a record of the first version that says
 * `repeat: 'yearly'`; null when it does not repeat.
 */
export function ruleOf(timing: Pick<EventTiming, 'rule' | 'repeat'>): RepeatRule | null {
  const stored = timing.rule as unknown;
  if (stored && typeof stored === 'object') {
    const rule = stored as Record<string, unknown>;
    if (!FREQUENCIES.includes(rule.freq as Frequency)) return null;
    const checked: RepeatRule = { freq: rule.freq as Frequency };
    const interval = wholeNumber(rule.interval, 1, 999);
    if (interval !== undefined && interval > 1) checked.interval = interval;
    if (Array.isArray(rule.weekdays)) {
      const days = [
        ...new Set(rule.weekdays.filter((day) => wholeNumber(day, 0, 6) !== undefined)),
      ] as number[];
      if (days.length > 0) checked.weekdays = days.sort((a, b) => a - b);
    }
    const nth = wholeNumber(rule.nth, -5, 5);
    if (nth !== undefined && nth !== 0) checked.nth = nth;
    const weekStart = wholeNumber(rule.weekStart, 0, 6);
    if (weekStart !== undefined) checked.weekStart = weekStart;
    if (dayNumber(rule.until) !== null) checked.until = rule.until as string;
    const count = wholeNumber(rule.count, 1, 100_000);
    if (count !== undefined) checked.count = count;
    return checked;
  }
  return timing.repeat === 'yearly' ? { freq: 'yearly' } : null;
}

/** What the first version's `repeat` says of a rule: 'yearly' only for every year, for ever. */
export function legacyRepeat(rule: RepeatRule | null | undefined): 'none' | 'yearly' {
  if (!rule || rule.freq !== 'yearly') return 'none';
  const plain = (rule.interval ?? 1) === 1 && rule.nth === undefined && !rule.until && !rule.count;
  return plain ? 'yearly' : 'none';
}

function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** Days since 1970 of a real date 'YYYY-MM-DD', or null (read by hand: the engine reads thousands at a time). */
export function dayNumber(iso: unknown): number | null {
  if (typeof iso !== 'string' || iso.length !== 10 || iso[4] !== '-' || iso[7] !== '-') return null;
  const year = digits(iso, 0, 4);
  const month = digits(iso, 5, 7);
  const day = digits(iso, 8, 10);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return null;
  return epochDay({ year, month, day });
}

/** The record's changed and deleted occurrences, each checked: keys that are no date are left out. */
export function exceptionsOf(timing: Pick<EventTiming, 'exceptions'>): Map<string, OccurrenceChange> {
  const found = new Map<string, OccurrenceChange>();
  const stored = timing.exceptions as unknown;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return found;
  for (const [key, change] of Object.entries(stored as Record<string, unknown>)) {
    if (dayNumber(key) === null || !change || typeof change !== 'object' || Array.isArray(change)) continue;
    found.set(key, change as OccurrenceChange);
  }
  return found;
}
