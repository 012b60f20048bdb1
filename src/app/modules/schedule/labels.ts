// How the schedule screen writes lunar dates and full dates in the active language.
import type { Language } from '../../../shared/constants.js';
import { plural } from '../../../shared/plural.js';
import { fill } from '../../../client/text.js';
import { formatCalendarDate, timeLabel, utcFormatter } from '../../format.js';
import type { LunarDate } from '../../calendar/lunar.js';
import type { Occurrence } from '../../calendar/occurrences.js';
import { seriesStart, weekdayOf as weekdayOfDay } from '../../calendar/rules.js';
import { allDayLength, durationMinutes, ruleOf, type EventTiming } from '../../calendar/series.js';
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

/** 'Wednesday' / '수요일' of a weekday (0 Sunday). */
export function weekdayName(weekday: number, locale: string, width: 'long' | 'short' = 'long'): string {
  // 2023-01-01 was a Sunday.
  return utcFormatter(locale, { weekday: width }).format(new Date(Date.UTC(2023, 0, 1 + weekday)));
}

/** 'first' … 'fifth', 'last' / '첫째' … '마지막' of a rule's nth. */
export function nthName(text: ScheduleCopy, nth: number): string {
  return nth < 0 ? text.rule.nth.last : text.rule.nth[`n${Math.min(nth, 5)}` as 'n1'];
}

/**
 * A repeat rule in words, as the schedule lists it: '매주 월, 수' / 'Weekly on Mon, Wed', '매월 둘째 수요일',
 * '매년 음력 3월 5일', with its end ('…, 12월 31일까지', '…, 10회'). Empty for an event that does not repeat.
 */
export function ruleLabel(
  text: ScheduleCopy,
  event: Pick<EventTiming, 'calendar' | 'date' | 'leap' | 'rule' | 'repeat'>,
  locale: string,
): string {
  const rule = ruleOf(event);
  const start = seriesStart(event);
  if (!rule || !start) return '';
  const n = rule.interval ?? 1;
  const weekday = weekdayOfDay(start.day);
  const days = rule.weekdays ?? [weekday];
  const monthName = utcFormatter(locale, { month: 'long' }).format(Date.UTC(2023, start.date.month - 1, 1));
  let words: string;
  switch (rule.freq) {
    case 'daily':
      words = n > 1 ? fill(text.rule.everyDays, { n }) : text.rule.daily;
      break;
    case 'weekly': {
      const list = days.map((day) => weekdayName(day, locale, 'short')).join(', ');
      words = fill(n > 1 ? text.rule.everyWeeks : text.rule.weekly, { n, days: list });
      break;
    }
    case 'monthly':
      words =
        rule.nth !== undefined
          ? fill(n > 1 ? text.rule.everyMonthsNth : text.rule.monthlyNth, {
              n,
              nth: nthName(text, rule.nth),
              weekday: days.map((day) => weekdayName(day, locale)).join(', '),
            })
          : fill(n > 1 ? text.rule.everyMonthsDay : text.rule.monthlyDay, { n, day: start.date.day });
      break;
    case 'yearly': {
      if (rule.nth !== undefined) {
        words = fill(n > 1 ? text.rule.everyYearsNth : text.rule.yearlyNth, {
          n,
          month: monthName,
          nth: nthName(text, rule.nth),
          weekday: days.map((day) => weekdayName(day, locale)).join(', '),
        });
        break;
      }
      const date = start.lunar
        ? lunarLabel(text, start.lunar, 'long')
        : utcFormatter(locale, { month: 'long', day: 'numeric' }).format(
            Date.UTC(2023, start.date.month - 1, start.date.day),
          );
      words = fill(n > 1 ? text.rule.everyYears : text.rule.yearly, { n, date });
      break;
    }
  }
  if (rule.until)
    words = fill(text.rule.until, { rule: words, date: formatCalendarDate(rule.until, locale) });
  if (rule.count !== undefined) words = fill(text.rule.count, { rule: words, count: rule.count });
  return words;
}

