import { describe, expect, it } from 'vitest';
import { readSheet, readWorkbook } from './sheet.js';
import { compoundOf, fixture, streamsOf, workbookOf } from './test-files.js';

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: { code?: string; line?: number }) => ({ code: error.code, line: error.line }),
  );

const STATEMENT = [
  ['신한카드 이용내역 2026.08'],
  [],
  ['거래일', '이용카드', '가맹점명', '금액', '이용구분', '승인번호', '매입구분', '취소상태'],
  ['2026.08.14 20:32', '본인 1234', '스타벅스 강남R점', 4500, '일시불', '00123456', '매입', ''],
];

describe('readSheet: what the bytes are, whatever the name says', () => {
  it('reads an .xlsx with rows numbered as the spreadsheet shows them', async () => {
    const sheet = await readSheet(workbookOf({ 카드이용내역: STATEMENT }));
    expect(sheet.name).toBe('카드이용내역');
    expect(sheet.rows[0]).toEqual(['신한카드 이용내역 2026.08']);
    expect(sheet.rows[1]).toEqual([]);
    expect(sheet.rows[3]).toEqual([
      '2026.08.14 20:32',
      '본인 1234',
      '스타벅스 강남R점',
      '4500',
      '일시불',
      '00123456',
      '매입',
    ]);
  });

  it('reads a BIFF8 .xls the same way', async () => {
    const sheet = await readSheet(workbookOf({ 카드이용내역: STATEMENT }, 'biff8'));
    expect(sheet.rows[3]?.slice(0, 4)).toEqual(['2026.08.14 20:32', '본인 1234', '스타벅스 강남R점', '4500']);
  });

  it('writes date cells as ISO, formatted numbers as shown and General numbers whole', async () => {
    const bytes = workbookOf({ S: [['날짜', '금액', '승인번호', '시각']] }, 'xlsx', (sheet) => {
      sheet.A2 = { t: 'n', v: 46248.85574074074, z: 'yyyy"년" m"월" d"일"' };
      sheet.B2 = { t: 'n', v: -39000, z: '#,##0"원"' };
      sheet.C2 = { t: 'n', v: 123456789012 };
      sheet.D2 = { t: 'n', v: 0.5, z: 'hh:mm' };
      sheet.A3 = { t: 'n', v: 46248, z: 'm/d/yy' };
      sheet.B3 = { t: 'n', v: 1234.5, z: '#,##0.00' };
      sheet['!ref'] = 'A1:D3';
    });
    const { rows } = await readSheet(bytes);
    expect(rows[1]).toEqual(['2026-08-14 20:32:16', '-39,000원', '123456789012', '12:00:00']);
    expect(rows[2]).toEqual(['2026-08-14', '1,234.50']);
  });

  it('reads an xlsx named .csv by its bytes', async () => {
    const mislabelled = new File([workbookOf({ S: STATEMENT }) as BlobPart], '신한카드.csv');
    const sheet = await readSheet(new Uint8Array(await mislabelled.arrayBuffer()));
    expect(sheet.rows[2]?.[0]).toBe('거래일');
  });

  it('picks the sheet that holds a statement, not the summary before it', async () => {
    const bytes = workbookOf({
      뱅샐현황: [
        ['총자산', '1,000,000'],
        ['부채', '0'],
        ['순자산', '1,000,000'],
      ],
      이용내역: STATEMENT,
    });
    expect((await readSheet(bytes)).name).toBe('이용내역');
    expect((await readWorkbook(bytes)).map((sheet) => sheet.name)).toEqual(['뱅샐현황', '이용내역']);
  });

  it('reads an HTML table saved as .xls in CP949, with its line-broken header cells', async () => {
    const { rows } = await readSheet(fixture('kbcard-2026-08.xls'));
    expect(rows[0]?.[0]).toBe('KB국민카드 이용내역 조회');
    expect(rows[6]?.slice(4, 7)).toEqual(['이용하신곳', '국내이용\n금액\n(원)', '해외이용\n금액\n($)']);
    // 30012345 keeps its digits as written.
    expect(rows[8]?.[4]).toBe('팟타이 이태원점');
    expect(rows[7]?.slice(13)).toEqual(['30012345']);
  });

  it('reads CSV in UTF-8 with a BOM, and in CP949', async () => {
    const { rows } = await readSheet(fixture('tossbank-2026-08.csv'));
    expect(rows[0]?.[0]).toBe('토스뱅크 거래내역');
    expect(rows[8]?.[7]).toBe('생일 선물, 꽃값 포함');
    // 한글 in CP949: C7 D1 B1 DB
    const cp949 = Uint8Array.from([...utf8('date,memo\r\n2026-08-14,'), 0xc7, 0xd1, 0xb1, 0xdb]);
    expect((await readSheet(cp949)).rows[1]).toEqual(['2026-08-14', '한글']);
  });

  it('reads tab-separated text, UTF-16 as Excel saves "Unicode text" too', async () => {
    const tsv = '이용일\t가맹점명\t이용금액\r\n2026.08.14\t"스타벅스 ""리저브"""\t4,500\r\n';
    expect((await readSheet(utf8(tsv))).rows).toEqual([
      ['이용일', '가맹점명', '이용금액'],
      ['2026.08.14', '스타벅스 "리저브"', '4,500'],
    ]);
    const utf16 = new Uint8Array(2 + tsv.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < tsv.length; i += 1)
      new DataView(utf16.buffer).setUint16(2 + i * 2, tsv.charCodeAt(i), true);
    expect((await readSheet(utf16)).rows[1]?.[1]).toBe('스타벅스 "리저브"');
  });

  it('refuses damaged, foreign and empty files with a code', async () => {
    const xlsx = workbookOf({ S: STATEMENT });
    expect(await refusal(readSheet(xlsx.subarray(0, xlsx.length - 300)))).toMatchObject({ code: 'damaged' });
    expect(
      await refusal(readSheet(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]))),
    ).toMatchObject({ code: 'damaged' });
    expect(await refusal(readSheet(compoundOf({ WordDocument: new Uint8Array(600) })))).toMatchObject({
      code: 'unsupported',
    });
    expect(await refusal(readSheet(utf8('%PDF-1.7\n')))).toMatchObject({ code: 'unsupported' });
    expect(await refusal(readSheet(new Uint8Array([0x00, 0x01, 0x02, 0x00])))).toMatchObject({
      code: 'unsupported',
    });
    expect(await refusal(readSheet(new Uint8Array(0)))).toMatchObject({ code: 'empty' });
    expect(await refusal(readSheet(utf8('\r\n,,\r\n')))).toMatchObject({ code: 'empty' });
    expect(await refusal(readSheet(utf8('이용일,가맹점\n2026.08.14,"스타벅스\n')))).toEqual({
      code: 'damaged',
      line: 2,
    });
  });
});

