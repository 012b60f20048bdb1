// The days a repeat rule gives, found directly (the nth day of a period is worked out, never searched for), so a
// window of a series costs only its own occurrences. Days are counted since 1970-01-01 on the event's own clock.
import { LUNAR_LAST_YEAR, parseLunarDate, type LunarDate } from './lunar.js';
import { observedInLunarYear, solarOccurrenceInYear } from './recurrence.js';
import { dayNumber, type EventTiming, type RepeatRule } from './series.js';
import { daysInMonth, epochDay, fromEpochDay, type PlainDate } from './plain-date.js';

/** Where a series starts: its first day, and for a lunar one the lunar date it keeps. */
export interface SeriesStart {
  day: number;
  date: PlainDate;
  lunar: LunarDate | null;
}

/** Days of the week of a day number: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/**
 * The first day of an event as stored: its solar date, or the solar day its lunar date falls on (a day 30 the
 * month lacks is kept on the 29th, as yearly lunar dates are); null when the date cannot be read.
 */
export function seriesStart(timing: Pick<EventTiming, 'calendar' | 'date' | 'leap'>): SeriesStart | null {
  if (timing.calendar === 'lunar') {
    const lunar = parseLunarDate(String(timing.date), timing.leap === true);
    const date = lunar && observedInLunarYear(lunar, lunar.year);
    return lunar && date ? { day: epochDay(date), date, lunar } : null;
  }
  const day = dayNumber(timing.date);
  return day === null ? null : { day, date: fromEpochDay(day), lunar: null };
}

/** The day of the nth `weekday` of a month (negative: from its end), or null when the month has none. */
export function nthWeekday(year: number, month: number, nth: number, weekday: number): number | null {
  const first = epochDay({ year, month, day: 1 });
  const length = daysInMonth(year, month);
  const day =
    nth > 0
      ? first + mod(weekday - weekdayOf(first), 7) + (nth - 1) * 7
      : first + length - 1 - mod(weekdayOf(first + length - 1) - weekday, 7) - (-nth - 1) * 7;
  return day >= first && day < first + length ? day : null;
}

/** Visits the rule's days after the start, ascending, from `from` on, until `to` or `visit` says stop. */
function walkRule(
  start: SeriesStart,
  rule: RepeatRule,
  from: number,
  to: number,
  visit: (day: number) => boolean,
): void {
  const n = rule.interval ?? 1;
  const { day: d0, date } = start;
  const low = Math.max(from, d0 + 1);
  if (low > to) return;
  const weekday0 = weekdayOf(d0);
  const emit = (day: number): boolean | null => {
    if (day < low) return true;
    if (day > to) return null;
    return visit(day);
  };

  if (start.lunar) {
    // A lunar date repeats yearly only; each lunar year's day lands in that solar year or the next.
    if (rule.freq !== 'yearly') return;
    const fromYear = fromEpochDay(low).year - 1;
    const toYear = Math.min(fromEpochDay(to).year, LUNAR_LAST_YEAR);
    const first = Math.max(0, Math.ceil((fromYear - start.lunar.year) / n));
    for (let year = start.lunar.year + first * n; year <= toYear; year += n) {
      const solar = observedInLunarYear(start.lunar, year);
      if (!solar) continue;
      const answer = emit(epochDay(solar));
      if (answer === null || answer === false) return;
    }
    return;
  }

  switch (rule.freq) {
    case 'daily': {
      for (let day = d0 + Math.max(1, Math.ceil((low - d0) / n)) * n; day <= to; day += n) {
        if (!visit(day)) return;
      }
      return;
    }
    case 'weekly': {
      const weekStart = rule.weekStart ?? 1;
      const offsets = [...new Set((rule.weekdays ?? [weekday0]).map((day) => mod(day - weekStart, 7)))].sort(
        (a, b) => a - b,
      );
      const firstWeek = d0 - mod(weekday0 - weekStart, 7);
      const span = 7 * n;
      for (
        let week = firstWeek + Math.max(0, Math.floor((low - firstWeek) / span)) * span;
        week <= to;
        week += span
      ) {
        for (const offset of offsets) {
          const answer = emit(week + offset);
          if (answer === null || answer === false) return;
        }
      }
      return;
    }
    case 'monthly': {
      const firstMonth = date.year * 12 + date.month - 1;
      const lowDate = fromEpochDay(low);
      const lowMonth = lowDate.year * 12 + lowDate.month - 1;
      for (let index = firstMonth + Math.max(0, Math.floor((lowMonth - firstMonth) / n)) * n; ; index += n) {
        const year = Math.floor(index / 12);
        const month = (index % 12) + 1;
        if (epochDay({ year, month, day: 1 }) > to) return;
        for (const day of daysOfMonth(year, month, rule, date, weekday0, false)) {
          const answer = emit(day);
          if (answer === null || answer === false) return;
        }
      }
    }
    case 'yearly': {
      const lowYear = fromEpochDay(low).year;
      for (let year = date.year + Math.max(0, Math.floor((lowYear - date.year) / n)) * n; ; year += n) {
        if (epochDay({ year, month: date.month, day: 1 }) > to) return;
        for (const day of daysOfMonth(year, date.month, rule, date, weekday0, true)) {
          const answer = emit(day);
          if (answer === null || answer === false) return;
        }
      }
    }
  }
}

