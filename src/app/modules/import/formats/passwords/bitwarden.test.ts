import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldsOf, type PersonalRecord } from '../../../../records/personal.js';
import { ImportError, recordKey, type ImportPlan } from '../../plan.js';
import { nodeProtectedExport, type NodeKdf } from '../../fixtures/passwords/bitwarden-node.js';
import { importBitwardenCsv, importBitwardenEncrypted, importBitwardenJson } from './bitwarden.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/passwords/${name}`, import.meta.url)));
const bytesOf = (text: string) => new TextEncoder().encode(text);
const values = (plan: ImportPlan) => plan.items.map((item) => item.value as PersonalRecord);

/** The ImportError a promise rejects with, as `code` and `line`. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; line?: number }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportError);
  const { code, line } = error as ImportError;
  return line === undefined ? { code } : { code, line };
}

/** Every value a member could read without pressing "show": titles and the non-secret fields. */
function visibleText(plan: ImportPlan): string {
  return values(plan)
    .flatMap((record) => [
      record.title,
      ...fieldsOf(record.kind)
        .filter((field) => !field.secret)
        .map((field) => record.fields[field.key] ?? ''),
    ])
    .join('\n');
}

const JSON_RECORDS: PersonalRecord[] = [
  {
    kind: 'login',
    title: '네이버',
    fields: {
      siteName: '네이버',
      url: 'https://nid.naver.com/nidlogin.login',
      username: 'gildong',
      password: '네이버비번!2024',
      memo: [
        '📁 포털',
        '2단계 인증 사용 중',
        'androidapp://com.nhn.android.search',
        'https://m.naver.com',
        '가입 이메일: gildong@naver.com',
        '자동 로그인: true',
      ].join('\n'),
    },
  },
  {
    kind: 'login',
    title: 'KB국민은행 인터넷뱅킹',
    fields: {
      siteName: 'KB국민은행 인터넷뱅킹',
      url: 'https://obank.kbstar.com',
      username: 'hong1990',
      password: 'kb-뱅킹-7788',
      memo: '📁 금융',
    },
  },
  {
    kind: 'card',
    title: '신한카드 Deep Dream',
    fields: {
      issuer: '신한카드 Deep Dream',
      cardNumber: '4518441234567890',
      holder: 'HONG GILDONG',
      expiry: '03/29',
      memo: '📁 금융\n주 사용 카드\nbrand: Visa\n결제일: 매월 14일',
    },
  },
  {
    kind: 'note',
    title: '현대카드 (번호 없음)',
    fields: { body: 'Issuer: 현대카드\nHolder: 홍길동\nExpiry: 12/2030\n새 카드 배송 중' },
  },
  {
    kind: 'identity',
    title: '내 주민등록증',
    fields: {
      name: '홍길동',
      idNumber: '900101-1234567',
      address: '서울특별시 강남구 테헤란로 152\n강남파이낸스센터 10층\n서울 06236\nKR',
      phone: '010-1234-5678',
      memo: 'email: gildong@example.com\ncompany: (주)지니\nusername: gildong',
    },
  },
  {
    kind: 'note',
    title: '집 와이파이',
    fields: { body: '📁 포털\nSSID: GenieHome\n비밀번호는 냉장고 옆 공유기 뒷면' },
  },
  {
    kind: 'note',
    title: '홈서버 SSH 키',
    fields: {
      body: [
        '라즈베리파이용',
        'publicKey: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGkUx3HiRy0TeNrEqEbxGgRpJ5cd0n5VnmNq4 genie@home',
        'keyFingerprint: SHA256:Xw3bP9y0l2q6n5mR1sT8uV4wX7yZ0aB3cD6eF9gH2iJ',
      ].join('\n'),
    },
  },
  { kind: 'note', title: '미래의 항목', fields: { body: '아직 없는 종류\n등급: 골드' } },
  {
    kind: 'bank',
    title: '월급 통장',
    fields: {
      bankName: 'KB국민은행',
      accountNumber: '123456-01-234567',
      holder: '홍길동',
      memo: '📁 금융\n급여 이체\naccountType: 입출금\nswiftCode: CZNBKRSE\nbankContactPhone: 1588-9999',
    },
  },
];

