import { describe, expect, it } from 'vitest';
import {
  COLORS,
  ELEMENT_COLORS,
  LOVE,
  LUCKY_NUMBER_MAX,
  MONEY,
  OVERALL_BY_ELEMENT,
  WORK,
  dailyReading,
  dayNumber,
  hash32,
  mulberry32,
  seoulDate,
} from './daily.js';
import type { SignId } from './signs.js';
import type { Bilingual } from '../bilingual.js';
import { ELEMENT_NAMES, MODALITY_NAMES, SIGNS, isSignId, signById, sunSign } from './signs.js';

const HANGUL = /[\uAC00-\uD7A3]/;

/** Written out independently of signs.ts: [id, Korean name, first month/day, last month/day]. */
const TABLE: readonly [SignId, string, number, number, number, number][] = [
  ['aries', '양자리', 3, 21, 4, 19],
  ['taurus', '황소자리', 4, 20, 5, 20],
  ['gemini', '쌍둥이자리', 5, 21, 6, 20],
  ['cancer', '게자리', 6, 21, 7, 22],
  ['leo', '사자자리', 7, 23, 8, 22],
  ['virgo', '처녀자리', 8, 23, 9, 22],
  ['libra', '천칭자리', 9, 23, 10, 22],
  ['scorpio', '전갈자리', 10, 23, 11, 21],
  ['sagittarius', '사수자리', 11, 22, 12, 21],
  ['capricorn', '염소자리', 12, 22, 1, 19],
  ['aquarius', '물병자리', 1, 20, 2, 18],
  ['pisces', '물고기자리', 2, 19, 3, 20],
];

/** Every month/day of a leap year, in calendar order. */
function leapYearDays(): [number, number][] {
  const out: [number, number][] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) {
    const d = new Date(t);
    out.push([d.getUTCMonth() + 1, d.getUTCDate()]);
  }
  return out;
}

function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

function expectBilingualSentence(text: Bilingual): void {
  expect(text.ko.trim().length).toBeGreaterThan(0);
  expect(text.en.trim().length).toBeGreaterThan(0);
  expect(text.ko).toMatch(HANGUL);
  expect(text.en).not.toMatch(HANGUL);
  expect(text.ko).toMatch(/요\.$/); // 해요체
  expect(text.en).toMatch(/^[A-Z].*\.$/);
}

