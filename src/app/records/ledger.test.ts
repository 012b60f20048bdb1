import { describe, it, expect } from 'vitest';
import {
  currencyDigits,
  DEFAULT_CATEGORIES,
  fromMinorUnits,
  isCalendarDate,
  ledgerEntrySchema,
  newEntrySchema,
  toMinorUnits,
} from './ledger.js';

const lunch = { id: 'e1', date: '2024-03-15', type: 'expense', amount: 12000, category: 'food' };
const codesOf = (input: object) => {
  const result = ledgerEntrySchema.safeParse({ ...lunch, ...input });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message]);
};

describe('currencyDigits', () => {
  it('knows the minor unit of every supported currency', () => {
    expect(['KRW', 'USD', 'JPY', 'EUR', 'CNY'].map((c) => currencyDigits(c as 'KRW'))).toEqual([
      0, 2, 0, 2, 2,
    ]);
  });
});

describe('isCalendarDate', () => {
  it('accepts real dates from 1900 through 2100, leap days included', () => {
    for (const date of ['1900-01-01', '2024-02-29', '2000-02-29', '2100-12-31']) {
      expect(isCalendarDate(date), date).toBe(true);
    }
  });
  it('refuses impossible, out-of-range and loosely written dates', () => {
    for (const date of ['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '1899-12-31']) {
      expect(isCalendarDate(date), date).toBe(false);
    }
    for (const date of ['2101-01-01', '2024-3-15', '2024/03/15', ' 2024-03-15', '20240315', '']) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });
});

describe('ledgerEntrySchema', () => {
  it('keeps the space a restored entry came from, and reads entries without one as before', () => {
    expect(ledgerEntrySchema.parse({ ...lunch, fromSpace: '우리집' }).fromSpace).toBe('우리집');
    expect(ledgerEntrySchema.parse(lunch)).not.toHaveProperty('fromSpace');
    expect(codesOf({ fromSpace: 7 })).toEqual([['fromSpace', 'ledger/field-too-long']]);
  });

  it('fills currency, payment and memo defaults and trims category and payment', () => {
    expect(ledgerEntrySchema.parse({ ...lunch, category: '  food ', payment: ' card ' })).toEqual({
      ...lunch,
      currency: 'KRW',
      payment: 'card',
      memo: '',
    });
  });

  it('answers each bad field with its ledger error code', () => {
    expect(codesOf({ date: '2024-02-30' })).toEqual([['date', 'ledger/invalid-date']]);
    expect(codesOf({ type: 'refund' })).toEqual([['type', 'ledger/invalid-type']]);
    expect(codesOf({ currency: 'GBP' })).toEqual([['currency', 'ledger/invalid-currency']]);
    expect(codesOf({ category: '   ' })).toEqual([['category', 'ledger/invalid-category']]);
    expect(codesOf({ category: 'x'.repeat(41) })).toEqual([['category', 'ledger/field-too-long']]);
    expect(codesOf({ payment: 'x'.repeat(41) })).toEqual([['payment', 'ledger/field-too-long']]);
    expect(codesOf({ memo: 'x'.repeat(501) })).toEqual([['memo', 'ledger/field-too-long']]);
    for (const amount of [0, -5, 1.5, 1e13 + 1, Number.NaN, '12000']) {
      expect(codesOf({ amount }), String(amount)).toEqual([['amount', 'ledger/invalid-amount']]);
    }
  });

  it('accepts the limits themselves', () => {
    const longest = {
      amount: 1e13,
      category: 'x'.repeat(40),
      payment: 'y'.repeat(40),
      memo: 'z'.repeat(500),
    };
    expect(codesOf(longest)).toEqual([]);
  });

  it('leaves time and approval absent unless given, so older entries read as before', () => {
    const parsed = ledgerEntrySchema.parse(lunch);
    expect('time' in parsed).toBe(false);
    expect('approval' in parsed).toBe(false);
  });

  it("keeps a statement's time and trimmed approval number", () => {
    expect(ledgerEntrySchema.parse({ ...lunch, time: '20:32', approval: ' 30012345 ' })).toMatchObject({
      time: '20:32',
      approval: '30012345',
    });
    expect(codesOf({ time: '00:00', approval: '9'.repeat(40) })).toEqual([]);
  });

  it('refuses a time that is not 24-hour HH:MM and an approval number over 40 characters', () => {
    for (const time of ['24:00', '8:32', '20:60', '20:32:16', '오후 8:32', '']) {
      expect(codesOf({ time }), time).toEqual([['time', 'ledger/invalid-time']]);
    }
    expect(codesOf({ approval: '1'.repeat(41) })).toEqual([['approval', 'ledger/field-too-long']]);
  });

  it('takes entries without an id as new entries', () => {
    const { id: _id, ...draft } = lunch;
    expect(newEntrySchema.safeParse(draft).success).toBe(true);
    expect(ledgerEntrySchema.safeParse(draft).success).toBe(false);
  });

  it('offers default category keys for each type', () => {
    expect(DEFAULT_CATEGORIES.income).toContain('salary');
    expect(DEFAULT_CATEGORIES.expense).toContain('otherExpense');
  });
});

describe('toMinorUnits', () => {
  it('reads typed amounts exactly, with thousands commas and spaces', () => {
    expect(toMinorUnits('12,000.50', 'USD')).toEqual({ ok: true, minor: 1200050 });
    expect(toMinorUnits('12,000', 'KRW')).toEqual({ ok: true, minor: 12000 });
    expect(toMinorUnits(' 1 234 567 ', 'JPY')).toEqual({ ok: true, minor: 1234567 });
    expect(toMinorUnits('3.5', 'EUR')).toEqual({ ok: true, minor: 350 });
    expect(toMinorUnits('0.29', 'USD')).toEqual({ ok: true, minor: 29 });
    expect(toMinorUnits('1.005', 'USD')).toEqual({ ok: false, code: 'ledger/invalid-amount' });
  });

  it('does not misround where floating point would', () => {
    // 0.29 * 100 and 1.1 * 100 are not whole numbers in binary floating point.
    expect(toMinorUnits('1.10', 'USD')).toEqual({ ok: true, minor: 110 });
    expect(toMinorUnits('90,071,992,547,409.91', 'USD')).toEqual({ ok: true, minor: 9007199254740991 });
    expect(toMinorUnits('90071992547409.92', 'USD').ok).toBe(false);
  });

  it('refuses more decimals than the currency has, unless they are zeros', () => {
    expect(toMinorUnits('12000.5', 'KRW').ok).toBe(false);
    expect(toMinorUnits('3.505', 'USD').ok).toBe(false);
    expect(toMinorUnits('12000.00', 'KRW')).toEqual({ ok: true, minor: 12000 });
  });

  it('refuses anything that is not a plain positive decimal', () => {
    for (const text of [
      '',
      '-5',
      '+5',
      '1e3',
      '12.',
      '.5',
      'abc',
      '3,50',
      '1,0000',
      '12,000,00',
      '₩1000',
      '0x10',
    ]) {
      expect(toMinorUnits(text, 'USD').ok, text).toBe(false);
    }
  });
});

describe('fromMinorUnits', () => {
  it('writes minor units back as major-unit decimals', () => {
    expect(fromMinorUnits(12000, 'KRW')).toBe('12000');
    expect(fromMinorUnits(350, 'USD')).toBe('3.50');
    expect(fromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(0, 'USD')).toBe('0.00');
    expect(fromMinorUnits(-1205, 'USD')).toBe('-12.05');
    expect(fromMinorUnits(123456789012345678901n, 'USD')).toBe('1234567890123456789.01');
  });

  it('is undone by toMinorUnits', () => {
    for (const minor of [1, 99, 100, 101, 1e13, 9007199254740991]) {
      for (const currency of ['KRW', 'USD'] as const) {
        expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toEqual({ ok: true, minor });
      }
    }
  });
});
