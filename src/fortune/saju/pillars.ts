/**
 * The four pillars (사주, 四柱) of a birth in Korea, computed by lunar-javascript's EightChar behind a typed
 * wrapper. lunar-javascript is large: import this module only from the fortune embed.
 *
 * Conventions, all decided here so the embed and the tests agree:
 *
 * - **Input** is the civil date and clock time as written in Korea (Asia/Seoul), solar or lunar.
 * - **Historical offsets.** The clock time becomes an instant with the offset Korea used at that moment
 *   (`KOREA_OFFSETS`, copied from tzdb 2025c Asia/Seoul and checked against the runtime's tz data in the
 *   tests): UTC+8:30 from 1908-04-01 to 1911-12-31 and from 1954-03-21 to 1961-08-09, UTC+9 otherwise, an
 *   hour of daylight saving in summer 1948–1951, 1955–1960 (UTC+9:30 then) and 1987–1988. A time skipped by
 *   a clock change is read with the offset before the change; a time that happened twice is the first one
 *   (Temporal's `disambiguation: 'compatible'`). The table is in code, not read from `Intl`, so every
 *   browser gives the same chart whatever tz data it ships.
 * - **Year and month pillars** follow the solar terms (입춘 starts the year, each 節 a month).
 *   lunar-javascript's term table is in China Standard Time, so it is given the instant as UTC+8 wall time
 *   and the month changes at the exact second of its table.
 * - **Day and hour pillars** are read on the Korea Standard Time clock (UTC+9) at that instant, so a birth
 *   during daylight saving loses that hour and a UTC+8:30-era birth gains 30 minutes, and one instant always
 *   gives one chart. The hours are the two-hour 時辰 of that clock: 子 23:00–01:00, 丑 01:00–03:00, … 亥
 *   21:00–23:00. There is no longitude (true solar time) correction; Seoul's mean solar time runs about 32
 *   minutes behind KST, which some practitioners apply and we do not.
 * - **子時 (23:00–24:00).** `ziHour: 'next-day'` (default, lunar-javascript sect 1, 子初換日): the day
 *   pillar already turns to the next day at 23:00 and the hour is that next day's 子 hour.
 *   `ziHour: 'same-day'` (lunar-javascript sect 2, 야자시): the day pillar turns at midnight, while the hour
 *   pillar is still the next day's 子 hour.
 * - **Lunar birth dates** are Korean lunar dates (KASI tables through kor-lunar, lunar years 1890–2050),
 *   which differ from the Chinese calendar on about 2,000 days of 1900–2050; `lunarCalendar: 'chinese'`
 *   reads them with lunar-javascript's `Lunar.fromYmd` instead (a leap month is a negative month there).
 * - **Unknown hour:** no hour pillar; the day pillar is the civil date's, and the year and month pillars
 *   are those at noon, with `uncertain` telling when a solar term on that very day makes them depend on the
 *   hour.
 */

import korLunar from 'kor-lunar';
import { Lunar, Solar } from 'lunar-javascript';
import type { EightChar } from 'lunar-javascript';
import { dayNumber } from '../daily-seed.js';
import type { Bilingual } from '../bilingual.js';

export type FiveElement = 'wood' | 'fire' | 'earth' | 'metal' | 'water';
export type YinYang = 'yang' | 'yin';

export interface ElementName extends Bilingual {
  readonly hanja: string;
}

/** In the order of the generating cycle: wood feeds fire, fire makes earth, … water feeds wood. */
export const FIVE_ELEMENTS: readonly FiveElement[] = ['wood', 'fire', 'earth', 'metal', 'water'];

export const ELEMENT_NAMES: Readonly<Record<FiveElement, ElementName>> = {
  wood: { hanja: '木', ko: '목', en: 'wood' },
  fire: { hanja: '火', ko: '화', en: 'fire' },
  earth: { hanja: '土', ko: '토', en: 'earth' },
  metal: { hanja: '金', ko: '금', en: 'metal' },
  water: { hanja: '水', ko: '수', en: 'water' },
};

/** A heavenly stem (천간). */
export interface Stem {
  /** 0 (甲) – 9 (癸) */
  readonly index: number;
  readonly hanja: string;
  readonly ko: string;
  /** e.g. 'Yang Wood' */
  readonly en: string;
  readonly element: FiveElement;
  readonly yinYang: YinYang;
}

/** An earthly branch (지지). */
export interface Branch {
  /** 0 (子) – 11 (亥) */
  readonly index: number;
  readonly hanja: string;
  readonly ko: string;
  /** The zodiac animal, e.g. 'Rat' */
  readonly en: string;
  readonly animal: Bilingual;
  /** The element of the branch's main energy (본기). */
  readonly element: FiveElement;
  /** By position: 子, 寅, 辰, 午, 申, 戌 are yang. */
  readonly yinYang: YinYang;
}

