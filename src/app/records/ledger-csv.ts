// The ledger as a CSV file for spreadsheets (RFC 4180), and back. An import is all or nothing: every row is
// checked and either all entries come back or every problem does, with the line a text editor shows for it.
import { quoteCsvField, readCsv } from '../../shared/csv.js';
import { recordsText } from './copy.js';
import {
  DEFAULT_CATEGORIES,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHODS,
  fromMinorUnits,
  isLedgerCurrency,
  newEntrySchema,
  toMinorUnits,
  type LedgerErrorCode,
  type NewEntry,
} from './ledger.js';

/**
 * The columns, as the .xlsx export writes them too. A statement's time and approval number (승인번호) go out with
 * the entry, so the file imported back (here or on the import screen) finds each payment already there. `space`
 * names the shared space an entry is in (empty for the member's own); an import reads it and leaves it: what a file
 * brings in is the member's own (docs/product.md, "The app").
 */
export const CSV_COLUMNS = [
  'date',
  'time',
  'type',
  'amount',
  'currency',
  'category',
  'payment',
  'memo',
  'approval',
  'space',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** Columns a file may leave out: currency defaults to KRW, the others to empty (or absent). */
const OPTIONAL_COLUMNS: readonly CsvColumn[] = ['time', 'currency', 'payment', 'memo', 'approval', 'space'];
export const MAX_IMPORT_ROWS = 50_000;

/** Header names a file may use, compared trimmed and lower-cased, so a sheet made in Korean imports too. */
const COLUMN_NAMES = new Map<string, CsvColumn>(
  CSV_COLUMNS.flatMap((column) => [
    [column, column] as const,
    [recordsText.ko.ledger.columns[column], column] as const,
  ]),
);
const TYPE_NAMES = new Map([
  ['income', 'income'],
  ['expense', 'expense'],
  ['수입', 'income'],
  ['지출', 'expense'],
]);

/** How Korean (and English) sheets name the default categories and payment methods, lower-cased and spaceless. */
const squeeze = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '');
/** Names people write for a default category besides its labels in the app (both languages). */
const CATEGORY_SYNONYMS: Record<string, readonly string[]> = {
  salary: ['월급', '급여'],
  food: ['식사', '외식', '식료품'],
  cafe: ['카페', '간식', '커피'],
  transport: ['교통비', '대중교통'],
  housing: ['주거비', '월세', '관리비'],
  communication: ['통신비', '휴대폰'],
  health: ['의료', '병원', '약국', '건강'],
  education: ['교육비', '학원'],
  gifts: ['경조사', '선물'],
};
const PAYMENT_SYNONYMS: Record<string, readonly string[]> = {
  cash: ['현금'],
  card: ['카드', '신용카드', '체크카드'],
  transfer: ['이체', '계좌이체', '송금', 'transfer'],
  other: ['기타'],
};
function namesOf(
  keys: readonly string[],
  labels: (lang: 'ko' | 'en') => Record<string, string>,
  synonyms: Record<string, readonly string[]>,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const key of keys) {
    for (const name of [key, labels('ko')[key]!, labels('en')[key]!, ...(synonyms[key] ?? [])]) {
      names.set(squeeze(name), key);
    }
  }
  return names;
}
const CATEGORY_NAMES = {
  income: namesOf(
    DEFAULT_CATEGORIES.income,
    (lang) => recordsText[lang].ledger.categories,
    CATEGORY_SYNONYMS,
  ),
  expense: namesOf(
    DEFAULT_CATEGORIES.expense,
    (lang) => recordsText[lang].ledger.categories,
    CATEGORY_SYNONYMS,
  ),
};
// "기타" (other) is the other income or the other expense, by the row's type.
CATEGORY_NAMES.income.set('기타', 'otherIncome').set('other', 'otherIncome');
CATEGORY_NAMES.expense.set('기타', 'otherExpense').set('other', 'otherExpense');
const PAYMENT_NAMES = namesOf(
  DEFAULT_PAYMENT_METHODS,
  (lang) => recordsText[lang].ledger.payments,
  PAYMENT_SYNONYMS,
);

/** A time of day as a spreadsheet may write it back ('9:05', '09:05:00') in the ledger's HH:MM, else as written. */
function plainTime(text: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : text;
}

/** A written amount as the parser reads it: "12,000원", "₩12,000" and "12 000" are 12000. */
const plainAmount = (text: string) =>
  text
    .replace(/\s/g, '')
    .replace(/^[₩￦]/, '')
    .replace(/원$/, '');

