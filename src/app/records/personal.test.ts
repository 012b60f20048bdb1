import { describe, expect, it } from 'vitest';
import {
  checkPersonal,
  displayValue,
  httpUrl,
  isCalendarDate,
  MAIN_FIELD,
  MAX_TITLE_LENGTH,
  matchesSearch,
  PERSONAL_FIELDS,
  PERSONAL_KINDS,
  readPersonal,
  type PersonalRecord,
} from './personal.js';

const card = {
  issuer: 'Hyundai Card',
  cardNumber: '1234 5678 9012 3456',
  holder: 'HONG GILDONG',
  expiry: '3/29',
};
const problemsOf = (kind: string, fields: Record<string, string>, title = 'My item') => {
  const result = checkPersonal({ kind, title, fields });
  return result.ok ? {} : result.problems;
};

describe('the kinds', () => {
  it('are identity, bank account, card, website login and free note', () => {
    expect(PERSONAL_KINDS).toEqual(['identity', 'bank', 'card', 'login', 'note']);
  });
  it('never offer a card security code', () => {
    const keys = PERSONAL_FIELDS.card.map((field) => field.key.toLowerCase());
    expect(keys.some((key) => /cvc|cvv|security/.test(key))).toBe(false);
  });
  it('show a non-secret main field in the list', () => {
    for (const kind of PERSONAL_KINDS) {
      const main = PERSONAL_FIELDS[kind].find((field) => field.key === MAIN_FIELD[kind]);
      expect(main, kind).toBeDefined();
      expect(main?.secret, kind).toBe(false);
    }
  });
  it('keep ID numbers, account numbers, card numbers and passwords secret', () => {
    const secrets = PERSONAL_KINDS.flatMap((kind) =>
      PERSONAL_FIELDS[kind].filter((field) => field.secret).map((field) => field.key),
    );
    expect(secrets).toEqual(['idNumber', 'accountNumber', 'cardNumber', 'password']);
  });
  it('have no field named like the record title or kind, so problems cannot collide', () => {
    for (const kind of PERSONAL_KINDS) {
      expect(PERSONAL_FIELDS[kind].map((field) => field.key)).not.toContain('title');
      expect(PERSONAL_FIELDS[kind].map((field) => field.key)).not.toContain('kind');
    }
  });
});

describe('checkPersonal', () => {
  it('accepts a card, stores its number as digits and its expiry as MM/YY, and drops empty fields', () => {
    const result = checkPersonal({ kind: 'card', title: ' Main card ', fields: { ...card, memo: '  ' } });
    expect(result).toEqual({
      ok: true,
      record: {
        kind: 'card',
        title: 'Main card',
        fields: {
          issuer: 'Hyundai Card',
          cardNumber: '1234567890123456',
          holder: 'HONG GILDONG',
          expiry: '03/29',
        },
      },
    });
  });
  it('refuses a CVC or any field the kind does not have', () => {
    expect(problemsOf('card', { ...card, cvc: '123' })).toEqual({ cvc: 'personal/unknown-field' });
  });
  it('refuses an unknown kind', () => {
    expect(problemsOf('passport', {})).toEqual({ kind: 'personal/invalid-kind' });
  });
  it('asks for the title and the required fields of the kind', () => {
    expect(problemsOf('bank', { bankName: ' ', holder: 'Kim' }, '  ')).toEqual({
      title: 'personal/required',
      bankName: 'personal/required',
      accountNumber: 'personal/required',
    });
    expect(problemsOf('note', {})).toEqual({ body: 'personal/required' });
  });
  it('refuses text longer than the field allows, and a title over the limit', () => {
    expect(problemsOf('identity', { name: 'x'.repeat(51) })).toEqual({ name: 'personal/too-long' });
    expect(problemsOf('identity', { name: 'Kim' }, 'x'.repeat(MAX_TITLE_LENGTH + 1))).toEqual({
      title: 'personal/too-long',
    });
    expect(problemsOf('identity', { name: 'x'.repeat(50) })).toEqual({});
  });
  it('checks card numbers: 12 to 19 digits, spaces and hyphens allowed', () => {
    expect(problemsOf('card', { ...card, cardNumber: '1234-5678-9012' })).toEqual({});
    expect(problemsOf('card', { ...card, cardNumber: '12345678901' })).toEqual({
      cardNumber: 'personal/invalid-card-number',
    });
    expect(problemsOf('card', { ...card, cardNumber: '1234 5678 abcd 3456' })).toEqual({
      cardNumber: 'personal/invalid-card-number',
    });
  });
  it('reads expiry written in the usual ways and refuses impossible months', () => {
    const expiryOf = (expiry: string) => {
      const result = checkPersonal({ kind: 'card', title: 'c', fields: { ...card, expiry } });
      return result.ok ? result.record.fields.expiry : result.problems.expiry;
    };
    expect(expiryOf('12/27')).toBe('12/27');
    expect(expiryOf('0127')).toBe('01/27');
    expect(expiryOf('1 / 27')).toBe('01/27');
    expect(expiryOf('03/2029')).toBe('03/29');
    for (const bad of ['13/27', '00/27', '1/2', '2027-03', 'soon']) {
      expect(expiryOf(bad), bad).toBe('personal/invalid-expiry');
    }
  });
  it('checks identity fields: birth date, phone and ID number', () => {
    expect(
      problemsOf('identity', {
        name: '홍길동',
        idNumber: '900101-1234567',
        birthDate: '1990-01-01',
        phone: '+82 10-1234-5678',
        address: '서울특별시 중구 세종대로 110',
      }),
    ).toEqual({});
    expect(problemsOf('identity', { name: 'a', birthDate: '1990-02-30' })).toEqual({
      birthDate: 'personal/invalid-date',
    });
    expect(problemsOf('identity', { name: 'a', phone: 'call me' })).toEqual({
      phone: 'personal/invalid-phone',
    });
    expect(problemsOf('identity', { name: 'a', idNumber: '900101/1234567' })).toEqual({
      idNumber: 'personal/invalid-id-number',
    });
  });
  it('checks account numbers: digits, hyphens and IBAN letters', () => {
    expect(problemsOf('bank', { bankName: 'KB', accountNumber: '123-45-678901' })).toEqual({});
    expect(problemsOf('bank', { bankName: 'KB', accountNumber: 'DE89 3704 0044 0532 0130 00' })).toEqual({});
    expect(problemsOf('bank', { bankName: 'KB', accountNumber: 'my account' })).toEqual({
      accountNumber: 'personal/invalid-account-number',
    });
  });
  it('keeps a password exactly as typed, spaces included', () => {
    const result = checkPersonal({
      kind: 'login',
      title: 'Mail',
      fields: { siteName: 'Mail', password: ' pass word ' },
    });
    expect(result.ok && result.record.fields.password).toBe(' pass word ');
  });
  it('accepts only http(s) addresses for a login, adding https when none is written', () => {
    const urlOf = (url: string) => {
      const result = checkPersonal({ kind: 'login', title: 'Site', fields: { siteName: 'Site', url } });
      return result.ok ? result.record.fields.url : result.problems.url;
    };
    expect(urlOf('https://www.naver.com/login')).toBe('https://www.naver.com/login');
    expect(urlOf('http://intranet.example.com')).toBe('http://intranet.example.com');
    expect(urlOf('naver.com')).toBe('https://naver.com');
    for (const bad of [
      'javascript:alert(1)',
      'ftp://files.example.com',
      'mailto:a@b.com',
      'not a url',
      'localhost2',
    ]) {
      expect(urlOf(bad), bad).toBe('personal/invalid-url');
    }
  });
});

