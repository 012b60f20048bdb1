// Dates and times in the embed, through Intl for the active language. Calendar days (YYYY-MM-DD) are shown as
// that day wherever the device is: they are formatted at noon UTC in the UTC time zone.
import { localeOf } from '../../client/text.js';
import type { Language } from '../../shared/constants.js';

function utcNoon(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day, 12));
}

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year ?? 1970, month ?? 1, day ?? 1];
}

/** e.g. 2026년 11월 22일 일요일 / Sunday, November 22, 2026 */
export function longDay(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(utcNoon(...parts(date)));
}

/** e.g. 1990년 5월 15일 / May 15, 1990 */
export function calendarDay(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(
    utcNoon(...parts(date)),
  );
}

/** A lunar date cannot go through a Gregorian formatter (lunar months have 29 or 30 days): written out. */
export function lunarDay(year: number, month: number, day: number, lang: Language): string {
  return lang === 'ko' ? `${year}년 ${month}월 ${day}일` : `${month}/${day}/${year}`;
}

/** e.g. 7월 23일 / July 23 */
export function monthDay(month: number, day: number, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    utcNoon(2000, month, day),
  );
}

/** e.g. 오후 2:30 / 2:30 PM */
export function clockTime(hour: number, minute: number, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
}
