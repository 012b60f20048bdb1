// Which importer reads a file, told from its bytes, never from its name: a statement saved as ".xls" is often an
// HTML table, a Bitwarden file may be called anything, and a zip is a 1Password export, a Day One journal, a
// 뱅크샐러드 export or an .xlsx only by what it holds.
import { ImportError, type ImportFormat } from './plan.js';

/** What the first bytes and, for a zip, the names inside say the file is. */
export type Sniffed = ImportFormat | 'zip';

const ZIP = [0x50, 0x4b];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, at) => bytes[at] === byte);

/** The start of the file as text (UTF-8 or, for a Korean CSV, CP949), without a BOM or leading blanks. */
function head(bytes: Uint8Array, length = 4096): string {
  const part = bytes.subarray(0, length);
  let text: string;
  try {
    // A multi-byte character cut at the end of the part is not a decoding failure.
    text = new TextDecoder('utf-8', { fatal: true }).decode(part, { stream: true });
  } catch {
    text = new TextDecoder('euc-kr').decode(part);
  }
  return text.replace(/^\uFEFF/, '').trimStart();
}

/** NUL and the other control characters no text file holds (tab, line breaks and form feed are text). */
const isBinaryControl = (code: number) => code <= 0x08 || (code >= 0x0e && code <= 0x1a);

const BITWARDEN_CSV = ['folder', 'favorite', 'type', 'name', 'notes', 'fields'];
const KEEPASSXC_CSV = ['group', 'title', 'username', 'password', 'url', 'notes'];

/** The CSV's first line's column names, lower-cased and unquoted. */
function csvHeader(text: string): string[] {
  const line = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  return line.split(',').map((name) => name.trim().replace(/^"|"$/g, '').toLowerCase());
}

/**
 * The format of a file that is not a zip (a zip's entries decide, see `zipFormat`), or 'zip'. Text that matches no
 * format of ours is taken for a statement (the column mapper then shows what it found); bytes that are not text
 * are refused.
 */
export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) throw new ImportError('empty');
  if (startsWith(bytes, ZIP)) return 'zip';
  if (startsWith(bytes, CFB)) return 'statement';
  const text = head(bytes);
  if (text.startsWith('{')) {
    if (/"encrypted"\s*:\s*true/.test(text)) return 'bitwarden-encrypted';
    if (/"(items|folders)"\s*:/.test(text) || /"encrypted"\s*:\s*false/.test(text)) return 'bitwarden-json';
    // Bitwarden writes `encrypted` first; a large export may put `items` past the part read.
    return 'bitwarden-json';
  }
  if (/^BEGIN:VCALENDAR/i.test(text)) return 'icalendar';
  if (text.startsWith('<')) {
    if (/<KeePassFile[\s>]/.test(text)) return 'keepass-xml';
    if (/<(html|table|meta|!doctype html)[\s>]/i.test(text)) return 'statement';
    throw new ImportError('unsupported');
  }
  // Text with a NUL or other control bytes is no CSV: an image, a database, an unknown binary.
  if ([...text.slice(0, 1024)].some((char) => isBinaryControl(char.charCodeAt(0))))
    throw new ImportError('unsupported');
  const header = csvHeader(text);
  if (BITWARDEN_CSV.every((name) => header.includes(name))) return 'bitwarden-csv';
  if (KEEPASSXC_CSV.every((name) => header.includes(name))) return 'keepassxc-csv';
  return 'statement';
}

/** A zip's format from the names of its entries (and whether they are encrypted). */
export function zipFormat(entries: ReadonlyArray<{ name: string; encrypted: boolean }>): ImportFormat {
  const names = entries.map((entry) => entry.name.replace(/\\/g, '/'));
  if (names.includes('export.data')) return '1password-1pux';
  if (names.includes('[Content_Types].xml')) return 'statement';
  if (names.some((name) => /^[^/]+\.json$/i.test(name))) return 'dayone-zip';
  if (names.some((name) => /\.md$/i.test(name))) return 'diary-markdown';
  // 뱅크샐러드 sends its workbook inside a zip with a password.
  if (entries.some((entry) => /\.xlsx$/i.test(entry.name))) return 'banksalad';
  throw new ImportError('unsupported');
}
