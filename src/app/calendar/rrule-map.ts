// A repeat rule to and from RFC 5545's RRULE, for the iCalendar reader and writer: every rule the app keeps has
// one RRULE that gives the same days, and an RRULE that the app's rule can hold is read without loss (anything
// else is null, for the caller to keep as dated occurrences). A lunar date repeating yearly is RFC 7529's RRULE
// counted in the Korean calendar (RSCALE=DANGI), read and written here as well.
import { toLunarDate, type LunarDate } from './lunar.js';
import { epochDay, type PlainDate } from './plain-date.js';
import { observedInLunarYear } from './recurrence.js';
import { FREQUENCIES, type Frequency, type RepeatRule } from './series.js';
import { DAY_MINUTES, instantOf, timeZone } from './time-zones.js';
import { nthWeekday, weekdayOf } from './rules.js';

/** RFC 5545's names of the weekdays, Sunday (0) first as the app counts them. */
export const RRULE_WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** RFC 5545's frequencies, of which the app's rule keeps DAILY to YEARLY. */
export const RRULE_FREQUENCIES = [
  'SECONDLY',
  'MINUTELY',
  'HOURLY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
] as const;
export type RRuleFrequency = (typeof RRULE_FREQUENCIES)[number];

/** The parts of an RRULE, read (the importer's formats/calendar/rrule.ts) but not yet placed on a clock. */
export interface RRuleParts {
  freq: RRuleFrequency;
  interval: number;
  count?: number;
  /** The UNTIL value as written (a DATE or DATE-TIME), for the caller to place in the event's time zone. */
  until?: string;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  /** `n` 0 for every such weekday of the period, else the nth (negative: from the end). Weekday 0 is Sunday. */
  byDay?: Array<{ n: number; weekday: number }>;
  byHour?: number[];
  byMinute?: number[];
  bySecond?: number[];
  bySetPos?: number[];
  /** The day a week starts on (0 Sunday); Monday unless the rule says. */
  weekStart: number;
  /** RFC 7529: the calendar the rule counts in (upper case, 'DANGI'), Gregorian when left out. */
  rscale?: string;
  /** RFC 7529: where a day the calendar lacks that year goes; OMIT (skipped) when left out. */
  skip?: 'OMIT' | 'BACKWARD' | 'FORWARD';
  /** RFC 7529: leap months named in BYMONTH ('4L'), apart from the common months in `byMonth`. */
  leapMonths?: number[];
}

/** Whether a rule counts in the Gregorian calendar as RFC 5545 does, so that its expanders can follow it. */
export function isGregorian(parts: RRuleParts): boolean {
  return (
    (parts.rscale === undefined || parts.rscale === 'GREGORIAN') &&
    !parts.leapMonths &&
    (parts.skip ?? 'OMIT') === 'OMIT'
  );
}

function compact(iso: string): string {
  return iso.replace(/-/g, '');
}

/**
 * The UNTIL of a rule's last day as RFC 5545 wants it: a DATE for an all-day event, the end of that day on the
 * event's clock for a floating one, and in UTC for one in a zone.
 */
export function untilValue(until: string, timing: { allDay: boolean; zone: string }): string {
  if (timing.allDay) return compact(until);
  const zone = timing.zone ? timeZone(timing.zone) : null;
  if (!zone) return `${compact(until)}T235959`;
  const [year, month, day] = until.split('-').map(Number) as [number, number, number];
  const nextMidnight = instantOf(zone, (epochDay({ year, month, day }) + 1) * DAY_MINUTES);
  return `${new Date(nextMidnight * 60_000 - 1000).toISOString().replace(/[-:]|\.\d+/g, '')}`;
}

