// RFC 5545 recurrence rules (RRULE) read and expanded over wall-clock times, written as seconds since 1970 as if
// the wall clock were UTC: the caller converts each occurrence through the event's time zone. Our own expander
// rather than ical.js's: its iterator loops without end on a rule no date can meet (FREQ=DAILY;BYMONTH=2;
// BYMONTHDAY=30) and steps one second at a time through a SECONDLY rule, while this one skips whole days that
// cannot match and stops after a fixed amount of work, so a hostile file stays fast.
import { epochDay, fromEpochDay, isLeapYear } from '../../../../calendar/plain-date.js';
import {
  KOREAN_RSCALE,
  RRULE_FREQUENCIES,
  RRULE_WEEKDAYS,
  type RRuleFrequency,
  type RRuleParts,
} from '../../../../calendar/rrule-map.js';

export const DAY_SECONDS = 86_400;

function numbers(value: string, min: number, max: number, signed: boolean): number[] | null {
  const list = value.split(',').map((part) => (/^[+-]?\d{1,3}$/.test(part.trim()) ? Number(part) : NaN));
  const valid = list.every(
    (n) =>
      Number.isInteger(n) &&
      (signed ? n !== 0 && Math.abs(n) >= min && Math.abs(n) <= max : n >= min && n <= max),
  );
  return valid && list.length > 0 ? [...new Set(list)] : null;
}

/**
 * The rule, or null when it cannot be read (a part misspelt or out of range). RFC 7529's parts (RSCALE, SKIP, a leap
 * month '5L') are read too: a caller checks `isGregorian` before it expands a rule here.
 */
export function parseRule(value: string): RRuleParts | null {
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    if (!part.trim()) continue;
    const equals = part.indexOf('=');
    if (equals <= 0) return null;
    parts.set(part.slice(0, equals).trim().toUpperCase(), part.slice(equals + 1).trim());
  }
  const freq = parts.get('FREQ')?.toUpperCase();
  if (!RRULE_FREQUENCIES.includes(freq as RRuleFrequency)) return null;
  const rule: RRuleParts = { freq: freq as RRuleFrequency, interval: 1, weekStart: 1 };
  for (const [name, text] of parts) {
    switch (name) {
      case 'FREQ':
        break;
      case 'INTERVAL':
      case 'COUNT': {
        if (!/^\d{1,9}$/.test(text) || Number(text) < 1) return null;
        if (name === 'INTERVAL') rule.interval = Number(text);
        else rule.count = Number(text);
        break;
      }
      case 'UNTIL':
        rule.until = text;
        break;
      case 'WKST': {
        const day = (RRULE_WEEKDAYS as readonly string[]).indexOf(text.toUpperCase());
        if (day < 0) return null;
        rule.weekStart = day;
        break;
      }
      case 'BYDAY': {
        const days = text
          .split(',')
          .map((part) => /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/i.exec(part.trim()));
        if (days.some((match) => !match)) return null;
        rule.byDay = days.map((match) => ({
          n: match![1] ? Number(match![1]) : 0,
          weekday: (RRULE_WEEKDAYS as readonly string[]).indexOf(match![2]!.toUpperCase()),
        }));
        if (rule.byDay.some(({ n }) => Math.abs(n) > 53)) return null;
        break;
      }
      case 'BYMONTH': {
        // RFC 7529 names a leap month with an L ('5L'), for a calendar that has them.
        const months = text.split(',').map((part) => /^(\d{1,2})(L?)$/i.exec(part.trim()));
        if (months.some((match) => !match || Number(match[1]) < 1 || Number(match[1]) > 13)) return null;
        const common = months.filter((match) => !match![2]).map((match) => Number(match![1]));
        const leap = months.filter((match) => match![2]).map((match) => Number(match![1]));
        if (common.length > 0) rule.byMonth = [...new Set(common)];
        if (leap.length > 0) rule.leapMonths = [...new Set(leap)];
        break;
      }
      case 'RSCALE':
        if (!/^[A-Z0-9-]+$/i.test(text)) return null;
        // 'KOREAN' is not a CLDR calendar, but some writers name the Korean calendar so: read it as CLDR's 'dangi'.
        rule.rscale = text.toUpperCase() === 'KOREAN' ? KOREAN_RSCALE : text.toUpperCase();
        break;
      case 'SKIP': {
        const skip = text.toUpperCase();
        if (skip !== 'OMIT' && skip !== 'BACKWARD' && skip !== 'FORWARD') return null;
        rule.skip = skip;
        break;
      }
      case 'BYWEEKNO':
      case 'BYYEARDAY':
      case 'BYMONTHDAY':
      case 'BYHOUR':
      case 'BYMINUTE':
      case 'BYSECOND':
      case 'BYSETPOS': {
        const [min, max, signed] = RANGES[name];
        const list = numbers(text, min, max, signed);
        if (!list) return null;
        rule[FIELDS[name]] = list;
        break;
      }
      default:
        // Any other part is an extension, or a mistake.
        if (!name.startsWith('X-')) return null;
    }
  }
  if (rule.count !== undefined && rule.until !== undefined) return null;
  // A 13th month, or a leap one, is another calendar's (RFC 7529); SKIP goes with RSCALE.
  if (!rule.rscale && (rule.leapMonths || rule.byMonth?.includes(13) || rule.skip)) return null;
  return rule;
}