describe('sun signs', () => {
  it('has the twelve signs in zodiac order with the Korean names', () => {
    expect(SIGNS.map((s) => s.id)).toEqual(TABLE.map((row) => row[0]));
    expect(SIGNS.map((s) => s.name.ko)).toEqual(TABLE.map((row) => row[1]));
    expect(SIGNS.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(SIGNS.map((s) => s.symbol).join('')).toBe('♈♉♊♋♌♍♎♏♐♑♒♓');
  });

  it.each(TABLE)('%s (%s) starts %i/%i and ends %i/%i', (id, _ko, sm, sd, em, ed) => {
    const sign = signById(id);
    expect(sign.start).toEqual({ month: sm, day: sd });
    expect(sign.end).toEqual({ month: em, day: ed });
    expect(sunSign(sm, sd).id).toBe(id);
    expect(sunSign(em, ed).id).toBe(id);
  });

  it('maps the days just outside each sign to its neighbours', () => {
    TABLE.forEach(([id, , sm, sd, em, ed], i) => {
      const prev = TABLE[(i + 11) % 12]?.[0];
      const next = TABLE[(i + 1) % 12]?.[0];
      const before = new Date(Date.UTC(2023, sm - 1, sd - 1));
      const after = new Date(Date.UTC(2023, em - 1, ed + 1));
      expect(sunSign(before.getUTCMonth() + 1, before.getUTCDate()).id, `day before ${id}`).toBe(prev);
      expect(sunSign(after.getUTCMonth() + 1, after.getUTCDate()).id, `day after ${id}`).toBe(next);
    });
  });

  it('keeps Capricorn across the new year', () => {
    for (const [m, d] of [
      [12, 22],
      [12, 25],
      [12, 31],
      [1, 1],
      [1, 10],
      [1, 19],
    ] as const) {
      expect(sunSign(m, d).id).toBe('capricorn');
    }
    expect(sunSign(12, 21).id).toBe('sagittarius');
    expect(sunSign(1, 20).id).toBe('aquarius');
  });

  it('puts Feb 28 and Feb 29 in Pisces', () => {
    expect(sunSign(2, 28).id).toBe('pisces');
    expect(sunSign(2, 29).id).toBe('pisces');
    expect(sunSign(3, 1).id).toBe('pisces');
  });

  it('covers every day of a leap year exactly once, in contiguous runs', () => {
    const days = leapYearDays();
    const counts = new Map<SignId, number>();
    let changes = 0;
    let last: SignId | undefined;
    for (const [m, d] of days) {
      const id = sunSign(m, d).id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (last !== undefined && id !== last) changes++;
      last = id;
    }
    expect(days).toHaveLength(366);
    expect(counts.size).toBe(12);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(366);
    // Capricorn is split by Jan 1, so the sign changes 12 times through the calendar year.
    expect(changes).toBe(12);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThanOrEqual(29);
      expect(count).toBeLessThanOrEqual(32);
    }
  });

  it.each([
    [0, 1],
    [13, 1],
    [1, 0],
    [1, 32],
    [2, 30],
    [4, 31],
    [1.5, 1],
    [3, 2.5],
    [Number.NaN, 1],
  ])('rejects %s/%s', (m, d) => {
    expect(() => sunSign(m, d)).toThrow(RangeError);
  });

  it('has three signs per element and four per modality, with bilingual metadata', () => {
    const byElement = new Map<string, number>();
    const byModality = new Map<string, number>();
    for (const sign of SIGNS) {
      byElement.set(sign.element, (byElement.get(sign.element) ?? 0) + 1);
      byModality.set(sign.modality, (byModality.get(sign.modality) ?? 0) + 1);
      for (const text of [
        sign.name,
        sign.ruler,
        ELEMENT_NAMES[sign.element],
        MODALITY_NAMES[sign.modality],
      ]) {
        expect(text.ko).toMatch(HANGUL);
        expect(text.en.length).toBeGreaterThan(0);
      }
      expectBilingualSentence(sign.trait);
    }
    expect([...byElement.values()]).toEqual([3, 3, 3, 3]);
    expect([...byModality.values()]).toEqual([4, 4, 4]);
  });

  it('looks signs up by id', () => {
    expect(signById('leo').name.en).toBe('Leo');
    expect(isSignId('pisces')).toBe(true);
    expect(isSignId('ophiuchus')).toBe(false);
    expect(isSignId(3)).toBe(false);
  });
});

describe('phrase banks', () => {
  const banks: [string, readonly Bilingual[]][] = [
    ['love', LOVE],
    ['work', WORK],
    ['money', MONEY],
    ...Object.entries(OVERALL_BY_ELEMENT).map(([el, bank]): [string, readonly Bilingual[]] => [
      `overall/${el}`,
      bank,
    ]),
  ];

  it.each(banks)('%s has at least 12 distinct full sentences in both languages', (_name, bank) => {
    expect(bank.length).toBeGreaterThanOrEqual(12);
    expect(new Set(bank.map((p) => p.ko)).size).toBe(bank.length);
    expect(new Set(bank.map((p) => p.en)).size).toBe(bank.length);
    for (const phrase of bank) expectBilingualSentence(phrase);
  });

  it('gives every element bank bright, steady and careful entries', () => {
    for (const bank of Object.values(OVERALL_BY_ELEMENT)) {
      const tones = new Set(bank.map((p) => p.tone));
      expect(tones).toEqual(new Set(['bright', 'steady', 'careful']));
    }
  });

  it('has at least 12 colours per element with names in both languages', () => {
    for (const affinity of Object.values(ELEMENT_COLORS)) {
      const pool = [...affinity, ...COLORS];
      expect(new Set(pool.map((c) => c.en)).size).toBeGreaterThanOrEqual(9);
    }
    const all = [...COLORS, ...Object.values(ELEMENT_COLORS).flat()];
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((c) => c.ko)).size).toBe(all.length);
    for (const color of all) {
      expect(color.ko).toMatch(HANGUL);
      expect(color.en).toMatch(/^[a-z ]+$/);
    }
  });
});

