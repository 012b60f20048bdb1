import { describe, expect, it } from 'vitest';
import { solarTermsInYear } from './solar-terms.js';

function dateOf(year: number, key: string): string | undefined {
  return solarTermsInYear(year).find((term) => term.key === key)?.date;
}

describe('solar terms', () => {
  it('gives the 24 terms of a year by date, from 소한 to 동지', () => {
    const terms = solarTermsInYear(2025);
    expect(terms).toHaveLength(24);
    expect(terms.map((term) => term.date)).toEqual(terms.map((term) => term.date).sort());
    expect(terms[0]).toMatchObject({
      date: '2025-01-05',
      key: 'sohan',
      name: { ko: '소한', en: 'Minor Cold' },
    });
    expect(terms[23]).toMatchObject({ key: 'dongji', name: { ko: '동지', en: 'Winter Solstice' } });
  });

  // Dates in Korea Standard Time as published by KASI.
  it.each([
    [2024, 'ipchun', '2024-02-04'],
    [2024, 'chunbun', '2024-03-20'],
    [2024, 'haji', '2024-06-21'],
    [2024, 'chubun', '2024-09-22'],
    [2024, 'dongji', '2024-12-21'],
    [2025, 'ipchun', '2025-02-03'], // 23:10 KST
    [2025, 'chunbun', '2025-03-20'],
    [2025, 'haji', '2025-06-21'],
    [2025, 'chubun', '2025-09-23'], // 03:19 KST, still the 22nd in UTC
    [2025, 'dongji', '2025-12-22'], // 00:03 KST
    [2026, 'ipchun', '2026-02-04'],
    [2026, 'dongji', '2026-12-22'],
  ])('%i %s falls on %s', (year, key, date) => {
    expect(dateOf(year, key)).toBe(date);
  });

  it('times the instant within minutes', () => {
    const ipchun = solarTermsInYear(2025).find((term) => term.key === 'ipchun')!;
    expect(Math.abs(ipchun.at.getTime() - Date.parse('2025-02-03T14:10:00Z'))).toBeLessThan(5 * 60_000);
    const solstice = solarTermsInYear(2025).find((term) => term.key === 'dongji')!;
    expect(Math.abs(solstice.at.getTime() - Date.parse('2025-12-21T15:03:00Z'))).toBeLessThan(2 * 60_000);
  });
});
