import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  daysInMonth,
  epochDay,
  fromEpochDay,
  parseIsoDate,
  toIsoDate,
} from './plain-date.js';

describe('plain dates', () => {
  it('reads and writes YYYY-MM-DD, refusing days that do not exist', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2025-13-01')).toBeNull();
    expect(parseIsoDate('2025-2-3')).toBeNull();
    expect(toIsoDate({ year: 987, month: 3, day: 4 })).toBe('0987-03-04');
  });

  it('knows month lengths, leap years included', () => {
    expect([2023, 2024, 1900, 2000].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 28, 29]);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('counts days across months, years and leap days', () => {
    expect(epochDay({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(addDays({ year: 2025, month: 3, day: 1 }, -1)).toEqual({ year: 2025, month: 2, day: 28 });
    for (
      let day = epochDay({ year: 1890, month: 1, day: 1 });
      day < epochDay({ year: 2051, month: 1, day: 1 });
      day += 37
    ) {
      expect(epochDay(fromEpochDay(day))).toBe(day);
    }
  });

  it('gives the day of the week from Sunday (0)', () => {
    expect(dayOfWeek({ year: 2025, month: 1, day: 1 })).toBe(3);
    expect(dayOfWeek({ year: 2024, month: 2, day: 11 })).toBe(0);
    expect(dayOfWeek({ year: 1900, month: 1, day: 1 })).toBe(1);
  });
});
