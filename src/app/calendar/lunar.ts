// The Korean lunar calendar (KASI tables through kor-lunar, not the Chinese one), as values that never throw.
import korLunar from 'kor-lunar';
import type { PlainDate } from './plain-date.js';

export interface LunarDate {
  year: number;
  month: number;
  day: number;
  /** A leap month (윤달) repeats the number of the month before it. */
  leap: boolean;
}

/** kor-lunar's tables cover lunar years 1890–2050 (solar 1890-01-21 to 2050-12-31). */
export const LUNAR_FIRST_YEAR = 1890;
export const LUNAR_LAST_YEAR = 2050;

function covered(year: number): boolean {
  return Number.isInteger(year) && year >= LUNAR_FIRST_YEAR && year <= LUNAR_LAST_YEAR;
}

/** The lunar date of a solar date, or null outside the tables' range. */
export function toLunarDate(solar: PlainDate): LunarDate | null {
  try {
    const lunar = korLunar.toLunar(solar.year, solar.month, solar.day);
    return { year: lunar.year, month: lunar.month, day: lunar.day, leap: lunar.isLeapMonth };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The solar date of a lunar date, or null when that lunar date does not exist or is out of range. */
export function toSolarDate(lunar: LunarDate): PlainDate | null {
  const length = lunarMonthLength(lunar.year, lunar.month, lunar.leap);
  if (length === null || !Number.isInteger(lunar.day) || lunar.day < 1 || lunar.day > length) return null;
  try {
    const { year, month, day } = korLunar.toSolar(lunar.year, lunar.month, lunar.day, lunar.leap);
    return { year, month, day };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** 29 or 30, or null when the year has no such month (a leap month it does not have). */
export function lunarMonthLength(year: number, month: number, leap: boolean): number | null {
  if (!covered(year) || !Number.isInteger(month) || month < 1 || month > 12) return null;
  const days = leap
    ? korLunar.LunarData.getLeapMonthDays(year, month)
    : korLunar.LunarData.getMonthDays(year, month);
  return days > 0 ? days : null;
}

/** The number of the month that is doubled as a leap month in that lunar year, or null. */
export function leapMonthOf(year: number): number | null {
  if (!covered(year)) return null;
  return korLunar.LunarData.getLeapMonth(year) || null;
}

const LUNAR_ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A stored lunar date 'YYYY-MM-DD' (lunar year, month, day) read as numbers, checked for shape only: whether
 * that day exists in that year is for the caller (a yearly lunar birthday may fall back to another day).
 */
export function parseLunarDate(iso: string, leap: boolean): LunarDate | null {
  const match = LUNAR_ISO_DATE.exec(iso);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), leap };
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= 30 ? date : null;
}