export interface Pillar {
  /** 0 (甲子) – 59 (癸亥) in the sexagenary cycle */
  readonly index: number;
  /** e.g. '甲子' */
  readonly hanja: string;
  /** e.g. '갑자' */
  readonly ko: string;
  readonly stem: Stem;
  readonly branch: Branch;
}

export interface FourPillars {
  readonly year: Pillar;
  readonly month: Pillar;
  readonly day: Pillar;
  /** null when the birth hour is unknown */
  readonly hour: Pillar | null;
  /** The day stem (일간), the "self" every other stem is read against. */
  readonly dayMaster: Stem;
  /** The Gregorian birth date (Korean civil date) as YYYY-MM-DD, converted when the input was lunar. */
  readonly solarDate: string;
  /** The birth instant as an ISO UTC string, or null when the hour is unknown. */
  readonly instant: string | null;
  /** Only with an unknown hour: a solar term on the birth day makes this pillar depend on the hour. */
  readonly uncertain: { readonly year: boolean; readonly month: boolean };
}

export interface BirthMoment {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** 0–23 on the clock in Korea at the time; omitted or null when unknown. */
  readonly hour?: number | null;
  /** 0–59; taken as 0 when omitted, ignored when the hour is unknown. */
  readonly minute?: number | null;
  readonly calendar: 'solar' | 'lunar';
  /** Lunar dates only: the day is in the leap month (윤달) of that number. */
  readonly leapMonth?: boolean;
}

export type ZiHourRule = 'next-day' | 'same-day';
export type LunarCalendar = 'korean' | 'chinese';

export interface PillarOptions {
  /** Default 'next-day'. */
  readonly ziHour?: ZiHourRule;
  /** Default 'korean'. */
  readonly lunarCalendar?: LunarCalendar;
}

/** Gregorian birth dates accepted, after any lunar conversion. */
export const FIRST_BIRTH_YEAR = 1900;
export const LAST_BIRTH_YEAR = 2100;

// ---------------------------------------------------------------------------------------------------
// Stems, branches, pillars
// ---------------------------------------------------------------------------------------------------

const STEM_HANJA = '甲乙丙丁戊己庚辛壬癸';
const BRANCH_HANJA = '子丑寅卯辰巳午未申酉戌亥';

export const STEMS: readonly Stem[] = (
  [
    ['갑', 'Yang Wood'],
    ['을', 'Yin Wood'],
    ['병', 'Yang Fire'],
    ['정', 'Yin Fire'],
    ['무', 'Yang Earth'],
    ['기', 'Yin Earth'],
    ['경', 'Yang Metal'],
    ['신', 'Yin Metal'],
    ['임', 'Yang Water'],
    ['계', 'Yin Water'],
  ] as const
).map(([ko, en], index): Stem => ({
  index,
  hanja: STEM_HANJA.charAt(index),
  ko,
  en,
  element: FIVE_ELEMENTS[Math.floor(index / 2)] as FiveElement,
  yinYang: index % 2 === 0 ? 'yang' : 'yin',
}));

export const BRANCHES: readonly Branch[] = (
  [
    ['자', 'Rat', '쥐', 'water'],
    ['축', 'Ox', '소', 'earth'],
    ['인', 'Tiger', '호랑이', 'wood'],
    ['묘', 'Rabbit', '토끼', 'wood'],
    ['진', 'Dragon', '용', 'earth'],
    ['사', 'Snake', '뱀', 'fire'],
    ['오', 'Horse', '말', 'fire'],
    ['미', 'Goat', '양', 'earth'],
    ['신', 'Monkey', '원숭이', 'metal'],
    ['유', 'Rooster', '닭', 'metal'],
    ['술', 'Dog', '개', 'earth'],
    ['해', 'Pig', '돼지', 'water'],
  ] as const
).map(([ko, en, animalKo, element], index): Branch => ({
  index,
  hanja: BRANCH_HANJA.charAt(index),
  ko,
  en,
  animal: { ko: animalKo, en },
  element,
  yinYang: index % 2 === 0 ? 'yang' : 'yin',
}));

const mod = (n: number, m: number): number => ((n % m) + m) % m;

/** The pillar at a place in the sexagenary cycle (0 = 甲子, 59 = 癸亥; any integer, taken modulo 60). */
export function pillarFromIndex(index: number): Pillar {
  if (!Number.isInteger(index)) throw new RangeError(`pillar index must be an integer, got ${index}`);
  const i = mod(index, 60);
  const stem = STEMS[i % 10] as Stem;
  const branch = BRANCHES[i % 12] as Branch;
  return { index: i, hanja: stem.hanja + branch.hanja, ko: stem.ko + branch.ko, stem, branch };
}

