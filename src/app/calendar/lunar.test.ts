import { describe, expect, it } from 'vitest';
import { leapMonthOf, lunarMonthLength, parseLunarDate, toLunarDate, toSolarDate } from './lunar.js';
import { parseIsoDate } from './plain-date.js';

// Official Korean (KASI) dates: [solar, lunar year, month, day, leap].
const KOREAN_DATES: [string, number, number, number, boolean][] = [
  ['2023-02-20', 2023, 2, 1, false],
  ['2023-03-22', 2023, 2, 1, true],
  ['2025-06-25', 2025, 6, 1, false],
  ['2025-07-25', 2025, 6, 1, true],
  ['2012-03-22', 2012, 3, 1, false],
  ['2012-04-21', 2012, 3, 1, true],
  ['2020-05-23', 2020, 4, 1, true],
  ['2027-02-07', 2027, 1, 1, false], // Seollal; 02-06 on the Chinese calendar
  ['2025-01-29', 2025, 1, 1, false],
  ['2024-02-10', 2024, 1, 1, false],
  ['2025-10-06', 2025, 8, 15, false], // Chuseok
  ['2025-01-28', 2024, 12, 29, false], // the last day of a 29-day 12th month
];

describe('Korean lunar calendar', () => {
  it.each(KOREAN_DATES)('%s is lunar %i-%i-%i (leap: %s) both ways', (solar, year, month, day, leap) => {
    expect(toLunarDate(parseIsoDate(solar)!)).toEqual({ year, month, day, leap });
    expect(toSolarDate({ year, month, day, leap })).toEqual(parseIsoDate(solar));
  });

  it('answers null for lunar dates that do not exist instead of throwing', () => {
    expect(toSolarDate({ year: 2025, month: 5, day: 1, leap: true })).toBeNull(); // 2025 doubles the 6th month
    expect(toSolarDate({ year: 2025, month: 2, day: 30, leap: false })).toBeNull(); // a 29-day month
    expect(toSolarDate({ year: 2025, month: 6, day: 30, leap: true })).toBeNull();
    expect(toSolarDate({ year: 2024, month: 2, day: 30, leap: false })).toEqual({
      year: 2024,
      month: 4,
      day: 8,
    });
  });

  it('answers null outside the tables (1890–2050)', () => {
    expect(toLunarDate({ year: 1890, month: 1, day: 20 })).toBeNull();
    expect(toLunarDate({ year: 2051, month: 1, day: 1 })).toBeNull();
    expect(toSolarDate({ year: 2051, month: 1, day: 1, leap: false })).toBeNull();
    expect(leapMonthOf(1889)).toBeNull();
  });

  it('gives month lengths and leap months', () => {
    expect(lunarMonthLength(2025, 2, false)).toBe(29);
    expect(lunarMonthLength(2024, 2, false)).toBe(30);
    expect(lunarMonthLength(2025, 6, true)).toBe(29);
    expect(lunarMonthLength(2025, 5, true)).toBeNull();
    expect([2012, 2020, 2023, 2024, 2025].map(leapMonthOf)).toEqual([3, 4, 2, null, 6]);
  });

  it('reads stored lunar dates, day 30 of February included', () => {
    expect(parseLunarDate('2024-02-30', false)).toEqual({ year: 2024, month: 2, day: 30, leap: false });
    expect(parseLunarDate('2024-02-31', false)).toBeNull();
    expect(parseLunarDate('2024-13-01', true)).toBeNull();
  });
});
