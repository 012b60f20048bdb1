import { describe, it, expect } from 'vitest';
import { ledgerText } from './copy.js';
import {
  categoryLabel,
  CUSTOM_CHOICE,
  draftFor,
  paymentLabel,
  keptFields,
  readDraft,
  withType,
  type EntryDraft,
} from './entry-form.js';
import { DEFAULT_CATEGORIES, DEFAULT_PAYMENT_METHODS, type NewEntry } from '../../records/ledger.js';

const lunch: NewEntry = {
  date: '2024-03-15',
  type: 'expense',
  amount: 12000,
  currency: 'KRW',
  category: 'food',
  payment: 'card',
  memo: '김밥',
};
const filled = (changes: Partial<EntryDraft>): EntryDraft => ({
  ...draftFor(lunch, '2024-05-01'),
  ...changes,
});

describe('draftFor', () => {
  it('starts a new entry today as a KRW expense with nothing chosen', () => {
    expect(draftFor(undefined, '2024-05-01')).toMatchObject({
      date: '2024-05-01',
      type: 'expense',
      amount: '',
      currency: 'KRW',
      categoryChoice: '',
      paymentChoice: '',
    });
  });

  it('reads back every entry it writes, defaults and own words alike', () => {
    const entries: NewEntry[] = [
      lunch,
      { ...lunch, amount: 350, currency: 'USD', category: '반려동물', payment: '포인트', memo: '' },
      { ...lunch, type: 'income', category: 'salary', payment: '' },
      { ...lunch, type: 'income', category: 'food', payment: 'other' },
    ];
    for (const entry of entries) {
      expect(readDraft(draftFor(entry, '2024-05-01'))).toEqual({ ok: true, entry });
    }
    expect(draftFor(entries[1], '2024-05-01')).toMatchObject({
      amount: '3.50',
      categoryChoice: CUSTOM_CHOICE,
      customCategory: '반려동물',
      paymentChoice: CUSTOM_CHOICE,
      customPayment: '포인트',
    });
  });
});

describe('withType', () => {
  it('drops a default category of the other type but keeps one of the user’s own', () => {
    expect(withType(filled({}), 'income').categoryChoice).toBe('');
    expect(withType(filled({ categoryChoice: CUSTOM_CHOICE }), 'income').categoryChoice).toBe(CUSTOM_CHOICE);
    expect(withType(filled({ type: 'income', categoryChoice: 'salary' }), 'income').categoryChoice).toBe(
      'salary',
    );
  });
});

describe('readDraft', () => {
  it('parses the amount in the chosen currency and trims category and payment', () => {
    const result = readDraft(
      filled({
        amount: '1,234.5',
        currency: 'USD',
        categoryChoice: CUSTOM_CHOICE,
        customCategory: ' 책 ',
        paymentChoice: CUSTOM_CHOICE,
        customPayment: ' 상품권 ',
      }),
    );
    expect(result).toEqual({
      ok: true,
      entry: { ...lunch, amount: 123450, currency: 'USD', category: '책', payment: '상품권' },
    });
  });

  it('answers every bad field at once with its code', () => {
    expect(
      readDraft(filled({ date: '2024-02-30', amount: '12.5', categoryChoice: '', memo: 'm'.repeat(501) })),
    ).toEqual({
      ok: false,
      problems: {
        date: 'ledger/invalid-date',
        amount: 'ledger/invalid-amount',
        category: 'ledger/invalid-category',
        memo: 'ledger/field-too-long',
      },
    });
  });

  it('refuses zero, empty, too large and loosely written amounts', () => {
    for (const amount of ['', '0', '-5', '10,000,000,000,001', '3,50', 'abc']) {
      expect(readDraft(filled({ amount })), amount).toEqual({
        ok: false,
        problems: { amount: 'ledger/invalid-amount' },
      });
    }
  });

  it('asks for a name when "custom" is chosen but left blank', () => {
    expect(readDraft(filled({ categoryChoice: CUSTOM_CHOICE, customCategory: '  ' }))).toEqual({
      ok: false,
      problems: { category: 'ledger/invalid-category' },
    });
    expect(readDraft(filled({ paymentChoice: CUSTOM_CHOICE, customPayment: 'p'.repeat(41) }))).toEqual({
      ok: false,
      problems: { payment: 'ledger/field-too-long' },
    });
  });
});

describe('labels', () => {
  it('translates every default key and shows anything else as typed', () => {
    for (const lang of ['ko', 'en'] as const) {
      const text = ledgerText[lang];
      for (const key of [...DEFAULT_CATEGORIES.income, ...DEFAULT_CATEGORIES.expense]) {
        expect(categoryLabel(key, text)).not.toBe(key);
      }
      for (const key of DEFAULT_PAYMENT_METHODS) expect(paymentLabel(key, text)).not.toBe(key);
    }
    expect(categoryLabel('food', ledgerText.ko)).toBe('식비');
    expect(categoryLabel('반려동물', ledgerText.en)).toBe('반려동물');
    expect(categoryLabel('toString', ledgerText.en)).toBe('toString');
    expect(paymentLabel('transfer', ledgerText.en)).toBe('Bank transfer');
  });
});

describe('keptFields', () => {
  it("keeps an imported payment's time and approval number through an edit, and adds nothing to others", () => {
    const imported: NewEntry = {
      date: '2026-08-14',
      type: 'expense',
      amount: 4500,
      currency: 'KRW',
      category: 'cafe',
      payment: 'card',
      memo: '스타벅스 강남점',
      time: '20:32',
      approval: '30012345',
    };
    expect(keptFields(imported)).toEqual({ time: '20:32', approval: '30012345' });
    expect(keptFields({ ...imported, time: undefined, approval: undefined })).toEqual({});
    expect(keptFields(undefined)).toEqual({});
  });

  it('keeps the space a restored entry came from, so an edit still says "from 우리집"', () => {
    const restored: NewEntry = {
      date: '2026-11-02',
      type: 'expense',
      amount: 820000,
      currency: 'KRW',
      category: 'housing',
      payment: '',
      memo: '',
      fromSpace: '우리집',
    };
    expect(keptFields(restored)).toEqual({ fromSpace: '우리집' });
  });
});
