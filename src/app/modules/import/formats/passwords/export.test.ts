import { describe, expect, it } from 'vitest';
import { checkPersonal, type PersonalDraft, type PersonalRecord } from '../../../../records/personal.js';
import { readCsv } from '../../../../../shared/csv.js';
import { nodeDecrypt, nodeExportKey } from '../../fixtures/passwords/bitwarden-node.js';
import { importBitwardenCsv, importBitwardenEncrypted } from './bitwarden.js';
import { EXPORT_PBKDF2_ITERATIONS, exportBitwardenCsv, exportBitwardenEncrypted } from './export.js';

/** Records as the vault holds them: made through the personal module's own check. */
const record = (draft: PersonalDraft): PersonalRecord => {
  const checked = checkPersonal(draft);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.record;
};

const RECORDS: PersonalRecord[] = [
  record({
    kind: 'login',
    title: '네이버 메일',
    fields: {
      siteName: '네이버',
      url: 'https://mail.naver.com/?folders=1,2',
      username: 'gildong',
      password: ' 비번, "따옴표" ',
      memo: '메일 전용\n두 번째 줄: 콜론 포함',
    },
  }),
  record({
    kind: 'login',
    title: '다음',
    fields: { siteName: '다음', username: 'daum_user', password: '다음!2024' },
  }),
  record({ kind: 'note', title: '가족 생일', fields: { body: '엄마: 3월 2일\n아빠: 11월 9일' } }),
  record({
    kind: 'bank',
    title: '급여 통장',
    fields: {
      bankName: '국민은행',
      accountNumber: '123456-01-234567',
      holder: '홍길동',
      memo: '급여 이체: 매월 25일',
    },
  }),
  record({
    kind: 'bank',
    title: '비상금',
    fields: { bankName: '카카오뱅크', accountNumber: '3333-01-2345678' },
  }),
  record({
    kind: 'card',
    title: '신한카드 Deep Dream',
    fields: {
      issuer: '신한카드',
      cardNumber: '4518 4412 3456 7890',
      holder: 'HONG GILDONG',
      expiry: '3/29',
      memo: '주 사용',
    },
  }),
  record({
    kind: 'card',
    title: '해외 결제용',
    fields: { issuer: 'VISA', cardNumber: '4111-1111-1111-1111' },
  }),
  record({
    kind: 'identity',
    title: '내 신분증',
    fields: {
      name: '홍길동',
      idNumber: '900101-1234567',
      birthDate: '1990-01-01',
      address: '서울특별시 강남구 테헤란로 152\n강남파이낸스센터 10층: 1001호',
      phone: '010-1234-5678',
    },
  }),
  record({
    kind: 'identity',
    title: 'Passport',
    fields: {
      name: 'Hong Gil Dong',
      idNumber: 'M12345678',
      memo: '만료: 2031-05-01\nRenew: 6 months before',
    },
  }),
  record({ kind: 'identity', title: '남궁민', fields: { name: '남궁민' } }),
];

const PASSWORD = '내보내기 비밀번호 #1';
const bytesOf = (text: string) => new TextEncoder().encode(text);
const valuesOf = (items: ReadonlyArray<{ value: unknown }>) => items.map((item) => item.value);

