// The ledger as a CSV file for spreadsheets (RFC 4180), and back. An import is all or nothing: every row is
// checked and either all entries come back or every problem does, with the line a text editor shows for it.
import {
  DEFAULT_CURRENCY,
  fromMinorUnits,
  isLedgerCurrency,
  newEntrySchema,
  toMinorUnits,
  type LedgerErrorCode,
  type NewEntry,
} from './entry.js';

export const CSV_COLUMNS = ['date', 'type', 'amount', 'currency', 'category', 'payment', 'memo'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** Columns a file may leave out: currency defaults to KRW, payment and memo to empty. */
const OPTIONAL_COLUMNS: readonly CsvColumn[] = ['currency', 'payment', 'memo'];
export const MAX_IMPORT_ROWS = 50_000;

/** Header names a file may use, compared trimmed and lower-cased, so a sheet made in Korean imports too. */
const COLUMN_NAMES = new Map<string, CsvColumn>([
  ...CSV_COLUMNS.map((column) => [column, column] as const),
  ['날짜', 'date'],
  ['구분', 'type'],
  ['금액', 'amount'],
  ['통화', 'currency'],
  ['분류', 'category'],
  ['결제수단', 'payment'],
  ['메모', 'memo'],
]);
const TYPE_NAMES = new Map([
  ['income', 'income'],
  ['expense', 'expense'],
  ['수입', 'income'],
  ['지출', 'expense'],
]);

export interface CsvImportError {
  /** 1-based line in the file where the offending row (or the header) starts. */
  line: number;
  column?: CsvColumn;
  code: LedgerErrorCode;
}
export type CsvImportResult = { ok: true; entries: NewEntry[] } | { ok: false; errors: CsvImportError[] };

// A spreadsheet runs a cell starting with one of these as a formula, so exported text gets a leading
// apostrophe. Texts already starting with apostrophes before such a character get one more, which makes
// stripping exactly one on import undo the export for every text.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const guardFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const unguardFormula = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

const quoteField = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/** The whole file: a BOM so Excel reads the Korean text as UTF-8, a header row, CRLF after every row. */
export function formatLedgerCsv(entries: readonly NewEntry[]): string {
  const rows = entries.map((entry) => [
    entry.date,
    entry.type,
    fromMinorUnits(entry.amount, entry.currency),
    entry.currency,
    guardFormula(entry.category),
    guardFormula(entry.payment),
    guardFormula(entry.memo),
  ]);
  return '\uFEFF' + [CSV_COLUMNS, ...rows].map((row) => row.map(quoteField).join(',') + '\r\n').join('');
}

export function parseLedgerCsv(text: string): CsvImportResult {
  // Blank lines and rows of empty cells, which spreadsheets leave behind, are not rows of the ledger.
  const [header, ...rows] = readRecords(text.startsWith('\uFEFF') ? text.slice(1) : text).filter(
    (record) => record.unterminatedQuote || record.fields.some((field) => field.trim() !== ''),
  );
  if (!header) return { ok: false, errors: [{ line: 1, code: 'ledger/csv-empty' }] };
  if (header.unterminatedQuote) {
    return { ok: false, errors: [{ line: header.line, code: 'ledger/csv-quote' }] };
  }

  const columns = header.fields.map((name) => COLUMN_NAMES.get(name.trim().toLowerCase()));
  const headerErrors: CsvImportError[] = CSV_COLUMNS.flatMap((column) => {
    const count = columns.filter((found) => found === column).length;
    const missing = count === 0 && !OPTIONAL_COLUMNS.includes(column);
    return missing || count > 1 ? [{ line: header.line, column, code: 'ledger/csv-header' as const }] : [];
  });
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors };

  const firstRefused = rows[MAX_IMPORT_ROWS];
  if (firstRefused) return { ok: false, errors: [{ line: firstRefused.line, code: 'ledger/too-many-rows' }] };

  const entries: NewEntry[] = [];
  const errors: CsvImportError[] = [];
  for (const { line, fields, unterminatedQuote } of rows) {
    if (unterminatedQuote) errors.push({ line, code: 'ledger/csv-quote' });
    else if (fields.length !== columns.length) errors.push({ line, code: 'ledger/csv-columns' });
    else {
      const cells: Partial<Record<CsvColumn, string>> = {};
      columns.forEach((column, index) => {
        if (column) cells[column] = fields[index];
      });
      const row = readRow(cells, line);
      if (Array.isArray(row)) errors.push(...row);
      else entries.push(row);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, entries };
}

function readRow(cells: Partial<Record<CsvColumn, string>>, line: number): NewEntry | CsvImportError[] {
  const currency = cells.currency?.trim().toUpperCase() || DEFAULT_CURRENCY;
  const knownCurrency = isLedgerCurrency(currency);
  const amount = knownCurrency ? toMinorUnits(cells.amount ?? '', currency) : undefined;
  const type = cells.type?.trim().toLowerCase() ?? '';
  const result = newEntrySchema.safeParse({
    date: cells.date?.trim(),
    type: TYPE_NAMES.get(type) ?? type,
    amount: amount?.ok ? amount.minor : Number.NaN,
    currency,
    category: unguardFormula(cells.category ?? ''),
    payment: unguardFormula(cells.payment ?? ''),
    memo: unguardFormula(cells.memo ?? ''),
  });
  if (result.success) return result.data;
  return (
    result.error.issues
      // An amount cannot be judged without knowing its currency's decimals; the currency error says enough.
      .filter((issue) => knownCurrency || issue.path[0] !== 'amount')
      .map((issue) => ({ line, column: issue.path[0] as CsvColumn, code: issue.message as LedgerErrorCode }))
  );
}

interface CsvRecord {
  /** Line where the record starts; records may span lines when a quoted field holds line breaks. */
  line: number;
  fields: string[];
  unterminatedQuote: boolean;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const countLineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/** RFC 4180 records. Accepts CRLF, LF or CR line ends and a final line end; text after a closing quote is kept. */
function readRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const fieldEnd = /[,\r\n]/g;
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const record: CsvRecord = { line, fields: [], unterminatedQuote: false };
    records.push(record);
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        for (at += 1; ; at += 2) {
          const close = text.indexOf('"', at);
          const chunk = text.slice(at, close === -1 ? text.length : close);
          field += chunk;
          line += countLineBreaks(chunk);
          if (close === -1) {
            record.unterminatedQuote = true;
            at = text.length;
            break;
          }
          at = close;
          if (text[close + 1] !== '"') break;
          field += '"';
        }
        at = Math.min(at + 1, text.length);
      }
      fieldEnd.lastIndex = at;
      const end = fieldEnd.exec(text)?.index ?? text.length;
      field += text.slice(at, end);
      record.fields.push(field);
      at = end;
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (at < text.length) {
        at += text.startsWith('\r\n', at) ? 2 : 1;
        line += 1;
      }
      break;
    }
  }
  return records;
}
