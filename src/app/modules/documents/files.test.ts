import { describe, expect, it } from 'vitest';
import {
  decodeText,
  extensionOf,
  MAX_DOCUMENT_BYTES,
  nameMatches,
  previewOf,
  sortNewestFirst,
  typeLabel,
} from './files.js';

describe('MAX_DOCUMENT_BYTES', () => {
  it('is 2 GiB', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(2_147_483_648);
  });
});

describe('extensionOf', () => {
  it('gives the last extension in lower case, and nothing for dot files or names without one', () => {
    expect(extensionOf('Scan.2024.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('odd.')).toBe('');
  });
});

describe('previewOf', () => {
  it('shows images the browser can draw, by type or, when the type is missing, by extension', () => {
    expect(previewOf({ name: 'a.png', type: 'image/png' })).toEqual({ kind: 'image', mime: 'image/png' });
    expect(previewOf({ name: 'photo', type: 'image/jpeg' })).toEqual({ kind: 'image', mime: 'image/jpeg' });
    expect(previewOf({ name: 'logo.svg', type: '' })).toEqual({ kind: 'image', mime: 'image/svg+xml' });
    expect(previewOf({ name: 'x.webp', type: 'application/octet-stream' })).toEqual({
      kind: 'image',
      mime: 'image/webp',
    });
  });
  it('does not try to draw images browsers cannot show', () => {
    expect(previewOf({ name: 'IMG_0001.HEIC', type: 'image/heic' })).toEqual({ kind: 'none' });
    expect(previewOf({ name: 'scan.tiff', type: 'image/tiff' })).toEqual({ kind: 'none' });
  });
  it('shows PDFs by type or by extension, always as application/pdf', () => {
    expect(previewOf({ name: 'contract.pdf', type: 'application/pdf' })).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
    });
    expect(previewOf({ name: 'contract.PDF', type: '' })).toEqual({ kind: 'pdf', mime: 'application/pdf' });
  });
  it('shows text files, including the ones browsers label oddly', () => {
    for (const meta of [
      { name: 'notes.txt', type: 'text/plain' },
      { name: 'README.md', type: '' },
      { name: 'bank.csv', type: 'application/vnd.ms-excel' },
      { name: 'data.json', type: 'application/json' },
      { name: 'page', type: 'text/html' },
    ]) {
      expect(previewOf(meta), meta.name).toEqual({ kind: 'text' });
    }
  });
  it('offers no preview for other files', () => {
    expect(previewOf({ name: 'report.docx', type: 'application/vnd.openxmlformats' })).toEqual({
      kind: 'none',
    });
    expect(previewOf({ name: 'archive.zip', type: 'application/zip' })).toEqual({ kind: 'none' });
    expect(previewOf({ name: 'unknown', type: '' })).toEqual({ kind: 'none' });
  });
});

describe('typeLabel', () => {
  it('prefers a short extension, then the media type', () => {
    expect(typeLabel({ name: 'report.docx', type: 'application/vnd.openxml' })).toBe('DOCX');
    expect(typeLabel({ name: 'photo', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(typeLabel({ name: 'blob', type: '' })).toBe('');
  });
});

describe('sortNewestFirst', () => {
  it('puts the most recently added document first without changing the input', () => {
    const entries = [1, 3, 2].map((addedAt) => ({ id: String(addedAt), value: { addedAt } }));
    expect(sortNewestFirst(entries).map((entry) => entry.id)).toEqual(['3', '2', '1']);
    expect(entries.map((entry) => entry.id)).toEqual(['1', '3', '2']);
  });
});

describe('nameMatches', () => {
  it('matches every word of the search anywhere in the name, ignoring case', () => {
    expect(nameMatches('2024 Tax Return.pdf', 'tax 2024')).toBe(true);
    expect(nameMatches('2024 Tax Return.pdf', 'TAX')).toBe(true);
    expect(nameMatches('2024 Tax Return.pdf', 'tax 2023')).toBe(false);
    expect(nameMatches('anything', '   ')).toBe(true);
  });
  it('matches Korean names written in either Unicode form', () => {
    const decomposed = '계약서'.normalize('NFD');
    expect(nameMatches(`${decomposed}.pdf`, '계약')).toBe(true);
  });
});

describe('decodeText', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  it('reads UTF-8, dropping a byte order mark', () => {
    expect(decodeText(utf8('안녕하세요\nhello'))).toBe('안녕하세요\nhello');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('a,b')]))).toBe('a,b');
  });
  it('reads EUC-KR files saved by older Korean software', () => {
    // '한글' in EUC-KR.
    expect(decodeText(new Uint8Array([0xc7, 0xd1, 0xb1, 0xdb]))).toBe('한글');
  });
  it('reads UTF-16 with a byte order mark', () => {
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]))).toBe('AB');
    expect(decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00, 0x42]))).toBe('AB');
  });
  it('refuses binary content instead of showing garbage', () => {
    expect(
      decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00])),
    ).toBeNull();
    expect(decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBeNull();
  });
  it('keeps tabs and line breaks', () => {
    expect(decodeText(utf8('a\tb\r\nc'))).toBe('a\tb\r\nc');
  });
});