/** How long an event lasts in words ('3일간', '1 hour 30 minutes'), or that it has no end. */
export function durationLabel(
  text: ScheduleCopy,
  duration: unknown,
  allDay: boolean,
  lang: Language,
): string {
  const minutes = durationMinutes(duration);
  if (allDay) return plural(text.duration.days, allDayLength(duration), lang);
  if (minutes === null) return text.duration.none;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [
    days ? plural(text.duration.days, days, lang) : '',
    hours ? plural(text.duration.hours, hours, lang) : '',
    rest ? plural(text.duration.minutes, rest, lang) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * When an occurrence happens, as a day's list writes it: '종일', '오후 7:00–오후 9:00', a trip's '3월 30일 – 4월 1일',
 * a night's '오후 10:00 – 3월 8일 오전 2:30'.
 */
export function occurrenceWhen(
  text: ScheduleCopy,
  occurrence: Pick<Occurrence, 'allDay' | 'date' | 'time' | 'endDate' | 'endTime' | 'hasEnd' | 'days'>,
  locale: string,
): string {
  const day = (iso: string) =>
    utcFormatter(locale, { month: 'short', day: 'numeric' }).format(Date.parse(`${iso}T00:00:00Z`));
  if (occurrence.allDay) {
    return occurrence.days > 1
      ? fill(text.event.range, { from: day(occurrence.date), to: day(occurrence.endDate) })
      : text.event.allDay;
  }
  const start = timeLabel(occurrence.time, locale);
  if (!occurrence.hasEnd) return start;
  const end = timeLabel(occurrence.endTime, locale);
  if (occurrence.days === 1) return `${start}–${end}`;
  return fill(text.event.range, {
    from: `${day(occurrence.date)} ${start}`,
    to: `${day(occurrence.endDate)} ${end}`,
  });
}

/**
 * `occurrenceWhen` in two pieces, where a narrow list may break it: its start ('오후 2:00', '1월 9일'), and the rest
 * ('–오후 3:30', ' – 1월 11일'; empty for a start alone).
 */
export function occurrenceWhenParts(
  text: ScheduleCopy,
  occurrence: Pick<Occurrence, 'allDay' | 'date' | 'time' | 'endDate' | 'endTime' | 'hasEnd' | 'days'>,
  locale: string,
): [string, string] {
  const whole = occurrenceWhen(text, occurrence, locale);
  const day = utcFormatter(locale, { month: 'short', day: 'numeric' }).format(
    Date.parse(`${occurrence.date}T00:00:00Z`),
  );
  const start = occurrence.allDay
    ? occurrence.days > 1
      ? day
      : whole
    : occurrence.days > 1 && occurrence.hasEnd
      ? `${day} ${timeLabel(occurrence.time, locale)}`
      : timeLabel(occurrence.time, locale);
  return whole.startsWith(start) ? [start, whole.slice(start.length)] : [whole, ''];
}

/** '3월 9일 월요일' / 'Monday, March 9': a day of the week view, without its year. */
export function dayLabel(iso: string, locale: string): string {
  return utcFormatter(locale, { weekday: 'long', month: 'long', day: 'numeric' }).format(
    Date.parse(`${iso}T00:00:00Z`),
  );
}

/** '오후 3시' / '3 PM': an hour of the week view's grid (0–23). */
export function hourLabel(hour: number, locale: string): string {
  return utcFormatter(locale, { hour: 'numeric' }).format(Date.UTC(1970, 0, 1, hour));
}

/** '2026년 3월 8일~14일' / 'Mar 8 – 14, 2026': the days a view shows, as the language writes a range. */
export function dateRangeLabel(fromIso: string, toIso: string, locale: string): string {
  const format = utcFormatter(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  return format.formatRange(Date.parse(`${fromIso}T00:00:00Z`), Date.parse(`${toIso}T00:00:00Z`));
}
