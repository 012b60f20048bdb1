// A member's records of every kind, as the vault keeps them, for search's tests (unit and browser): Korean and
// English text, and the secrets that must never be found — a login's password, a card number, an account number
// and a resident registration number.
import type { RecordKind } from '../../vault/vault.js';

export interface FixtureRecord {
  kind: RecordKind;
  id: string;
  value: Record<string, unknown>;
}

/** What a test types to look for a secret: none of it may find anything. */
export const SECRETS = {
  password: 'Tr0ub4dor&3',
  cardNumber: '4111111111111111',
  cardNumberSpaced: '4111 1111 1111 1111',
  accountNumber: '110-123-456789',
  idNumber: '900101-1234567',
};

const thisYear = new Date().getFullYear();

export const SEARCH_FIXTURE: FixtureRecord[] = [
  {
    kind: 'event',
    id: 'event-lunch',
    value: {
      calendar: 'solar',
      date: `${thisYear}-05-20`,
      leap: false,
      repeat: 'none',
      title: '서울에서 점심 약속',
      time: '12:30',
      memo: '강남역 11번 출구에서 만나기',
    },
  },
  {
    kind: 'event',
    id: 'event-review',
    value: {
      calendar: 'solar',
      date: `${thisYear}-06-02`,
      leap: false,
      repeat: 'none',
      title: 'Quarterly Review with the BOARD',
      time: '',
      memo: 'Bring the Q2 numbers',
    },
  },
  {
    kind: 'memo',
    id: 'memo-rain',
    value: {
      date: `${thisYear}-04-11`,
      title: '비 오는 날',
      body: '스타벅스강남점에서 라떼를 마셨다. Then a long walk along the river.',
      tags: ['카페', 'coffee'],
    },
  },
  {
    kind: 'personal',
    id: 'personal-login',
    value: {
      kind: 'login',
      title: 'Naver 로그인',
      fields: {
        siteName: '네이버',
        url: 'https://naver.com',
        username: 'minsu.kim',
        password: SECRETS.password,
        memo: '2단계 인증 켜 둠',
      },
    },
  },
  {
    kind: 'personal',
    id: 'personal-card',
    value: {
      kind: 'card',
      title: '신한카드 Deep Dream',
      fields: { issuer: '신한카드', cardNumber: SECRETS.cardNumber, holder: 'KIM MINSU', expiry: '09/28' },
    },
  },
  {
    kind: 'personal',
    id: 'personal-bank',
    value: {
      kind: 'bank',
      title: '월급 통장',
      fields: { bankName: '국민은행', accountNumber: SECRETS.accountNumber, holder: '김민수' },
    },
  },
  {
    kind: 'personal',
    id: 'personal-identity',
    value: {
      kind: 'identity',
      title: '김민수 신분증',
      fields: { name: '김민수', idNumber: SECRETS.idNumber, address: '서울특별시 강남구 테헤란로 152' },
    },
  },
  {
    kind: 'ledger',
    id: 'ledger-coffee',
    value: {
      date: `${thisYear}-04-11`,
      type: 'expense',
      amount: 6500,
      currency: 'KRW',
      category: 'cafe',
      payment: 'card',
      memo: '스타벅스강남점 아이스 아메리카노',
    },
  },
  {
    kind: 'ledger',
    id: 'ledger-pet',
    value: {
      date: `${thisYear}-04-12`,
      type: 'expense',
      amount: 32000,
      currency: 'KRW',
      category: '반려동물',
      payment: '토스페이',
      memo: '',
    },
  },
  {
    kind: 'anniversaries',
    id: 'anniversary-birthday',
    value: {
      name: '김민수 생일',
      calendar: 'solar',
      date: `${thisYear - 30}-09-14`,
      leap: false,
      repeat: 'yearly',
    },
  },
  {
    kind: 'settings',
    id: 'settings',
    value: { nickname: '서울 김민수' },
  },
];
