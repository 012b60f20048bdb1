// The schedule as an iCalendar file (RFC 5545) for any calendar app, and whole again for our own importer
// (docs/calendar.md): a start and end on the event's own clock (TZID with its VTIMEZONE, floating, or all-day
// dates), its repeat as an RRULE, deleted occurrences as EXDATEs and each changed one as a VEVENT of its own with
// RECURRENCE-ID. A lunar date repeating yearly is RFC 7529's rule in the Korean calendar, with its solar dates for
// ten years as RDATEs for calendars that know no RSCALE, and X-MYGENIE-LUNAR so that our importer gives it back as
// the lunar event it is. An event of a shared space names it as its CATEGORIES (which our importer does not read:
// what a file brings in is the member's own).
import { epochDay, fromEpochDay, toIsoDate } from '../../../../calendar/plain-date.js';
import {
  lunarRuleToRRule,
  ruleToRRule,
  startOnRule,
  type RRuleParts,
} from '../../../../calendar/rrule-map.js';
import { remindersOf, triggerOfReminder } from '../../../../calendar/reminder-times.js';
import { isSeriesDay, lastDayOf, seriesDays, seriesStart } from '../../../../calendar/rules.js';
import {
  allDayLength,
  dayNumber,
  durationMinutes,
  exceptionsOf,
  legacyRepeat,
  minutesOf,
  ruleOf,
  type OccurrenceChange,
  type RepeatRule,
} from '../../../../calendar/series.js';
import { DAY_MINUTES, timeZone } from '../../../../calendar/time-zones.js';
import type { ScheduleEvent } from '../../../../records/event.js';
import { LUNAR_PROPERTY, escapeText, foldLine } from './ics-text.js';
import { DAY_SECONDS, expandRule, parseRule } from './rrule.js';
import { vtimezoneLines } from './vtimezone.js';

/** A lunar yearly event's solar dates are listed up to this many years after the export. */
export const LUNAR_YEARS_AHEAD = 10;

/** When something happens on its own clock: a day, a time (null all day) and a zone ('' floating). */
interface Moment {
  day: number;
  minute: number | null;
  zone: string;
}

interface Writing {
  stamp: string;
  /** The last day lunar dates are listed to. */
  lastListed: number;
  /** The years each zone's VTIMEZONE must cover. */
  zones: Map<string, { from: number; to: number }>;
  /** A year the zones of an endless series are covered to, at least. */
  soon: number;
}

/** An event as the export writes it: with the name of the shared space it is in, none for the member's own. */
export interface ExportedEvent {
  id: string;
  value: ScheduleEvent;
  space?: string;
}

export function exportICalendar(
  events: readonly ExportedEvent[],
  options: { now: Date; prodId?: string },
): string {
  const year = options.now.getUTCFullYear();
  const writing: Writing = {
    stamp: options.now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''),
    lastListed: epochDay({ year: year + LUNAR_YEARS_AHEAD, month: 12, day: 31 }),
    zones: new Map(),
    soon: year + 1,
  };
  const body = events.flatMap(({ id, value, space }) => eventLines(id, value, writing, space));
  const zones = [...writing.zones]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, years]) => vtimezoneLines(name, years.from, years.to) ?? []);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.prodId ?? '-//MyGenie//Schedule//KO'}`,
    'CALSCALE:GREGORIAN',
    ...zones,
    ...body,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('');
}

function compact(day: number): string {
  return toIsoDate(fromEpochDay(day)).replace(/-/g, '');
}

function valueOf(day: number, minute: number | null): string {
  if (minute === null) return compact(day);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${compact(day)}T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00`;
}

/** A property of one or more DATE or DATE-TIME values on one clock ('DTSTART;TZID=Asia/Seoul:20250314T153000'). */
function stampLine(name: string, moments: Moment[]): string {
  const { minute, zone } = moments[0]!;
  const params = minute === null ? ';VALUE=DATE' : zone ? `;TZID=${zone}` : '';
  return `${name}${params}:${moments.map((moment) => valueOf(moment.day, moment.minute)).join(',')}`;
}

