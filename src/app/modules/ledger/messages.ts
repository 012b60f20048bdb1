// What a ledger error code means to the person who met it: in the entry form, about the field they typed; in
// a CSV import, about a line of their file.
import type { Language } from '../../../shared/constants.js';
import { fill } from '../../../client/text.js';
import { plural } from '../../../shared/plural.js';
import type { LedgerCopy } from './copy.js';
import type { CsvColumn, CsvImportError } from '../../records/ledger-csv.js';
import { MAX_IMPORT_ROWS } from '../../records/ledger-csv.js';
import {
  currencyDigits,
  LEDGER_CURRENCIES,
  MAX_AMOUNT,
  MAX_APPROVAL_LENGTH,
  MAX_CATEGORY_LENGTH,
  MAX_MEMO_LENGTH,
  MAX_PAYMENT_LENGTH,
  type LedgerCurrency,
  type LedgerErrorCode,
} from '../../records/ledger.js';
import { formatMoney } from './model/format.js';
import { localeOf } from '../../../shared/text.js';

const MAX_LENGTH: Partial<Record<CsvColumn, number>> = {
  category: MAX_CATEGORY_LENGTH,
  payment: MAX_PAYMENT_LENGTH,
  memo: MAX_MEMO_LENGTH,
  approval: MAX_APPROVAL_LENGTH,
};

const formatCount = (count: number, lang: Language) => new Intl.NumberFormat(localeOf(lang)).format(count);

/** The message under a form field for the code newEntrySchema or toMinorUnits gave it. */
export function entryProblem(
  code: LedgerErrorCode,
  field: CsvColumn,
  currency: LedgerCurrency,
  text: LedgerCopy,
  lang: Language,
): string {
  switch (code) {
    case 'ledger/invalid-date':
      return text.problems.date;
    case 'ledger/invalid-type':
      return text.problems.type;
    case 'ledger/invalid-amount': {
      const digits = currencyDigits(currency);
      const max = formatMoney(MAX_AMOUNT, currency, lang);
      return fill(digits === 0 ? text.problems.amountWhole : text.problems.amountDecimal, { digits, max });
    }
    case 'ledger/invalid-currency':
      return text.problems.currency;
    case 'ledger/invalid-category':
      return text.problems.category;
    case 'ledger/field-too-long':
      return fill(text.problems.tooLong, { max: formatCount(MAX_LENGTH[field] ?? MAX_MEMO_LENGTH, lang) });
    default:
      return text.problems.other;
  }
}

/**
 * What a CSV import asks when the ledger already has some of the file's entries: how many the file holds, then how
 * many of them are already there, each counted in its own words ("1 of them is", "3 of them are").
 */
export function duplicatesMessage(
  text: LedgerCopy,
  lang: Language,
  name: string,
  entries: number,
  duplicates: number,
): string {
  const already = duplicates === entries ? text.csv.allAlready : text.csv.someAlready;
  return `${plural(text.csv.found, entries, lang, { name })}\n${plural(already, duplicates, lang)}`;
}

/** One problem of a refused import: 'line 4 (date): The date must be …'. */
export function csvProblem(error: CsvImportError, text: LedgerCopy, lang: Language): string {
  const column = error.column ? text.columns[error.column] : '';
  const words = text.errors[error.code];
  // A limit is a count: its words follow it ("at most 40 characters").
  const limit =
    error.code === 'ledger/too-many-rows'
      ? MAX_IMPORT_ROWS
      : (MAX_LENGTH[error.column ?? 'memo'] ?? MAX_MEMO_LENGTH);
  const values = { column, currencies: LEDGER_CURRENCIES.join(', ') };
  const message = typeof words === 'string' ? fill(words, values) : plural(words, limit, lang, values);
  const line = formatCount(error.line, lang);
  // A header problem already names its column in the message.
  return error.column && error.code !== 'ledger/csv-header'
    ? fill(text.csv.lineColumn, { line, column, message })
    : fill(text.csv.line, { line, message });
}
