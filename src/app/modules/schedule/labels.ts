// How the schedule screen writes lunar dates and full dates in the active language.
import { fill } from '../../../client/text.js';
import { formatCalendarDate } from '../../format.js';
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
