/**
 * The twelve tropical sun signs for MyGenie's daily fortune.
 *
 * Date table (solar / Gregorian birth date, inclusive on both ends). These are the conventional
 * boundaries used by most newspaper and web horoscopes; the real moment the Sun enters a sign moves by
 * about a day from year to year, so someone born on a cusp may read their neighbouring sign elsewhere.
 *
 * | Sign        | 한국어     | Dates            | Element | Modality | Ruler (modern) |
 * | ----------- | ---------- | ---------------- | ------- | -------- | -------------- |
 * | Aries       | 양자리     | Mar 21 – Apr 19  | fire    | cardinal | Mars           |
 * | Taurus      | 황소자리   | Apr 20 – May 20  | earth   | fixed    | Venus          |
 * | Gemini      | 쌍둥이자리 | May 21 – Jun 20  | air     | mutable  | Mercury        |
 * | Cancer      | 게자리     | Jun 21 – Jul 22  | water   | cardinal | Moon           |
 * | Leo         | 사자자리   | Jul 23 – Aug 22  | fire    | fixed    | Sun            |
 * | Virgo       | 처녀자리   | Aug 23 – Sep 22  | earth   | mutable  | Mercury        |
 * | Libra       | 천칭자리   | Sep 23 – Oct 22  | air     | cardinal | Venus          |
 * | Scorpio     | 전갈자리   | Oct 23 – Nov 21  | water   | fixed    | Pluto          |
 * | Sagittarius | 사수자리   | Nov 22 – Dec 21  | fire    | mutable  | Jupiter        |
 * | Capricorn   | 염소자리   | Dec 22 – Jan 19  | earth   | cardinal | Saturn         |
 * | Aquarius    | 물병자리   | Jan 20 – Feb 18  | air     | fixed    | Uranus         |
 * | Pisces      | 물고기자리 | Feb 19 – Mar 20  | water   | mutable  | Neptune        |
 *
 * Feb 29 falls inside Pisces. Rulers are the modern ones; the traditional rulers of Scorpio, Aquarius
 * and Pisces are Mars, Saturn and Jupiter.
 *
 * Symbols are the plain Unicode zodiac characters (U+2648–U+2653). Some platforms draw them as emoji;
 * append U+FE0E in the UI if a text glyph is wanted.
 */

import type { Bilingual } from '../bilingual.js';

export type Element = 'fire' | 'earth' | 'air' | 'water';
export type Modality = 'cardinal' | 'fixed' | 'mutable';

export type SignId =
  | 'aries'
  | 'taurus'
  | 'gemini'
  | 'cancer'
  | 'leo'
  | 'virgo'
  | 'libra'
  | 'scorpio'
  | 'sagittarius'
  | 'capricorn'
  | 'aquarius'
  | 'pisces';

export interface MonthDay {
  /** 1–12 */
  readonly month: number;
  /** 1–31 */
  readonly day: number;
}

export interface Sign {
  readonly id: SignId;
  /** Zodiac order: 0 = Aries … 11 = Pisces. */
  readonly index: number;
  readonly symbol: string;
  readonly name: Bilingual;
  /** First day of the sign (inclusive). */
  readonly start: MonthDay;
  /** Last day of the sign (inclusive). Capricorn's end is in January, before its start. */
  readonly end: MonthDay;
  readonly element: Element;
  readonly modality: Modality;
  /** Modern ruling planet. */
  readonly ruler: Bilingual;
  /** A short character line written for MyGenie. */
  readonly trait: Bilingual;
}

export const ELEMENT_NAMES: Readonly<Record<Element, Bilingual>> = Object.freeze({
  fire: { ko: '불', en: 'Fire' },
  earth: { ko: '흙', en: 'Earth' },
  air: { ko: '공기', en: 'Air' },
  water: { ko: '물', en: 'Water' },
});

export const MODALITY_NAMES: Readonly<Record<Modality, Bilingual>> = Object.freeze({
  cardinal: { ko: '활동궁', en: 'Cardinal' },
  fixed: { ko: '고정궁', en: 'Fixed' },
  mutable: { ko: '변통궁', en: 'Mutable' },
});