const RANGES = {
  BYWEEKNO: [1, 53, true],
  BYYEARDAY: [1, 366, true],
  BYMONTHDAY: [1, 31, true],
  BYHOUR: [0, 23, false],
  BYMINUTE: [0, 59, false],
  BYSECOND: [0, 60, false],
  BYSETPOS: [1, 366, true],
} as const;

const FIELDS = {
  BYWEEKNO: 'byWeekNo',
  BYYEARDAY: 'byYearDay',
  BYMONTHDAY: 'byMonthDay',
  BYHOUR: 'byHour',
  BYMINUTE: 'byMinute',
  BYSECOND: 'bySecond',
  BYSETPOS: 'bySetPos',
} as const;

export interface ExpandLimits {
  /** Last wall time (inclusive) an occurrence may have: the rule's UNTIL or the end of the window read. */
  end: number;
  /** At most this many occurrences, DTSTART included. */
  max: number;
  /** An all-day event: occurrences are days, BYHOUR and the like do not apply. */
  dateOnly: boolean;
  /** Work left for the whole file, shared by its rules and taken from as they go. */
  budget?: { left: number };
}

/** Days and candidate times looked at before one expansion gives up (a rule no date meets ends here). */
const WORK_LIMIT = 2_000_000;

interface DayFacts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  yearDay: number;
  yearLength: number;
  monthLength: number;
}

function factsOf(dayNumber: number): DayFacts {
  const date = fromEpochDay(dayNumber);
  const yearStart = epochDay({ year: date.year, month: 1, day: 1 });
  const monthStart = epochDay({ ...date, day: 1 });
  const nextMonth =
    date.month === 12 ? { year: date.year + 1, month: 1 } : { year: date.year, month: date.month + 1 };
  return {
    ...date,
    weekday: (((dayNumber + 4) % 7) + 7) % 7,
    yearDay: dayNumber - yearStart + 1,
    yearLength: isLeapYear(date.year) ? 366 : 365,
    monthLength: epochDay({ ...nextMonth, day: 1 }) - monthStart,
  };
}

/** The first day of week 1 of a year: the week (starting on `weekStart`) holding at least four of its days. */
function firstWeekStart(year: number, weekStart: number): number {
  const january1 = epochDay({ year, month: 1, day: 1 });
  const offset = (((january1 + 4 - weekStart) % 7) + 7) % 7;
  return offset <= 3 ? january1 - offset : january1 - offset + 7;
}

