import { describe, expect, it } from 'vitest';
import type { VaultEntry } from '../../vault/vault.js';
import { searchableOf } from './haystack.js';
import { SEARCH_FIXTURE, SECRETS } from './fixtures.js';
import { SEARCH_MODULES, type SearchModule, type SearchResults } from './protocol.js';
import { SearchIndex, SEGMENT_RECORDS } from './search-index.js';

function fixtureIndex(): SearchIndex {
  const index = new SearchIndex();
  index.put(
    SEARCH_FIXTURE.map((record, at) => ({ ...record, updatedAt: 1_700_000_000_000 + at }) as VaultEntry)
      .map(searchableOf)
      .filter((record) => record !== null),
  );
  return index;
}

const open = { hidden: [] as SearchModule[], limit: 20 };
const ids = (results: SearchResults) => results.groups.flatMap((group) => group.results.map((hit) => hit.id));
const found = (index: SearchIndex, query: string) => ids(index.search(query, open));

describe('search across the vault', () => {
  const index = fixtureIndex();

  it('finds a word inside longer text: 서울 in 서울에서, 강남 in 스타벅스강남점', () => {
    expect(found(index, '서울')).toEqual(['event-lunch', 'personal-identity']);
    expect(found(index, '강남 ')).toEqual(['event-lunch', 'memo-rain', 'personal-identity', 'ledger-coffee']);
  });

  it('finds records by initial consonants only', () => {
    // Newest first within a module.
    expect(found(index, 'ㄱㅁㅅ')).toEqual(['personal-identity', 'personal-bank', 'anniversary-birthday']);
    expect(found(index, 'ㅅㅌㅂㅅ')).toEqual(['memo-rain', 'ledger-coffee']);
  });

  it('finds Hangul typed with the keyboard in English mode, and the Latin letters as they are', () => {
    expect(found(index, 'rlaalstn')).toEqual(['personal-identity', 'personal-bank', 'anniversary-birthday']);
    expect(found(index, 'RLAALSTN')).toEqual(found(index, 'rlaalstn'));
    expect(found(index, 'minsu')).toEqual(['personal-card', 'personal-login']);
    // English that spells nothing in Hangul is only English.
    expect(found(index, 'river')).toEqual(['memo-rain']);
  });

  it('matches a query typed in decomposed form against composed text, and the other way', () => {
    expect(found(index, '김민수'.normalize('NFD'))).toEqual(found(index, '김민수'));
    expect(found(index, '김민수')).toEqual(['personal-identity', 'personal-bank', 'anniversary-birthday']);
    const decomposed = new SearchIndex();
    decomposed.put([{ id: 'nfd', module: 'diary', updatedAt: 1, fields: ['김민수'.normalize('NFD')] }]);
    expect(found(decomposed, '김민수')).toEqual(['nfd']);
  });

  it('matches English without case', () => {
    expect(found(index, 'quarterly board')).toEqual(['event-review']);
    expect(found(index, 'QUARTERLY BoArD')).toEqual(['event-review']);
  });

  it('needs every word of a mixed query, each found its own way', () => {
    expect(found(index, '서울 rkdska')).toEqual(['event-lunch', 'personal-identity']);
    expect(found(index, 'ㄱㅁㅅ 생일')).toEqual(['anniversary-birthday']);
    expect(found(index, 'starbucks 강남')).toEqual([]);
    expect(found(index, '스타벅스 river')).toEqual(['memo-rain']);
    expect(found(index, '서울 없는말')).toEqual([]);
  });

  it('finds ledger entries by their category in either language and their payment', () => {
    expect(found(index, '카페')).toEqual(['memo-rain', 'ledger-coffee']);
    expect(found(index, 'snacks')).toEqual(['ledger-coffee']);
    expect(found(index, '반려동물 토스페이')).toEqual(['ledger-pet']);
  });

  it("shows a ledger entry's own words around a match, never a category's name in the other language", () => {
    const ledgerHit = (query: string) =>
      index.search(query, open).groups.find((group) => group.module === 'ledger')!.results[0]!;
    // Found by a default category's name in either language, or a payment's: its merchant is shown, unmarked.
    for (const query of ['카페', 'snacks', 'card']) {
      expect(ledgerHit(query).snippet, query).toEqual({
        before: '',
        match: '',
        after: '스타벅스강남점 아이스 아메리카노',
      });
    }
    expect(ledgerHit('아메리카노').snippet).toEqual({
      before: '스타벅스강남점 아이스 ',
      match: '아메리카노',
      after: '',
    });
    // The member's own category and payment are their words, shown as written.
    expect(ledgerHit('토스페이').snippet).toEqual({ before: '반려동물 · ', match: '토스페이', after: '' });
  });

  it('never finds a password, a card number, an account number or an ID number', () => {
    for (const secret of Object.values(SECRETS)) expect(found(index, secret), secret).toEqual([]);
    expect(found(index, '456789')).toEqual([]);
    expect(found(index, '1234567')).toEqual([]);
    // What is not secret is found: the card's issuer, the account's holder.
    expect(found(index, '신한카드')).toEqual(['personal-card']);
  });

  it('finds nothing for an empty query', () => {
    expect(index.search('   ', open)).toEqual({ groups: [], hidden: 0 });
  });

  it('groups results by module in the modules’ order, each with its total', () => {
    const results = index.search('김민수', open);
    expect(results.groups.map((group) => [group.module, group.total])).toEqual([
      ['personal', 2],
      ['anniversaries', 1],
    ]);
  });

  it('counts what is behind the detail password without listing it', () => {
    const results = index.search('강남', { hidden: ['diary', 'personal', 'documents', 'ledger'], limit: 20 });
    expect(results.groups.map((group) => group.module)).toEqual(['schedule']);
    expect(results.hidden).toBe(3);
    expect(JSON.stringify(results)).not.toContain('memo-rain');
  });

  it('shows the text around what matched, marked, in its own case', () => {
    const [hit] = index.search('river', open).groups[0]!.results;
    expect(hit!.snippet.match).toBe('river');
    expect(hit!.snippet.before).toMatch(/^….*walk along the $/);
    const [board] = index.search('board', open).groups[0]!.results;
    expect(board!.snippet).toEqual({
      before: '…arterly Review with the ',
      match: 'BOARD',
      after: ' · Bring the Q2 numbers',
    });
    const [initials] = index.search('ㄱㅁㅅ ㅅㅇ', open).groups[0]!.results;
    expect(initials!.snippet.match).toBe('김민수');
  });

  it('matches the syllable being composed, exact matches first', () => {
    const typed = new SearchIndex();
    typed.put([
      { id: 'tree', module: 'diary', updatedAt: 3, fields: ['강나무 아래에서'] },
      { id: 'gangnam', module: 'diary', updatedAt: 1, fields: ['강남에서'] },
    ]);
    // "강남" may still become "강나무": both found, the exact one first though older.
    expect(found(typed, '강남')).toEqual(['gangnam', 'tree']);
    // A space ends the word: only what it says.
    expect(found(typed, '강남 ')).toEqual(['gangnam']);
    expect(found(typed, '강나')).toEqual(['tree', 'gangnam']);
    expect(found(index, '서우')).toEqual(['event-lunch', 'personal-identity']);
  });
});