/** An entry as an export writes it: with the name of the shared space it is in, none for the member's own. */
export type LedgerRow = NewEntry & { space?: string };

/** How an export writes its header and names: the codes (which any version reads) or Korean labels. */
export type CsvLabels = 'codes' | 'ko';

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

/**
 * The whole file: a BOM so Excel reads the Korean text as UTF-8, a header row, CRLF after every row. With Korean
 * labels, the header, the type and the default categories and payment methods are written as the app shows them
 * in Korean; an import reads either.
 */
export function formatLedgerCsv(entries: readonly LedgerRow[], labels: CsvLabels = 'codes'): string {
  const ko = recordsText.ko.ledger;
  const label = (names: Record<string, string>, key: string) =>
    labels === 'ko' && Object.hasOwn(names, key) ? names[key]! : key;
  const header = labels === 'ko' ? CSV_COLUMNS.map((column) => ko.columns[column]) : CSV_COLUMNS;
  const rows = entries.map((entry) => [
    entry.date,
    entry.time ?? '',
    label(ko.types, entry.type),
    fromMinorUnits(entry.amount, entry.currency),
    entry.currency,
    guardFormula(label(ko.categories, entry.category)),
    guardFormula(label(ko.payments, entry.payment)),
    guardFormula(entry.memo),
    guardFormula(entry.approval ?? ''),
    guardFormula(entry.space ?? ''),
  ]);
  return '\uFEFF' + [header, ...rows].map((row) => row.map(quoteCsvField).join(',') + '\r\n').join('');
}

/** The same entry, as far as a re-import can tell: every field. */
const entryKey = (entry: NewEntry) =>
  JSON.stringify([
    entry.date,
    entry.type,
    entry.amount,
    entry.currency,
    entry.category,
    entry.payment,
    entry.memo,
  ]);

/**
 * Splits imported entries into those the ledger already has and the new ones, one for one: a row found twice in
 * the file but once in the ledger is one duplicate and one new entry.
 */
export function splitDuplicates(
  imported: readonly NewEntry[],
  existing: readonly NewEntry[],
): { fresh: NewEntry[]; duplicates: NewEntry[] } {
  const left = new Map<string, number>();
  for (const entry of existing) left.set(entryKey(entry), (left.get(entryKey(entry)) ?? 0) + 1);
  const fresh: NewEntry[] = [];
  const duplicates: NewEntry[] = [];
  for (const entry of imported) {
    const key = entryKey(entry);
    const count = left.get(key) ?? 0;
    if (count > 0) {
      left.set(key, count - 1);
      duplicates.push(entry);
    } else fresh.push(entry);
  }
  return { fresh, duplicates };
}

export function parseLedgerCsv(text: string): CsvImportResult {
  // Blank lines and rows of empty cells, which spreadsheets leave behind, are not rows of the ledger.
  const [header, ...rows] = readCsv(text.startsWith('\uFEFF') ? text.slice(1) : text).filter(
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
  const amount = knownCurrency ? toMinorUnits(plainAmount(cells.amount ?? ''), currency) : undefined;
  const written = cells.type?.trim().toLowerCase() ?? '';
  const type = TYPE_NAMES.get(written) ?? written;
  const category = unguardFormula(cells.category ?? '');
  const payment = unguardFormula(cells.payment ?? '');
  const categoryNames = type === 'income' || type === 'expense' ? CATEGORY_NAMES[type] : undefined;
  const time = plainTime(cells.time?.trim() ?? '');
  const approval = unguardFormula(cells.approval?.trim() ?? '');
  const result = newEntrySchema.safeParse({
    date: cells.date?.trim(),
    type,
    amount: amount?.ok ? amount.minor : Number.NaN,
    currency,
    // A default category or payment method written by its name (식비, 카드 …) is stored as the app's own key;
    // anything else is the member's own text.
    category: categoryNames?.get(squeeze(category)) ?? category,
    payment: PAYMENT_NAMES.get(squeeze(payment)) ?? payment,
    memo: unguardFormula(cells.memo ?? ''),
    ...(time ? { time } : {}),
    ...(approval ? { approval } : {}),
  });
  if (result.success) return result.data;
  return (
    result.error.issues
      // An amount cannot be judged without knowing its currency's decimals; the currency error says enough.
      .filter((issue) => knownCurrency || issue.path[0] !== 'amount')
      .map((issue) => ({ line, column: issue.path[0] as CsvColumn, code: issue.message as LedgerErrorCode }))
  );
}
