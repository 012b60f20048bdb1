// The saju engine against a second, independent implementation (@gracefullight/saju: its own solar longitude
// series for the terms and a Julian-day count for the days; it uses lunar-javascript only for lunar dates),
// with the runtime's tz data (Intl) as the independent source for Korea's historical clock offsets.
//
// 子時 conventions of the two libraries, as they are compared here:
// - ours, default 'next-day' = lunar-javascript sect 1 = gracefullight dayBoundary 'zi23': from 23:00 the day
//   pillar is the next day's and the hour is the next day's 子 hour. Both agree on every moment.
// - ours, 'same-day' = lunar-javascript sect 2: the day pillar changes at midnight, yet 23:00–24:00 is the
//   next day's 子 hour. gracefullight has no such mode: its 'midnight' boundary gives the same day pillar but
//   the same day's 子 hour stem, so that option is checked half against 'midnight' (day) and half against
//   'zi23' (hour), and the test says so.
// Both are fed Korea Standard Time (UTC+9) with gracefullight's longitude correction off.
//
// @gracefullight/saju 1.3.0 ships ESM with extensionless relative imports that Node cannot resolve, so the
// api project's vitest config has Vite load it (server.deps.inline). Its solar terms are up to ~11 minutes off lunar-javascript's (which match the
// published times to the minute), so term moments are compared 20 minutes either side of the exact time.

import korLunar from 'kor-lunar';
import { Solar } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../daily-seed.js';
import type { BirthMoment, FourPillars, Pillar } from './pillars.js';
import {
  BRANCHES,
  ELEMENT_NAMES,
  FIVE_ELEMENTS,
  KOREA_OFFSETS,
  STEMS,
  fourPillars,
  koreaOffsetSeconds,
  koreanClockToInstant,
  pillarFromIndex,
} from './pillars.js';
import {
  ELEMENT_TIPS,
  RELATIONS,
  RELATION_PHRASES,
  dailySaju,
  elementBalance,
  hashKey,
  relationOf,
  tenGodOf,
  todayPillar,
  weakestElement,
} from './reading.js';

const other = await import('@gracefullight/saju');

// ---------------------------------------------------------------------------------------------------
// The second library's view of a moment
// ---------------------------------------------------------------------------------------------------

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const KST_MS = 9 * HOUR_MS;

/** gracefullight's DateAdapter over instants shown on a fixed UTC+9 clock (or UTC, for its own maths). */
interface Moment {
  readonly ms: number;
  readonly utc: boolean;
}
const wall = (d: Moment): Date => new Date(d.ms + (d.utc ? 0 : KST_MS));
const adapter = {
  getYear: (d: Moment) => wall(d).getUTCFullYear(),
  getMonth: (d: Moment) => wall(d).getUTCMonth() + 1,
  getDay: (d: Moment) => wall(d).getUTCDate(),
  getHour: (d: Moment) => wall(d).getUTCHours(),
  getMinute: (d: Moment) => wall(d).getUTCMinutes(),
  getSecond: (d: Moment) => wall(d).getUTCSeconds(),
  getZoneName: (d: Moment) => (d.utc ? 'UTC' : 'Etc/GMT-9'),
  plusMinutes: (d: Moment, minutes: number) => ({ ...d, ms: d.ms + minutes * MINUTE_MS }),
  plusDays: (d: Moment, days: number) => ({ ...d, ms: d.ms + days * 24 * HOUR_MS }),
  minusDays: (d: Moment, days: number) => ({ ...d, ms: d.ms - days * 24 * HOUR_MS }),
  toUTC: (d: Moment) => ({ ms: d.ms, utc: true }),
  setZone: (d: Moment, zone: string) => ({ ms: d.ms, utc: zone.toUpperCase() === 'UTC' }),
  toISO: (d: Moment) => new Date(d.ms).toISOString(),
  toMillis: (d: Moment) => d.ms,
  fromMillis: (ms: number, zone: string) => ({ ms, utc: zone.toUpperCase() === 'UTC' }),
  createUTC: (y: number, mo: number, da: number, h: number, mi: number, s: number) => ({
    ms: Date.UTC(y, mo - 1, da, h, mi, s),
    utc: true,
  }),
  isGreaterThanOrEqual: (a: Moment, b: Moment) => a.ms >= b.ms,
};

