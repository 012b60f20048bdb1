// A date kept on the solar or the Korean lunar calendar (schedule events, anniversaries): checking it and
// switching it between the calendars.
import {
  LUNAR_FIRST_YEAR,
  LUNAR_LAST_YEAR,
  leapMonthOf,
  lunarMonthLength,
  parseLunarDate,
  toLunarDate,
  toSolarDate,
} from '../modules/schedule/calendar/lunar.js';
import { parseIsoDate, toIsoDate } from '../modules/schedule/calendar/plain-date.js';

export interface EventDate {
  calendar: 'solar' | 'lunar';
  date: string;
  leap: boolean;
}

export type EventDateProblem = 'invalid' | 'lunar-range' | 'lunar-day' | 'leap';

export function eventDateProblem(value: EventDate): EventDateProblem | null {
  if (value.calendar === 'solar') return parseIsoDate(value.date) ? null : 'invalid';
  const lunar = parseLunarDate(value.date, value.leap);
  if (!lunar) return 'invalid';
  if (lunar.year < LUNAR_FIRST_YEAR || lunar.year > LUNAR_LAST_YEAR) return 'lunar-range';
  if (value.leap && leapMonthOf(lunar.year) !== lunar.month) return 'leap';
  const length = lunarMonthLength(lunar.year, lunar.month, value.leap);
  if (length === null || lunar.day > length) return 'lunar-day';
  return toSolarDate(lunar) ? null : 'lunar-range';
}

/** The solar date ('YYYY-MM-DD') the value stands for in its own year, or null when it does not exist. */
export function solarDateOf(value: EventDate): string | null {
  if (value.calendar === 'solar') return parseIsoDate(value.date) ? value.date : null;
  if (eventDateProblem(value)) return null;
  const solar = toSolarDate(parseLunarDate(value.date, value.leap)!);
  return solar ? toIsoDate(solar) : null;
}

/** The same day on the other calendar (when it can be converted; otherwise the value unchanged but switched). */
export function switchCalendar(value: EventDate, calendar: EventDate['calendar']): EventDate {
  if (calendar === value.calendar) return value;
  if (calendar === 'lunar') {
    const solar = parseIsoDate(value.date);
    const lunar = solar && toLunarDate(solar);
    if (!lunar) return { calendar, date: value.date, leap: false };
    return {
      calendar,
      date: toIsoDate({ year: lunar.year, month: lunar.month, day: lunar.day }),
      leap: lunar.leap,
    };
  }
  const solar = solarDateOf(value);
  return { calendar, date: solar ?? value.date, leap: false };
}
