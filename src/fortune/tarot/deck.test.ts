import { describe, expect, it } from 'vitest';
import { DECK, type TarotCard } from './deck.js';
import { dailyDraw, seoulDate } from './draw.js';

const HANGUL = /[\uac00-\ud7a3]/;
const PLACEHOLDER = /todo|tbd|fixme|lorem|ipsum|xxx|\.\.\.|…|placeholder|\?\?/i;
const SUITS = ['wands', 'cups', 'swords', 'pentacles'] as const;

/** Splits a meaning into sentences (on . ! ? followed by a space or the end). */
const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

const texts = (card: TarotCard): { field: string; ko: string; en: string }[] => [
  { field: 'name', ...card.name },
  { field: 'upright', ...card.upright },
  { field: 'reversed', ...card.reversed },
];

/** The YYYY-MM-DD date `days` days after `date`. */
const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('tarot deck', () => {
  it('has 78 cards with unique ids and names', () => {
    expect(DECK).toHaveLength(78);
    expect(new Set(DECK.map((c) => c.id)).size).toBe(78);
    expect(new Set(DECK.map((c) => c.name.ko)).size).toBe(78);
    expect(new Set(DECK.map((c) => c.name.en)).size).toBe(78);
  });

  it('starts with the 22 major arcana, 0 The Fool to 21 The World', () => {
    const majors = DECK.slice(0, 22);
    expect(majors.every((c) => c.arcana === 'major' && c.suit === null)).toBe(true);
    expect(majors.map((c) => c.number)).toEqual(Array.from({ length: 22 }, (_, i) => i));
    expect(majors.map((c) => c.id)).toEqual([
      'major-00-fool',
      'major-01-magician',
      'major-02-high-priestess',
      'major-03-empress',
      'major-04-emperor',
      'major-05-hierophant',
      'major-06-lovers',
      'major-07-chariot',
      'major-08-strength',
      'major-09-hermit',
      'major-10-wheel-of-fortune',
      'major-11-justice',
      'major-12-hanged-man',
      'major-13-death',
      'major-14-temperance',
      'major-15-devil',
      'major-16-tower',
      'major-17-star',
      'major-18-moon',
      'major-19-sun',
      'major-20-judgement',
      'major-21-world',
    ]);
    expect(majors.map((c) => c.name.ko)).toEqual([
      '바보',
      '마법사',
      '여사제',
      '여황제',
      '황제',
      '교황',
      '연인',
      '전차',
      '힘',
      '은둔자',
      '운명의 수레바퀴',
      '정의',
      '매달린 사람',
      '죽음',
      '절제',
      '악마',
      '탑',
      '별',
      '달',
      '태양',
      '심판',
      '세계',
    ]);
    expect(majors[0]!.name.en).toBe('The Fool');
    expect(majors[21]!.name.en).toBe('The World');
  });

  it('then has wands, cups, swords and pentacles, each Ace (1) to King (14)', () => {
    const minors = DECK.slice(22);
    expect(minors).toHaveLength(56);
    SUITS.forEach((suit, s) => {
      const cards = minors.slice(s * 14, s * 14 + 14);
      expect(cards.every((c) => c.arcana === 'minor' && c.suit === suit)).toBe(true);
      expect(cards.map((c) => c.number)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
      for (const card of cards)
        expect(card.id).toMatch(new RegExp(`^${suit}-${String(card.number).padStart(2, '0')}-[a-z]+$`));
    });
    const byId = new Map(DECK.map((c) => [c.id, c]));
    expect(byId.get('cups-01-ace')?.name).toEqual({ ko: '컵 에이스', en: 'Ace of Cups' });
    expect(byId.get('swords-13-queen')?.name).toEqual({ ko: '소드 퀸', en: 'Queen of Swords' });
    expect(byId.get('wands-11-page')?.name).toEqual({ ko: '완드 페이지', en: 'Page of Wands' });
    expect(byId.get('pentacles-12-knight')?.name).toEqual({ ko: '펜타클 나이트', en: 'Knight of Pentacles' });
    expect(byId.get('pentacles-14-king')?.name).toEqual({ ko: '펜타클 킹', en: 'King of Pentacles' });
    expect(byId.get('wands-10-ten')?.name).toEqual({ ko: '완드 10', en: 'Ten of Wands' });
  });

  it('has real text in both languages for every card', () => {
    for (const card of DECK) {
      for (const { field, ko, en } of texts(card)) {
        const where = `${card.id} ${field}`;
        expect(ko.trim(), where).not.toBe('');
        expect(en.trim(), where).not.toBe('');
        expect(ko, where).toMatch(HANGUL);
        expect(en, where).not.toMatch(HANGUL);
        expect(ko, where).not.toMatch(PLACEHOLDER);
        expect(en, where).not.toMatch(PLACEHOLDER);
      }
      for (const lang of ['ko', 'en'] as const) {
        const words = card.keywords[lang];
        expect(words, `${card.id} keywords.${lang}`).toHaveLength(3);
        expect(new Set(words).size, `${card.id} keywords.${lang}`).toBe(3);
        for (const word of words) {
          expect(word.trim(), `${card.id} keywords.${lang}`).not.toBe('');
          expect(word, `${card.id} keywords.${lang}`).not.toMatch(PLACEHOLDER);
          if (lang === 'ko') expect(word, card.id).toMatch(HANGUL);
          else expect(word, card.id).not.toMatch(HANGUL);
        }
      }
    }
  });

  it('keeps meanings to one or two sentences, the Korean in polite 해요체', () => {
    for (const card of DECK) {
      for (const side of ['upright', 'reversed'] as const) {
        for (const lang of ['ko', 'en'] as const) {
          const parts = sentences(card[side][lang]);
          expect(parts.length, `${card.id} ${side}.${lang}`).toBeGreaterThanOrEqual(1);
          expect(parts.length, `${card.id} ${side}.${lang}`).toBeLessThanOrEqual(2);
          for (const sentence of parts) {
            expect(sentence, `${card.id} ${side}.${lang}`).toMatch(/[.!?]$/);
            if (lang === 'ko') expect(sentence, `${card.id} ${side}.ko`).toMatch(/요[.!?]$/);
          }
        }
      }
    }
  });

  it('gives every card its own wording', () => {
    const all = DECK.flatMap((c) => [c.upright.ko, c.upright.en, c.reversed.ko, c.reversed.en]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('dailyDraw', () => {
  it('is the same for the same member and day', () => {
    const first = dailyDraw('member-1', '2026-11-22');
    for (let i = 0; i < 5; i++) {
      const again = dailyDraw('member-1', '2026-11-22');
      expect(again.card).toBe(first.card);
      expect(again.reversed).toBe(first.reversed);
    }
    expect(DECK).toContain(first.card);
  });

  it('pins a few draws so the hash, PRNG and deck order do not change by accident', () => {
    const pin = (memberKey: string, date: string) => {
      const { card, reversed } = dailyDraw(memberKey, date);
      return `${card.id}${reversed ? ' reversed' : ''}`;
    };
    expect([
      pin('member-1', '2026-11-22'),
      pin('member-1', '2026-11-23'),
      pin('member-2', '2026-11-22'),
      pin('', '2026-01-01'),
      pin('김지니', '2027-02-28'),
    ]).toEqual([
      'cups-09-nine',
      'wands-13-queen reversed',
      'pentacles-05-five',
      'cups-04-four reversed',
      'swords-07-seven reversed',
    ]);
  });

  it('varies across days: over 60 days at least 20 distinct cards, 30–70% reversed', () => {
    for (const member of ['member-1', 'member-2', 'a3f9c2e1-5b7d-4e8a-9c0f-1d2e3f4a5b6c']) {
      const draws = Array.from({ length: 60 }, (_, i) => dailyDraw(member, addDays('2026-11-01', i)));
      expect(new Set(draws.map((d) => d.card.id)).size, member).toBeGreaterThanOrEqual(20);
      const reversed = draws.filter((d) => d.reversed).length / draws.length;
      expect(reversed, member).toBeGreaterThanOrEqual(0.3);
      expect(reversed, member).toBeLessThanOrEqual(0.7);
    }
  });

  it('varies across members on the same day', () => {
    const draws = Array.from({ length: 60 }, (_, i) => dailyDraw(`member-${i}`, '2026-11-22'));
    expect(new Set(draws.map((d) => d.card.id)).size).toBeGreaterThanOrEqual(20);
    const reversed = draws.filter((d) => d.reversed).length / draws.length;
    expect(reversed).toBeGreaterThanOrEqual(0.3);
    expect(reversed).toBeLessThanOrEqual(0.7);
  });

  it('reaches every card, and about half are reversed, over many draws', () => {
    const seen = new Set<string>();
    let reversed = 0;
    const total = 50 * 100;
    for (let m = 0; m < 50; m++) {
      for (let d = 0; d < 100; d++) {
        const draw = dailyDraw(`member-${m}`, addDays('2026-01-01', d));
        seen.add(draw.card.id);
        if (draw.reversed) reversed++;
      }
    }
    expect(seen.size).toBe(78);
    expect(reversed / total).toBeGreaterThan(0.45);
    expect(reversed / total).toBeLessThan(0.55);
  });

  it('rejects a date that is not a YYYY-MM-DD calendar day', () => {
    for (const bad of ['', '2026-11-2', '2026/11/22', '2026-13-01', '2026-02-30', '2026-11-22T00:00:00Z']) {
      expect(() => dailyDraw('member-1', bad), bad).toThrow(RangeError);
    }
    expect(() => dailyDraw('member-1', '2028-02-29')).not.toThrow();
  });
});

describe('seoulDate', () => {
  it('turns over at midnight in Seoul (UTC+9), not at UTC midnight', () => {
    expect(seoulDate(new Date('2026-11-21T14:59:59.999Z'))).toBe('2026-11-21');
    expect(seoulDate(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(seoulDate(new Date('2026-11-21T15:30:00Z'))).toBe('2026-11-22');
    expect(seoulDate(new Date('2026-11-22T14:59:59Z'))).toBe('2026-11-22');
    expect(seoulDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(seoulDate(new Date('2026-01-01T00:00:00+09:00'))).toBe('2026-01-01');
  });

  it('feeds dailyDraw with the Seoul day', () => {
    const late = dailyDraw('member-1', seoulDate(new Date('2026-11-21T15:30:00Z')));
    expect(late).toEqual(dailyDraw('member-1', '2026-11-22'));
  });

  it('rejects an invalid Date', () => {
    expect(() => seoulDate(new Date('nope'))).toThrow(RangeError);
  });
});