describe('the index as records change', () => {
  it('replaces a record put again and forgets a removed one', () => {
    const index = new SearchIndex();
    index.put([
      { id: 'a', module: 'diary', updatedAt: 1, fields: ['첫 제목'] },
      { id: 'b', module: 'schedule', updatedAt: 1, fields: ['두 번째'] },
    ]);
    index.put([{ id: 'a', module: 'diary', updatedAt: 2, fields: ['바뀐 제목'] }]);
    expect(found(index, '첫')).toEqual([]);
    expect(found(index, '바뀐')).toEqual(['a']);
    expect(found(index, '두')).toEqual(['b']);
    index.remove(['a', 'unknown']);
    expect(found(index, '제목')).toEqual([]);
    expect(index.size).toBe(1);
    index.clear();
    expect(found(index, '두')).toEqual([]);
  });

  it('finds a record added or changed since the last query, whose words it remembers', () => {
    const index = new SearchIndex();
    index.put([{ id: 'a', module: 'diary', updatedAt: 1, fields: ['서울 나들이'] }]);
    expect(found(index, '서울 ')).toEqual(['a']);
    expect(found(index, '서울 나')).toEqual(['a']);
    index.put([{ id: 'b', module: 'diary', updatedAt: 2, fields: ['서울 나무'] }]);
    expect(found(index, '서울 나')).toEqual(['b', 'a']);
    index.put([{ id: 'a', module: 'diary', updatedAt: 1, fields: ['부산 나들이'] }]);
    expect(found(index, '서울 나')).toEqual(['b']);
    index.remove(['b']);
    expect(found(index, '서울 나')).toEqual([]);
  });

  it('finds initial consonants made in spare time and made on demand alike, after every change', () => {
    const index = new SearchIndex();
    const records = Array.from({ length: SEGMENT_RECORDS + 5 }, (_, at) => ({
      id: `r${at}`,
      module: 'diary' as const,
      updatedAt: at,
      fields: [at === 3 ? '김민수 생일' : `기록 ${at}`],
    }));
    index.put(records);
    // The second segment's made in spare time, the first's on demand by the query.
    expect(found(index, 'ㄱㅁㅅ')).toEqual(['r3']);
    expect(index.prepareInitials(1000)).toBe(true);
    index.put([{ id: `r${SEGMENT_RECORDS + 2}`, module: 'diary', updatedAt: 9999, fields: ['김민수 선물'] }]);
    expect(found(index, 'ㄱㅁㅅ')).toEqual([`r${SEGMENT_RECORDS + 2}`, 'r3']);
    index.remove(['r3']);
    expect(index.prepareInitials(1000)).toBe(true);
    expect(found(index, 'ㄱㅁㅅ ㅅㅁ')).toEqual([`r${SEGMENT_RECORDS + 2}`]);
  });

  it('keeps every record findable across many segments, through removals in the middle', () => {
    const index = new SearchIndex();
    const count = SEGMENT_RECORDS * 3 + 17;
    index.put(
      Array.from({ length: count }, (_, at) => ({
        id: `r${at}`,
        module: SEARCH_MODULES[at % SEARCH_MODULES.length]!,
        updatedAt: at,
        fields: [`기록 ${at}번`, at % 2 ? 'odd 홀수' : 'even 짝수'],
      })),
    );
    expect(index.size).toBe(count);
    const total = (query: string) =>
      index.search(query, { hidden: [], limit: 5 }).groups.reduce((sum, group) => sum + group.total, 0);
    expect(total('짝수')).toBe(Math.ceil(count / 2));
    expect(found(index, '1500번')).toEqual(['r1500']);
    index.remove(Array.from({ length: SEGMENT_RECORDS }, (_, at) => `r${at * 2}`));
    expect(total('짝수')).toBe(Math.ceil(count / 2) - SEGMENT_RECORDS);
    expect(found(index, '2047번')).toEqual(['r2047']);
    expect(found(index, `${count - 1}번`)).toEqual([`r${count - 1}`]);
    // The newest first, at most `limit` listed of each module.
    const results = index.search('odd', { hidden: [], limit: 3 });
    expect(results.groups.every((group) => group.results.length === 3)).toBe(true);
    const diary = results.groups.find((group) => group.module === 'diary')!;
    expect(diary.results.map((hit) => hit.id)).toEqual([`r${count - 4}`, `r${count - 10}`, `r${count - 16}`]);
  });
});
