// A statement file as rows of text, whatever it is underneath, told by its bytes and never by its name: an .xlsx, an
// .xls (BIFF), an .xlsx saved with a password (ECMA-376 Agile), an HTML table saved as "xls", or CSV/TSV text in
// UTF-8, UTF-16 or CP949.
//
// Cells read as the member sees them in the spreadsheet, with two exceptions that keep values exact: a real date
// or time cell reads as ISO (2026-08-14, 2026-08-14 20:32:16, 20:32:16), and a number in the General format reads
// as its plain value (a 12-digit approval number stays whole, where General would show 1.23457E+11). A number with a
// format reads as shown (39,000 · ₩39,000 · 00123456). Text cells read as written, without trimming.
import * as XLSX from '@e965/xlsx';
import { readCsv } from '../../../../../shared/csv.js';
import { ImportError, MAX_IMPORT_ITEMS, type ImportOptions } from '../../plan.js';
import { findHeader, type Sheet } from './mapping.js';
import { decryptOfficePackage } from './office-crypto.js';
import { openZip } from '../zip.js';

export type { Sheet };

/** Title rows, a header and totals around the most rows an import takes. */
const MAX_SHEET_ROWS = MAX_IMPORT_ITEMS + 1_000;

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, i) => bytes[i] === byte);

/** The sheet holding the statement: the first whose header can be told, else the one with the most rows. */
export async function readSheet(bytes: Uint8Array, options: ImportOptions = {}): Promise<Sheet> {
  const sheets = await readWorkbook(bytes, options);
  const withHeader = sheets.find((sheet) => findHeader(sheet) !== null);
  if (withHeader) return withHeader;
  const filled = (sheet: Sheet) => sheet.rows.filter((row) => row.some((cell) => cell.trim())).length;
  const fullest = sheets.reduce<Sheet | undefined>(
    (best, sheet) => (!best || filled(sheet) > filled(best) ? sheet : best),
    undefined,
  );
  if (!fullest || filled(fullest) === 0) throw new ImportError('empty');
  return fullest;
}

/** Every worksheet of the file (a CSV or an HTML page is one). */
export async function readWorkbook(bytes: Uint8Array, options: ImportOptions = {}): Promise<Sheet[]> {
  if (bytes.length === 0) throw new ImportError('empty');
  options.progress?.(0);
  let sheets: Sheet[];
  if (startsWith(bytes, [0x50, 0x4b])) sheets = await readZipped(bytes);
  else if (startsWith(bytes, CFB_MAGIC)) sheets = await readCompound(bytes, options);
  else if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw new ImportError('unsupported');
  else sheets = readText(decodeText(bytes));
  if (sheets.some((sheet) => sheet.rows.length >= MAX_SHEET_ROWS)) throw new ImportError('too-large');
  options.progress?.(0.5);
  return sheets;
}

async function readZipped(bytes: Uint8Array): Promise<Sheet[]> {
  // SheetJS unpacks without a limit: the zip is first unpacked into a budget, counted and dropped.
  const zip = await openZip(bytes);
  if (!zip.names.some((name) => /^xl\/workbook\d*\.(xml|bin)$/i.test(name)))
    throw new ImportError('unsupported');
  await zip.check();
  return fromWorkbook(() =>
    XLSX.read(bytes, { type: 'array', dense: true, cellNF: true, sheetRows: MAX_SHEET_ROWS }),
  );
}

async function readCompound(bytes: Uint8Array, options: ImportOptions): Promise<Sheet[]> {
  let container: { FileIndex: { name: string; content?: ArrayLike<number> }[] };
  try {
    container = XLSX.CFB.read(bytes, { type: 'buffer' });
  } catch {
    throw new ImportError('damaged');
  }
  const stream = (name: string) => {
    const entry = XLSX.CFB.find(container, name) as { content?: ArrayLike<number> } | null;
    return entry?.content ? Uint8Array.from(entry.content) : undefined;
  };
  const encryptionInfo = stream('/EncryptionInfo');
  const encryptedPackage = stream('/EncryptedPackage');
  if (encryptionInfo && encryptedPackage) {
    if (!options.password) throw new ImportError('needs-password');
    const zipped = await decryptOfficePackage(encryptionInfo, encryptedPackage, options.password);
    if (!startsWith(zipped, [0x50, 0x4b])) throw new ImportError('damaged');
    return readZipped(zipped);
  }
  if (!stream('/Workbook') && !stream('/Book')) throw new ImportError('unsupported');
  return fromWorkbook(() =>
    XLSX.read(bytes, { type: 'array', dense: true, cellNF: true, sheetRows: MAX_SHEET_ROWS }),
  );
}

function fromWorkbook(read: () => XLSX.WorkBook): Sheet[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = read();
  } catch (error) {
    // An .xls with a FILEPASS record (RC4 or XOR obfuscation): only Excel's own password prompt opens it.
    if (error instanceof Error && /password|encrypt/i.test(error.message))
      throw new ImportError('encrypted-office');
    throw new ImportError('damaged');
  }
  return workbook.SheetNames.map((name) => ({ name, rows: rowsOf(workbook.Sheets[name]!) }));
}

