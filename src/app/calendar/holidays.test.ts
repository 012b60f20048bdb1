import { describe, expect, it } from 'vitest';
import {
  bundledHolidays,
  holidayMap,
  holidaysInYear,
  loadHolidayData,
  parseHolidayData,
} from './holidays.js';
import type { HolidayData } from './holidays.js';

/** The year's holiday dates as 'MM-DD', with '+' on substitute holidays. */
function calendarOf(year: number, data: HolidayData = bundledHolidays): string {
  return [...holidayMap(year, data)]
    .map(([date, entries]) => date.slice(5) + (entries.some((entry) => entry.substitute) ? '+' : ''))
    .join(' ');
}

// The official public holidays of each year (관공서의 공휴일에 관한 규정, with the announced extra days).
const OFFICIAL: Record<number, string> = {
  2024: '01-01 02-09 02-10 02-11 02-12+ 03-01 04-10 05-05 05-06+ 05-15 06-06 08-15 09-16 09-17 09-18 10-01 10-03 10-09 12-25',
  2025: '01-01 01-27 01-28 01-29 01-30 03-01 03-03+ 05-05 05-06+ 06-03 06-06 08-15 10-03 10-05 10-06 10-07 10-08+ 10-09 12-25',
  2026: '01-01 02-16 02-17 02-18 03-01 03-02+ 05-05 05-24 05-25+ 06-03 06-06 08-15 08-17+ 09-24 09-25 09-26 10-03 10-05+ 10-09 12-25',
  2027: '01-01 02-06 02-07 02-08 02-09+ 03-01 05-05 05-13 06-06 08-15 08-16+ 09-14 09-15 09-16 10-03 10-04+ 10-09 10-11+ 12-25 12-27+',
};

describe('Korean public holidays', () => {
  it.each(Object.entries(OFFICIAL))('match the official calendar of %s', (year, expected) => {
    expect(calendarOf(Number(year))).toBe(expected);
  });

  it('gives substitutes only from the year each rule began', () => {
    expect(calendarOf(2013)).not.toContain('+'); // before 2014 there were none
    expect(calendarOf(2020)).toContain('01-27+'); // Seollal on a Sunday
    expect(calendarOf(2020)).not.toContain('08-17'); // Liberation Day's rule came in 2021
    expect(calendarOf(2021)).toContain('08-16+');
    expect(calendarOf(2022)).not.toContain('12-26'); // Christmas's rule came in 2023
    expect(calendarOf(2023)).toContain('05-29+'); // Buddha's Birthday on a Saturday
  });

  it('makes up a weekday shared by two holidays once', () => {
    const map = holidayMap(2025, bundledHolidays);
    expect(map.get('2025-05-05')?.map((entry) => entry.name.ko)).toEqual(['어린이날', '부처님오신날']);
    expect(map.get('2025-05-06')).toEqual([
      {
        date: '2025-05-06',
        key: 'buddhasBirthday',
        name: { ko: '대체공휴일(부처님오신날)', en: "Substitute holiday for Buddha's Birthday" },
        substitute: true,
      },
    ]);
  });

  it('names each day in Korean and English', () => {
    const holidays = holidaysInYear(2024, bundledHolidays);
    expect(holidays.find((entry) => entry.date === '2024-02-09')?.name).toEqual({
      ko: '설날',
      en: 'Seollal (Lunar New Year)',
    });
    expect(holidays.find((entry) => entry.date === '2024-02-12')?.name.ko).toBe('대체공휴일(설날)');
    expect(holidays.find((entry) => entry.date === '2024-04-10')?.name).toEqual({
      ko: '국회의원 선거일',
      en: 'National Assembly election day',
    });
  });
});

describe('holiday data', () => {
  const withArborDay: HolidayData = {
    ...bundledHolidays,
    solar: [...bundledHolidays.solar, { month: 4, day: 5, key: 'arborDay', substitute: null, until: 2005 }],
    extra: [...bundledHolidays.extra, { date: '2028-04-12', key: 'nationalAssemblyElection' }],
    names: { ...bundledHolidays.names, arborDay: { ko: '식목일', en: 'Arbor Day' } },
  };

  it('takes new days from the data, with the years they are in force', () => {
    const data = parseHolidayData(JSON.parse(JSON.stringify(withArborDay)));
    expect(calendarOf(2005, data)).toContain('04-05');
    expect(calendarOf(2006, data)).not.toContain('04-05');
    expect(calendarOf(2028, data)).toContain('04-12');
  });

  it('falls back to the bundled holidays on invalid data', () => {
    expect(parseHolidayData({ version: '1', solar: 'none' })).toBe(bundledHolidays);
    expect(parseHolidayData(null)).toBe(bundledHolidays);
    const unnamed = { ...withArborDay, names: bundledHolidays.names };
    expect(parseHolidayData(unnamed)).toBe(bundledHolidays);
    const badRule = {
      ...bundledHolidays,
      lunar: [{ month: 1, day: 1, key: 'seollal', substitute: { from: 2014, days: 'monday' } }],
    };
    expect(parseHolidayData(badRule)).toBe(bundledHolidays);
  });

  it('loads the served file, keeping the bundled holidays when offline or on a bad answer', async () => {
    const served =
      (body: unknown, status = 200) =>
      async () =>
        new Response(JSON.stringify(body), { status });
    expect(await loadHolidayData(served(withArborDay))).toEqual(withArborDay);
    expect(await loadHolidayData(served(withArborDay, 404))).toBe(bundledHolidays);
    expect(await loadHolidayData(served({ version: 2 }))).toBe(bundledHolidays);
    expect(await loadHolidayData(async () => new Response('<html>', { status: 200 }))).toBe(bundledHolidays);
    expect(await loadHolidayData(() => Promise.reject(new TypeError('offline')))).toBe(bundledHolidays);
  });
});
