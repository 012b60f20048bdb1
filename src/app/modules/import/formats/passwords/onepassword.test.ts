import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fieldsOf, type PersonalRecord } from '../../../../records/personal.js';
import { ImportError, recordKey, type ImportPlan } from '../../plan.js';
import { import1Password1pux } from './onepassword.js';

const exportData = readFileSync(new URL('../../fixtures/passwords/1pux-export.data.json', import.meta.url));
const onePux = (data: Uint8Array = new Uint8Array(exportData), files: Record<string, Uint8Array> = {}) =>
  zipSync({
    'export.attributes': strToU8(
      '{"version":3,"description":"1Password Unencrypted Export","createdAt":1714550400}',
    ),
    'export.data': data,
    'files/doc123__여권 사본.pdf': strToU8('%PDF-1.4 여권 사본'),
    'files/att456__영수증.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    ...files,
  });
const values = (plan: ImportPlan) => plan.items.map((item) => item.value as PersonalRecord);

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as ImportError).code;
}

describe('import1Password1pux', () => {
  it('reads each category as the record it is, and the rest as notes', async () => {
    const plan = await import1Password1pux(onePux(), {});
    expect(plan.format).toBe('1password-1pux');
    expect(values(plan)).toEqual([
      {
        kind: 'login',
        title: '네이버',
        fields: {
          siteName: '네이버',
          url: 'https://nid.naver.com/nidlogin.login',
          username: 'gildong',
          password: '네이버비번!2024',
          memo: '📁 포털\n2단계 인증 사용 중\nhttps://m.naver.com\n닉네임: 지니아빠\n가입 메일: gildong@naver.com\n로그인 상태 유지: true',
        },
      },
      {
        kind: 'card',
        title: '신한카드 Deep Dream',
        fields: {
          issuer: '신한카드',
          cardNumber: '4518441234567890',
          holder: 'HONG GILDONG',
          expiry: '03/29',
          memo: '📁 금융\n주 사용 카드\nvalid from: 2024-03\nphone (local): 1544-7000',
        },
      },
      { kind: 'note', title: '가족 여행 계획', fields: { body: '제주도 3박 4일\n렌터카 예약 완료' } },
      {
        kind: 'identity',
        title: '홍길동 신원 정보',
        fields: {
          name: '홍길동',
          birthDate: '1990-01-01',
          address: '테헤란로 152\n서울특별시 강남구 06236\nKR',
          phone: '010-1234-5678',
          memo: 'company: (주)지니\nemail: gildong@example.com',
        },
      },
      {
        kind: 'login',
        title: '공유기 관리 페이지',
        fields: {
          siteName: '공유기 관리 페이지',
          url: 'http://192.168.0.1',
          password: 'iptime-관리자',
          memo: '거실 공유기',
        },
      },
      {
        kind: 'bank',
        title: '국민은행 급여 통장',
        fields: {
          bankName: 'KB국민은행',
          accountNumber: '123456-01-234567',
          holder: '홍길동',
          memo: '📁 금융\n급여 통장\ntype: checking\nSWIFT: CZNBKRSE\nphone: 1588-9999',
        },
      },
      { kind: 'note', title: '여권 사본', fields: { body: '여권 사본' } },
      { kind: 'identity', title: '주민등록번호', fields: { name: '홍길동', idNumber: '900101-1234567' } },
      {
        kind: 'note',
        title: '한글 2024',
        fields: {
          body: '회사 구매분\nversion: 2024\nlicense key: HNC-2024-ABCD-EFGH\npurchase date: 2024-01-01',
        },
      },
      {
        kind: 'note',
        title: '홈서버 SSH 키',
        fields: {
          body: '홈서버\npublic key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDk3 genie@home\nfingerprint: SHA256:Xw3bP9y0l2q6n5mR1sT8uV4wX7yZ0aB3cD6eF9gH2iJ',
        },
      },
    ]);
    for (const item of plan.items) expect(item.key).toBe(recordKey('personal', item.value));
  });

  it('lists what it leaves out: codes, TOTP seeds, concealed fields, an SSH key, a trashed item', async () => {
    const plan = await import1Password1pux(onePux(), {});
    expect(plan.skipped).toEqual([
      { reason: 'hidden-field', what: '네이버: 간편 PIN' },
      { reason: 'totp', what: '네이버' },
      { reason: 'hidden-field', what: '네이버: 2차 비밀번호' },
      { reason: 'security-code', what: '신한카드 Deep Dream' },
      { reason: 'hidden-field', what: '신한카드 Deep Dream: PIN' },
      { reason: 'hidden-field', what: '국민은행 급여 통장: IBAN' },
      { reason: 'hidden-field', what: '국민은행 급여 통장: PIN' },
      { reason: 'unsupported-type', what: '한글 2024' },
      { reason: 'unsupported-type', what: '홈서버 SSH 키' },
      { reason: 'deleted', what: '싸이월드' },
    ]);
  });

  it('never writes a secret into a title, a memo or a note', async () => {
    const plan = await import1Password1pux(onePux(), {});
    const visible = values(plan)
      .flatMap((record) => [
        record.title,
        ...fieldsOf(record.kind)
          .filter((field) => !field.secret)
          .map((field) => record.fields[field.key] ?? ''),
      ])
      .join('\n');
    for (const secret of [
      '0987',
      'JBSWY3DPEHPK3PXP',
      '2nd-비번',
      '4321',
      '8246',
      'PRIVATE KEY',
      'KR12 0040',
      '900101',
    ]) {
      expect(`${visible}\n`, secret).not.toContain(secret);
    }
  });

  it('carries attachments and a Document item’s file', async () => {
    const plan = await import1Password1pux(onePux(), {});
    const files = plan.items.flatMap((item) =>
      (item.attachments ?? []).map((file) => [
        (item.value as PersonalRecord).title,
        file.name,
        file.type,
        Array.from(file.bytes),
      ]),
    );
    expect(files).toEqual([
      ['네이버', '영수증.jpg', 'image/jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]],
      ['여권 사본', '여권 사본.pdf', 'application/pdf', Array.from(strToU8('%PDF-1.4 여권 사본'))],
    ]);
  });

  it('refuses a zip that is no 1PUX, bytes that are no zip, a cut zip and a broken export.data', async () => {
    expect(await failure(import1Password1pux(zipSync({ 'notes.txt': strToU8('메모') }), {}))).toBe(
      'unsupported',
    );
    expect(await failure(import1Password1pux(new Uint8Array(exportData), {}))).toBe('unsupported');
    const whole = onePux();
    expect(await failure(import1Password1pux(whole.subarray(0, whole.length - 40), {}))).toBe('damaged');
    const cutData = new Uint8Array(exportData.subarray(0, exportData.length / 2));
    expect(await failure(import1Password1pux(onePux(cutData), {}))).toBe('damaged');
    expect(await failure(import1Password1pux(onePux(strToU8('{"accounts":[]}')), {}))).toBe('empty');
  });
});