describe('exportBitwardenEncrypted', () => {
  it('is read back as the same records, every kind, by our importer', async () => {
    const file = await exportBitwardenEncrypted(RECORDS, PASSWORD);
    const plan = await importBitwardenEncrypted(bytesOf(file), { password: PASSWORD });
    expect(valuesOf(plan.items)).toEqual(RECORDS);
    expect(plan.skipped).toEqual([]);
  });

  it('writes exactly Bitwarden’s password-protected format, as an independent implementation reads it', async () => {
    const file = JSON.parse(await exportBitwardenEncrypted(RECORDS, PASSWORD)) as Record<
      string,
      string | number
    >;
    expect(Object.keys(file)).toEqual([
      'encrypted',
      'passwordProtected',
      'salt',
      'kdfType',
      'kdfIterations',
      'encKeyValidation_DO_NOT_EDIT',
      'data',
    ]);
    expect(file).toMatchObject({
      encrypted: true,
      passwordProtected: true,
      kdfType: 0,
      kdfIterations: 600_000,
    });
    expect(EXPORT_PBKDF2_ITERATIONS).toBe(600_000);
    const key = nodeExportKey(PASSWORD, String(file.salt), { kdfType: 0, kdfIterations: 600_000 });
    expect(nodeDecrypt(String(file.encKeyValidation_DO_NOT_EDIT), key)).toMatch(
      /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[\da-f]{4}-[\da-f]{12}$/,
    );
    const inner = JSON.parse(nodeDecrypt(String(file.data), key)) as {
      encrypted: boolean;
      items: Array<Record<string, unknown>>;
    };
    expect(inner.encrypted).toBe(false);
    const byName = new Map(inner.items.map((item) => [item.name, item]));
    expect(byName.get('네이버 메일')).toMatchObject({
      type: 1,
      notes: '메일 전용\n두 번째 줄: 콜론 포함',
      fields: [{ name: 'Site name', value: '네이버', type: 0 }],
      login: {
        uris: [{ match: null, uri: 'https://mail.naver.com/?folders=1,2' }],
        username: 'gildong',
        password: ' 비번, "따옴표" ',
      },
    });
    expect(byName.get('급여 통장')).toMatchObject({
      type: 2,
      notes: '급여 이체: 매월 25일',
      secureNote: { type: 0 },
      fields: [
        { name: 'Bank', value: '국민은행', type: 0 },
        { name: 'Account number', value: '123456-01-234567', type: 1 },
        { name: 'Holder', value: '홍길동', type: 0 },
      ],
    });
    expect(byName.get('신한카드 Deep Dream')).toMatchObject({
      type: 3,
      card: { brand: '신한카드', number: '4518441234567890', expMonth: '3', expYear: '2029', code: null },
    });
    expect(byName.get('내 신분증')).toMatchObject({
      type: 4,
      fields: [{ name: 'Birth date', value: '1990-01-01', type: 0 }],
      identity: { lastName: '홍', firstName: '길동', ssn: '900101-1234567', phone: '010-1234-5678' },
    });
    expect(byName.get('가족 생일')).toMatchObject({ type: 2, notes: '엄마: 3월 2일\n아빠: 11월 9일' });
  });

  it('salts each export afresh', async () => {
    const [first, second] = await Promise.all([
      exportBitwardenEncrypted(RECORDS.slice(0, 1), PASSWORD),
      exportBitwardenEncrypted(RECORDS.slice(0, 1), PASSWORD),
    ]);
    expect((JSON.parse(first) as { salt: string }).salt).not.toBe(
      (JSON.parse(second) as { salt: string }).salt,
    );
  });
});

describe('exportBitwardenCsv', () => {
  it('is read back as the same records, every kind, by our importer', async () => {
    const plan = await importBitwardenCsv(bytesOf(exportBitwardenCsv(RECORDS)), {});
    expect(valuesOf(plan.items)).toEqual(RECORDS);
    expect(plan.skipped).toEqual([]);
  });

  it('writes Bitwarden’s columns, logins as logins and everything else as notes carrying fields', () => {
    const rows = readCsv(exportBitwardenCsv(RECORDS));
    expect(rows[0]?.fields).toEqual([
      'folder',
      'favorite',
      'type',
      'name',
      'notes',
      'fields',
      'reprompt',
      'login_uri',
      'login_username',
      'login_password',
      'login_totp',
    ]);
    const byName = new Map(rows.slice(1).map((row) => [row.fields[3], row.fields]));
    expect(byName.get('네이버 메일')?.slice(2, 10)).toEqual([
      'login',
      '네이버 메일',
      '메일 전용\n두 번째 줄: 콜론 포함',
      'Site name: 네이버',
      '0',
      '"https://mail.naver.com/?folders=1,2"',
      'gildong',
      ' 비번, "따옴표" ',
    ]);
    expect(byName.get('내 신분증')?.slice(2, 6)).toEqual([
      'note',
      '내 신분증',
      '',
      [
        'Name: 홍길동',
        'ID number: 900101-1234567',
        'Birth date: 1990-01-01',
        'Address: 서울특별시 강남구 테헤란로 152',
        'Address: 강남파이낸스센터 10층: 1001호',
        'Phone: 010-1234-5678',
      ].join('\n'),
    ]);
    expect(byName.get('신한카드 Deep Dream')?.[5]).toBe(
      'Issuer: 신한카드\nCard number: 4518441234567890\nHolder: HONG GILDONG\nExpiry: 03/29',
    );
  });
});
