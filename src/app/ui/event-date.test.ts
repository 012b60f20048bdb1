import { describe, expect, it } from 'vitest';
import { eventDateProblem, solarDateOf, switchCalendar } from './event-date.js';

describe('a solar or lunar date', () => {
  it('switches between the calendars on the same day, leap months included', () => {
    expect(switchCalendar({ calendar: 'solar', date: '2025-07-25', leap: false }, 'lunar')).toEqual({
      calendar: 'lunar',
      date: '2025-06-01',
      leap: true,
    });
    expect(switchCalendar({ calendar: 'lunar', date: '2027-01-01', leap: false }, 'solar')).toEqual({
      calendar: 'solar',
      date: '2027-02-07',
      leap: false,
    });
  });

  it('names what is wrong with a lunar date', () => {
    expect(eventDateProblem({ calendar: 'lunar', date: '2025-06-10', leap: true })).toBeNull();
    expect(eventDateProblem({ calendar: 'lunar', date: '2026-06-10', leap: true })).toBe('leap');
    expect(eventDateProblem({ calendar: 'lunar', date: '1850-01-01', leap: false })).toBe('lunar-range');
    expect(eventDateProblem({ calendar: 'solar', date: '2026-02-29', leap: false })).toBe('invalid');
    const shortMonth = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find(
      (month) =>
        eventDateProblem({
          calendar: 'lunar',
          date: `2026-${String(month).padStart(2, '0')}-30`,
          leap: false,
        }) === 'lunar-day',
    );
    expect(shortMonth).toBeDefined();
    expect(solarDateOf({ calendar: 'lunar', date: '2025-06-01', leap: true })).toBe('2025-07-25');
  });
});
