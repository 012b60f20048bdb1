import { describe, expect, it } from 'vitest';
import { readAmount, readDate, readTime } from './cells.js';

const TODAY = '2026-08-20';

describe('readDate', () => {
  it('reads the ways statements write a day', () => {
    for (const text of [
      '2026.08.14',
      '2026-08-14',
      '2026/08/14',
      '2026. 8. 14.',
      '2026년 8월 14일',
      '20260814',
      '26.08.14',
      ' 2026-8-14 ',
      '46248',
    ]) {
      expect(readDate(text, TODAY), text).toEqual({ date: '2026-08-14' });
    }
  });

  it('keeps the time written with the day', () => {
    for (const text of [
      '2026.08.14 20:32:16',
      '2026-08-14T20:32',
      '20260814 203216',
      '2026.08.14 오후 8:32',
      '46248.8557',
    ]) {
      expect(readDate(text, TODAY), text).toEqual({ date: '2026-08-14', time: '20:32' });
    }
    expect(readDate('2026-08-14 00:05:10', TODAY)).toEqual({ date: '2026-08-14', time: '00:05' });
    expect(readDate('2026.08.14 12:10 AM', TODAY)).toEqual({ date: '2026-08-14', time: '00:10' });
  });

  it('gives a day without a year the latest year that is not after today', () => {
    expect(readDate('08.14', TODAY)).toEqual({ date: '2026-08-14' });
    expect(readDate('0814', TODAY)).toEqual({ date: '2026-08-14' });
    expect(readDate('08.21', TODAY)).toEqual({ date: '2025-08-21' });
    // A January statement exported in December, and a December one opened in January.
    expect(readDate('01.03', '2026-12-30')).toEqual({ date: '2026-01-03' });
    expect(readDate('12/28', '2027-01-04')).toEqual({ date: '2026-12-28' });
    expect(readDate('02.29', '2026-03-01')).toEqual({ date: '2024-02-29' });
  });

  it('tells an empty cell from one it cannot read', () => {
    expect(readDate('  ', TODAY)).toBe('empty');
    for (const text of [
      '2026.02.30',
      '2026-13-01',
      '합계',
      '2026',
      '14/08/2026',
      '2026.08.14 25:00',
      '1899.12.31',
      '13.45',
    ]) {
      expect(readDate(text, TODAY), text).toBe('invalid');
    }
  });
});

describe('readTime', () => {
  it('reads a time column as HH:MM', () => {
    expect(readTime('20:32')).toBe('20:32');
    expect(readTime('20:32:16')).toBe('20:32');
    expect(readTime('203216')).toBe('20:32');
    expect(readTime('0905')).toBe('09:05');
    expect(readTime('오전 9:05')).toBe('09:05');
    expect(readTime('12:30 PM')).toBe('12:30');
    expect(readTime('0.5')).toBe('12:00');
    expect(readTime('2026-08-14 20:32:16')).toBe('20:32');
    expect(readTime('')).toBe('empty');
    for (const text of ['24:10', '20:61', '오후 13:00', 'noon']) expect(readTime(text), text).toBe('invalid');
  });
});

describe('readAmount', () => {
  it('reads won amounts as statements and spreadsheets write them', () => {
    const cases: [string, number][] = [
      ['39,000', 39000],
      ['-39,000', -39000],
      ['39,000원', 39000],
      ['39,000 원', 39000],
      ['(39,000)', -39000],
      ['₩39,000', 39000],
      ['-₩39,000', -39000],
      ['₩-39,000', -39000],
      ['△39,000', -39000],
      ['39000.00', 39000],
      ['+1,200', 1200],
      ['39,000-', -39000],
      ['0', 0],
    ];
    for (const [text, minor] of cases) expect(readAmount(text, 'KRW'), text).toBe(minor);
  });

  it('reads dollars in cents', () => {
    expect(readAmount('$12.50', 'USD')).toBe(1250);
    expect(readAmount('-1,234.5', 'USD')).toBe(-123450);
  });

  it('tells an empty cell (or an accounting dash) from one it cannot read', () => {
    expect(readAmount(' ', 'KRW')).toBe('empty');
    expect(readAmount('-', 'KRW')).toBe('empty');
    for (const text of ['39,00', '39000.5', '1e3', 'abc', '3만원', '12.345']) {
      expect(readAmount(text, text === '12.345' ? 'USD' : 'KRW'), text).toBe('invalid');
    }
  });
});