type Boundary = 'zi23' | 'midnight';

function theirPillars(instantMs: number, dayBoundary: Boundary = 'zi23'): string[] {
  const r = other.getFourPillars(
    { ms: instantMs, utc: false },
    { adapter, preset: { dayBoundary, useMeanSolarTimeForHour: false, useMeanSolarTimeForBoundary: false } },
  );
  return [r.year, r.month, r.day, r.hour];
}

const ours = (p: FourPillars): (string | null)[] => [
  p.year.hanja,
  p.month.hanja,
  p.day.hanja,
  p.hour ? p.hour.hanja : null,
];

// ---------------------------------------------------------------------------------------------------
// Korea's clock from the runtime's tz data
// ---------------------------------------------------------------------------------------------------

const seoulZone = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Seoul', timeZoneName: 'longOffset' });

function intlOffsetSeconds(instantMs: number): number {
  const name = seoulZone.formatToParts(new Date(instantMs)).find((part) => part.type === 'timeZoneName');
  const m = /^GMT([+-])(\d\d):(\d\d)(?::(\d\d))?$/.exec(name?.value ?? '');
  if (!m) throw new Error(`unexpected offset ${name?.value}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0));
}

/** A Seoul clock reading (not one skipped or repeated by a clock change) as an instant, through Intl. */
function intlSeoulInstant(y: number, mo: number, d: number, h: number, mi: number): number {
  const clock = Date.UTC(y, mo - 1, d, h, mi);
  let t = clock - KST_MS;
  for (let i = 0; i < 3; i++) t = clock - intlOffsetSeconds(t) * 1000;
  return t;
}

/** lunar-javascript's solar terms around a year, as instants (its table is UTC+8). */
function termInstants(year: number): Map<string, number> {
  const table = Solar.fromYmd(year, 6, 1).getLunar().getJieQiTable();
  const out = new Map<string, number>();
  for (const [name, s] of Object.entries(table)) {
    const cst = Date.UTC(
      s.getYear(),
      s.getMonth() - 1,
      s.getDay(),
      s.getHour(),
      s.getMinute(),
      s.getSecond(),
    );
    out.set(name, cst - 8 * HOUR_MS);
  }
  return out;
}

const solar = (year: number, month: number, day: number, hour?: number, minute?: number): BirthMoment => ({
  year,
  month,
  day,
  hour,
  minute,
  calendar: 'solar',
});

const HANGUL = /[\uAC00-\uD7A3]/;

// ---------------------------------------------------------------------------------------------------
// The four pillars
// ---------------------------------------------------------------------------------------------------

/** [what it checks, birth as written in Korea, expected year, month, day, hour pillar]. */
const TABLE: readonly [string, BirthMoment, string, string, string, string | null][] = [
  ['입춘 2024 (17:27:07 KST), 20 min before', solar(2024, 2, 4, 17, 7), '癸卯', '乙丑', '戊戌', '辛酉'],
  ['입춘 2024 (17:27:07 KST), 20 min after', solar(2024, 2, 4, 17, 47), '甲辰', '丙寅', '戊戌', '辛酉'],
  ['소한 1996 (10:31:27 KST), 20 min before', solar(1996, 1, 6, 10, 11), '乙亥', '戊子', '壬寅', '乙巳'],
  ['소한 1996 (10:31:27 KST), 20 min after', solar(1996, 1, 6, 10, 51), '乙亥', '己丑', '壬寅', '乙巳'],
  ['입동 2021 (13:58:47 KST), 20 min before', solar(2021, 11, 7, 13, 38), '辛丑', '戊戌', '己未', '辛未'],
  ['입동 2021 (13:58:47 KST), 20 min after', solar(2021, 11, 7, 14, 18), '辛丑', '己亥', '己未', '辛未'],
  ['22:50 is still 亥時 of the 15th', solar(1990, 6, 15, 22, 50), '庚午', '壬午', '辛亥', '己亥'],
  ['23:40 is 子時, already the 16th', solar(1990, 6, 15, 23, 40), '庚午', '壬午', '壬子', '庚子'],
  ['00:20 is the same 子時 of the 16th', solar(1990, 6, 16, 0, 20), '庚午', '壬午', '壬子', '庚子'],
  [
    '23:30 on 1999-12-31 is 2000-01-01, before 입춘',
    solar(1999, 12, 31, 23, 30),
    '己卯',
    '丙子',
    '戊午',
    '壬子',
  ],
  [
    '1987 daylight saving: 07:30 KDT is 06:30 KST, 卯時',
    solar(1987, 7, 10, 7, 30),
    '丁卯',
    '丁未',
    '庚申',
    '己卯',
  ],
  [
    '1949 daylight saving: 11:30 is 10:30 KST, 巳時',
    solar(1949, 7, 1, 11, 30),
    '己丑',
    '庚午',
    '壬辰',
    '乙巳',
  ],
  [
    '1955 UTC+9:30 summer time: 13:20 is 12:50 KST',
    solar(1955, 6, 1, 13, 20),
    '乙未',
    '辛巳',
    '癸巳',
    '戊午',
  ],
  [
    '1958 UTC+8:30: 22:40 is 23:10 KST, 子時 of the 11th',
    solar(1958, 1, 10, 22, 40),
    '丁酉',
    '癸丑',
    '戊子',
    '壬子',
  ],
  ['an ordinary afternoon', solar(1992, 11, 3, 14, 25), '壬申', '庚戌', '癸未', '己未'],
  [
    'lunar 2020 윤4월 15일 10:30 (solar 2020-06-06)',
    { year: 2020, month: 4, day: 15, hour: 10, minute: 30, calendar: 'lunar', leapMonth: true },
    '庚子',
    '壬午',
    '庚辰',
    '辛巳',
  ],
  ['hour unknown', solar(1985, 5, 15), '乙丑', '辛巳', '甲寅', null],
];

describe('fourPillars', () => {
  it.each(TABLE)('%s', (_what, birth, year, month, day, hour) => {
    const p = fourPillars(birth);
    expect(ours(p)).toEqual([year, month, day, hour]);
    expect(p.dayMaster).toBe(p.day.stem);

    const [y, mo, d] = p.solarDate.split('-').map(Number) as [number, number, number];
    if (birth.calendar === 'lunar') {
      // gracefullight converts lunar dates with lunar-javascript (Chinese calendar); in 2020 it agrees with
      // the Korean one, which kor-lunar (KASI) confirms.
      expect(other.getSolarDate(birth.year, birth.month, birth.day, birth.leapMonth)).toEqual({
        year: y,
        month: mo,
        day: d,
      });
      expect(korLunar.toLunar(y, mo, d)).toMatchObject({ year: 2020, month: 4, day: 15, isLeapMonth: true });
    }
    if (hour === null) {
      expect(p.hour).toBeNull();
      expect(theirPillars(intlSeoulInstant(y, mo, d, 12, 0)).slice(0, 3)).toEqual([year, month, day]);
    } else {
      const instant = intlSeoulInstant(y, mo, d, birth.hour as number, birth.minute ?? 0);
      expect(p.instant).toBe(new Date(instant).toISOString());
      expect(theirPillars(instant)).toEqual([year, month, day, hour]);
    }
  });

  it('table moments straddle the exact solar terms in lunar-javascript’s JieQi table', () => {
    const straddles: [number, string, number, number][] = [
      [2024, '立春', 0, 1],
      [1996, '小寒', 2, 3],
      [2021, '立冬', 4, 5],
    ];
    for (const [year, term, before, after] of straddles) {
      const t = termInstants(year).get(term) as number;
      const b = fourPillars((TABLE[before] as (typeof TABLE)[number])[1]);
      const a = fourPillars((TABLE[after] as (typeof TABLE)[number])[1]);
      for (const margin of [t - Date.parse(b.instant as string), Date.parse(a.instant as string) - t]) {
        expect(margin).toBeGreaterThanOrEqual(19 * MINUTE_MS);
        expect(margin).toBeLessThanOrEqual(21 * MINUTE_MS);
      }
    }
  });

  it('changes month (and at 입춘 year) at the minute of the term, because the instant goes in as UTC+8', () => {
    for (const [year, term] of [
      [2024, '立春'],
      [1996, '小寒'],
      [2021, '立冬'],
      [1988, '立春'],
      [1975, '白露'],
    ] as const) {
      const t = termInstants(year).get(term) as number;
      const firstAfter = Math.ceil(t / MINUTE_MS) * MINUTE_MS;
      const at = (ms: number): FourPillars => {
        const kst = new Date(ms + KST_MS);
        return fourPillars(
          solar(
            kst.getUTCFullYear(),
            kst.getUTCMonth() + 1,
            kst.getUTCDate(),
            kst.getUTCHours(),
            kst.getUTCMinutes(),
          ),
        );
      };
      const before = at(firstAfter - MINUTE_MS);
      const after = at(firstAfter);
      expect(after.month.index).toBe((before.month.index + 1) % 60);
      if (term === '立春') expect(after.year.index).toBe((before.year.index + 1) % 60);
      else expect(after.year.hanja).toBe(before.year.hanja);
    }
  });

  it('agrees with @gracefullight/saju on 300 random moments 1962–2039 away from the terms', () => {
    const rand = mulberry32(20_240_204);
    let compared = 0;
    while (compared < 300) {
      const y = 1962 + Math.floor(rand() * 78);
      const mo = 1 + Math.floor(rand() * 12);
      const d = 1 + Math.floor(rand() * 28);
      const h = Math.floor(rand() * 24);
      const mi = Math.floor(rand() * 60);
      const instant = intlSeoulInstant(y, mo, d, h, mi);
      const nearTerm = [...termInstants(y).values()].some((t) => Math.abs(t - instant) < 20 * MINUTE_MS);
      if (nearTerm) continue;
      expect(ours(fourPillars(solar(y, mo, d, h, mi))), `${y}-${mo}-${d} ${h}:${mi}`).toEqual(
        theirPillars(instant),
      );
      compared++;
    }
  });

  describe('子時', () => {
    it('by default turns the day at 23:00, like gracefullight’s zi23 boundary', () => {
      const late = fourPillars(solar(1990, 6, 15, 23, 0));
      const early = fourPillars(solar(1990, 6, 15, 22, 59));
      expect(late.day.index).toBe((early.day.index + 1) % 60);
      expect(late.hour?.branch.hanja).toBe('子');
      expect(early.hour?.branch.hanja).toBe('亥');
      expect(late.day.hanja).toBe(todayPillar('1990-06-16').hanja);
    });

    it("with ziHour 'same-day' keeps the day until midnight but takes the next day's 子 hour", () => {
      const birth = solar(1990, 6, 15, 23, 40);
      const p = fourPillars(birth, { ziHour: 'same-day' });
      const instant = intlSeoulInstant(1990, 6, 15, 23, 40);
      const midnight = theirPillars(instant, 'midnight');
      const zi23 = theirPillars(instant, 'zi23');
      expect(p.day.hanja).toBe(todayPillar('1990-06-15').hanja);
      expect(p.day.hanja).toBe(midnight[2]);
      expect(p.hour?.hanja).toBe(zi23[3]);
      // gracefullight's midnight mode reads 23:40 as the same day's 子 hour: a convention we do not offer.
      expect(midnight[3]).not.toBe(zi23[3]);
      // After midnight both rules agree.
      expect(ours(fourPillars(solar(1990, 6, 16, 0, 20), { ziHour: 'same-day' }))).toEqual(
        ours(fourPillars(solar(1990, 6, 16, 0, 20))),
      );
    });
  });

  describe('lunar dates', () => {
    it('are Korean lunar dates by default; the Chinese calendar differs on some days', () => {
      const birth: BirthMoment = { year: 1950, month: 2, day: 1, calendar: 'lunar' };
      const korean = fourPillars(birth);
      const chinese = fourPillars(birth, { lunarCalendar: 'chinese' });
      expect(korean.solarDate).toBe('1950-03-19');
      expect(korLunar.toLunar(1950, 3, 19)).toMatchObject({
        year: 1950,
        month: 2,
        day: 1,
        isLeapMonth: false,
      });
      expect(chinese.solarDate).toBe('1950-03-18');
      expect(other.getSolarDate(1950, 2, 1, false)).toEqual({ year: 1950, month: 3, day: 18 });
      expect(korean.day.hanja).toBe(todayPillar('1950-03-19').hanja);
      expect(chinese.day.hanja).toBe(todayPillar('1950-03-18').hanja);
    });

    it('read a leap month only where the year has one', () => {
      const leap = fourPillars({ year: 2023, month: 2, day: 10, calendar: 'lunar', leapMonth: true });
      const plain = fourPillars({ year: 2023, month: 2, day: 10, calendar: 'lunar' });
      expect(leap.solarDate).toBe('2023-03-31');
      expect(plain.solarDate).toBe('2023-03-01');
      for (const lunarCalendar of ['korean', 'chinese'] as const) {
        expect(() =>
          fourPillars(
            { year: 2023, month: 3, day: 10, calendar: 'lunar', leapMonth: true },
            { lunarCalendar },
          ),
        ).toThrow(RangeError);
        expect(() =>
          fourPillars({ year: 2023, month: 1, day: 30, calendar: 'lunar' }, { lunarCalendar }),
        ).toThrow(RangeError);
      }
    });
  });

  it('gives three pillars for an unknown hour and says when a term that day leaves them open', () => {
    const quiet = fourPillars(solar(1985, 5, 15));
    expect(quiet.hour).toBeNull();
    expect(quiet.instant).toBeNull();
    expect(quiet.uncertain).toEqual({ year: false, month: false });

    const lichun = fourPillars({ year: 2024, month: 2, day: 4, hour: null, minute: 30, calendar: 'solar' });
    expect(lichun.uncertain).toEqual({ year: true, month: true });
    expect([lichun.year.hanja, lichun.month.hanja]).toEqual(['癸卯', '乙丑']); // at noon, before 17:27
    expect(fourPillars(solar(2021, 11, 7)).uncertain).toEqual({ year: false, month: true });
  });

  it('rejects impossible input with a RangeError', () => {
    expect(() => fourPillars(solar(2023, 2, 29, 10))).toThrow(RangeError);
    expect(() => fourPillars(solar(1990, 6, 15, 24))).toThrow(RangeError);
    expect(() => fourPillars(solar(1990, 6, 15, 10, 60))).toThrow(RangeError);
    expect(() => fourPillars(solar(1990, 6, 15, 10.5))).toThrow(RangeError);
    expect(() => fourPillars(solar(1850, 6, 15, 10))).toThrow(RangeError);
    expect(() => fourPillars({ year: 2051, month: 1, day: 1, calendar: 'lunar' })).toThrow(RangeError);
  });

  it('returns whole stems and branches with names and elements', () => {
    const p = fourPillars(solar(2024, 2, 4, 17, 47));
    expect(p.year).toMatchObject({ hanja: '甲辰', ko: '갑진' });
    expect(p.year.stem).toEqual({
      index: 0,
      hanja: '甲',
      ko: '갑',
      en: 'Yang Wood',
      element: 'wood',
      yinYang: 'yang',
    });
    expect(p.year.branch).toMatchObject({
      hanja: '辰',
      ko: '진',
      en: 'Dragon',
      element: 'earth',
      yinYang: 'yang',
    });
    expect(p.year.branch.animal).toEqual({ ko: '용', en: 'Dragon' });
    expect(FIVE_ELEMENTS.map((e) => ELEMENT_NAMES[e].ko).join('')).toBe('목화토금수');
    expect(FIVE_ELEMENTS.map((e) => ELEMENT_NAMES[e].en)).toEqual([
      'wood',
      'fire',
      'earth',
      'metal',
      'water',
    ]);
  });

  it('has the stem and branch tables of @gracefullight/saju', () => {
    expect(STEMS.map((s) => s.hanja)).toEqual(other.STEMS);
    expect(BRANCHES.map((b) => b.hanja)).toEqual(other.BRANCHES);
    for (const s of STEMS) {
      expect(s.element).toBe(other.getStemElement(s.hanja));
      expect(s.yinYang).toBe(other.getStemPolarity(s.hanja));
    }
    for (const b of BRANCHES) {
      expect(b.element).toBe(other.getBranchElement(b.hanja));
      expect(b.yinYang).toBe(other.getBranchPolarity(b.hanja));
    }
    for (let i = 0; i < 60; i++)
      expect(pillarFromIndex(i).hanja).toBe(other.dayPillarFromDate(dateOfIndex(i)).pillar);
  });
});

/** A date whose day pillar has sexagenary index i (1970-01-01 was 辛巳, index 17). */
function dateOfIndex(i: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(1970, 0, 1 + ((i - 17 + 60) % 60)));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

// ---------------------------------------------------------------------------------------------------
// Korea's historical clock
// ---------------------------------------------------------------------------------------------------

describe("Korea's clock offsets", () => {
  it('match the runtime tz data at every change and twice a month 1900–2030', () => {
    for (const [at] of KOREA_OFFSETS) {
      const t = Date.parse(at);
      expect(koreaOffsetSeconds(t - 1000), at).toBe(intlOffsetSeconds(t - 1000));
      expect(koreaOffsetSeconds(t), at).toBe(intlOffsetSeconds(t));
    }
    for (let y = 1900; y <= 2030; y++) {
      for (let mo = 0; mo < 12; mo++) {
        for (const t of [Date.UTC(y, mo, 1, 3), Date.UTC(y, mo, 15, 15)]) {
          expect(koreaOffsetSeconds(t)).toBe(intlOffsetSeconds(t));
        }
      }
    }
  });

  it('reads skipped clock times with the old offset and repeated ones as the first', () => {
    // 1987-05-10 02:00 KST jumped to 03:00 KDT; 1987-10-11 03:00 KDT fell back to 02:00 KST.
    expect(new Date(koreanClockToInstant(1987, 5, 10, 2, 30)).toISOString()).toBe('1987-05-09T17:30:00.000Z');
    expect(new Date(koreanClockToInstant(1987, 10, 11, 2, 30)).toISOString()).toBe(
      '1987-10-10T16:30:00.000Z',
    );
    // 1961-08-10 00:00 (UTC+8:30) jumped to 00:30 (UTC+9).
    expect(new Date(koreanClockToInstant(1961, 8, 10, 0, 15)).toISOString()).toBe('1961-08-09T15:45:00.000Z');
    expect(new Date(koreanClockToInstant(1961, 8, 10, 0, 45)).toISOString()).toBe('1961-08-09T15:45:00.000Z');
    expect(new Date(koreanClockToInstant(2000, 1, 1, 0, 0)).toISOString()).toBe('1999-12-31T15:00:00.000Z');
  });
});

// ---------------------------------------------------------------------------------------------------
// The daily reading
// ---------------------------------------------------------------------------------------------------

const CHART = fourPillars(solar(1992, 11, 3, 14, 25)); // 壬申 庚戌 癸未 己未, day master 癸 (yin water)

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 24 * HOUR_MS).toISOString().slice(0, 10);
}

describe('elementBalance', () => {
  it('counts the eight characters, or six without an hour', () => {
    expect(elementBalance(CHART)).toEqual({ wood: 0, fire: 0, earth: 4, metal: 2, water: 2 });
    const threePillars = fourPillars(solar(1985, 5, 15)); // 乙丑 辛巳 甲寅
    expect(elementBalance(threePillars)).toEqual({ wood: 3, fire: 1, earth: 1, metal: 1, water: 0 });
    for (const p of [CHART, threePillars, ...TABLE.map((row) => fourPillars(row[1]))]) {
      const total = Object.values(elementBalance(p)).reduce((a, b) => a + b, 0);
      expect(total).toBe(p.hour ? 8 : 6);
    }
  });

  it('names the weakest element, ties going to the first of 목화토금수', () => {
    expect(weakestElement(elementBalance(CHART))).toBe('wood');
    expect(weakestElement({ wood: 2, fire: 2, earth: 1, metal: 2, water: 1 })).toBe('earth');
  });
});

describe('todayPillar', () => {
  it('matches lunar-javascript and @gracefullight/saju every day of 2025–2027 and on far dates', () => {
    const dates = ['1900-01-01', '1970-01-01', '2000-01-01', '2100-12-31'];
    for (let d = '2025-01-01'; d < '2028-01-01'; d = addDays(d, 1)) dates.push(d);
    for (const date of dates) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const pillar = todayPillar(date).hanja;
      expect(pillar, date).toBe(Solar.fromYmd(y, m, d).getLunar().getDayInGanZhi());
      expect(pillar, date).toBe(other.dayPillarFromDate({ year: y, month: m, day: d }).pillar);
    }
    expect(todayPillar('2024-02-10').hanja).toBe('甲辰'); // 설날 2024
  });

  it('rejects a date that is not a calendar day', () => {
    expect(() => todayPillar('2026-02-30')).toThrow(RangeError);
    expect(() => dailySaju(CHART, '2026-13-01', 'member')).toThrow(RangeError);
  });
});

describe('ten gods', () => {
  const KEYS: Record<string, string> = {
    companion: 'companion',
    'rob-wealth': 'robWealth',
    'eating-god': 'eatingGod',
    'hurting-officer': 'hurtingOfficer',
    'indirect-wealth': 'indirectWealth',
    'direct-wealth': 'directWealth',
    'seven-killings': 'sevenKillings',
    'direct-officer': 'directOfficer',
    'indirect-resource': 'indirectSeal',
    'direct-resource': 'directSeal',
  };

  it('agree with @gracefullight/saju for all 100 pairs of stems', () => {
    for (const dayMaster of STEMS) {
      for (const stem of STEMS) {
        expect(KEYS[tenGodOf(dayMaster, stem).id]).toBe(other.getTenGodKey(dayMaster.hanja, stem.hanja));
      }
    }
  });

  it('group into the five relations of the cycles', () => {
    expect(relationOf('water', 'water')).toBe('same');
    expect(relationOf('water', 'metal')).toBe('produces-me');
    expect(relationOf('water', 'wood')).toBe('i-produce');
    expect(relationOf('water', 'earth')).toBe('controls-me');
    expect(relationOf('water', 'fire')).toBe('i-control');
  });
});

describe('dailySaju', () => {
  it('reads today’s stem against the day master', () => {
    // 2024-02-10 is a 甲辰 day; 甲 (yang wood) is produced by 癸 (yin water): 상관.
    const r = dailySaju(CHART, '2024-02-10', 'member-1');
    expect(r.todayPillar.hanja).toBe('甲辰');
    expect(r.relation).toBe('i-produce');
    expect(r.tenGod).toMatchObject({ id: 'hurting-officer', ko: '상관', hanja: '傷官' });
    expect(r.weakestElement).toBe('wood');
    expect(RELATION_PHRASES['i-produce']).toContain(r.message);
    expect(ELEMENT_TIPS.wood).toContain(r.elementTip);
    expect(r.ko).toBe(`${r.headline.ko} ${r.message.ko} ${r.elementTip.ko}`);
    expect(r.en).toBe(`${r.headline.en} ${r.message.en} ${r.elementTip.en}`);
    expect(r.headline.ko).toContain('갑진(甲辰)일');
  });

  it('is the same for the same member and day, in Korean and English', () => {
    for (let i = 0; i < 60; i++) {
      const date = addDays('2026-01-01', i);
      const a = dailySaju(CHART, date, 'member-1');
      expect(dailySaju(fourPillars(solar(1992, 11, 3, 14, 25)), date, 'member-1')).toEqual(a);
      expect(a.ko).toMatch(HANGUL);
      expect(a.en).not.toMatch(HANGUL);
    }
  });

  it('varies between members and never repeats a phrase on two days of the same relation in a row', () => {
    const seen = new Map<string, string>();
    let differs = 0;
    for (let i = 0; i < 120; i++) {
      const date = addDays('2026-03-01', i);
      const a = dailySaju(CHART, date, 'member-1');
      const b = dailySaju(CHART, date, 'member-2');
      if (a.message.ko !== b.message.ko) differs++;
      const last = seen.get(a.relation);
      expect(a.message.ko).not.toBe(last);
      seen.set(a.relation, a.message.ko);
    }
    expect(differs).toBeGreaterThan(60);
  });

  it('hashes keys spread out and reproducibly', () => {
    expect(hashKey('member-1|2026-01-01')).toBe(hashKey('member-1|2026-01-01'));
    const hashes = new Set(Array.from({ length: 1000 }, (_, i) => hashKey(`member-${i}`)));
    expect(hashes.size).toBe(1000);
  });
});

describe('phrase banks', () => {
  const expectSentence = (text: { ko: string; en: string }): void => {
    expect(text.ko).toMatch(HANGUL);
    expect(text.ko).toMatch(/요\.$/); // 해요체
    expect(text.en).not.toMatch(HANGUL);
    expect(text.en).toMatch(/^[A-Z].*\.$/);
  };

  it('have at least six distinct bilingual phrases per relation', () => {
    for (const relation of RELATIONS) {
      const bank = RELATION_PHRASES[relation];
      expect(bank.length).toBeGreaterThanOrEqual(6);
      expect(new Set(bank.map((p) => p.ko)).size).toBe(bank.length);
      expect(new Set(bank.map((p) => p.en)).size).toBe(bank.length);
      bank.forEach(expectSentence);
    }
  });

  it('have tips for every element that name it', () => {
    for (const element of FIVE_ELEMENTS) {
      const bank = ELEMENT_TIPS[element];
      expect(bank.length).toBeGreaterThanOrEqual(3);
      for (const tip of bank) {
        expectSentence(tip);
        expect(tip.ko).toContain(`${ELEMENT_NAMES[element].ko}(${ELEMENT_NAMES[element].hanja})`);
        expect(tip.en.toLowerCase()).toContain(element);
      }
    }
  });

  it('name the pillar and ten god in every headline', () => {
    const r = dailySaju(CHART, '2026-05-05', 'member-3');
    const p: Pillar = r.todayPillar;
    expect(r.headline.en).toContain(p.hanja);
    expect(r.headline.en).toContain(r.tenGod.en);
    expect(r.headline.ko).toMatch(/요\.$/);
  });
});
