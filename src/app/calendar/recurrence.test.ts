import { describe, expect, it } from 'vitest';
import { lunarOccurrenceInYear, occurrencesInRange, solarOccurrenceInYear } from './recurrence.js';
import { toIsoDate } from './plain-date.js';

const inYear = (lunar: { month: number; day: number; leap: boolean }, year: number) =>
  lunarOccurrenceInYear(lunar, year).map(toIsoDate);

describe('yearly lunar dates', () => {
  it('keeps a leap-month birthday in the leap month when the year has one, else in the regular month', () => {
    expect(inYear({ month: 6, day: 10, leap: true }, 2025)).toEqual(['2025-08-03']);
    expect(inYear({ month: 6, day: 10, leap: true }, 2026)).toEqual(['2026-07-23']);
  });

  it('keeps a regular-month birthday in the regular month even when the month is doubled', () => {
    expect(inYear({ month: 6, day: 10, leap: false }, 2025)).toEqual(['2025-07-04']);
  });

  it('keeps day 30 on day 29 in a year whose month has 29 days', () => {
    expect(inYear({ month: 2, day: 30, leap: false }, 2024)).toEqual(['2024-04-08']);
    expect(inYear({ month: 2, day: 30, leap: false }, 2025)).toEqual(['2025-03-28']);
  });

  it('finds both when the late months of two lunar years land in one solar year', () => {
    expect(inYear({ month: 11, day: 20, leap: false }, 2024)).toEqual(['2024-01-01', '2024-12-20']);
    expect(inYear({ month: 12, day: 20, leap: false }, 2024)).toEqual(['2024-01-30']);
  });
});

describe('yearly solar dates', () => {
  it('keeps 29 February on the 28th in common years', () => {
    expect(solarOccurrenceInYear({ month: 2, day: 29 }, 2025)).toEqual({ year: 2025, month: 2, day: 28 });
    expect(solarOccurrenceInYear({ month: 2, day: 29 }, 2028)).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe('occurrencesInRange', () => {
  it('lists a yearly solar date from the year it was set', () => {
    const birthday = { calendar: 'solar', date: '2024-02-29', repeat: 'yearly' } as const;
    expect(occurrencesInRange(birthday, '2020-01-01', '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(occurrencesInRange(birthday, '2025-03-01', '2026-02-27')).toEqual([]);
  });

  it('lists a yearly lunar date from the year it was set, with the leap-month rule', () => {
    const birthday = { calendar: 'lunar', date: '2025-06-10', leap: true, repeat: 'yearly' } as const;
    expect(occurrencesInRange(birthday, '2024-01-01', '2027-12-31')).toEqual([
      '2025-08-03',
      '2026-07-23',
      '2027-07-13',
    ]);
  });

  it('includes both ends of the range', () => {
    const seollal = { calendar: 'lunar', date: '2000-01-01', repeat: 'yearly' } as const;
    expect(occurrencesInRange(seollal, '2025-01-29', '2027-02-07')).toEqual([
      '2025-01-29',
      '2026-02-17',
      '2027-02-07',
    ]);
  });

  it('gives a one-off date once, converting a lunar one', () => {
    expect(
      occurrencesInRange(
        { calendar: 'lunar', date: '2025-06-01', leap: true, repeat: 'none' },
        '2025-01-01',
        '2025-12-31',
      ),
    ).toEqual(['2025-07-25']);
    expect(
      occurrencesInRange(
        { calendar: 'solar', date: '2025-07-25', repeat: 'none' },
        '2025-08-01',
        '2025-12-31',
      ),
    ).toEqual([]);
    expect(
      occurrencesInRange(
        { calendar: 'lunar', date: '2025-05-01', leap: true, repeat: 'none' },
        '2025-01-01',
        '2025-12-31',
      ),
    ).toEqual([]);
  });

  it('gives nothing for malformed dates', () => {
    expect(
      occurrencesInRange(
        { calendar: 'solar', date: '2025-02-30', repeat: 'yearly' },
        '2025-01-01',
        '2025-12-31',
      ),
    ).toEqual([]);
    expect(
      occurrencesInRange({ calendar: 'solar', date: '2025-02-03', repeat: 'yearly' }, 'soon', '2025-12-31'),
    ).toEqual([]);
  });
});