describe('hash and PRNG', () => {
  it('matches known FNV-1a vectors', () => {
    expect(hash32('')).toBe(0x811c9dc5);
    expect(hash32('a')).toBe(0xe40c292c);
    expect(hash32('foobar')).toBe(0xbf9cf968);
  });

  it('is repeatable and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(b()).toBe(x);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('daily reading', () => {
  const start = '2025-01-01';

  it('is deterministic for the same member, sign and day', () => {
    for (const sign of SIGNS) {
      expect(dailyReading(sign, '2025-03-14', 'member-1')).toEqual(
        dailyReading(sign, '2025-03-14', 'member-1'),
      );
    }
  });

  it('fills every field with valid bilingual text and values', () => {
    for (const sign of SIGNS) {
      for (let i = 0; i < 60; i++) {
        const r = dailyReading(sign, addDays(start, i), 'member-1');
        for (const text of [r.overall, r.love, r.work, r.money]) expectBilingualSentence(text);
        expect(r.luckyColor.ko).toMatch(HANGUL);
        expect(r.luckyColor.en.length).toBeGreaterThan(0);
        expect(Number.isInteger(r.luckyNumber)).toBe(true);
        expect(r.luckyNumber).toBeGreaterThanOrEqual(1);
        expect(r.luckyNumber).toBeLessThanOrEqual(LUCKY_NUMBER_MAX);
        expect([1, 2, 3, 4, 5]).toContain(r.score);
      }
    }
  });

  it('draws overall from the sign’s element and keeps the score in line with its tone', () => {
    const expected = { bright: [4, 5], steady: [3], careful: [1, 2] };
    for (const sign of SIGNS) {
      const bank = OVERALL_BY_ELEMENT[sign.element];
      for (let i = 0; i < 60; i++) {
        const r = dailyReading(sign, addDays(start, i), 'member-2');
        const entry = bank.find((p) => p.ko === r.overall.ko);
        expect(entry, `${sign.id} overall from its element`).toBeDefined();
        expect(entry?.en).toBe(r.overall.en);
        expect(expected[entry?.tone ?? 'steady']).toContain(r.score);
      }
    }
  });

  it('varies across 60 days and never repeats a sentence on consecutive days', () => {
    for (const sign of SIGNS) {
      for (const member of ['member-1', 'member-2', '회원']) {
        const readings = Array.from({ length: 60 }, (_, i) => dailyReading(sign, addDays(start, i), member));
        expect(new Set(readings.map((r) => r.overall.en)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(readings.map((r) => r.love.en)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(readings.map((r) => r.work.en)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(readings.map((r) => r.money.en)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(readings.map((r) => r.score)).size).toBeGreaterThanOrEqual(3);
        expect(new Set(readings.map((r) => r.luckyColor.en)).size).toBeGreaterThanOrEqual(5);
        expect(new Set(readings.map((r) => r.luckyNumber)).size).toBeGreaterThanOrEqual(10);
        for (let i = 1; i < readings.length; i++) {
          const [a, b] = [readings[i - 1], readings[i]];
          expect(b?.overall.en).not.toBe(a?.overall.en);
          expect(b?.love.en).not.toBe(a?.love.en);
          expect(b?.work.en).not.toBe(a?.work.en);
          expect(b?.money.en).not.toBe(a?.money.en);
        }
      }
    }
  });

  it('differs between members with the same sign on the same days', () => {
    const sign = signById('virgo');
    let different = 0;
    for (let i = 0; i < 30; i++) {
      const date = addDays(start, i);
      if (dailyReading(sign, date, 'alice').overall.en !== dailyReading(sign, date, 'bob').overall.en) {
        different++;
      }
    }
    expect(different).toBeGreaterThan(10);
  });

  it('handles dates before 1970 and across leap days', () => {
    const sign = signById('pisces');
    expect(() => dailyReading(sign, '1969-12-31', 'm')).not.toThrow();
    expect(() => dailyReading(sign, '2024-02-29', 'm')).not.toThrow();
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-00-10', '2025-1-1', '20250101', '', 'today'])(
    'rejects the date %j',
    (date) => {
      expect(() => dailyReading(signById('aries'), date, 'm')).toThrow(RangeError);
    },
  );
});

describe('seoulDate', () => {
  it('rolls over at midnight Korea time (UTC+9)', () => {
    expect(seoulDate(new Date('2024-12-31T14:59:59Z'))).toBe('2024-12-31');
    expect(seoulDate(new Date('2024-12-31T15:00:00Z'))).toBe('2025-01-01');
    expect(seoulDate(new Date('2024-02-28T15:00:00Z'))).toBe('2024-02-29');
  });
});
