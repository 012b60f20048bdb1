// How the schedule screen writes lunar dates, times and full dates in the active language.
import { fill } from '../../../client/text.js';
import type { LunarDate } from '../../calendar/lunar.js';
import type { ScheduleCopy } from './copy.js';

export function lunarLabel(
  text: ScheduleCopy,
  lunar: LunarDate,
  form: 'short' | 'long' | 'withYear',
): string {
  const template = {
    short: lunar.leap ? text.lunar.shortLeap : text.lunar.short,
    long: lunar.leap ? text.lunar.longLeap : text.lunar.long,
    withYear: lunar.leap ? text.lunar.withYearLeap : text.lunar.withYear,
  }[form];
  return fill(template, { year: lunar.year, month: lunar.month, day: lunar.day });
}

export function lunarMonthLabel(text: ScheduleCopy, year: number, month: number, leap: boolean): string {
  return fill(leap ? text.lunarMonth.leap : text.lunarMonth.regular, { year, month });
}

// Building an Intl formatter costs far more than using one; the month grid formats 42 dates per render.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, kind: 'full' | 'time'): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'full' ? { dateStyle: 'full' } : { hour: 'numeric', minute: '2-digit' };
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

/** '2026년 11월 22일 일요일' / 'Sunday, November 22, 2026'. */
export function fullDate(iso: string, locale: string): string {
  return formatter(locale, 'full').format(new Date(`${iso}T00:00:00Z`));
}

/** 'HH:MM' as '오후 3:30' / '3:30 PM'; anything unreadable as it is. */
export function timeLabel(time: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return formatter(locale, 'time').format(new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))));
}
