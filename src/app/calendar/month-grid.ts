// The days the month view shows, week rows from Sunday, each with its lunar date, holidays and solar term.
import { holidayMap } from './holidays.js';
import type { HolidayData, HolidayEntry } from './holidays.js';
import { toLunarDate } from './lunar.js';
import type { LunarDate } from './lunar.js';
import { addDays, dayOfWeek, daysInMonth, toIsoDate } from './plain-date.js';
import { solarTermsInYear } from './solar-terms.js';
import type { SolarTerm } from './solar-terms.js';

export interface MonthCell {
  date: string;
  /** False for the days of the months before and after that fill the first and last weeks. */
  inMonth: boolean;
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  /** Null outside the lunar tables (before 1890-01-21, after 2050). */
  lunar: LunarDate | null;
  holidays: readonly HolidayEntry[];
  solarTerm?: SolarTerm;
}

const NO_HOLIDAYS: readonly HolidayEntry[] = [];

// A year's holidays and solar terms are computed once and reused for every month that shows a day of it.
const holidaysByData = new WeakMap<HolidayData, Map<number, Map<string, HolidayEntry[]>>>();
const solarTermsByYear = new Map<number, Map<string, SolarTerm>>();

function holidaysOf(year: number, data: HolidayData): Map<string, HolidayEntry[]> {
  let years = holidaysByData.get(data);
  if (!years) holidaysByData.set(data, (years = new Map()));
  let holidays = years.get(year);
  if (!holidays) years.set(year, (holidays = holidayMap(year, data)));
  return holidays;
}

function solarTermsOf(year: number): Map<string, SolarTerm> {
  let terms = solarTermsByYear.get(year);
  if (!terms) {
    terms = new Map(solarTermsInYear(year).map((term) => [term.date, term]));
    solarTermsByYear.set(year, terms);
  }
  return terms;
}

/** The weeks (4 to 6, Sunday first) that hold the days of `month` (1–12) of `year`. */
export function monthGrid(year: number, month: number, options: { holidays: HolidayData }): MonthCell[][] {
  const first = { year, month, day: 1 };
  const leading = dayOfWeek(first);
  const weekCount = Math.ceil((leading + daysInMonth(year, month)) / 7);
  const weeks: MonthCell[][] = [];
  for (let week = 0; week < weekCount; week++) {
    const cells: MonthCell[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const date = addDays(first, week * 7 + weekday - leading);
      const iso = toIsoDate(date);
      const cell: MonthCell = {
        date: iso,
        inMonth: date.month === month,
        dayOfWeek: weekday,
        lunar: toLunarDate(date),
        holidays: holidaysOf(date.year, options.holidays).get(iso) ?? NO_HOLIDAYS,
      };
      const solarTerm = solarTermsOf(date.year).get(iso);
      if (solarTerm) cell.solarTerm = solarTerm;
      cells.push(cell);
    }
    weeks.push(cells);
  }
  return weeks;
}
