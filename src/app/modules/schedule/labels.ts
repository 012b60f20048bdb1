// How the schedule screen writes lunar dates, times and full dates in the active language.
import { fill } from '../../../client/text.js';
import { formatCalendarDate, utcFormatter } from '../../format.js';
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

/** '2026년 11월 22일 일요일' / 'Sunday, November 22, 2026'. */
export function fullDate(iso: string, locale: string): string {
  return formatCalendarDate(iso, locale, { dateStyle: 'full' });
}

/** 'HH:MM' as '오후 3:30' / '3:30 PM'; anything unreadable as it is. */
export function timeLabel(time: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return utcFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))),
  );
}