const JSON_SKIPPED = [
  { reason: 'totp', what: '네이버' },
  { reason: 'hidden-field', what: '네이버: 보안 질문 답' },
  { reason: 'unsupported-type', what: 'KB국민은행 인터넷뱅킹' },
  { reason: 'security-code', what: '신한카드 Deep Dream' },
  { reason: 'security-code', what: '현대카드 (번호 없음)' },
  { reason: 'hidden-field', what: '내 주민등록증: passportNumber' },
  { reason: 'hidden-field', what: '집 와이파이: 공유기 관리자 비번' },
  { reason: 'unsupported-type', what: '홈서버 SSH 키' },
  { reason: 'deleted', what: '싸이월드 (휴지통)' },
  { reason: 'unsupported-type', what: '미래의 항목' },
  { reason: 'hidden-field', what: '월급 통장: pin' },
];

/** What the fixture holds that must never reach a title, a memo or a note. */
const SECRETS = [
  '네이버비번!2024',
  'JBSWY3DPEHPK3PXP',
  '한빛초등학교',
  'kb-뱅킹-7788',
  'MIGHAgEAMBMGByqGSM49',
  '4518 4412',
  '4518441234567890',
  '739',
  '852',
  '900101-1234567',
  'M12345678',
  'admin!2345',
  'OPENSSH PRIVATE KEY',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU',
  '이 값은 옮겨지면 안 됨',
  '도토리',
  '123456-01-234567',
  '9075',
];

describe('importBitwardenJson', () => {
  it('reads logins, cards, identities, notes, bank accounts and newer kinds as personal records', async () => {
    const plan = await importBitwardenJson(fixture('bitwarden.json'), {});
    expect(plan.format).toBe('bitwarden-json');
    expect(values(plan)).toEqual(JSON_RECORDS);
    for (const item of plan.items) expect(item.key).toBe(recordKey('personal', item.value));
  });

  it('lists what it leaves out: TOTP seeds, hidden fields, codes, passkeys, SSH keys, trashed items', async () => {
    const plan = await importBitwardenJson(fixture('bitwarden.json'), {});
    expect(plan.skipped).toEqual(JSON_SKIPPED);
  });

  it('never writes a secret into a title, a memo or a note', async () => {
    const visible = `${visibleText(await importBitwardenJson(fixture('bitwarden.json'), {}))}\n`;
    for (const secret of SECRETS) expect(visible, secret).not.toContain(secret);
  });

  it('takes a password written into a web address out of the memo', async () => {
    const uris = [
      { uri: 'http://admin:비번123@192.168.0.1/setup' },
      { uri: 'ftp://nas:ftp-pw@nas.local/share' },
    ];
    const file = {
      encrypted: false,
      items: [{ type: 1, name: '공유기', login: { uris, username: 'admin' } }],
    };
    const plan = await importBitwardenJson(bytesOf(JSON.stringify(file)), {});
    expect(values(plan)).toEqual([
      {
        kind: 'login',
        title: '공유기',
        fields: {
          siteName: '공유기',
          username: 'admin',
          memo: 'http://admin@192.168.0.1/setup\nftp://nas@nas.local/share',
        },
      },
    ]);
    expect(plan.skipped).toEqual([
      { reason: 'hidden-field', what: '공유기' },
      { reason: 'hidden-field', what: '공유기' },
    ]);
  });

  it('cuts a value longer than its field and says so', async () => {
    const file = {
      encrypted: false,
      items: [
        {
          type: 1,
          name: '가'.repeat(150),
          notes: '메모'.repeat(600),
          login: { username: 'u', password: 'p' },
        },
      ],
    };
    const plan = await importBitwardenJson(bytesOf(JSON.stringify(file)), {});
    const [record] = values(plan);
    expect(record?.title).toBe('가'.repeat(100));
    expect(record?.fields.memo).toHaveLength(1000);
    expect(plan.skipped).toEqual([{ reason: 'shortened', what: '가'.repeat(100) }]);
  });

  it('moves a value its field cannot hold to the memo, and keeps a secret one out of it', async () => {
    const file = {
      encrypted: false,
      items: [
        {
          type: 4,
          name: '여권',
          identity: { firstName: 'Gildong', lastName: 'Hong', phone: '내선 2번', ssn: '주민번호 없음' },
        },
      ],
    };
    const plan = await importBitwardenJson(bytesOf(JSON.stringify(file)), {});
    expect(values(plan)).toEqual([
      { kind: 'identity', title: '여권', fields: { name: 'Gildong Hong', memo: 'Phone: 내선 2번' } },
    ]);
    expect(plan.skipped).toEqual([{ reason: 'hidden-field', what: '여권: ID number' }]);
  });

  it('reads 10,000 items', async () => {
    const items = Array.from({ length: 10_000 }, (_, index) => ({
      type: 1,
      name: `사이트 ${index}`,
      notes: `메모 ${index}`,
      login: {
        uris: [{ uri: `https://site${index}.example.kr` }],
        username: `user${index}`,
        password: `비번-${index}`,
      },
    }));
    const shares: number[] = [];
    const plan = await importBitwardenJson(bytesOf(JSON.stringify({ encrypted: false, items })), {
      progress: (share) => shares.push(share),
    });
    expect(plan.items).toHaveLength(10_000);
    expect(new Set(plan.items.map((item) => item.key)).size).toBe(10_000);
    expect(shares.at(-1)).toBe(1);
  });

  it('refuses a file cut short, one that is no Bitwarden export, and an empty one', async () => {
    const text = new TextDecoder().decode(fixture('bitwarden.json'));
    expect(await failure(importBitwardenJson(bytesOf(text.slice(0, text.length / 2)), {}))).toEqual({
      code: 'damaged',
    });
    expect(await failure(importBitwardenJson(bytesOf('{"accounts": []}'), {}))).toEqual({
      code: 'unsupported',
    });
    expect(await failure(importBitwardenJson(bytesOf('[1, 2, 3]'), {}))).toEqual({ code: 'unsupported' });
    expect(await failure(importBitwardenJson(bytesOf('  \n'), {}))).toEqual({ code: 'empty' });
    expect(await failure(importBitwardenJson(bytesOf('{"encrypted":false,"items":[]}'), {}))).toEqual({
      code: 'empty',
    });
  });

  it('says an export encrypted with the account key must be exported again', async () => {
    const file = {
      encrypted: true,
      encKeyValidation_DO_NOT_EDIT: '2.AAAA|BBBB|CCCC',
      folders: [],
      items: [],
    };
    expect(await failure(importBitwardenJson(bytesOf(JSON.stringify(file)), {}))).toEqual({
      code: 'account-restricted',
    });
  });
});