describe('httpUrl', () => {
  it('refuses data and file addresses', () => {
    expect(httpUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(httpUrl('file:///etc/passwd')).toBeNull();
    expect(httpUrl('https://user:pw@example.com')).toBeNull();
  });
});

describe('isCalendarDate', () => {
  it('knows leap years and month lengths', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('1899-12-31')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
  });
});

describe('readPersonal', () => {
  it('reads a stored record and refuses what has another shape', () => {
    const record = { kind: 'note', title: 'Wi-Fi', fields: { body: 'guest / 1234' } };
    expect(readPersonal(record)).toEqual(record);
    expect(readPersonal({ ...record, kind: 'passport' })).toBeNull();
    expect(readPersonal({ ...record, fields: { body: 5 } })).toBeNull();
    expect(readPersonal('text')).toBeNull();
  });
});

describe('matchesSearch', () => {
  const login: PersonalRecord = {
    kind: 'login',
    title: 'Naver',
    fields: { siteName: 'Naver', username: 'gildong', password: 'hunter2', memo: '가족 공용' },
  };
  it('finds records by title and by non-secret fields, every word counting', () => {
    expect(matchesSearch(login, 'naver')).toBe(true);
    expect(matchesSearch(login, 'GILDONG')).toBe(true);
    expect(matchesSearch(login, '가족 naver')).toBe(true);
    expect(matchesSearch(login, 'naver kakao')).toBe(false);
    expect(matchesSearch(login, '  ')).toBe(true);
  });
  it('never finds a record by a secret', () => {
    expect(matchesSearch(login, 'hunter2')).toBe(false);
    const bank: PersonalRecord = {
      kind: 'bank',
      title: 'Salary',
      fields: { bankName: 'KB', accountNumber: '123-45-678901' },
    };
    expect(matchesSearch(bank, '678901')).toBe(false);
  });
});

describe('displayValue', () => {
  it('groups card numbers by four and leaves other values alone', () => {
    const number = PERSONAL_FIELDS.card.find((field) => field.key === 'cardNumber')!;
    const holder = PERSONAL_FIELDS.card.find((field) => field.key === 'holder')!;
    expect(displayValue(number, '1234567890123456')).toBe('1234 5678 9012 3456');
    expect(displayValue(number, '378282246310005')).toBe('3782 8224 6310 005');
    expect(displayValue(holder, '1234567890123456')).toBe('1234567890123456');
  });
});