const PLANETS = {
  sun: { ko: '태양', en: 'Sun' },
  moon: { ko: '달', en: 'Moon' },
  mercury: { ko: '수성', en: 'Mercury' },
  venus: { ko: '금성', en: 'Venus' },
  mars: { ko: '화성', en: 'Mars' },
  jupiter: { ko: '목성', en: 'Jupiter' },
  saturn: { ko: '토성', en: 'Saturn' },
  uranus: { ko: '천왕성', en: 'Uranus' },
  neptune: { ko: '해왕성', en: 'Neptune' },
  pluto: { ko: '명왕성', en: 'Pluto' },
} as const satisfies Record<string, Bilingual>;

type SignRow = Omit<Sign, 'index'>;

const ROWS: readonly SignRow[] = [
  {
    id: 'aries',
    symbol: '♈',
    name: { ko: '양자리', en: 'Aries' },
    start: { month: 3, day: 21 },
    end: { month: 4, day: 19 },
    element: 'fire',
    modality: 'cardinal',
    ruler: PLANETS.mars,
    trait: {
      ko: '누구보다 먼저 발을 내딛는 용기가 있고, 원하는 것을 솔직하게 말하는 편이에요.',
      en: 'Brave enough to take the first step before anyone else, and honest about what it wants.',
    },
  },
  {
    id: 'taurus',
    symbol: '♉',
    name: { ko: '황소자리', en: 'Taurus' },
    start: { month: 4, day: 20 },
    end: { month: 5, day: 20 },
    element: 'earth',
    modality: 'fixed',
    ruler: PLANETS.venus,
    trait: {
      ko: '서두르지 않고 꾸준하며, 편안함과 맛있는 음식, 오래가는 것의 가치를 잘 알아요.',
      en: 'Patient and steady, with a real feel for comfort, good food and things that last.',
    },
  },
  {
    id: 'gemini',
    symbol: '♊',
    name: { ko: '쌍둥이자리', en: 'Gemini' },
    start: { month: 5, day: 21 },
    end: { month: 6, day: 20 },
    element: 'air',
    modality: 'mutable',
    ruler: PLANETS.mercury,
    trait: {
      ko: '호기심이 많고 재치가 넘쳐서, 새로운 이야깃거리가 생길 때 가장 즐거워해요.',
      en: 'Curious and quick-witted, happiest when there is something new to talk about.',
    },
  },
  {
    id: 'cancer',
    symbol: '♋',
    name: { ko: '게자리', en: 'Cancer' },
    start: { month: 6, day: 21 },
    end: { month: 7, day: 22 },
    element: 'water',
    modality: 'cardinal',
    ruler: PLANETS.moon,
    trait: {
      ko: '소중한 사람을 지키려는 마음이 깊고, 받은 친절을 오래오래 기억해요.',
      en: 'Protective and deeply caring, with a long memory for every kindness received.',
    },
  },
  {
    id: 'leo',
    symbol: '♌',
    name: { ko: '사자자리', en: 'Leo' },
    start: { month: 7, day: 23 },
    end: { month: 8, day: 22 },
    element: 'fire',
    modality: 'fixed',
    ruler: PLANETS.sun,
    trait: {
      ko: '마음이 따뜻하고 너그러워서, 어디에 가든 분위기를 환하게 만들어요.',
      en: 'Warm-hearted and generous, lighting up whatever room it walks into.',
    },
  },
  {
    id: 'virgo',
    symbol: '♍',
    name: { ko: '처녀자리', en: 'Virgo' },
    start: { month: 8, day: 23 },
    end: { month: 9, day: 22 },
    element: 'earth',
    modality: 'mutable',
    ruler: PLANETS.mercury,
    trait: {
      ko: '세심하게 살피고 깊이 생각하며, 티 내지 않고 모두를 위해 일을 더 낫게 만들어요.',
      en: 'Observant and thoughtful, quietly making things work better for everyone.',
    },
  },
  {
    id: 'libra',
    symbol: '♎',
    name: { ko: '천칭자리', en: 'Libra' },
    start: { month: 9, day: 23 },
    end: { month: 10, day: 22 },
    element: 'air',
    modality: 'cardinal',
    ruler: PLANETS.venus,
    trait: {
      ko: '공정하고 품위가 있으며, 사람들 사이의 균형을 늘 먼저 생각해요.',
      en: 'Fair-minded and graceful, always thinking first of the balance between people.',
    },
  },
  {
    id: 'scorpio',
    symbol: '♏',
    name: { ko: '전갈자리', en: 'Scorpio' },
    start: { month: 10, day: 23 },
    end: { month: 11, day: 21 },
    element: 'water',
    modality: 'fixed',
    ruler: PLANETS.pluto,
    trait: {
      ko: '한번 마음을 주면 끝까지 곁을 지키고, 겉모습 너머의 진심을 꿰뚫어 봐요.',
      en: 'Loyal to the end once its heart is given, and able to see the truth beneath the surface.',
    },
  },
  {
    id: 'sagittarius',
    symbol: '♐',
    name: { ko: '사수자리', en: 'Sagittarius' },
    start: { month: 11, day: 22 },
    end: { month: 12, day: 21 },
    element: 'fire',
    modality: 'mutable',
    ruler: PLANETS.jupiter,
    trait: {
      ko: '자유롭고 낙천적이며, 늘 지금보다 더 넓은 세상을 꿈꿔요.',
      en: 'Free-spirited and optimistic, always dreaming of a wider world than this one.',
    },
  },
  {
    id: 'capricorn',
    symbol: '♑',
    name: { ko: '염소자리', en: 'Capricorn' },
    start: { month: 12, day: 22 },
    end: { month: 1, day: 19 },
    element: 'earth',
    modality: 'cardinal',
    ruler: PLANETS.saturn,
    trait: {
      ko: '자기 관리가 철저하고 목표가 뚜렷해서, 한 걸음씩 꾸준히 정상을 향해 올라가요.',
      en: 'Disciplined with clear goals, climbing steadily toward the summit one step at a time.',
    },
  },
  {
    id: 'aquarius',
    symbol: '♒',
    name: { ko: '물병자리', en: 'Aquarius' },
    start: { month: 1, day: 20 },
    end: { month: 2, day: 18 },
    element: 'air',
    modality: 'fixed',
    ruler: PLANETS.uranus,
    trait: {
      ko: '독립적이고 창의적이며, 시대를 조금 앞서가는 생각을 자주 떠올려요.',
      en: 'Independent and inventive, often coming up with ideas a little ahead of their time.',
    },
  },
  {
    id: 'pisces',
    symbol: '♓',
    name: { ko: '물고기자리', en: 'Pisces' },
    start: { month: 2, day: 19 },
    end: { month: 3, day: 20 },
    element: 'water',
    modality: 'mutable',
    ruler: PLANETS.neptune,
    trait: {
      ko: '다정하고 상상력이 풍부해서, 다른 사람의 마음을 누구보다 빨리 알아차려요.',
      en: 'Gentle and imaginative, sensing what others feel before anyone else does.',
    },
  },
];

