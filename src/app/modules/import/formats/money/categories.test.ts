import { describe, expect, it } from 'vitest';
import { categoryFromMerchant, suggestCategory, suggestPayment } from './categories.js';

describe('suggestCategory', () => {
  it('maps card 업종 and 뱅크샐러드 categories onto the ledger defaults', () => {
    const expenses: [string, string][] = [
      ['일반음식점', 'food'],
      ['커피전문점', 'cafe'],
      ['카페/간식', 'cafe'],
      ['편의점', 'shopping'],
      ['주유소', 'transport'],
      ['대중교통', 'transport'],
      ['교통/자동차', 'transport'],
      ['통신', 'communication'],
      ['병원', 'health'],
      ['약국', 'health'],
      ['학원', 'education'],
      ['온라인쇼핑', 'shopping'],
      ['주거/통신', 'housing'],
      ['경조/선물', 'gifts'],
      ['미분류', 'otherExpense'],
      ['Phone & internet', 'communication'],
      [' 식비 ', 'food'],
      ['기타 지출', 'otherExpense'],
    ];
    for (const [name, key] of expenses) expect(suggestCategory(name, 'expense'), name).toBe(key);
    expect(suggestCategory('급여', 'income')).toBe('salary');
    expect(suggestCategory('금융수입', 'income')).toBe('interest');
    expect(suggestCategory('Other income', 'income')).toBe('otherIncome');
  });

  it('gives a refund at a shop its type\'s "other", and keeps any other name as it is', () => {
    expect(suggestCategory('일반음식점', 'income')).toBe('otherIncome');
    expect(suggestCategory('급여', 'expense')).toBe('otherExpense');
    expect(suggestCategory(' 반려동물 ', 'expense')).toBe('반려동물');
    expect(suggestCategory('', 'expense')).toBe('otherExpense');
  });
});

describe('categoryFromMerchant', () => {
  it('guesses only from names that cannot mislead, and only for expenses', () => {
    expect(categoryFromMerchant('스타벅스 강남R점', 'expense')).toBe('cafe');
    expect(categoryFromMerchant('SK에너지 서초주유소', 'expense')).toBe('transport');
    expect(categoryFromMerchant('GS25 역삼점', 'expense')).toBe('shopping');
    expect(categoryFromMerchant('김영희', 'expense')).toBeUndefined();
    expect(categoryFromMerchant('스타벅스 강남R점', 'income')).toBeUndefined();
  });
});

describe('suggestPayment', () => {
  it('maps payment names onto the ledger keys and keeps card names', () => {
    expect(suggestPayment('현금')).toBe('cash');
    expect(suggestPayment('Bank transfer')).toBe('transfer');
    expect(suggestPayment('카드')).toBe('card');
    expect(suggestPayment(' 신한카드 Deep Dream ')).toBe('신한카드 Deep Dream');
  });
});
