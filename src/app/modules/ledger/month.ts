// Months as the ledger screen steps through them: 'YYYY-MM' keys within the dates an entry may have.
const FIRST_MONTH = '1900-01';
const LAST_MONTH = '2100-12';

export function monthOfDate(iso: string): string {
  return iso.slice(0, 7);
}

export function monthParts(month: string): { year: number; month: number } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { year, month: number };
}

/** The month `delta` months after (or, negative, before) `month`, kept within 1900-01..2100-12. */
export function shiftMonth(month: string, delta: number): string {
  const { year, month: number } = monthParts(month);
  const index = year * 12 + (number - 1) + delta;
  const shifted = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  if (shifted < FIRST_MONTH) return FIRST_MONTH;
  return shifted > LAST_MONTH ? LAST_MONTH : shifted;
}

export function canShiftMonth(month: string, delta: -1 | 1): boolean {
  return delta < 0 ? month > FIRST_MONTH : month < LAST_MONTH;
}

/** 'mygenie-ledger-2024-03.csv' for one month; 'mygenie-ledger-all-2024-03-15.csv' for everything, dated today. */
export function csvFileName(scope: 'month' | 'all', month: string, today: string): string {
  return scope === 'month' ? `mygenie-ledger-${month}.csv` : `mygenie-ledger-all-${today}.csv`;
}
