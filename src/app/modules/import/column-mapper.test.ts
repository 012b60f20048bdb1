import { describe, expect, it } from 'vitest';
import { COLUMN_ROLES } from './formats/money/mapping.js';
import { columnLetter, headerSignature, mappingReady, SHOWN_ROLES } from './ColumnMapper.js';
import { importText } from './copy.js';

describe('the column mapper', () => {
  it('offers every role of the money importer, named in both languages', () => {
    expect([...SHOWN_ROLES].sort()).toEqual([...COLUMN_ROLES].sort());
    expect(Object.keys(importText.en.mapper.roles).sort()).toEqual([...COLUMN_ROLES].sort());
  });

  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('remembers a mapping by the header, whatever its spacing or case', () => {
    expect(headerSignature(['이용 일자', 'Merchant ', '금액'])).toBe(
      headerSignature(['이용일자', 'merchant', '금액']),
    );
    expect(headerSignature(['이용일자'])).not.toBe(headerSignature(['거래일자']));
  });

  it('reads only with a date, money and a description', () => {
    expect(mappingReady({ account: 'card', date: 0, amount: 2, merchant: 1 })).toBe(true);
    expect(mappingReady({ account: 'bank', date: 0, withdrawal: 2, deposit: 3, merchant: 1 })).toBe(true);
    expect(mappingReady({ account: 'bank', date: 0, withdrawal: 2, merchant: 1 })).toBe(false);
    expect(mappingReady({ account: 'card', amount: 2, merchant: 1 })).toBe(false);
    expect(mappingReady({ account: 'card', date: 0, amount: 2 })).toBe(false);
  });
});