/** The twelve signs in zodiac order, Aries first. */
export const SIGNS: readonly Sign[] = Object.freeze(
  ROWS.map((row, index): Sign => Object.freeze({ ...row, index })),
);

const BY_ID: ReadonlyMap<SignId, Sign> = new Map(SIGNS.map((sign) => [sign.id, sign]));

export function signById(id: SignId): Sign {
  const sign = BY_ID.get(id);
  if (!sign) throw new RangeError(`unknown sign id: ${String(id)}`);
  return sign;
}

export function isSignId(value: unknown): value is SignId {
  return typeof value === 'string' && BY_ID.has(value as SignId);
}

/** Days per month with February at 29, so any real birthday (including Feb 29) is accepted. */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const key = (month: number, day: number): number => month * 100 + day;

/**
 * The tropical sun sign for a solar (Gregorian) birth date, using the table at the top of this file.
 * Throws RangeError for a month/day that is not a calendar day.
 */
export function sunSign(month: number, day: number): Sign {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be an integer 1–12, got ${month}`);
  }
  const maxDay = MAX_DAYS[month - 1] ?? 31;
  if (!Number.isInteger(day) || day < 1 || day > maxDay) {
    throw new RangeError(`day must be an integer 1–${maxDay} for month ${month}, got ${day}`);
  }
  const k = key(month, day);
  for (const sign of SIGNS) {
    const from = key(sign.start.month, sign.start.day);
    const to = key(sign.end.month, sign.end.day);
    const inside = from <= to ? k >= from && k <= to : k >= from || k <= to;
    if (inside) return sign;
  }
  // Unreachable: the table covers every day of the year (checked by the tests).
  throw new RangeError(`no sign covers ${month}/${day}`);
}
