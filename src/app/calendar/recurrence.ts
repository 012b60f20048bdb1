// When a dated schedule entry (a birthday, an anniversary) happens, on the solar or the Korean lunar calendar.
import { LUNAR_LAST_YEAR, leapMonthOf, lunarMonthLength, parseLunarDate, toSolarDate } from './lunar.js';
import { daysInMonth, parseIsoDate, toIsoDate } from './plain-date.js';
import type { PlainDate } from './plain-date.js';

export interface LunarDay {
  month: number;
  day: number;
  leap: boolean;
}

export interface ScheduleEventDate {
  calendar: 'solar' | 'lunar';
  /** The stored date, solar or lunar as `calendar` says: 'YYYY-MM-DD'. */
  date: string;
  /** For a lunar date: in the leap month (윤달). */
  leap?: boolean;
  repeat: 'none' | 'yearly';
}

/**
 * The day a yearly lunar date is kept in one lunar year, by common Korean practice: a leap-month date is kept
 * in the leap month when that year has it and in the regular month of the same number otherwise; day 30 of a
 * month that has only 29 days this year is kept on day 29.
 */
export function observedInLunarYear(lunar: LunarDay, lunarYear: number): PlainDate | null {
  const leap = lunar.leap && leapMonthOf(lunarYear) === lunar.month;
  const length = lunarMonthLength(lunarYear, lunar.month, leap);
  if (length === null) return null;
  return toSolarDate({ year: lunarYear, month: lunar.month, day: Math.min(lunar.day, length), leap });
}

/**
 * The solar dates in one Gregorian year on which a yearly lunar date falls: usually one, none or two when
 * the late lunar months of two lunar years both land in it.
 */
export function lunarOccurrenceInYear(lunar: LunarDay, solarYear: number): PlainDate[] {
  return [solarYear - 1, solarYear]
    .map((lunarYear) => observedInLunarYear(lunar, lunarYear))
    .filter((date): date is PlainDate => date?.year === solarYear);
}

/** A yearly solar date in one year; 29 February is kept on the 28th in common years. */
export function solarOccurrenceInYear(solar: { month: number; day: number }, year: number): PlainDate {
  return { year, month: solar.month, day: Math.min(solar.day, daysInMonth(year, solar.month)) };
}

/** The dates ('YYYY-MM-DD', ascending) within the inclusive range on which the event happens. */
export function occurrencesInRange(event: ScheduleEventDate, fromIso: string, toIso: string): string[] {
  const from = parseIsoDate(fromIso);
  const to = parseIsoDate(toIso);
  if (!from || !to) return [];
  const first = toIsoDate(from);
  const last = toIsoDate(to);
  const dates: PlainDate[] = [];

  if (event.calendar === 'solar') {
    const stored = parseIsoDate(event.date);
    if (!stored) return [];
    if (event.repeat === 'none') {
      dates.push(stored);
    } else {
      for (let year = Math.max(stored.year, from.year); year <= to.year; year++) {
        dates.push(solarOccurrenceInYear(stored, year));
      }
    }
  } else {
    const stored = parseLunarDate(event.date, event.leap ?? false);
    if (!stored) return [];
    if (event.repeat === 'none') {
      const date = toSolarDate(stored);
      if (date) dates.push(date);
    } else {
      const lastLunarYear = Math.min(to.year, LUNAR_LAST_YEAR);
      for (let lunarYear = Math.max(stored.year, from.year - 1); lunarYear <= lastLunarYear; lunarYear++) {
        const date = observedInLunarYear(stored, lunarYear);
        if (date) dates.push(date);
      }
    }
  }
  return dates.map(toIsoDate).filter((iso) => iso >= first && iso <= last);
}
