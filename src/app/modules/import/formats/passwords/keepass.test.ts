import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldsOf, type PersonalRecord } from '../../../../records/personal.js';
import { ImportError, recordKey, type ImportPlan } from '../../plan.js';
import { importKeePassXcCsv, importKeePassXml } from './keepass.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/passwords/${name}`, import.meta.url)));
const xmlText = new TextDecoder().decode(fixture('keepass.xml'));
const bytesOf = (text: string) => new TextEncoder().encode(text);
const values = (plan: ImportPlan) => plan.items.map((item) => item.value as PersonalRecord);

async function failure(promise: Promise<unknown>): Promise<{ code: string; line?: number }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportError);
  const { code, line } = error as ImportError;
  return line === undefined ? { code } : { code, line };
}

/** A KeePass file of one entry, its strings as given. */
const oneEntry = (strings: string, meta = '') =>
  bytesOf(
    `<?xml version="1.0" encoding="utf-8"?><KeePassFile><Meta>${meta}</Meta><Root><Group><Name>Root</Name>` +
      `<Entry>${strings}</Entry></Group></Root></KeePassFile>`,
  );

describe('importKeePassXml', () => {
  it('reads entries as logins or notes, with their group, other strings and files', async () => {
    const plan = await importKeePassXml(fixture('keepass.xml'), {});
    expect(plan.format).toBe('keepass-xml');
    expect(values(plan)).toEqual([
      {
        kind: 'login',
        title: '넷플릭스',
        fields: {
          siteName: '넷플릭스',
          url: 'https://www.netflix.com/kr/login',
          username: 'family@example.com',
          password: ' 넷플릭스 비번 ',
          memo: '가족 공용 계정\n두 번째 줄 & 특수문자 <b> 한\n프로필: 아빠, 엄마, 지니',
        },
      },
      {
        kind: 'login',
        title: '국민은행',
        fields: {
          siteName: '국민은행',
          username: 'hong1990',
          password: 'kb!뱅킹2024',
          memo: '📁 금융\nURL: cmd://"C:\\Program Files\\KB\\kbstar.exe"',
        },
      },
      {
        kind: 'note',
        title: '삼성화재 보험증권',
        fields: { body: '📁 금융/보험\n자동차 보험, 매년 3월 갱신' },
      },
    ]);
    for (const item of plan.items) expect(item.key).toBe(recordKey('personal', item.value));
    const files = plan.items.flatMap((item) =>
      (item.attachments ?? []).map((file) => [
        (item.value as PersonalRecord).title,
        file.name,
        file.type,
        new TextDecoder().decode(file.bytes),
      ]),
    );
    expect(files).toEqual([
      ['넷플릭스', '요금제 안내.pdf', 'application/pdf', 'PDF 대신 텍스트'],
      ['삼성화재 보험증권', '증권.txt', 'text/plain', '보험증권 번호: 2024-0001\n담당자: 김설계\n'],
    ]);
  });

  it('leaves out protected strings, the TOTP seed, history and the recycle bin, and says so', async () => {
    const plan = await importKeePassXml(fixture('keepass.xml'), {});
    expect(plan.skipped).toEqual([
      { reason: 'hidden-field', what: '넷플릭스: 복구 코드' },
      { reason: 'totp', what: '넷플릭스' },
      { reason: 'deleted', what: '버린 계정' },
    ]);
    const visible = values(plan)
      .flatMap((record) => [
        record.title,
        ...fieldsOf(record.kind)
          .filter((field) => !field.secret)
          .map((field) => record.fields[field.key] ?? ''),
      ])
      .join('\n');
    for (const secret of [
      'RC-1111-2222',
      'GEZDGNBVGY3TQOJQ',
      '옛날비번',
      '옛 버전',
      '버린비번',
      '넷플릭스 비번',
    ]) {
      expect(visible, secret).not.toContain(secret);
    }
  });

  it('keeps a passkey out and says so', async () => {
    const strings =
      '<String><Key>Title</Key><Value>토스</Value></String>' +
      '<String><Key>UserName</Key><Value>toss-user</Value></String>' +
      '<String><Key>KPEX_PASSKEY_PRIVATE_KEY_PEM</Key><Value ProtectInMemory="True">-----BEGIN PRIVATE KEY-----</Value></String>' +
      '<String><Key>KPEX_PASSKEY_RELYING_PARTY</Key><Value>toss.im</Value></String>';
    const plan = await importKeePassXml(oneEntry(strings), {});
    expect(values(plan)).toEqual([
      { kind: 'login', title: '토스', fields: { siteName: '토스', username: 'toss-user' } },
    ]);
    expect(plan.skipped).toEqual([{ reason: 'unsupported-type', what: '토스' }]);
  });

  it('refuses XML that is not KeePass’s, broken XML, a DTD, and a database’s encrypted inner form', async () => {
    expect(
      await failure(importKeePassXml(bytesOf('<?xml version="1.0"?><rss><channel/></rss>'), {})),
    ).toEqual({
      code: 'unsupported',
    });
    expect(await failure(importKeePassXml(bytesOf(xmlText.slice(0, xmlText.length / 2)), {}))).toEqual({
      code: 'damaged',
    });
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE KeePassFile [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<KeePassFile><Root><Group><Entry><String><Key>Title</Key><Value>&b;</Value></String></Entry></Group></Root></KeePassFile>';
    expect(await failure(importKeePassXml(bytesOf(laughs), {}))).toEqual({ code: 'damaged' });
    const inner = '<String><Key>Password</Key><Value Protected="True">q8Xk3w==</Value></String>';
    expect(await failure(importKeePassXml(oneEntry(inner), {}))).toEqual({ code: 'unsupported' });
  });
});

describe('importKeePassXcCsv', () => {
  it('reads each row with its line, its group as the folder, and skips the recycle bin', async () => {
    const plan = await importKeePassXcCsv(fixture('keepassxc.csv'), {});
    expect(plan.format).toBe('keepassxc-csv');
    expect(plan.items.map((item) => [item.line, item.value])).toEqual([
      [
        2,
        {
          kind: 'login',
          title: '다음 메일',
          fields: {
            siteName: '다음 메일',
            url: 'https://mail.daum.net',
            username: 'daum_user',
            password: '다음!비번',
          },
        },
      ],
      [
        3,
        {
          kind: 'login',
          title: '키움증권',
          fields: {
            siteName: '키움증권',
            url: 'https://www.kiwoom.com',
            username: 'kiwoom01',
            password: '키움"따옴표"비번',
            memo: '📁 금융/증권\n공인인증서는 USB에\n영웅문 설치',
          },
        },
      ],
      [
        5,
        {
          kind: 'note',
          title: '현관 비밀번호',
          fields: { body: '📁 메모\n1234* (관리실 문의 02-555-1234)' },
        },
      ],
    ]);
    expect(plan.skipped).toEqual([
      { reason: 'totp', what: '키움증권', line: 3 },
      { reason: 'deleted', what: '지운 계정', line: 6 },
    ]);
  });

  it('refuses a row with an open quote, saying which line, and a CSV that is not KeePassXC’s', async () => {
    const header =
      '"Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created"';
    const open = `${header}\n"Root","다음","u","p","","","","0","",""\n"Root","네이버,u,p\n`;
    expect(await failure(importKeePassXcCsv(bytesOf(open), {}))).toEqual({ code: 'bad-row', line: 3 });
    expect(await failure(importKeePassXcCsv(fixture('bitwarden.csv'), {}))).toEqual({ code: 'unsupported' });
    expect(await failure(importKeePassXcCsv(bytesOf(`${header}\n`), {}))).toEqual({ code: 'empty' });
  });
});