const CSV_RECORDS: Array<[number, PersonalRecord]> = [
  [
    2,
    {
      kind: 'login',
      title: '네이버',
      fields: {
        siteName: '네이버',
        url: 'https://nid.naver.com/nidlogin.login',
        username: 'gildong',
        password: '네이버비번!2024, 쉼표 포함',
        memo: [
          '📁 포털',
          '2단계 인증 사용 중',
          '메모 두 번째 줄',
          'androidapp://com.nhn.android.search',
          'https://m.naver.com',
          '가입 이메일: gildong@naver.com',
          '자동 로그인: true',
        ].join('\n'),
      },
    },
  ],
  [
    5,
    {
      kind: 'login',
      title: '카카오뱅크',
      fields: {
        siteName: '카카오뱅크',
        url: 'https://www.kakaobank.com',
        username: 'hong@kakao.com',
        password: '  앞뒤 공백 비번  ',
        memo: '📁 금융',
      },
    },
  ],
  [6, { kind: 'note', title: '가족 생일', fields: { body: '엄마: 3월 2일\n아빠: 11월 9일' } }],
  [
    8,
    {
      kind: 'bank',
      title: '국민은행 적금',
      fields: {
        bankName: 'KB국민은행',
        accountNumber: '987654-32-109876',
        holder: '홍길동',
        memo: '📁 금융\n만기 2026년',
      },
    },
  ],
];

describe('importBitwardenCsv', () => {
  it('reads logins with several URIs and notes, each with its line', async () => {
    const plan = await importBitwardenCsv(fixture('bitwarden.csv'), {});
    expect(plan.format).toBe('bitwarden-csv');
    expect(plan.items.map((item) => [item.line, item.value])).toEqual(CSV_RECORDS);
    expect(plan.skipped).toEqual([
      { reason: 'totp', what: '네이버', line: 2 },
      { reason: 'empty', what: '', line: 11 },
    ]);
  });

  it('refuses a row with an open quote or too many cells, saying which line', async () => {
    const header =
      'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp';
    const open = `${header}\n,,login,다음,,,0,https://daum.net,u,p,\n,,login,"네이버,,,0,,,,\n`;
    expect(await failure(importBitwardenCsv(bytesOf(open), {}))).toEqual({ code: 'bad-row', line: 3 });
    const extra = `${header}\n,,login,다음,,,0,https://daum.net,u,p,,여분\n`;
    expect(await failure(importBitwardenCsv(bytesOf(extra), {}))).toEqual({ code: 'bad-row', line: 2 });
  });

  it('refuses a CSV that is not Bitwarden’s', async () => {
    const other = fixture('keepassxc.csv');
    expect(await failure(importBitwardenCsv(other, {}))).toEqual({ code: 'unsupported' });
  });
});