function rowsOf(sheet: XLSX.WorkSheet): string[][] {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: string[][] = [];
  for (let r = 0; r < data.length; r += 1) {
    const cells = data[r];
    const row: string[] = [];
    if (cells) for (let c = 0; c < cells.length; c += 1) row.push(cells[c] ? cellText(cells[c]!) : '');
    while (row.length > 0 && row[row.length - 1] === '') row.pop();
    rows.push(row);
  }
  return rows;
}

const pad = (value: number) => String(value).padStart(2, '0');

function cellText(cell: XLSX.CellObject): string {
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'n': {
      const value = cell.v as number;
      const format = typeof cell.z === 'string' ? cell.z : undefined;
      if (format && XLSX.SSF.is_date(format)) return isoMoment(value) ?? cell.w ?? String(value);
      if (!format || format === 'General') return String(value);
      return cell.w ?? String(value);
    }
    case 'd':
      return cell.v instanceof Date
        ? cell.v.toISOString().slice(0, 19).replace('T', ' ')
        : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '';
    default:
      return '';
  }
}

/** A date cell's day number as ISO: the date, the date and time, or the time alone for a day fraction. */
function isoMoment(serial: number): string | undefined {
  const parts = XLSX.SSF.parse_date_code(serial) as
    { y: number; m: number; d: number; H: number; M: number; S: number } | undefined;
  if (!parts) return undefined;
  const time = `${pad(parts.H)}:${pad(parts.M)}:${pad(parts.S)}`;
  if (serial < 1) return time;
  const date = `${String(parts.y).padStart(4, '0')}-${pad(parts.m)}-${pad(parts.d)}`;
  return time === '00:00:00' ? date : `${date} ${time}`;
}

const decoder = (label: string, fatal: boolean) => {
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return undefined;
  }
};

/** UTF-16 by its BOM; else UTF-8 when the bytes are valid UTF-8; else CP949 (EUC-KR), which Korean banks still write. */
function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  if (body.subarray(0, 4096).includes(0)) throw new ImportError('unsupported');
  const declared = declaredCharset(body);
  const attempts = [declared, 'utf-8', 'euc-kr'].filter((label): label is string => Boolean(label));
  for (const label of attempts) {
    try {
      const text = decoder(label, true)?.decode(body);
      if (text !== undefined) return text;
    } catch {
      // Not this encoding; the next one.
    }
  }
  throw new ImportError('damaged');
}

/** An HTML page's `<meta charset>` or `content="text/html; charset=…"`, read from its first bytes. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  if (!/^\s*</.test(head)) return undefined;
  return /<meta[^>]*charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1]?.toLowerCase();
}

function readText(text: string): Sheet[] {
  if (/^\s*</.test(text)) {
    // An HTML table saved as "xls" (or an Excel 2003 XML sheet); raw keeps 00123456 and 2026.08.14 as written.
    return fromWorkbook(() =>
      XLSX.read(text, { type: 'string', raw: true, dense: true, sheetRows: MAX_SHEET_ROWS }),
    );
  }
  const lines = text.split(/\r\n|\r|\n/, 20).filter((line) => line.trim());
  const tabs = lines.filter((line) => line.includes('\t')).length;
  const commas = lines.filter((line) => line.includes(',')).length;
  if (tabs > 0 && tabs >= commas) return [{ rows: readTsv(text) }];
  const records = readCsv(text);
  const open = records.find((record) => record.unterminatedQuote);
  if (open) throw new ImportError('damaged', open.line);
  const rows = records.map((record) =>
    record.fields.length === 1 && record.fields[0] === '' ? [] : record.fields,
  );
  return [{ rows }];
}

/** Tab-separated text as spreadsheets save it: a field holding a tab, quote or line break is quoted. */
function readTsv(text: string): string[][] {
  const rows: string[][] = [];
  const fieldEnd = /[\t\r\n]/g;
  let row: string[] = [];
  let at = 0;
  while (at <= text.length) {
    let field = '';
    if (text[at] === '"') {
      let close = at;
      for (;;) {
        close = text.indexOf('"', close + 1);
        if (close === -1) throw new ImportError('damaged', rows.length + 1);
        if (text[close + 1] !== '"') break;
        close += 1;
      }
      field = text.slice(at + 1, close).replaceAll('""', '"');
      at = close + 1;
    }
    fieldEnd.lastIndex = at;
    const stop = fieldEnd.exec(text)?.index ?? text.length;
    field += text.slice(at, stop);
    row.push(field);
    at = stop;
    if (text[at] === '\t') {
      at += 1;
      continue;
    }
    rows.push(row.length === 1 && row[0] === '' ? [] : row);
    row = [];
    if (at >= text.length) break;
    at += text.startsWith('\r\n', at) ? 2 : 1;
    if (at >= text.length) break;
  }
  return rows;
}
