import { describe, expect, it } from 'vitest';
import { bundledHolidays } from './holidays.js';
import { monthGrid } from './month-grid.js';

describe('monthGrid', () => {
  it('lays out the weeks from Sunday, with the neighbouring months’ days outside the month', () => {
    const weeks = monthGrid(2025, 5, { holidays: bundledHolidays });
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]![0]).toMatchObject({ date: '2025-04-27', inMonth: false, dayOfWeek: 0 });
    expect(weeks[0]![4]).toMatchObject({ date: '2025-05-01', inMonth: true, dayOfWeek: 4 });
    expect(weeks[4]![6]).toMatchObject({ date: '2025-05-31', inMonth: true, dayOfWeek: 6 });
    expect(monthGrid(2026, 2, { holidays: bundledHolidays })).toHaveLength(4);
    expect(monthGrid(2026, 8, { holidays: bundledHolidays })).toHaveLength(6);
  });

  it('shows lunar dates, holidays and solar terms on their days', () => {
    const cells = monthGrid(2025, 5, { holidays: bundledHolidays }).flat();
    const childrensDay = cells.find((cell) => cell.date === '2025-05-05')!;
    expect(childrensDay.lunar).toEqual({ year: 2025, month: 4, day: 8, leap: false });
    expect(childrensDay.holidays.map((holiday) => holiday.key)).toEqual(['childrensDay', 'buddhasBirthday']);
    expect(childrensDay.solarTerm?.name.ko).toBe('입하');
    expect(cells.find((cell) => cell.date === '2025-05-06')!.holidays[0]?.substitute).toBe(true);
    expect(cells.find((cell) => cell.date === '2025-05-07')).toMatchObject({ holidays: [] });
    expect(cells.find((cell) => cell.date === '2025-05-07')!.solarTerm).toBeUndefined();
  });

  it('takes the holidays of the neighbouring year in the first and last weeks', () => {
    const december = monthGrid(2025, 12, { holidays: bundledHolidays }).flat();
    expect(december.at(-1)).toMatchObject({ date: '2026-01-03', inMonth: false });
    expect(december.find((cell) => cell.date === '2026-01-01')!.holidays[0]?.key).toBe('newYearsDay');
  });

  it('leaves the lunar date out beyond the lunar tables', () => {
    expect(monthGrid(2051, 1, { holidays: bundledHolidays })[1]![0]!.lunar).toBeNull();
  });

  it('computes ten years of months quickly', () => {
    const started = performance.now();
    for (let index = 0; index < 120; index++) {
      monthGrid(2020 + Math.floor(index / 12), (index % 12) + 1, { holidays: bundledHolidays });
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
