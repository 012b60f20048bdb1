import { describe, expect, it } from 'vitest';
import type { RecordKind, VaultEntry } from '../../vault/vault.js';
import { PERSONAL_FIELDS } from '../../records/personal.js';
import { SEARCH_FIXTURE, SECRETS } from './fixtures.js';
import { searchableOf } from './haystack.js';

const entry = (kind: RecordKind, value: unknown, id = 'x'): VaultEntry => ({ id, kind, value, updatedAt: 5 });
const fieldsOf = (kind: RecordKind, value: unknown) => searchableOf(entry(kind, value))?.fields;

describe('what search may read of a record', () => {
  it('takes each module’s fields, title first', () => {
    const byId = new Map(
      SEARCH_FIXTURE.map((record) => [record.id, searchableOf(entry(record.kind, record.value, record.id))]),
    );
    expect(byId.get('event-lunch')).toEqual({
      id: 'event-lunch',
      module: 'schedule',
      updatedAt: 5,
      fields: ['서울에서 점심 약속', '강남역 11번 출구에서 만나기'],
    });
    expect(byId.get('memo-rain')?.fields).toEqual([
      '비 오는 날',
      '스타벅스강남점에서 라떼를 마셨다. Then a long walk along the river.',
      '카페 coffee',
    ]);
    // A default category or payment is found by its name in either language, which is never shown as found.
    expect(byId.get('ledger-coffee')).toMatchObject({
      fields: ['스타벅스강남점 아이스 아메리카노', '', ''],
      aliases: ['카페·간식', 'Cafés & snacks', '카드', 'Card'],
    });
    // The member's own category and payment are taken as written.
    expect(byId.get('ledger-pet')?.fields).toEqual(['', '반려동물', '토스페이']);
    expect(byId.get('ledger-pet')?.aliases).toBeUndefined();
    expect(byId.get('anniversary-birthday')?.module).toBe('anniversaries');
    expect(byId.get('settings')).toBeNull();
  });

  it('never takes a secret field of personal info', () => {
    const taken = JSON.stringify(
      SEARCH_FIXTURE.filter((record) => record.kind === 'personal').map((record) =>
        searchableOf(entry(record.kind, record.value)),
      ),
    );
    for (const secret of Object.values(SECRETS)) expect(taken).not.toContain(secret);
    // Every field marked secret, of every kind, whatever it holds.
    for (const [kind, fields] of Object.entries(PERSONAL_FIELDS)) {
      const values = Object.fromEntries(fields.map((field) => [field.key, `value of ${field.key}`]));
      const found = fieldsOf('personal', { kind, title: 't', fields: values })!;
      for (const field of fields) {
        expect(found.includes(`value of ${field.key}`), `${kind}.${field.key}`).toBe(!field.secret);
      }
    }
  });

  it('leaves out what has no known shape, and fields of the wrong type', () => {
    expect(fieldsOf('personal', { kind: 'spaceship', title: 'x', fields: {} })).toBeUndefined();
    expect(fieldsOf('personal', { kind: 'login', title: 'x', fields: null })).toBeUndefined();
    expect(fieldsOf('memo', 'just a string')).toBeUndefined();
    expect(fieldsOf('memo', null)).toBeUndefined();
    expect(fieldsOf('memo', { title: 7, body: ['a'], tags: ['ok', 3, null] })).toEqual(['', '', 'ok']);
    expect(fieldsOf('document', { name: '여권.pdf', salt: 'c2FsdA==' })).toEqual(['여권.pdf']);
    expect(searchableOf(entry('settings', { nickname: '김민수' }))).toBeNull();
  });
});
