import { describe, expect, it } from 'vitest';
import { COLUMN_ROLES } from './formats/money/mapping.js';
import {
  columnLetter,
  headerSignature,
  mappingReady,
  roleOf,
  SHOWN_ROLES,
  withRole,
} from './ColumnMapper.js';
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

  it('gives a column one role, taken from the column that held it', () => {
    const start = { account: 'card' as const, date: 0, merchant: 2, amount: 3 };
    expect(roleOf(start, 2)).toBe('merchant');
    expect(roleOf(start, 1)).toBeUndefined();
    const moved = withRole(start, 4, 'merchant');
    expect(moved).toEqual({ account: 'card', date: 0, merchant: 4, amount: 3 });
    expect(roleOf(moved, 2)).toBeUndefined();
    // A column given another role gives up its own; given none, it holds nothing.
    expect(withRole(moved, 4, 'memo')).toEqual({ account: 'card', date: 0, memo: 4, amount: 3 });
    expect(withRole(moved, 0, undefined)).toEqual({ account: 'card', merchant: 4, amount: 3 });
  });

  it('reads only with a date, money and a description', () => {
    expect(mappingReady({ account: 'card', date: 0, amount: 2, merchant: 1 })).toBe(true);
    expect(mappingReady({ account: 'bank', date: 0, withdrawal: 2, deposit: 3, merchant: 1 })).toBe(true);
    expect(mappingReady({ account: 'bank', date: 0, withdrawal: 2, merchant: 1 })).toBe(false);
    expect(mappingReady({ account: 'card', amount: 2, merchant: 1 })).toBe(false);
    expect(mappingReady({ account: 'card', date: 0, amount: 2 })).toBe(false);
  });
});