/** The RRULE value ('FREQ=WEEKLY;BYDAY=MO,WE') of a solar rule starting on `start`. */
export function ruleToRRule(
  rule: RepeatRule,
  start: PlainDate,
  timing: { allDay: boolean; zone: string } = { allDay: true, zone: '' },
): string {
  const parts = [`FREQ=${rule.freq.toUpperCase()}`];
  if ((rule.interval ?? 1) > 1) parts.push(`INTERVAL=${rule.interval}`);
  const weekday = weekdayOf(epochDay(start));
  const days = rule.weekdays ?? [weekday];
  if (rule.freq === 'weekly') parts.push(`BYDAY=${days.map((day) => RRULE_WEEKDAYS[day]).join(',')}`);
  if (rule.freq === 'monthly') {
    parts.push(
      rule.nth !== undefined
        ? `BYDAY=${days.map((day) => `${rule.nth}${RRULE_WEEKDAYS[day]}`).join(',')}`
        : `BYMONTHDAY=${start.day}`,
    );
  }
  if (rule.freq === 'yearly') {
    if (rule.nth !== undefined) {
      parts.push(
        `BYMONTH=${start.month}`,
        `BYDAY=${days.map((day) => `${rule.nth}${RRULE_WEEKDAYS[day]}`).join(',')}`,
      );
    } else if (start.month === 2 && start.day === 29) {
      // The schedule keeps 29 February on the 28th in common years: the last day of February says the same.
      parts.push('BYMONTH=2', 'BYMONTHDAY=-1');
    }
  }
  if (rule.weekStart !== undefined && rule.weekStart !== 1)
    parts.push(`WKST=${RRULE_WEEKDAYS[rule.weekStart]}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until) parts.push(`UNTIL=${untilValue(rule.until, timing)}`);
  return parts.join(';');
}

function only(list: number[] | undefined, value: number): boolean {
  return list === undefined || (list.length === 1 && list[0] === value);
}

/** The nth of a BYDAY list whose entries all share one ordinal (2WE,2FR), or null. */
function sharedNth(
  byDay: Array<{ n: number; weekday: number }>,
  setPos: number[] | undefined,
): number | null {
  if (setPos) {
    // BYDAY=WE;BYSETPOS=-1 is the last Wednesday: the same as BYDAY=-1WE when one weekday is named.
    if (setPos.length !== 1 || byDay.length !== 1 || byDay[0]!.n !== 0) return null;
    return Math.abs(setPos[0]!) <= 5 ? setPos[0]! : null;
  }
  const nth = byDay[0]?.n ?? 0;
  return nth !== 0 && Math.abs(nth) <= 5 && byDay.every((day) => day.n === nth) ? nth : null;
}

/**
 * The app's rule for a parsed RRULE of an event starting on `start` (its own clock), its UNTIL already read as the
 * last day an occurrence may start on (`until`); null when the app's rule cannot give exactly the same days.
 */
export function ruleFromRRule(parts: RRuleParts, start: PlainDate, until?: string): RepeatRule | null {
  const freq = parts.freq.toLowerCase() as Frequency;
  if (!FREQUENCIES.includes(freq) || !isGregorian(parts)) return null;
  if (parts.byWeekNo || parts.byYearDay || parts.byHour || parts.byMinute || parts.bySecond) return null;
  const rule: RepeatRule = { freq };
  if (parts.interval > 1) rule.interval = parts.interval;
  const weekday = weekdayOf(epochDay(start));
  const byDay = parts.byDay;
  switch (freq) {
    case 'daily':
      if (parts.byMonth || parts.byMonthDay || byDay || parts.bySetPos) return null;
      break;
    case 'weekly':
      if (parts.byMonth || parts.byMonthDay || parts.bySetPos || byDay?.some((day) => day.n !== 0))
        return null;
      if (byDay && !(byDay.length === 1 && byDay[0]!.weekday === weekday)) {
        rule.weekdays = [...new Set(byDay.map((day) => day.weekday))].sort((a, b) => a - b);
      }
      if (parts.weekStart !== 1 && (parts.interval > 1 || rule.weekdays)) rule.weekStart = parts.weekStart;
      break;
    case 'monthly':
      if (parts.byMonth || (byDay && parts.byMonthDay)) return null;
      if (byDay) {
        const nth = sharedNth(byDay, parts.bySetPos);
        if (nth === null) return null;
        rule.nth = nth;
        if (!(byDay.length === 1 && byDay[0]!.weekday === weekday)) {
          rule.weekdays = [...new Set(byDay.map((day) => day.weekday))].sort((a, b) => a - b);
        }
      } else if (parts.bySetPos || !only(parts.byMonthDay, start.day)) return null;
      break;
    case 'yearly': {
      if (!only(parts.byMonth, start.month)) return null;
      if (byDay) {
        const nth = parts.byMonth && !parts.byMonthDay ? sharedNth(byDay, parts.bySetPos) : null;
        if (nth === null) return null;
        rule.nth = nth;
        if (!(byDay.length === 1 && byDay[0]!.weekday === weekday)) {
          rule.weekdays = [...new Set(byDay.map((day) => day.weekday))].sort((a, b) => a - b);
        }
        break;
      }
      if (parts.bySetPos) return null;
      const leapDay = start.month === 2 && start.day === 29;
      const lastOfFebruary =
        leapDay && parts.byMonth?.[0] === 2 && parts.byMonthDay?.length === 1 && parts.byMonthDay[0] === -1;
      // RFC 5545 skips the years without 29 February; the app's yearly rule keeps it on the 28th.
      if (leapDay ? !lastOfFebruary : !only(parts.byMonthDay, start.day)) return null;
      break;
    }
  }
  if (parts.count !== undefined) rule.count = parts.count;
  if (until) rule.until = until;
  return rule;
}

/**
 * Whether the start is one of the days the RRULE itself gives (RFC 5545 calls it synchronized). The schedule
 * counts the start first either way, as RFC 5545 does; some readers (ical.js) drop a start the rule does not give.
 */
export function startOnRule(rule: RepeatRule, start: PlainDate): boolean {
  const day = epochDay(start);
  const weekday = weekdayOf(day);
  if (rule.freq === 'weekly') return !rule.weekdays || rule.weekdays.includes(weekday);
  if (rule.freq === 'daily' || rule.nth === undefined) return true;
  return (rule.weekdays ?? [weekday]).some(
    (other) => nthWeekday(start.year, start.month, rule.nth!, other) === day,
  );
}

/**
 * RFC 7529's name of the Korean lunisolar calendar: CLDR's 'dangi'. (Its 'chinese' is China's calendar, which puts
 * some new moons on another day than Korea's.)
 */
export const KOREAN_RSCALE = 'DANGI';

/**
 * The RRULE of a lunar date repeating yearly, counted in the Korean calendar: its month (a leap month with an L) and
 * day, and where a year lacks that leap month or that 30th, the day before (SKIP=BACKWARD), as the schedule keeps
 * it. A 30th is written as the month's last day (-1), the same thing in that calendar; and so a reader that knows
 * no RSCALE and counts the rule in the Gregorian calendar still meets a real day (there is no 30 February).
 */
export function lunarRuleToRRule(
  rule: RepeatRule,
  lunar: Pick<LunarDate, 'month' | 'day' | 'leap'>,
  timing: { allDay: boolean; zone: string },
): string {
  const parts = [`RSCALE=${KOREAN_RSCALE}`, 'FREQ=YEARLY'];
  if ((rule.interval ?? 1) > 1) parts.push(`INTERVAL=${rule.interval}`);
  parts.push(
    `BYMONTH=${lunar.month}${lunar.leap ? 'L' : ''}`,
    `BYMONTHDAY=${lunar.day === 30 ? -1 : lunar.day}`,
    'SKIP=BACKWARD',
  );
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until) parts.push(`UNTIL=${untilValue(rule.until, timing)}`);
  return parts.join(';');
}

/**
 * The lunar date and yearly rule of an RRULE counted in the Korean calendar whose first occurrence is `start` (a
 * solar date), or null when the schedule cannot keep it exactly: another calendar, another frequency, more than one
 * date a year, or a 30th or leap month that RFC 7529's default skips in the years that lack it.
 */
export function lunarRuleFromRRule(
  parts: RRuleParts,
  start: PlainDate,
  until?: string,
): { lunar: LunarDate; rule: RepeatRule } | null {
  if (parts.rscale !== KOREAN_RSCALE || parts.freq !== 'YEARLY' || parts.skip === 'FORWARD') return null;
  if (parts.byDay || parts.byWeekNo || parts.byYearDay || parts.bySetPos) return null;
  if (parts.byHour || parts.byMinute || parts.bySecond) return null;
  const months = [
    ...(parts.byMonth ?? []).map((month) => ({ month, leap: false })),
    ...(parts.leapMonths ?? []).map((month) => ({ month, leap: true })),
  ];
  if (months.length > 1 || (parts.byMonthDay && parts.byMonthDay.length !== 1)) return null;
  const first = toLunarDate(start);
  if (!first) return null;
  const month = months[0]?.month ?? first.month;
  const leap = months[0]?.leap ?? first.leap;
  const byMonthDay = parts.byMonthDay?.[0];
  const day = byMonthDay === undefined ? first.day : byMonthDay === -1 ? 30 : byMonthDay;
  if (month > 12 || day < 1 || day > 30) return null;
  if ((day === 30 || leap) && parts.skip !== 'BACKWARD') return null;
  // The start must be the rule's own day in its lunar year: the schedule's lunar series starts there.
  const own = observedInLunarYear({ month, day, leap }, first.year);
  if (!own || epochDay(own) !== epochDay(start)) return null;
  const rule: RepeatRule = { freq: 'yearly' };
  if (parts.interval > 1) rule.interval = parts.interval;
  if (parts.count !== undefined) rule.count = parts.count;
  if (until) rule.until = until;
  return { lunar: { year: first.year, month, day, leap }, rule };
}