function pillarFromHanja(stemHanja: string, branchHanja: string): Pillar {
  const s = STEM_HANJA.indexOf(stemHanja);
  const b = BRANCH_HANJA.indexOf(branchHanja);
  if (stemHanja.length !== 1 || branchHanja.length !== 1 || s < 0 || b < 0 || s % 2 !== b % 2) {
    throw new Error(`lunar-javascript returned an unexpected pillar ${stemHanja}${branchHanja}`);
  }
  // The n in 0..59 with n ≡ s (mod 10) and n ≡ b (mod 12).
  return pillarFromIndex(6 * s - 5 * b);
}

// ---------------------------------------------------------------------------------------------------
// Korea's clock through history
// ---------------------------------------------------------------------------------------------------

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const CHINA_STANDARD_MS = 8 * HOUR_MS;
const KOREA_STANDARD_MS = 9 * HOUR_MS;

/** Seoul's local mean time (8:27:52) before 1908-04-01. */
const KOREA_LMT_SECONDS = 30_472;

/** [the instant a new offset starts, the offset in seconds east of UTC]; tzdb 2025c, zone Asia/Seoul. */
export const KOREA_OFFSETS: readonly (readonly [string, number])[] = [
  ['1908-03-31T15:32:08Z', 30_600],
  ['1911-12-31T15:30:00Z', 32_400],
  ['1948-05-31T15:00:00Z', 36_000],
  ['1948-09-12T14:00:00Z', 32_400],
  ['1949-04-02T15:00:00Z', 36_000],
  ['1949-09-10T14:00:00Z', 32_400],
  ['1950-03-31T15:00:00Z', 36_000],
  ['1950-09-09T14:00:00Z', 32_400],
  ['1951-05-05T15:00:00Z', 36_000],
  ['1951-09-08T14:00:00Z', 32_400],
  ['1954-03-20T15:00:00Z', 30_600],
  ['1955-05-04T15:30:00Z', 34_200],
  ['1955-09-08T14:30:00Z', 30_600],
  ['1956-05-19T15:30:00Z', 34_200],
  ['1956-09-29T14:30:00Z', 30_600],
  ['1957-05-04T15:30:00Z', 34_200],
  ['1957-09-21T14:30:00Z', 30_600],
  ['1958-05-03T15:30:00Z', 34_200],
  ['1958-09-20T14:30:00Z', 30_600],
  ['1959-05-02T15:30:00Z', 34_200],
  ['1959-09-19T14:30:00Z', 30_600],
  ['1960-04-30T15:30:00Z', 34_200],
  ['1960-09-17T14:30:00Z', 30_600],
  ['1961-08-09T15:30:00Z', 32_400],
  ['1987-05-09T17:00:00Z', 36_000],
  ['1987-10-10T17:00:00Z', 32_400],
  ['1988-05-07T17:00:00Z', 36_000],
  ['1988-10-08T17:00:00Z', 32_400],
];

const TRANSITIONS = KOREA_OFFSETS.map(([at, seconds]) => ({ at: Date.parse(at), ms: seconds * SECOND_MS }));

/** The offset from UTC, in seconds, of the clocks in Korea at an instant (ms since the epoch). */
export function koreaOffsetSeconds(instantMs: number): number {
  let ms = KOREA_LMT_SECONDS * SECOND_MS;
  for (const t of TRANSITIONS) {
    if (instantMs < t.at) break;
    ms = t.ms;
  }
  return ms / SECOND_MS;
}

/**
 * The instant (ms since the epoch) of a clock reading in Korea. A reading skipped by a clock change is
 * taken with the offset before the change; one that happened twice is the earlier instant.
 */
export function koreanClockToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Clock changes are months apart, so at most one lies within a day of any reading.
  const before = koreaOffsetSeconds(wall - DAY_MS) * SECOND_MS;
  const after = koreaOffsetSeconds(wall + DAY_MS) * SECOND_MS;
  const valid = [wall - before, wall - after].filter((t) => koreaOffsetSeconds(t) * SECOND_MS === wall - t);
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}

// ---------------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------------

function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function chineseLunarToSolar(year: number, month: number, day: number, what: string): CivilDate {
  try {
    const solar = Lunar.fromYmd(year, month, day).getSolar();
    return { year: solar.getYear(), month: solar.getMonth(), day: solar.getDay() };
  } catch (error) {
    throw new RangeError(`${what} is not a date of the Chinese lunar calendar`, { cause: error });
  }
}