/** A monthly or yearly rule's days in one month, ascending. */
function daysOfMonth(
  year: number,
  month: number,
  rule: RepeatRule,
  start: PlainDate,
  weekday0: number,
  yearly: boolean,
): number[] {
  if (rule.nth !== undefined) {
    const days = (rule.weekdays ?? [weekday0])
      .map((weekday) => nthWeekday(year, month, rule.nth!, weekday))
      .filter((day): day is number => day !== null);
    return days.length > 1 ? days.sort((a, b) => a - b) : days;
  }
  // A yearly 29 February is kept on the 28th in common years; a monthly 31st skips the months without one.
  if (yearly) return [epochDay(solarOccurrenceInYear(start, year))];
  return start.day <= daysInMonth(year, month) ? [epochDay({ year, month, day: start.day })] : [];
}

/** Most occurrences a COUNT is followed to (RFC 5545 sets none; 100,000 days is 270 years). */
const COUNT_LIMIT = 100_000;
const lastDays = new WeakMap<RepeatRule, number>();

/** The last day an occurrence may start on: UNTIL's, the COUNT-th occurrence's, the earlier of both, or Infinity. */
export function lastDayOf(start: SeriesStart, rule: RepeatRule): number {
  let last = Infinity;
  if (rule.until) last = dayNumber(rule.until) ?? Infinity;
  if (rule.count !== undefined) {
    let byCount = lastDays.get(rule);
    if (byCount === undefined) {
      let seen = 1;
      byCount = start.day;
      const count = Math.min(rule.count, COUNT_LIMIT);
      if (seen < count) {
        // A thousand years ends the walk of a COUNT that a rule rarely meets (a 5th Sunday of February).
        walkRule(start, rule, start.day + 1, start.day + 366_000, (day) => {
          byCount = day;
          seen += 1;
          return seen < count;
        });
      }
      lastDays.set(rule, byCount);
    }
    last = Math.min(last, byCount);
  }
  return last;
}

/**
 * The days of the series (ascending) from `from` to `to` (both included): its start, then the rule's days, up to
 * its UNTIL or COUNT. `rule` null: the start alone.
 */
export function seriesDays(start: SeriesStart, rule: RepeatRule | null, from: number, to: number): number[] {
  const days: number[] = [];
  const last = rule ? Math.min(to, lastDayOf(start, rule)) : to;
  if (start.day >= from && start.day <= last) days.push(start.day);
  if (rule) {
    walkRule(start, rule, from, last, (day) => {
      days.push(day);
      return true;
    });
  }
  return days;
}

/** Whether a day is one of the series' days (its start or a day of its rule, within UNTIL and COUNT). */
export function isSeriesDay(start: SeriesStart, rule: RepeatRule | null, day: number): boolean {
  return seriesDays(start, rule, day, day).length > 0;
}

/** How many occurrences of the series start before a day (the deleted ones included, as COUNT counts them). */
export function occurrencesBefore(start: SeriesStart, rule: RepeatRule | null, day: number): number {
  return day <= start.day ? 0 : seriesDays(start, rule, start.day, day - 1).length;
}
