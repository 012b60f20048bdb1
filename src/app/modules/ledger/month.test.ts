import { describe, it, expect } from 'vitest';
import { canShiftMonth, csvFileName, monthOfDate, monthParts, shiftMonth } from './month.js';

describe('months', () => {
  it('reads the month of a date and its parts', () => {
    expect(monthOfDate('2024-03-15')).toBe('2024-03');
    expect(monthParts('2024-03')).toEqual({ year: 2024, month: 3 });
  });

  it('steps across year ends in both directions', () => {
    expect(shiftMonth('2024-01', -1)).toBe('2023-12');
    expect(shiftMonth('2023-12', 1)).toBe('2024-01');
    expect(shiftMonth('2024-03', -5)).toBe('2023-10');
    expect(shiftMonth('2024-03', 24)).toBe('2026-03');
  });

  it('stays within the dates an entry may have', () => {
    expect(shiftMonth('1900-01', -1)).toBe('1900-01');
    expect(shiftMonth('2100-12', 1)).toBe('2100-12');
    expect(canShiftMonth('1900-01', -1)).toBe(false);
    expect(canShiftMonth('1900-01', 1)).toBe(true);
    expect(canShiftMonth('2100-12', 1)).toBe(false);
    expect(canShiftMonth('2100-12', -1)).toBe(true);
  });

  it('names export files for a month or for everything', () => {
    expect(csvFileName('month', '2024-03', '2024-05-02')).toBe('mygenie-ledger-2024-03.csv');
    expect(csvFileName('all', '2024-03', '2024-05-02')).toBe('mygenie-ledger-all-2024-05-02.csv');
  });
});