function solarBirthDate(birth: BirthMoment, calendar: LunarCalendar): CivilDate {
  const year = integerIn('year', birth.year, 1, 9999);
  const month = integerIn('month', birth.month, 1, 12);
  const day = integerIn('day', birth.day, 1, 31);
  let solar: CivilDate;
  if (birth.calendar === 'solar') {
    solar = { year, month, day };
  } else if (birth.calendar === 'lunar') {
    const leap = birth.leapMonth === true;
    const what = `lunar ${year}-${pad(month)}-${pad(day)}${leap ? ' (leap month)' : ''}`;
    if (calendar === 'korean') {
      if (!korLunar.LunarData.isValidDate(year, month, day, leap)) {
        throw new RangeError(`${what} is not a date of the Korean lunar calendar (1890–2050)`);
      }
      solar = korLunar.toSolar(year, month, day, leap);
    } else {
      solar = chineseLunarToSolar(year, leap ? -month : month, day, what);
    }
  } else {
    throw new RangeError(`calendar must be 'solar' or 'lunar', got ${String(birth.calendar)}`);
  }
  const iso = `${pad(solar.year, 4)}-${pad(solar.month)}-${pad(solar.day)}`;
  dayNumber(iso); // throws RangeError for a day the month does not have
  if (solar.year < FIRST_BIRTH_YEAR || solar.year > LAST_BIRTH_YEAR) {
    throw new RangeError(`birth date ${iso} is outside ${FIRST_BIRTH_YEAR}–${LAST_BIRTH_YEAR}`);
  }
  return solar;
}

// ---------------------------------------------------------------------------------------------------
// Pillars
// ---------------------------------------------------------------------------------------------------

/** lunar-javascript's eight characters for a wall-clock reading given as ms of a UTC date. */
function eightCharAt(wallMs: number, sect: 1 | 2): EightChar {
  const w = new Date(wallMs);
  const eightChar = Solar.fromYmdHms(
    w.getUTCFullYear(),
    w.getUTCMonth() + 1,
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
  )
    .getLunar()
    .getEightChar();
  eightChar.setSect(sect);
  return eightChar;
}

/** Year and month pillars of an instant: solar terms in lunar-javascript's table are UTC+8. */
function yearAndMonth(instantMs: number): { year: Pillar; month: Pillar } {
  const eightChar = eightCharAt(instantMs + CHINA_STANDARD_MS, 2);
  return {
    year: pillarFromHanja(eightChar.getYearGan(), eightChar.getYearZhi()),
    month: pillarFromHanja(eightChar.getMonthGan(), eightChar.getMonthZhi()),
  };
}

/** The four pillars of a birth in Korea; throws a RangeError for an impossible or unsupported date. */
export function fourPillars(birth: BirthMoment, options: PillarOptions = {}): FourPillars {
  const ziHour = options.ziHour ?? 'next-day';
  if (ziHour !== 'next-day' && ziHour !== 'same-day') {
    throw new RangeError(`unknown ziHour ${String(ziHour)}`);
  }
  const lunarCalendar = options.lunarCalendar ?? 'korean';
  if (lunarCalendar !== 'korean' && lunarCalendar !== 'chinese') {
    throw new RangeError(`unknown lunarCalendar ${String(lunarCalendar)}`);
  }
  const date = solarBirthDate(birth, lunarCalendar);
  const solarDate = `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

  if (birth.hour === undefined || birth.hour === null) {
    const at = (hour: number): number => koreanClockToInstant(date.year, date.month, date.day, hour, 0);
    const noon = yearAndMonth(at(12));
    const first = yearAndMonth(at(0));
    const last = yearAndMonth(at(24) - SECOND_MS);
    const civil = eightCharAt(Date.UTC(date.year, date.month - 1, date.day, 12), 2);
    const day = pillarFromHanja(civil.getDayGan(), civil.getDayZhi());
    return {
      ...noon,
      day,
      hour: null,
      dayMaster: day.stem,
      solarDate,
      instant: null,
      uncertain: {
        year: first.year.index !== last.year.index,
        month: first.month.index !== last.month.index,
      },
    };
  }

  const hour = integerIn('hour', birth.hour, 0, 23);
  const minute =
    birth.minute === undefined || birth.minute === null ? 0 : integerIn('minute', birth.minute, 0, 59);
  const instant = koreanClockToInstant(date.year, date.month, date.day, hour, minute);
  const kst = eightCharAt(instant + KOREA_STANDARD_MS, ziHour === 'next-day' ? 1 : 2);
  const day = pillarFromHanja(kst.getDayGan(), kst.getDayZhi());
  return {
    ...yearAndMonth(instant),
    day,
    hour: pillarFromHanja(kst.getTimeGan(), kst.getTimeZhi()),
    dayMaster: day.stem,
    solarDate,
    instant: new Date(instant).toISOString(),
    uncertain: { year: false, month: false },
  };
}
