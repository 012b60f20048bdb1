// Files the money importer's tests make on the fly: workbooks written with SheetJS, compound files, zips written
// byte by byte (so their headers can lie) and a deflate stream of zeros that unpacks to hundreds of megabytes.
import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`../../fixtures/money/${name}`, import.meta.url))));

/** A workbook of one sheet (or several), as .xlsx, BIFF8 .xls or another SheetJS book type. */
export function workbookOf(
  sheets: Record<string, unknown[][]>,
  bookType: XLSX.BookType = 'xlsx',
  edit?: (sheet: XLSX.WorkSheet, name: string) => void,
): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    edit?.(sheet, name);
    XLSX.utils.book_append_sheet(workbook, sheet, name);
  }
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType, compression: true }) as ArrayBuffer);
}

/** A compound file (OLE2) holding these streams. */
export function compoundOf(streams: Record<string, Uint8Array>): Uint8Array {
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(container, name, content);
  return new Uint8Array(XLSX.CFB.write(container, { type: 'array' }) as ArrayLike<number>);
}

/** A compound file's streams by name. */
export function streamsOf(bytes: Uint8Array): Record<string, Uint8Array> {
  const container = XLSX.CFB.read(bytes, { type: 'buffer' }) as {
    FileIndex: { name: string; type: number; content?: ArrayLike<number> }[];
  };
  const streams: Record<string, Uint8Array> = {};
  for (const entry of container.FileIndex) {
    if (entry.type === 2 && entry.content) streams[entry.name] = Uint8Array.from(entry.content);
  }
  return streams;
}

/**
 * Raw deflate (RFC 1951) of `1 + 258 * matches` zero bytes, written directly: one literal zero, then matches of
 * length 258 at distance 1, 13 bits each in the fixed Huffman code, so 600 MB take 3.8 MB and no time to make.
 */
export function zeroDeflate(matches: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((3 + 8 + matches * 13 + 7) / 8) + 1);
  let bit = 0;
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i += 1, bit += 1) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  // Huffman codes go most significant bit first.
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i -= 1, bit += 1) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  put(1, 1); // last block
  put(1, 2); // fixed Huffman codes
  code(0x30, 8); // literal 0
  for (let i = 0; i < matches; i += 1) {
    code(0b11000101, 8); // length 258
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  return out;
}

/** A zip of deflated entries written by hand; `claimed` is the unpacked size its headers say (the truth or not). */
export function handmadeZip(entries: { name: string; deflated: Uint8Array; claimed: number }[]): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const { name, deflated, claimed } of entries) {
    const nameBytes = encoder.encode(name);
    const local = new Uint8Array(30 + nameBytes.length + deflated.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(18, deflated.length, true);
    lv.setUint32(22, claimed, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(deflated, 30 + nameBytes.length);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(20, deflated.length, true);
    cv.setUint32(24, claimed, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