describe('readSheet: an .xlsx saved with a password (ECMA-376 Agile)', () => {
  // Encrypted by msoffcrypto-tool (an implementation independent of ours) from a workbook like STATEMENT.
  const encrypted = fixture('hyundai-encrypted.xlsx');

  it('asks for the password, refuses a wrong one and opens with the right one', async () => {
    expect(await refusal(readSheet(encrypted))).toMatchObject({ code: 'needs-password' });
    expect(await refusal(readSheet(encrypted, { password: '가계부2026' }))).toMatchObject({
      code: 'wrong-password',
    });
    const { rows } = await readSheet(encrypted, { password: '가계부2026!' });
    expect(rows[2]).toEqual(['이용일', '카드번호', '가맹점명', '이용 금액', '할부', '상태', '승인번호']);
    expect(rows[3]?.[2]).toBe('교보문고 광화문점');
  });

  const rewritten = (change: (streams: Record<string, Uint8Array>) => void) => {
    const streams = streamsOf(encrypted);
    change(streams);
    return compoundOf({
      EncryptionInfo: streams.EncryptionInfo!,
      EncryptedPackage: streams.EncryptedPackage!,
    });
  };
  const withInfo = (edit: (xml: string) => string) =>
    rewritten((streams) => {
      const info = streams.EncryptionInfo!;
      const xml = edit(new TextDecoder().decode(info.subarray(8)));
      streams.EncryptionInfo = Uint8Array.from([...info.subarray(0, 8), ...utf8(xml)]);
    });

  it('refuses a spin count that would hold the import for minutes, before deriving anything', async () => {
    const hostile = withInfo((xml) => xml.replace(/spinCount="\d+"/, 'spinCount="2000000000"'));
    const started = Date.now();
    expect(await refusal(readSheet(hostile, { password: '가계부2026!' }))).toMatchObject({
      code: 'kdf-too-costly',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('says a package altered after encryption is damaged (its HMAC fails)', async () => {
    const altered = rewritten((streams) => {
      streams.EncryptedPackage![100]! ^= 0xff;
    });
    expect(await refusal(readSheet(altered, { password: '가계부2026!' }))).toMatchObject({ code: 'damaged' });
  });

  it('sends Standard and unknown encryption to Office, and refuses a broken description', async () => {
    const standard = rewritten((streams) => {
      streams.EncryptionInfo = Uint8Array.from([4, 0, 2, 0, 0x24, 0, 0, 0, ...new Uint8Array(200)]);
    });
    expect(await refusal(readSheet(standard, { password: 'x' }))).toMatchObject({ code: 'encrypted-office' });
    const des = withInfo((xml) => xml.replaceAll('cipherAlgorithm="AES"', 'cipherAlgorithm="DES"'));
    expect(await refusal(readSheet(des, { password: 'x' }))).toMatchObject({ code: 'encrypted-office' });
    const broken = withInfo((xml) => xml.slice(0, 200));
    expect(await refusal(readSheet(broken, { password: 'x' }))).toMatchObject({ code: 'damaged' });
  });

  it('sends an .xls protected by its own password (FILEPASS) to Office', async () => {
    const streams = streamsOf(workbookOf({ S: STATEMENT }, 'biff8'));
    const book = streams.Workbook!;
    // After the first record (BOF): FILEPASS (0x002F) with XOR obfuscation, as Excel writes it.
    const bofLength = 4 + new DataView(book.buffer, book.byteOffset).getUint16(2, true);
    const filepass = Uint8Array.from([0x2f, 0x00, 0x06, 0x00, 0x00, 0x00, 0x12, 0x34, 0x56, 0x78]);
    const locked = Uint8Array.from([
      ...book.subarray(0, bofLength),
      ...filepass,
      ...book.subarray(bofLength),
    ]);
    expect(await refusal(readSheet(compoundOf({ Workbook: locked })))).toMatchObject({
      code: 'encrypted-office',
    });
  });
});
