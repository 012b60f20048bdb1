// 뱅크샐러드's export: a zip protected by a password (ZipCrypto or AES) holding an .xlsx, whose 가계부 내역 sheet
// lists every transaction (the summary sheet beside it is not read). The .xlsx alone, opened from the zip by the
// member, is read too.
import { ImportError, type ImportOptions, type ImportPlan } from '../../plan.js';
import { guessMapping } from './mapping.js';
import { readWorkbook } from './sheet.js';
import { statementPlan } from './statement.js';
import { openZip } from '../zip.js';

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;
const isCompound = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11;

export async function importBanksalad(bytes: Uint8Array, options: ImportOptions = {}): Promise<ImportPlan> {
  const workbook = await workbookOf(bytes, options);
  // The workbook inside is not encrypted again; a password meant for the zip would only confuse its reading.
  const sheets = await readWorkbook(workbook, {
    ...options,
    password: isCompound(workbook) ? options.password : undefined,
  });
  for (const sheet of sheets) {
    const guess = guessMapping(sheet);
    if (guess?.preset === 'banksalad')
      return statementPlan(sheet, guess.mapping, options, guess.headerRow, 'banksalad');
  }
  throw new ImportError('unsupported');
}

/** The .xlsx: the file itself, or the one inside the password zip. */
async function workbookOf(bytes: Uint8Array, options: ImportOptions): Promise<Uint8Array> {
  if (isCompound(bytes)) return bytes;
  if (!isZip(bytes)) throw new ImportError(bytes.length === 0 ? 'empty' : 'unsupported');
  const zip = await openZip(bytes, options.password);
  if (zip.names.some((name) => /^xl\/workbook\.xml$/i.test(name))) return bytes;
  for (const name of zip.names.filter((entry) => /\.xlsx$/i.test(entry))) {
    const workbook = await zip.read(name);
    if (workbook.length > 0) return workbook;
  }
  throw new ImportError('unsupported');
}
