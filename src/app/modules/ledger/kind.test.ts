// How search names a ledger entry: by its merchant (the memo), with the category and payment in the member's
// language beside the date and amount.
import { describe, expect, it } from 'vitest';
import { mediumDate } from '../../records/values.js';
import { ledgerKind } from './kind.js';
import { formatMoney } from './model/format.js';

const coffee = {
  date: '2026-04-11',
  type: 'expense',
  amount: 6500,
  currency: 'KRW',
  category: 'cafe',
  payment: 'card',
  memo: '스타벅스강남점 아이스 아메리카노',
};
const pet = { ...coffee, amount: 32000, category: '반려동물', payment: '토스페이', memo: '' };
const { label } = ledgerKind.search;

describe('a ledger entry as a search result', () => {
  it('is titled by its merchant, the rest of its line in Korean', () => {
    expect(label(coffee, 'ko')).toEqual({
      title: '스타벅스강남점 아이스 아메리카노',
      meta: ['카페·간식', '카드', mediumDate(coffee.date, 'ko'), formatMoney(6500, 'KRW', 'ko')].join(' · '),
    });
  });

  it('is titled by its merchant, the rest of its line in English', () => {
    expect(label(coffee, 'en')).toEqual({
      title: '스타벅스강남점 아이스 아메리카노',
      meta: ['Cafés & snacks', 'Card', mediumDate(coffee.date, 'en'), formatMoney(6500, 'KRW', 'en')].join(
        ' · ',
      ),
    });
  });

  it("is titled by its category when it names no merchant, and by a memo's first line", () => {
    expect(label(pet, 'en')).toEqual({
      title: '반려동물',
      meta: ['토스페이', mediumDate(pet.date, 'en'), formatMoney(32000, 'KRW', 'en')].join(' · '),
    });
    expect(label({ ...coffee, memo: '이마트 성수점\n장보기' }, 'ko').title).toBe('이마트 성수점');
  });
});
