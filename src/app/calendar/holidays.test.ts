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
    expect(calendarOf(2020)).not.toContain('08-17+'); // Liberation Day's rule came in 2021 (08-17 was a one-off)
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

// Days checked against the official record (관공서의 공휴일에 관한 규정 as it stood each year, and the one-off
// holidays and election days announced since 1990), on both sides of every change.
const KNOWN: Array<[date: string, holiday: boolean, what: string]> = [
  ['1990-01-03', true, '신정 연휴, three days until 1990'],
  ['1991-01-03', false, 'two days from 1991'],
  ['1998-01-02', true, '신정 연휴, two days until 1998'],
  ['1999-01-02', false, 'one day from 1999'],
  ['1990-10-01', true, '국군의 날, until 1990'],
  ['1991-10-01', false, '국군의 날, no longer'],
  ['1990-10-09', true, '한글날, until 1990'],
  ['1991-10-09', false, '한글날, not 1991–2012'],
  ['2012-10-09', false, '한글날, not 1991–2012'],
  ['2013-10-09', true, '한글날, again from 2013'],
  ['2005-04-05', true, '식목일, until 2005'],
  ['2006-04-05', false, '식목일, no longer'],
  ['2007-07-17', true, '제헌절, until 2007'],
  ['2008-07-17', false, '제헌절, no longer'],
  ['1990-01-29', false, 'no substitute days before 2014'],
  ['2013-05-06', false, "Children's Day on a Sunday, before substitutes"],
  ['2014-09-10', true, 'substitute for Chuseok on a Sunday'],
  ['2017-10-06', true, 'substitute for Chuseok sharing 10-03'],
  ['2018-05-07', true, "substitute for Children's Day on a Saturday"],
  ['2019-05-13', false, "Buddha's Birthday on a Sunday: no substitute before 2023"],
  ['2021-08-16', true, 'substitute for Liberation Day'],
  ['1991-03-26', true, 'local council election'],
  ['1991-06-20', true, 'local council election'],
  ['1992-03-24', true, 'National Assembly election'],
  ['1992-12-18', true, 'presidential election'],
  ['1995-06-27', true, 'local elections'],
  ['1996-04-11', true, 'National Assembly election'],
  ['1997-12-18', true, 'presidential election'],
  ['1998-06-04', true, 'local elections'],
  ['2000-04-13', true, 'National Assembly election'],
  ['2002-06-13', true, 'local elections'],
  ['2002-07-01', true, 'World Cup holiday'],
  ['2002-12-19', true, 'presidential election'],
  ['2004-04-15', true, 'National Assembly election'],
  ['2006-05-31', true, 'local elections'],
  ['2007-12-19', true, 'presidential election'],
  ['2008-04-09', true, 'National Assembly election'],
  ['2010-06-02', true, 'local elections'],
  ['2012-04-11', true, 'National Assembly election'],
  ['2012-12-19', true, 'presidential election'],
  ['2014-06-04', true, 'local elections'],
  ['2015-08-14', true, 'temporary holiday'],
  ['2016-04-13', true, 'National Assembly election'],
  ['2016-05-06', true, 'temporary holiday'],
  ['2017-05-09', true, 'presidential election'],
  ['2017-10-02', true, 'temporary holiday'],
  ['2018-06-13', true, 'local elections'],
  ['2020-04-15', true, 'National Assembly election'],
  ['2020-08-17', true, 'temporary holiday'],
  ['2022-03-09', true, 'presidential election'],
  ['2022-06-01', true, 'local elections'],
  ['2023-10-02', true, 'temporary holiday'],
  ['2024-04-10', true, 'National Assembly election'],
  ['2024-10-01', true, 'temporary holiday (Armed Forces Day)'],
  ['2025-01-27', true, 'temporary holiday'],
  ['2025-06-03', true, 'presidential election'],
  ['2026-06-03', true, 'local elections'],
  ['2028-04-12', true, 'National Assembly election'],
  ['2028-04-11', false, 'the day before the 2028 election'],
];

describe('Korean public holidays since 1990', () => {
  it.each(KNOWN)('%s is a holiday: %s (%s)', (date, holiday) => {
    const year = Number(date.slice(0, 4));
    expect(holidayMap(year, bundledHolidays).has(date)).toBe(holiday);
  });

  it('has every one-off day of the data on a weekday, in order, each named in both languages', () => {
    const dates = bundledHolidays.extra.map((day) => day.date);
    expect(dates).toEqual([...dates].sort());
    for (const { date, key } of bundledHolidays.extra) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      expect(weekday, date).not.toBe(0);
      expect(bundledHolidays.names[key]?.ko, key).toBeTruthy();
      expect(bundledHolidays.names[key]?.en, key).toBeTruthy();
    }
  });
});

describe('holiday data', () => {
  // A day made a holiday from 2031 on, and a one-off in 2030, as a refreshed file could bring them.
  const withWorkersDay: HolidayData = {
    ...bundledHolidays,
    solar: [...bundledHolidays.solar, { month: 5, day: 1, key: 'workersDay', substitute: null, from: 2031 }],
    extra: [...bundledHolidays.extra, { date: '2030-04-29', key: 'temporaryHoliday' }],
    names: { ...bundledHolidays.names, workersDay: { ko: '노동절', en: "Workers' Day" } },
  };

  it('takes new days from the data, with the years they are in force', () => {
    const data = parseHolidayData(JSON.parse(JSON.stringify(withWorkersDay)));
    expect(calendarOf(2030, data)).not.toContain('05-01');
    expect(calendarOf(2031, data)).toContain('05-01');
    expect(calendarOf(2030, data)).toContain('04-29');
  });

  it('falls back to the bundled holidays on invalid data', () => {
    expect(parseHolidayData({ version: '1', solar: 'none' })).toBe(bundledHolidays);
    expect(parseHolidayData(null)).toBe(bundledHolidays);
    const unnamed = { ...withWorkersDay, names: bundledHolidays.names };
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
    expect(await loadHolidayData(served(withWorkersDay))).toEqual(withWorkersDay);
    expect(await loadHolidayData(served(withWorkersDay, 404))).toBe(bundledHolidays);
    expect(await loadHolidayData(served({ version: 2 }))).toBe(bundledHolidays);
    expect(await loadHolidayData(async () => new Response('<html>', { status: 200 }))).toBe(bundledHolidays);
    expect(await loadHolidayData(() => Promise.reject(new TypeError('offline')))).toBe(bundledHolidays);
  });
});
