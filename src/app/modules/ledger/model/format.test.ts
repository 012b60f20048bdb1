import { describe, it, expect } from 'vitest';
import { formatMoney } from './format.js';

describe('formatMoney', () => {
  it('shows won without decimals and dollars with cents, per language', () => {
    expect(formatMoney(12000, 'KRW', 'ko')).toBe('₩12,000');
    expect(formatMoney(12000, 'KRW', 'en')).toBe('₩12,000');
    expect(formatMoney(350, 'USD', 'en')).toBe('$3.50');
    expect(formatMoney(350, 'USD', 'ko')).toBe('US$3.50');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1999, 'EUR', 'en')).toBe('€19.99');
  });

  it('shows negative balances with a minus sign', () => {
    expect(formatMoney(-1205, 'USD', 'en')).toBe('-$12.05');
  });

  it('keeps every digit of amounts beyond double precision', () => {
    expect(formatMoney(1e13, 'USD', 'en')).toBe('$100,000,000,000.00');
    expect(formatMoney(9007199254740993n, 'USD', 'en')).toBe('$90,071,992,547,409.93');
    expect(formatMoney(29, 'USD', 'en')).toBe('$0.29');
  });
});
