import { describe, it, expect } from 'vitest';
import { ledgerText } from './copy.js';
import { csvProblem, duplicatesMessage, entryProblem } from './messages.js';
import { CSV_COLUMNS } from '../../records/ledger-csv.js';
import { LEDGER_ERROR_CODES } from '../../records/ledger.js';

const languages = ['ko', 'en'] as const;

describe('entryProblem', () => {
  it('has a filled message for every code, field and language', () => {
    for (const lang of languages) {
      for (const code of LEDGER_ERROR_CODES) {
        for (const field of CSV_COLUMNS) {
          const message = entryProblem(code, field, 'KRW', ledgerText[lang], lang);
          expect(message, `${lang} ${code} ${field}`).toMatch(/\S/);
          expect(message).not.toContain('{{');
        }
      }
    }
  });

  it('tells how many decimals the currency takes and the largest amount', () => {
    expect(entryProblem('ledger/invalid-amount', 'amount', 'KRW', ledgerText.en, 'en')).toBe(
      'Enter an amount above 0 without decimals (at most ₩10,000,000,000,000), for example 12,000.',
    );
    expect(entryProblem('ledger/invalid-amount', 'amount', 'USD', ledgerText.en, 'en')).toContain(
      'up to 2 decimal places (at most $100,000,000,000.00)',
    );
  });

  it('gives the length limit of the field that is too long', () => {
    expect(entryProblem('ledger/field-too-long', 'memo', 'KRW', ledgerText.ko, 'ko')).toBe(
      '500자 이하로 입력하세요.',
    );
    expect(entryProblem('ledger/field-too-long', 'category', 'KRW', ledgerText.en, 'en')).toBe(
      'Use at most 40 characters.',
    );
  });
});

describe('csvProblem', () => {
  it('has a filled message for every code in both languages', () => {
    for (const lang of languages) {
      for (const code of LEDGER_ERROR_CODES) {
        const message = csvProblem({ line: 3, column: 'memo', code }, ledgerText[lang], lang);
        expect(message).not.toContain('{{');
        expect(csvProblem({ line: 3, code }, ledgerText[lang], lang)).not.toContain('{{');
      }
    }
  });

  it('names the line and the column in the reader’s language', () => {
    expect(csvProblem({ line: 4, column: 'date', code: 'ledger/invalid-date' }, ledgerText.ko, 'ko')).toBe(
      '4행(날짜): 날짜는 1900-01-01부터 2100-12-31 사이의 YYYY-MM-DD 형식이어야 합니다.',
    );
    expect(csvProblem({ line: 9, code: 'ledger/csv-columns' }, ledgerText.en, 'en')).toBe(
      'line 9: This row has a different number of cells than the header.',
    );
    expect(csvProblem({ line: 1, column: 'type', code: 'ledger/csv-header' }, ledgerText.en, 'en')).toBe(
      'line 1: The header is missing the “type” column or has it twice.',
    );
  });

  it('fills the limits and the currencies', () => {
    expect(csvProblem({ line: 50_002, code: 'ledger/too-many-rows' }, ledgerText.en, 'en')).toBe(
      'line 50,002: At most 50,000 rows can be imported at once. Split the file and import each part.',
    );
    expect(
      csvProblem({ line: 2, column: 'currency', code: 'ledger/invalid-currency' }, ledgerText.en, 'en'),
    ).toBe('line 2 (currency): The currency must be one of KRW, USD, JPY, EUR, CNY.');
    expect(
      csvProblem({ line: 2, column: 'payment', code: 'ledger/field-too-long' }, ledgerText.ko, 'ko'),
    ).toBe('2행(결제수단): 40자를 넘을 수 없습니다.');
  });
});

describe('duplicatesMessage', () => {
  const same = '(same date, type, amount, currency, category, payment and memo)';

  it('counts the entries found and those already there each in its own words', () => {
    expect(duplicatesMessage(ledgerText.en, 'en', 'a.csv', 4, 1)).toBe(
      `Found 4 entries in a.csv.\n1 of them is already in your ledger ${same}.`,
    );
    expect(duplicatesMessage(ledgerText.en, 'en', 'a.csv', 1_200, 3)).toBe(
      `Found 1,200 entries in a.csv.\n3 of them are already in your ledger ${same}.`,
    );
    expect(duplicatesMessage(ledgerText.en, 'en', 'a.csv', 1, 1)).toBe(
      `Found 1 entry in a.csv.\nIt is already in your ledger ${same}.`,
    );
    expect(duplicatesMessage(ledgerText.en, 'en', 'a.csv', 2, 2)).toBe(
      `Found 2 entries in a.csv.\nAll of them are already in your ledger ${same}.`,
    );
  });

  it('reads right in Korean', () => {
    expect(duplicatesMessage(ledgerText.ko, 'ko', '가계부.csv', 4, 1)).toBe(
      '가계부.csv에서 4건을 찾았습니다.\n그중 1건은 이미 가계부에 있습니다(날짜, 구분, 금액, 통화, 분류, 결제수단, 메모가 모두 같음).',
    );
  });
});