/** Notes the days a zone's times fall on, so that its VTIMEZONE covers them. */
function needZone(writing: Writing, zone: string, ...days: number[]): void {
  if (!zone) return;
  const years = days.map((day) => fromEpochDay(day).year);
  const known = writing.zones.get(zone);
  writing.zones.set(zone, {
    from: Math.min(known?.from ?? Infinity, ...years),
    to: Math.max(known?.to ?? -Infinity, ...years),
  });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The start and end lines of an occurrence starting at `at` and lasting `duration` (as the record writes it). */
function spanLines(at: Moment, duration: unknown, writing: Writing): string[] {
  if (at.minute === null) {
    return [
      stampLine('DTSTART', [at]),
      stampLine('DTEND', [{ ...at, day: at.day + allDayLength(duration) }]),
    ];
  }
  const lines = [stampLine('DTSTART', [at])];
  const length = durationMinutes(duration);
  if (length !== null) {
    const end = at.day * DAY_MINUTES + at.minute + length;
    const endDay = Math.floor(end / DAY_MINUTES);
    lines.push(stampLine('DTEND', [{ ...at, day: endDay, minute: end - endDay * DAY_MINUTES }]));
    needZone(writing, at.zone, endDay);
  }
  needZone(writing, at.zone, at.day);
  return lines;
}

/** An RFC 5545 DURATION of whole minutes, signed ('-PT10M', 'PT9H', '-P1DT15H', 'PT0S'). */
function durationText(seconds: number): string {
  const minutes = Math.abs(seconds) / 60;
  const days = Math.floor(minutes / DAY_MINUTES);
  const hours = Math.floor((minutes % DAY_MINUTES) / 60);
  const rest = minutes % 60;
  const time = hours || rest ? `T${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}` : '';
  const sign = seconds < 0 ? '-' : '';
  return days || time ? `${sign}P${days ? `${days}D` : ''}${time}` : 'PT0S';
}

/** A VALARM for each of the event's reminders, shown with its title (all day: counted back from 9:00). */
function alarmLines(value: ScheduleEvent, allDay: boolean): string[] {
  return remindersOf(value.reminders).flatMap((minutes) => [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(value.title)}`,
    `TRIGGER:${durationText(triggerOfReminder(minutes, allDay))}`,
    'END:VALARM',
  ]);
}

/** The title, the memo, and the space the event is in (one category: a comma in its name is escaped). */
function textLines(title: string, memo: string, space: string | undefined): string[] {
  return [
    `SUMMARY:${escapeText(title)}`,
    ...(memo ? [`DESCRIPTION:${escapeText(memo)}`] : []),
    ...(space ? [`CATEGORIES:${escapeText(space)}`] : []),
  ];
}

/** The clock of a timed event: its zone when Intl knows it, else floating. */
function zoneOf(value: unknown, minute: number | null): string {
  const name = text(value);
  return minute !== null && name && timeZone(name) ? name : '';
}

function eventLines(id: string, value: ScheduleEvent, writing: Writing, space?: string): string[] {
  const start = seriesStart(value);
  if (!start) return [];
  const minute = minutesOf(value.time);
  const at: Moment = { day: start.day, minute, zone: zoneOf(value.zone, minute) };
  const clock = { allDay: minute === null, zone: at.zone };
  const rule = ruleOf(value);
  // The schedule repeats a lunar date yearly only; another rule leaves it its one day.
  const repeating = rule && (!start.lunar || rule.freq === 'yearly') ? rule : null;
  const last = repeating ? lastDayOf(start, repeating) : start.day;
  const changes = repeating
    ? [...exceptionsOf(value)]
        .map(([key, change]) => ({ day: dayNumber(key)!, change }))
        .filter(({ day }) => day >= start.day && day <= last && isSeriesDay(start, repeating, day))
        .sort((a, b) => a.day - b.day)
    : [];
  const uid = `UID:${escapeText(`${id}@mygenie`)}`;
  const lines = ['BEGIN:VEVENT', uid, `DTSTAMP:${writing.stamp}`, ...spanLines(at, value.duration, writing)];
  if (repeating)
    needZone(
      writing,
      at.zone,
      Number.isFinite(last) ? last : epochDay({ year: writing.soon, month: 12, day: 31 }),
    );

  const excluded = changes.filter(({ change }) => change.deleted === true).map(({ day }) => day);
  const listed: number[] = [];
  if (repeating && start.lunar) {
    lines.push(`RRULE:${lunarRuleToRRule(repeating, start.lunar, clock)}`);
    const days = seriesDays(start, repeating, start.day, Math.min(last, writing.lastListed));
    listed.push(...days);
    excluded.push(...gregorianEchoes(repeating, start.lunar, at, writing.lastListed, new Set(days)));
  } else if (repeating) {
    lines.push(`RRULE:${ruleToRRule(repeating, start.date, clock)}`);
    // RFC 5545 counts the start first even when the rule does not give it; some readers drop it unless listed.
    if (!startOnRule(repeating, start.date)) listed.push(start.day);
  }
  if (listed.length > 0)
    lines.push(
      stampLine(
        'RDATE',
        listed.map((day) => ({ ...at, day })),
      ),
    );
  if (excluded.length > 0) {
    const days = [...new Set(excluded)].sort((a, b) => a - b);
    lines.push(
      stampLine(
        'EXDATE',
        days.map((day) => ({ ...at, day })),
      ),
    );
  }
  if (value.calendar === 'lunar') {
    const params = [
      `X-MYGENIE-LEAP=${value.leap ? 'TRUE' : 'FALSE'}`,
      `X-MYGENIE-REPEAT=${legacyRepeat(repeating).toUpperCase()}`,
    ];
    lines.push(`${LUNAR_PROPERTY};${params.join(';')}:${value.date}`);
  }
  lines.push(
    ...textLines(value.title, value.memo, space),
    ...alarmLines(value, minute === null),
    'END:VEVENT',
  );

  for (const { day, change } of changes) {
    if (change.deleted === true) continue;
    const moved = changedOccurrence(value, day, change);
    if (!moved) continue;
    lines.push(
      'BEGIN:VEVENT',
      uid,
      `DTSTAMP:${writing.stamp}`,
      stampLine('RECURRENCE-ID', [{ ...at, day }]),
      ...spanLines(moved.at, moved.duration, writing),
      ...textLines(moved.title, moved.memo, space),
      // The series' reminders: a calendar gives a changed occurrence only the alarms written in it.
      ...alarmLines(value, moved.at.minute === null),
      'END:VEVENT',
    );
  }
  return lines;
}

/** A changed occurrence as it is, its own values over the series' (as the schedule shows it); null if unchanged. */
function changedOccurrence(value: ScheduleEvent, key: number, change: OccurrenceChange) {
  const own = (field: keyof OccurrenceChange, fallback: unknown): unknown =>
    change[field] !== undefined ? change[field] : fallback;
  if (Object.keys(change).length === 0) return null;
  const day = dayNumber(own('date', null)) ?? key;
  const minute = minutesOf(own('time', value.time));
  return {
    at: { day, minute, zone: zoneOf(own('zone', value.zone), minute) },
    duration: own('duration', value.duration),
    title: text(own('title', value.title)),
    memo: text(own('memo', value.memo)),
  };
}

/**
 * The days a calendar that ignores RSCALE but keeps the rule would add, counting it in the Gregorian calendar (the
 * lunar month and day read as solar ones): excluded, so that such a calendar shows the listed dates alone.
 */
function gregorianEchoes(
  rule: RepeatRule,
  lunar: { month: number; day: number; leap: boolean },
  at: Moment,
  lastDay: number,
  lunarDays: Set<number>,
): number[] {
  const read = parseRule(
    lunarRuleToRRule({ ...rule, count: undefined, until: undefined }, lunar, {
      allDay: true,
      zone: '',
    }),
  )!;
  const gregorian: RRuleParts = { ...read, byMonth: [lunar.month], weekStart: 1 };
  delete gregorian.rscale;
  delete gregorian.skip;
  delete gregorian.leapMonths;
  const startWall = at.day * DAY_SECONDS + (at.minute ?? 0) * 60;
  const walls = expandRule(gregorian, startWall, {
    end: (lastDay + 1) * DAY_SECONDS - 1,
    max: 10_000,
    dateOnly: at.minute === null,
  });
  return walls.map((wall) => Math.floor(wall / DAY_SECONDS)).filter((day) => !lunarDays.has(day));
}
