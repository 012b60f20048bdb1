// The schedule's repeat rules against RFC 5545: each rule written as an RRULE, read back by the importer's reader
// and our mapping, gives the same rule; and the app's expansion gives the same days as the importer's RFC 5545
// expander of that RRULE (rrule.ts, itself checked against the RFC's examples).
import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, expandRule, parseRule } from './rrule.js';
import {
  lunarRuleFromRRule,
  lunarRuleToRRule,
  ruleFromRRule,
  ruleToRRule,
  startOnRule,
} from '../../../../calendar/rrule-map.js';
import { parseLunarDate } from '../../../../calendar/lunar.js';
import { seriesStart } from '../../../../calendar/rules.js';
import { occurrencesBetween } from '../../../../calendar/occurrences.js';
import type { RepeatRule } from '../../../../calendar/series.js';
import { epochDay, fromEpochDay, parseIsoDate, toIsoDate } from '../../../../calendar/plain-date.js';

const CASES: Array<[string, RepeatRule]> = [
  ['2026-03-02', { freq: 'daily' }],
  ['2026-03-02', { freq: 'daily', interval: 3, count: 20 }],
  ['2026-03-02', { freq: 'weekly' }],
  ['2026-03-04', { freq: 'weekly', weekdays: [0, 3], interval: 2, weekStart: 0 }],
  ['2026-03-04', { freq: 'weekly', weekdays: [0, 3], interval: 2 }],
  ['2026-03-02', { freq: 'weekly', weekdays: [1, 4], until: '2026-09-30' }],
  ['2026-01-31', { freq: 'monthly' }],
  ['2026-01-31', { freq: 'monthly', interval: 2, count: 9 }],
  ['2026-04-29', { freq: 'monthly', nth: 5 }],
  ['2026-01-30', { freq: 'monthly', nth: -1 }],
  ['2026-03-10', { freq: 'monthly', nth: 2, weekdays: [2, 4] }],
  ['2026-05-10', { freq: 'yearly' }],
  ['2024-02-29', { freq: 'yearly' }],
  ['2026-11-26', { freq: 'yearly', nth: 4 }],
  ['2026-05-31', { freq: 'yearly', nth: -1, interval: 2, until: '2034-12-31' }],
];