function matchesSigned(list: number[], position: number, length: number): boolean {
  return list.some((n) => (n > 0 ? n === position : length + n + 1 === position));
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/**
 * The occurrences (wall times, ascending) of a rule from `start` within the limits, DTSTART first: RFC 5545
 * counts it as the first occurrence whatever the rule says. Each period of the rule's frequency is the set of
 * days (and times) its BYxxx parts allow, filtered by BYSETPOS; periods are INTERVAL apart.
 */
export function expandRule(rule: RRuleParts, start: number, limits: ExpandLimits): number[] {
  const times = [start];
  let work = 0;
  const workLimit = Math.min(WORK_LIMIT, limits.budget?.left ?? WORK_LIMIT);
  const startDay = Math.floor(start / DAY_SECONDS);
  const startFacts = factsOf(startDay);
  const startOfDay = start - startDay * DAY_SECONDS;
  const startTime = {
    hour: Math.floor(startOfDay / 3600),
    minute: Math.floor(startOfDay / 60) % 60,
    second: startOfDay % 60,
  };
  const end = limits.end;
  const max = Math.min(limits.max, rule.count ?? Infinity);
  if (start > end) return [];

  const dayMatches = (dayNumber: number): boolean => {
    const day = factsOf(dayNumber);
    const { freq } = rule;
    if (rule.byMonth && !rule.byMonth.includes(day.month)) return false;
    if (rule.byWeekNo && freq === 'YEARLY') {
      const first = firstWeekStart(day.year, rule.weekStart);
      const weeks = (firstWeekStart(day.year + 1, rule.weekStart) - first) / 7;
      const week = Math.floor((dayNumber - first) / 7) + 1;
      if (week < 1 || week > weeks || !matchesSigned(rule.byWeekNo, week, weeks)) return false;
    }
    const yearDayApplies = freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY';
    if (rule.byYearDay && yearDayApplies && !matchesSigned(rule.byYearDay, day.yearDay, day.yearLength))
      return false;
    if (rule.byMonthDay && freq !== 'WEEKLY' && !matchesSigned(rule.byMonthDay, day.day, day.monthLength)) {
      return false;
    }
    if (rule.byDay) {
      const inMonth = freq === 'MONTHLY' || (freq === 'YEARLY' && rule.byMonth && !rule.byWeekNo);
      const ordinals = freq === 'MONTHLY' || freq === 'YEARLY';
      const position = inMonth ? day.day : day.yearDay;
      const length = inMonth ? day.monthLength : day.yearLength;
      const nth = Math.ceil(position / 7);
      const nthFromEnd = -(Math.floor((length - position) / 7) + 1);
      const found = rule.byDay.some(
        ({ n, weekday }) =>
          weekday === day.weekday && (n === 0 || !ordinals || n === nth || n === nthFromEnd),
      );
      if (!found) return false;
    }
    // Parts the rule leaves out come from DTSTART (RFC 5545 §3.3.10).
    const dayParts = rule.byWeekNo || rule.byYearDay || rule.byMonthDay || rule.byDay;
    if (freq === 'YEARLY' && !dayParts) {
      if (day.day !== startFacts.day) return false;
      if (!rule.byMonth && day.month !== startFacts.month) return false;
    }
    if (freq === 'YEARLY' && rule.byWeekNo && !rule.byYearDay && !rule.byMonthDay && !rule.byDay) {
      if (day.weekday !== startFacts.weekday) return false;
    }
    if (freq === 'MONTHLY' && !rule.byMonthDay && !rule.byDay && day.day !== startFacts.day) return false;
    if (freq === 'WEEKLY' && !rule.byDay && day.weekday !== startFacts.weekday) return false;
    return true;
  };

  const hours = limits.dateOnly ? [0] : (rule.byHour ?? [startTime.hour]);
  const minutes = limits.dateOnly ? [0] : (rule.byMinute ?? [startTime.minute]);
  const seconds = limits.dateOnly ? [0] : (rule.bySecond ?? [startTime.second]).map((s) => Math.min(s, 59));
  const timesOfDay = [
    ...new Set(hours.flatMap((h) => minutes.flatMap((m) => seconds.map((s) => h * 3600 + m * 60 + s)))),
  ].sort((a, b) => a - b);

  /** Adds a period's candidates; false once no more may come. */
  const take = (candidates: number[]): boolean => {
    let list = candidates;
    if (rule.bySetPos) {
      const picked = rule.bySetPos
        .map((position) => (position > 0 ? list[position - 1] : list[list.length + position]))
        .filter((time): time is number => time !== undefined);
      list = [...new Set(picked)].sort((a, b) => a - b);
    }
    for (const time of list) {
      if (time <= start) continue;
      if (time > end) return false;
      times.push(time);
      if (times.length >= max) return false;
    }
    return true;
  };

  let more = true;
  if (rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY' || rule.freq === 'HOURLY') {
    const unit = rule.freq === 'HOURLY' ? 3600 : rule.freq === 'MINUTELY' ? 60 : 1;
    const step = unit * rule.interval;
    const base = start - mod(start, unit);
    // The first period at or after a wall time, on the rule's grid.
    const periodFrom = (time: number) => base + Math.ceil(Math.max(0, time - base) / step) * step;
    let period = base;
    let checkedDay = NaN;
    let dayOk = false;
    while (more && period <= end) {
      work += 1;
      if (work > workLimit) break;
      const dayNumber = Math.floor(period / DAY_SECONDS);
      if (dayNumber !== checkedDay) {
        checkedDay = dayNumber;
        dayOk = dayMatches(dayNumber);
      }
      if (!dayOk) {
        period = periodFrom((dayNumber + 1) * DAY_SECONDS);
        continue;
      }
      const hour = Math.floor(mod(period, DAY_SECONDS) / 3600);
      if (rule.byHour && !rule.byHour.includes(hour)) {
        period = periodFrom(period - mod(period, 3600) + 3600);
        continue;
      }
      const minute = Math.floor(mod(period, 3600) / 60);
      if (unit < 3600 && rule.byMinute && !rule.byMinute.includes(minute)) {
        period = periodFrom(period - mod(period, 60) + 60);
        continue;
      }
      let candidates: number[];
      if (unit === 3600) {
        const secondsList = rule.bySecond ?? [startTime.second];
        candidates = (rule.byMinute ?? [startTime.minute]).flatMap((m) =>
          secondsList.map((s) => period + m * 60 + s),
        );
      } else if (unit === 60) {
        candidates = (rule.bySecond ?? [startTime.second]).map((s) => period + s);
      } else {
        candidates = !rule.bySecond || rule.bySecond.includes(mod(period, 60)) ? [period] : [];
      }
      more = take(candidates.sort((a, b) => a - b));
      period += step;
    }
  } else {
    for (let index = 0; more; index += 1) {
      const [first, last] = periodDays(rule, startFacts, startDay, index);
      if (first * DAY_SECONDS > end) break;
      work += last - first + 1;
      if (work > workLimit) break;
      const candidates: number[] = [];
      for (let day = first; day <= last; day += 1) {
        if (!dayMatches(day)) continue;
        for (const time of timesOfDay) candidates.push(day * DAY_SECONDS + time);
      }
      work += candidates.length;
      more = take(candidates);
    }
  }
  if (limits.budget) limits.budget.left -= work;
  return times;
}

/** The first and last day of the rule's `index`-th period (INTERVAL apart), counted from DTSTART's. */
function periodDays(rule: RRuleParts, start: DayFacts, startDay: number, index: number): [number, number] {
  const step = index * rule.interval;
  switch (rule.freq) {
    case 'YEARLY': {
      const year = start.year + step;
      return [epochDay({ year, month: 1, day: 1 }), epochDay({ year, month: 12, day: 31 })];
    }
    case 'MONTHLY': {
      const months = start.year * 12 + (start.month - 1) + step;
      const year = Math.floor(months / 12);
      const month = (months % 12) + 1;
      const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
      return [epochDay({ year, month, day: 1 }), epochDay({ ...next, day: 1 }) - 1];
    }
    case 'WEEKLY': {
      const first = startDay - mod(start.weekday - rule.weekStart, 7) + step * 7;
      return [first, first + 6];
    }
    default:
      return [startDay + step, startDay + step];
  }
}
