import { describe, expect, it } from 'vitest';
import { ImportError } from './plan.js';
import { sniff, zipFormat } from './sniff.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ImportError ? error.code : error;
  }
  return 'no failure';
};

describe('sniff', () => {
  it('tells formats by their bytes, whatever the file is called', () => {
    expect(sniff(bytes('{"encrypted": false, "folders": [], "items": []}'))).toBe('bitwarden-json');
    expect(sniff(bytes('\uFEFF  {"encrypted": true, "passwordProtected": true}'))).toBe(
      'bitwarden-encrypted',
    );
    expect(sniff(bytes('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n'))).toBe('icalendar');
    expect(
      sniff(bytes('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<KeePassFile>\n<Meta>')),
    ).toBe('keepass-xml');
    expect(sniff(bytes('<html><head><meta charset="euc-kr"></head><body><table>'))).toBe('statement');
    expect(sniff(bytes('folder,favorite,type,name,notes,fields,reprompt,login_uri\n'))).toBe('bitwarden-csv');
    expect(sniff(bytes('"Group","Title","Username","Password","URL","Notes","TOTP"\n'))).toBe(
      'keepassxc-csv',
    );
    expect(sniff(bytes('이용일자,이용가맹점,이용금액\n2026.08.14,스타벅스,"4,500"\n'))).toBe('statement');
    expect(sniff(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBe('zip');
    expect(sniff(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('statement');
  });

  it('reads a CP949 statement header as Korean text', () => {
    // "거래일자,가맹점명" in CP949.
    const cp949 = new Uint8Array([
      0xb0, 0xc5, 0xb7, 0xa1, 0xc0, 0xcf, 0xc0, 0xda, 0x2c, 0xb0, 0xa1, 0xb8, 0xcd, 0xc1, 0xa1, 0xb8, 0xed,
    ]);
    expect(sniff(cp949)).toBe('statement');
  });

  it('refuses an empty file, a binary and XML of another kind', () => {
    expect(failure(() => sniff(new Uint8Array()))).toBe('empty');
    expect(
      failure(() => sniff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))),
    ).toBe('unsupported');
    expect(
      failure(() => sniff(bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))),
    ).toBe('unsupported');
  });
});

describe('zipFormat', () => {
  const plain = (...names: string[]) => names.map((name) => ({ name, encrypted: false }));
  it('tells zips apart by what they hold', () => {
    expect(zipFormat(plain('export.attributes', 'export.data', 'files/abc.pdf'))).toBe('1password-1pux');
    expect(zipFormat(plain('[Content_Types].xml', 'xl/workbook.xml'))).toBe('statement');
    expect(zipFormat(plain('Journal.json', '여행.json', 'photos/0a1b.jpeg'))).toBe('dayone-zip');
    expect(zipFormat(plain('2026/2026-08-14 제주.md', 'attachments/a.jpg'))).toBe('diary-markdown');
    expect(zipFormat([{ name: '뱅크샐러드_2026-08-14.xlsx', encrypted: true }])).toBe('banksalad');
  });

  it('refuses a zip of something else', () => {
    expect(failure(() => zipFormat(plain('photo.jpg', 'readme.txt')))).toBe('unsupported');
  });
});