/** The days the importer's RFC 5545 expander gives for an RRULE from a date, through 2029. */
function rfcDays(start: string, rrule: string): string[] {
  const parsed = parseRule(rrule)!;
  const first = epochDay(parseIsoDate(start)!) * DAY_SECONDS;
  const end = (epochDay({ year: 2029, month: 12, day: 31 }) + 1) * DAY_SECONDS - 1;
  const until = parsed.until
    ? (epochDay(parseIsoDate(parsed.until.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'))!) + 1) *
        DAY_SECONDS -
      1
    : end;
  return expandRule(parsed, first, { end: Math.min(end, until), max: 5000, dateOnly: true }).map((wall) =>
    toIsoDate(fromEpochDay(wall / DAY_SECONDS)),
  );
}

describe('repeat rules as RRULEs', () => {
  it.each(CASES)('%s %j gives the days RFC 5545 gives, and reads back the same', (start, rule) => {
    const date = parseIsoDate(start)!;
    const rrule = ruleToRRule(rule, date);
    const parsed = parseRule(rrule);
    expect(parsed, rrule).not.toBeNull();
    const until = parsed!.until?.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
    expect(ruleFromRRule(parsed!, date, until), rrule).toEqual(rule);
    const ours = occurrencesBetween(
      [
        {
          id: 'e',
          value: { title: 't', memo: '', calendar: 'solar', date: start, time: '', repeat: 'none', rule },
        },
      ],
      start,
      '2029-12-31',
      'UTC',
    ).map((occurrence) => occurrence.date);
    // The schedule's yearly 29 February is the last day of February (BYMONTHDAY=-1), as RFC 5545 then says too.
    expect(ours, rrule).toEqual(rfcDays(start, rrule));
  });

  it('writes the UNTIL of a zoned event in UTC, of a floating one on its own clock', () => {
    const date = parseIsoDate('2026-03-02')!;
    const rule: RepeatRule = { freq: 'weekly', until: '2026-06-29' };
    expect(ruleToRRule(rule, date, { allDay: false, zone: 'Asia/Seoul' })).toBe(
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260629T145959Z',
    );
    expect(ruleToRRule(rule, date, { allDay: false, zone: '' })).toBe(
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260629T235959',
    );
  });

  it('leaves to the caller what the app’s rule cannot hold exactly', () => {
    const start = parseIsoDate('2026-03-02')!;
    for (const rrule of [
      'FREQ=HOURLY',
      'FREQ=MONTHLY;BYDAY=MO',
      'FREQ=MONTHLY;BYMONTHDAY=1,15',
      'FREQ=YEARLY;BYWEEKNO=20',
      'FREQ=DAILY;BYHOUR=9,17',
      'FREQ=WEEKLY;BYDAY=1MO',
    ]) {
      expect(ruleFromRRule(parseRule(rrule)!, start), rrule).toBeNull();
    }
    // RFC 5545 skips the years without 29 February; the schedule's yearly rule would not.
    expect(ruleFromRRule(parseRule('FREQ=YEARLY')!, parseIsoDate('2024-02-29')!)).toBeNull();
    expect(
      ruleFromRRule(parseRule('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1')!, parseIsoDate('2026-01-30')!),
    ).toEqual({
      freq: 'monthly',
      nth: -1,
    });
  });
});

describe('lunar dates repeating yearly as RFC 7529 rules in the Korean calendar', () => {
  it.each<[string, boolean, RepeatRule]>([
    ['1940-08-15', false, { freq: 'yearly' }],
    // The leap second month of 2023 (윤2월).
    ['2023-02-05', true, { freq: 'yearly' }],
    // The 30th of a month that has only 29 days in some years.
    ['2024-02-30', false, { freq: 'yearly', interval: 2, count: 5 }],
  ])('%s (leap %s) %j is written and read back the same', (date, leap, rule) => {
    const lunar = parseLunarDate(date, leap)!;
    const start = seriesStart({ calendar: 'lunar', date, leap })!;
    const rrule = lunarRuleToRRule(rule, lunar, { allDay: true, zone: '' });
    expect(rrule.startsWith('RSCALE=DANGI;FREQ=YEARLY;')).toBe(true);
    expect(rrule).toContain('SKIP=BACKWARD');
    expect(lunarRuleFromRRule(parseRule(rrule)!, start.date)).toEqual({ lunar, rule });
  });

  it('writes a leap month with an L and a 30th as the month’s last day', () => {
    const clock = { allDay: true, zone: '' };
    expect(lunarRuleToRRule({ freq: 'yearly' }, { month: 2, day: 5, leap: true }, clock)).toBe(
      'RSCALE=DANGI;FREQ=YEARLY;BYMONTH=2L;BYMONTHDAY=5;SKIP=BACKWARD',
    );
    expect(lunarRuleToRRule({ freq: 'yearly' }, { month: 11, day: 30, leap: false }, clock)).toBe(
      'RSCALE=DANGI;FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=-1;SKIP=BACKWARD',
    );
  });

  it('leaves what the schedule cannot keep exactly', () => {
    const seollal = parseIsoDate('2025-01-29')!;
    expect(lunarRuleFromRRule(parseRule('RSCALE=DANGI;FREQ=YEARLY')!, seollal)).toEqual({
      lunar: { year: 2025, month: 1, day: 1, leap: false },
      rule: { freq: 'yearly' },
    });
    for (const rrule of [
      'RSCALE=CHINESE;FREQ=YEARLY',
      'RSCALE=DANGI;FREQ=MONTHLY',
      'RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1,8',
      'RSCALE=DANGI;FREQ=YEARLY;BYDAY=MO',
      // Not the start's own lunar date.
      'RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15',
      // A 30th or a leap month without SKIP=BACKWARD is skipped in the years that lack it.
      'RSCALE=DANGI;FREQ=YEARLY;BYMONTHDAY=-1',
      'RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1L;BYMONTHDAY=1',
    ]) {
      expect(lunarRuleFromRRule(parseRule(rrule)!, seollal), rrule).toBeNull();
    }
    // A Korean calendar rule is no Gregorian one.
    expect(ruleFromRRule(parseRule('RSCALE=DANGI;FREQ=YEARLY')!, seollal)).toBeNull();
  });
});

describe('whether the rule itself gives the start', () => {
  it('is so for a start on the rule’s weekday or nth weekday, not for one beside it', () => {
    const tuesday = parseIsoDate('2025-03-04')!;
    expect(startOnRule({ freq: 'weekly' }, tuesday)).toBe(true);
    expect(startOnRule({ freq: 'weekly', weekdays: [2, 4] }, tuesday)).toBe(true);
    expect(startOnRule({ freq: 'weekly', weekdays: [1, 3] }, tuesday)).toBe(false);
    expect(startOnRule({ freq: 'monthly', nth: 1 }, tuesday)).toBe(true);
    expect(startOnRule({ freq: 'monthly', nth: 1, weekdays: [3] }, tuesday)).toBe(false);
    expect(startOnRule({ freq: 'monthly' }, tuesday)).toBe(true);
  });
});