describe('importBitwardenEncrypted', () => {
  const plain = new TextDecoder().decode(fixture('bitwarden.json'));
  const password = '지니의 비밀 2024!';
  const salt = 'q1w2e3r4t5y6u7i8o9p0aA==';
  const pbkdf2: NodeKdf = { kdfType: 0, kdfIterations: 5_000 };
  const protectedFile = (kdf: NodeKdf, overrides: Record<string, unknown> = {}) =>
    bytesOf(JSON.stringify({ ...JSON.parse(nodeProtectedExport(plain, password, salt, kdf)), ...overrides }));

  it('decrypts a PBKDF2 file written by an independent implementation (Node’s crypto)', async () => {
    const plan = await importBitwardenEncrypted(protectedFile(pbkdf2), { password });
    expect(plan.format).toBe('bitwarden-encrypted');
    expect(values(plan)).toEqual(JSON_RECORDS);
    expect(plan.skipped).toEqual(JSON_SKIPPED);
  });

  it('decrypts an Argon2id file written by an independent implementation (Node’s crypto)', async () => {
    const argon2: NodeKdf = { kdfType: 1, kdfIterations: 2, kdfMemory: 16, kdfParallelism: 2 };
    const plan = await importBitwardenEncrypted(protectedFile(argon2), { password });
    expect(values(plan)).toEqual(JSON_RECORDS);
  });

  it('asks for the password, and tells a wrong one', async () => {
    expect(await failure(importBitwardenEncrypted(protectedFile(pbkdf2), {}))).toEqual({
      code: 'needs-password',
    });
    expect(
      await failure(importBitwardenEncrypted(protectedFile(pbkdf2), { password: `${password}x` })),
    ).toEqual({
      code: 'wrong-password',
    });
  });

  it('refuses hostile KDF settings at once, before deriving anything', async () => {
    const started = performance.now();
    const argon2 = { kdfType: 1, kdfIterations: 3, kdfMemory: 4096, kdfParallelism: 4 };
    const costly = [
      protectedFile(pbkdf2, argon2),
      protectedFile(pbkdf2, { kdfIterations: 1_000_000_000 }),
      protectedFile(pbkdf2, { ...argon2, kdfMemory: 64, kdfIterations: 1000 }),
      protectedFile(pbkdf2, { ...argon2, kdfMemory: 64, kdfParallelism: 64 }),
    ];
    for (const file of costly) {
      expect(await failure(importBitwardenEncrypted(file, { password }))).toEqual({ code: 'kdf-too-costly' });
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses settings below Bitwarden’s bounds, an unknown KDF and missing parts as damaged', async () => {
    const broken = [
      { kdfIterations: 1_000 },
      { kdfIterations: '600000' },
      { kdfType: 7 },
      { kdfType: 1, kdfIterations: 3, kdfMemory: 8, kdfParallelism: 1 },
      { salt: '' },
      { data: null },
    ];
    for (const overrides of broken) {
      expect(
        await failure(importBitwardenEncrypted(protectedFile(pbkdf2, overrides), { password })),
        JSON.stringify(overrides),
      ).toEqual({
        code: 'damaged',
      });
    }
  });

  it('refuses data changed after it was written, even with the right password', async () => {
    const file = JSON.parse(nodeProtectedExport(plain, password, salt, pbkdf2)) as { data: string };
    const [iv, data, mac] = file.data.slice(2).split('|') as [string, string, string];
    const flipped = `${data.slice(0, 10)}${data[10] === 'A' ? 'B' : 'A'}${data.slice(11)}`;
    const tampered = protectedFile(pbkdf2, { data: `2.${iv}|${flipped}|${mac}` });
    expect(await failure(importBitwardenEncrypted(tampered, { password }))).toEqual({ code: 'damaged' });
  });

  it('says an export encrypted with the account key must be exported again', async () => {
    const file = {
      encrypted: true,
      encKeyValidation_DO_NOT_EDIT: '2.AAAA|BBBB|CCCC',
      folders: [],
      items: [],
    };
    expect(await failure(importBitwardenEncrypted(bytesOf(JSON.stringify(file)), { password }))).toEqual({
      code: 'account-restricted',
    });
  });

  it('reads an unprotected export given to it as it is', async () => {
    const plan = await importBitwardenEncrypted(fixture('bitwarden.json'), {});
    expect(plan.format).toBe('bitwarden-json');
    expect(values(plan)).toEqual(JSON_RECORDS);
  });
});
