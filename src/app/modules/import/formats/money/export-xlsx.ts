// The ledger as an .xlsx workbook: a header in the member's language, real date cells, amounts as numbers in major
// units formatted to the currency's decimals, and every other field as text, the last the name of the shared space
// an entry is in. mapping.ts knows this header (preset 'mygenie'), so the file imports back as the same entries
// (the member's own: the space column is not read back).
import * as XLSX from '@e965/xlsx';
import { recordsText } from '../../../../records/copy.js';
import { CSV_COLUMNS, type LedgerRow } from '../../../../records/ledger-csv.js';
import { currencyDigits, fromMinorUnits, type NewEntry } from '../../../../records/ledger.js';

/** The workbook's columns: the CSV's, in the same order. */
export const SHEET_COLUMNS = CSV_COLUMNS;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** The header row in a language. */
export function sheetHeader(lang: 'ko' | 'en'): string[] {
  return SHEET_COLUMNS.map((column) => recordsText[lang].ledger.columns[column]);
}

/** Days since 1899-12-30, the day number a spreadsheet's date cell holds. */
const daySerial = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 25_569;

export function exportLedgerXlsx(entries: readonly LedgerRow[], lang: 'ko' | 'en'): Uint8Array {
  const text = recordsText[lang].ledger;
  const label = (names: Record<string, string>, key: string) =>
    Object.hasOwn(names, key) ? names[key]! : key;
  const rows: XLSX.CellObject[][] = entries.map((entry) => [
    { t: 'n', v: daySerial(entry.date), z: 'yyyy-mm-dd' },
    { t: 's', v: entry.time ?? '' },
    { t: 's', v: text.types[entry.type] },
    { t: 'n', v: Number(fromMinorUnits(entry.amount, entry.currency)), z: amountFormat(entry) },
    { t: 's', v: entry.currency },
    { t: 's', v: label(text.categories, entry.category) },
    { t: 's', v: label(text.payments, entry.payment) },
    { t: 's', v: entry.memo },
    { t: 's', v: entry.approval ?? '' },
    { t: 's', v: entry.space ?? '' },
  ]);
  const header = sheetHeader(lang).map((name): XLSX.CellObject => ({ t: 's', v: name }));
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  sheet['!cols'] = [
    { wch: 12 },
    { wch: 6 },
    { wch: 8 },
    { wch: 14 },
    { wch: 6 },
    { wch: 14 },
    { wch: 14 },
    { wch: 40 },
    { wch: 14 },
    { wch: 14 },
  ];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, text.title);
  return new Uint8Array(
    XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
  );
}

const amountFormat = (entry: NewEntry) => (currencyDigits(entry.currency) === 0 ? '#,##0' : '#,##0.00');
