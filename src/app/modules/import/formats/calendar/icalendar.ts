// Schedule events from an iCalendar file (RFC 5545): Google Calendar's and Apple Calendar's exports, Outlook's, and
// our own (export-ics.ts), whose lunar events come back lunar. What the schedule's event can hold is kept as it is
// (docs/calendar.md): a repeating event is one event with its rule (RRULE), its deleted occurrences (EXDATE) and its
// changed ones (RECURRENCE-ID); its end (DTEND, DURATION); its time zone (TZID) by IANA name, floating times
// floating. Only a repeat the schedule cannot express becomes its dated occurrences, and the preview says so.
import { parseLunarDate, toLunarDate, toSolarDate } from '../../../../calendar/lunar.js';
import { epochDay, fromEpochDay, parseIsoDate, toIsoDate } from '../../../../calendar/plain-date.js';
import {
  KOREAN_RSCALE,
  isGregorian,
  lunarRuleFromRRule,
  ruleFromRRule,
  type RRuleParts,
} from '../../../../calendar/rrule-map.js';
import { reminderOfTrigger, remindersOf } from '../../../../calendar/reminder-times.js';
import { isSeriesDay, seriesStart } from '../../../../calendar/rules.js';
import { editOccurrence, firstOccurrenceKey, occurrenceValue } from '../../../../calendar/series-edits.js';
import {
  allDayLength,
  clockOf,
  durationMinutes,
  formatDuration,
  legacyRepeat,
  ruleOf,
  type OccurrenceChange,
  type RepeatRule,
} from '../../../../calendar/series.js';
import { timeZone } from '../../../../calendar/time-zones.js';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX, type ScheduleEvent } from '../../../../records/event.js';
import {
  ImportError,
  MAX_IMPORT_ITEMS,
  recordKey,
  type ImportItem,
  type ImportOptions,
  type ImportPlan,
  type Skipped,
} from '../../plan.js';
import {
  LUNAR_PROPERTY,
  readCalendars,
  splitList,
  unescapeText,
  type Component,
  type ContentLine,
} from './ics-text.js';
import { DAY_SECONDS, expandRule, parseRule } from './rrule.js';
import {
  UTC_FILE_ZONE,
  UTC_ZONE,
  fixedOffsetName,
  instantOf,
  intlZone,
  nameAt,
  namedZone,
  namesOfTzid,
  parseWall,
  vtimezoneZone,
  wallAt,
  type FileZone,
  type Zone,
} from './zones.js';

/** Occurrences kept of a repeat the schedule cannot express. */
export const OCCURRENCES_MAX = 500;
/** How far a repeat with a COUNT or UNTIL is followed at most. */
const FINITE_YEARS = 200;
/** Days and times the expansions of one file may look at in all (two seconds or so). */
const FILE_WORK_LIMIT = 30_000_000;
/** A series in UTC is placed in the member's zone when that zone keeps one offset this long (ten years). */
const STEADY_SECONDS = 3653 * DAY_SECONDS;

/** A DATE (a whole day), or a DATE-TIME as a wall time in a zone of the file (null: floating). */
type Stamp = { kind: 'date'; day: number } | { kind: 'time'; wall: number; zone: FileZone | null };

interface EventData {
  line: number;
  uid: string;
  recurrenceId: Stamp | null;
  /** RECURRENCE-ID;RANGE=THISANDFUTURE: a change to this and every later occurrence. */
  future: boolean;
  title: string;
  /** DESCRIPTION and LOCATION as the memo shows them. */
  text: string;
  cancelled: boolean;
  start: Stamp;
  end: Stamp | null;
  /** DURATION in seconds, when there is no DTEND. */
  duration: number | null;
  rule: RRuleParts | null;
  /** An RRULE was there, whether or not it could be read. */
  repeats: boolean;
  rdates: Stamp[];
  exdates: Stamp[];
  lunar: { date: string; leap: boolean; repeat: 'none' | 'yearly' } | null;
  /** Its VALARMs' TRIGGERs counted from the start, in seconds (negative before it). */
  alarms: number[];
}

/**
 * The clock an event's times are kept on: an IANA zone ('' floating, or all day), and the file's zone whose wall
 * times are that clock's as written (null when the times were moved onto it, or are floating).
 */
interface Clock {
  zone: string;
  file: FileZone | null;
  /** The zone in seconds, to place other times on this clock. */
  named: Zone | null;
}

/** When an event starts on its clock: a day, and minutes into it (null all day). */
interface Placed {
  clock: Clock;
  day: number;
  minute: number | null;
}

interface Reading {
  member: Zone;
  memberName: string;
  zones: Map<string, FileZone>;
  vtimezones: Map<string, Component>;
  /** The last wall time an endless repeat is followed to: a year after today. */
  windowEnd: number;
  /** Our own export writes plain text; others' descriptions may be HTML (Google Calendar's). */
  ours: boolean;
  items: ImportItem[];
  skipped: Skipped[];
  /** Events already listed as shortened: a series is listed once, not once per occurrence. */
  shortened: Set<EventData>;
  /** What all the file's repeat rules may cost together: a file of many hostile rules stays fast too. */
  work: { left: number };
}

export async function importICalendar(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const calendars = readCalendars(bytes, (share) => options.progress?.(share / 2));
  const { zone: member, name: memberName } = memberZone(options.timeZone);
  const today =
    parseIsoDate(options.today ?? '') ??
    fromEpochDay(Math.floor(wallAt(member, Date.now() / 1000) / DAY_SECONDS));
  const reading: Reading = {
    member,
    memberName,
    zones: new Map(),
    vtimezones: new Map(),
    windowEnd: (epochDay({ ...today, year: today.year + 1 }) + 1) * DAY_SECONDS - 1,
    ours: false,
    items: [],
    skipped: [],
    shortened: new Set(),
    work: { left: FILE_WORK_LIMIT },
  };
  const events: EventData[] = [];
  for (const calendar of calendars) {
    reading.ours ||= /\/\/MyGenie\/\//i.test(propertyOf(calendar, 'PRODID')?.value ?? '');
    for (const component of calendar.components) {
      const id = component.name === 'VTIMEZONE' ? propertyOf(component, 'TZID')?.value.trim() : undefined;
      if (id) reading.vtimezones.set(id, component);
    }
  }
  for (const calendar of calendars) {
    for (const component of calendar.components) {
      if (component.name === 'VEVENT') events.push(readEvent(component, reading));
      else if (component.name !== 'VTIMEZONE' && !component.name.startsWith('X-')) {
        // VTODO, VJOURNAL, VFREEBUSY: nothing the schedule keeps.
        const title = oneLine(unescapeText(propertyOf(component, 'SUMMARY')?.value ?? '')) || component.name;
        reading.skipped.push({ reason: 'unsupported-type', what: title, line: component.line });
      }
    }
  }

  const overrides = new Map<string, EventData[]>();
  for (const event of events) {
    if (!event.recurrenceId) continue;
    const series = overrides.get(event.uid);
    if (series) series.push(event);
    else overrides.set(event.uid, [event]);
  }
  const masters = events.filter((event) => !event.recurrenceId);
  masters.forEach((master, index) => {
    if (index % 100 === 0) options.progress?.(0.5 + index / masters.length / 2);
    const own = overrides.get(master.uid) ?? [];
    overrides.delete(master.uid);
    addMaster(master, own, reading);
  });
  // Changed occurrences whose series is not in the file (an invitation to one meeting of a series).
  for (const orphan of [...overrides.values()].flat()) addSingle(orphan, orphan.start, reading);
  options.progress?.(1);
  return { format: 'icalendar', items: reading.items, skipped: reading.skipped };
}

function memberZone(name: string | undefined): { zone: Zone; name: string } {
  for (const candidate of [name, Intl.DateTimeFormat().resolvedOptions().timeZone]) {
    const zone = candidate ? namedZone(candidate) : null;
    if (candidate && zone) return { zone, name: candidate };
  }
  return { zone: UTC_ZONE, name: 'UTC' };
}

function propertyOf(component: Component, name: string): ContentLine | undefined {
  return component.properties.find((property) => property.name === name);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Google Calendar writes the description its web page edited, as HTML: the memo keeps its text. */
function plainText(text: string): string {
  if (!/<(br|p|div|a|b|i|u|span|ul|ol|li)\b[^>]*>|<\/(p|div|a|b|i|u|span|li)>/i.test(text)) return text;
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text
    .replace(/<br\s*\/?>|<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return entities[name.toLowerCase()] ?? entity;
    });
}

/** The file's zone a TZID names: its VTIMEZONE, else the zone Intl knows by that name; null when neither. */
function zoneOf(property: ContentLine, reading: Reading): FileZone | null {
  const id = property.params.get('TZID')?.[0]?.trim();
  if (!id) return null;
  let found = reading.zones.get(id);
  if (!found) {
    const component = reading.vtimezones.get(id);
    const location = component && propertyOf(component, 'X-LIC-LOCATION')?.value.trim();
    const names = namesOfTzid(id, location);
    const defined = component ? vtimezoneZone(component, reading.work) : null;
    if (defined) {
      // A definition of one fixed offset may be named by it, and any may be the member's own zone.
      const offsets = new Set(
        component!.components.flatMap((part) =>
          part.properties.filter((line) => /^TZOFFSET(FROM|TO)$/.test(line.name)).map((line) => line.value),
        ),
      );
      const fixed = offsets.size === 1 ? fixedOffsetName(defined.offsetAt(0)) : null;
      const lookalikes = [reading.memberName, ...(fixed ? [fixed] : [])];
      found = { zone: defined, defined: true, names, lookalikes };
    } else {
      // A zone nobody can name is read as floating: the times stay as written.
      const zone = names[0] ? intlZone(names[0]) : null;
      if (zone) found = { zone, defined: false, names, lookalikes: [] };
    }
    if (found) reading.zones.set(id, found);
  }
  return found ?? null;
}

/** A DATE or DATE-TIME value (one item of a list), or null when it is none. */
function parseStamp(value: string, property: ContentLine, reading: Reading): Stamp | null {
  const text = value.trim().split('/')[0]!;
  const type = property.params.get('VALUE')?.[0]?.toUpperCase();
  if (/^\d{8}$/.test(text) && type !== 'DATE-TIME') {
    const wall = parseWall(text);
    return wall === null ? null : { kind: 'date', day: wall / DAY_SECONDS };
  }
  const utc = /[Zz]$/.test(text);
  const wall = parseWall(utc ? text.slice(0, -1) : text);
  if (wall === null || !text.includes('T')) return null;
  return { kind: 'time', wall, zone: utc ? UTC_FILE_ZONE : zoneOf(property, reading) };
}

function stampOf(property: ContentLine | undefined, reading: Reading, line: number, name: string): Stamp {
  const stamp = property ? parseStamp(property.value, property, reading) : null;
  if (!stamp) throw new ImportError('bad-row', property?.line ?? line, name);
  return stamp;
}

/** Seconds of an RFC 5545 DURATION ('P1D', 'PT1H30M', 'P2W'), or null. */
function parseDuration(value: string): number | null {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!match || value.trim().endsWith('T') || /^[+-]?P$/.test(value.trim())) return null;
  const [, sign, weeks, days, hours, minutes, seconds] = match;
  const total =
    Number(weeks ?? 0) * 7 * DAY_SECONDS +
    Number(days ?? 0) * DAY_SECONDS +
    Number(hours ?? 0) * 3600 +
    Number(minutes ?? 0) * 60 +
    Number(seconds ?? 0);
  return sign === '-' ? -total : total;
}

function instantOfStamp(stamp: Stamp, reading: Reading): number {
  if (stamp.kind === 'date') return stamp.day * DAY_SECONDS;
  return instantOf(stamp.zone?.zone ?? reading.member, stamp.wall);
}

function memberWall(stamp: Stamp, reading: Reading): number {
  if (stamp.kind === 'date') return stamp.day * DAY_SECONDS;
  if (!stamp.zone) return stamp.wall;
  return wallAt(reading.member, instantOf(stamp.zone.zone, stamp.wall));
}

function readEvent(component: Component, reading: Reading): EventData {
  const get = (name: string) => propertyOf(component, name);
  const all = (name: string) => component.properties.filter((property) => property.name === name);
  const start = stampOf(get('DTSTART'), reading, component.line, 'DTSTART');
  const endProperty = get('DTEND');
  const durationProperty = get('DURATION');
  const end = endProperty ? stampOf(endProperty, reading, component.line, 'DTEND') : null;
  let duration: number | null = null;
  if (!endProperty && durationProperty) {
    duration = parseDuration(durationProperty.value);
    if (duration === null) throw new ImportError('bad-row', durationProperty.line, 'DURATION');
  }
  const recurrence = get('RECURRENCE-ID');
  const ruleProperty = get('RRULE');
  const stamps = (name: string) =>
    all(name).flatMap((property) =>
      splitList(property.value).map((value) => {
        const stamp = parseStamp(value, property, reading);
        if (!stamp) throw new ImportError('bad-row', property.line, name);
        return stamp;
      }),
    );
  const description = unescapeText(get('DESCRIPTION')?.value ?? '').replace(/\r\n?/g, '\n');
  const location = oneLine(unescapeText(get('LOCATION')?.value ?? ''));
  const text = [reading.ours ? description : plainText(description), location ? `📍 ${location}` : '']
    .filter((part) => part.trim() !== '')
    .join('\n');
  const summary = oneLine(unescapeText(get('SUMMARY')?.value ?? ''));
  return {
    line: component.line,
    uid: get('UID')?.value.trim() ?? `line:${component.line}`,
    recurrenceId: recurrence ? stampOf(recurrence, reading, component.line, 'RECURRENCE-ID') : null,
    future: recurrence?.params.get('RANGE')?.[0]?.toUpperCase() === 'THISANDFUTURE',
    title: summary || location || oneLine(text.split('\n')[0] ?? ''),
    text,
    cancelled: get('STATUS')?.value.trim().toUpperCase() === 'CANCELLED',
    start,
    end,
    duration,
    rule: ruleProperty ? parseRule(ruleProperty.value) : null,
    repeats: ruleProperty !== undefined,
    rdates: stamps('RDATE'),
    exdates: stamps('EXDATE'),
    lunar: lunarOf(get(LUNAR_PROPERTY)),
    alarms: alarmsOf(component),
  };
}

/** The TRIGGERs of an event's alarms that count from its start (seconds); one at a set time or from its end is not. */
function alarmsOf(component: Component): number[] {
  return component.components
    .filter((part) => part.name === 'VALARM')
    .map((alarm) => propertyOf(alarm, 'TRIGGER'))
    .filter((trigger): trigger is ContentLine => trigger !== undefined)
    .filter(
      (trigger) =>
        trigger.params.get('VALUE')?.[0]?.toUpperCase() !== 'DATE-TIME' &&
        (trigger.params.get('RELATED')?.[0]?.toUpperCase() ?? 'START') === 'START',
    )
    .map((trigger) => parseDuration(trigger.value))
    .filter((seconds): seconds is number => seconds !== null);
}

/** The reminders an event's alarms ask for, as the schedule keeps them (minutes before; all day, before 9:00). */
function withReminders(value: ScheduleEvent, alarms: readonly number[]): ScheduleEvent {
  const allDay = value.time === '';
  const reminders = remindersOf(
    alarms.map((seconds) => reminderOfTrigger(seconds, allDay)).filter((minutes) => minutes !== null),
  );
  return reminders.length > 0 ? { ...value, reminders } : value;
}

function lunarOf(property: ContentLine | undefined): EventData['lunar'] {
  if (!property) return null;
  const leap = property.params.get('X-MYGENIE-LEAP')?.[0]?.toUpperCase() === 'TRUE';
  const lunar = parseLunarDate(property.value.trim(), leap);
  if (!lunar || !toSolarDate(lunar)) return null;
  const repeat = property.params.get('X-MYGENIE-REPEAT')?.[0]?.toUpperCase() === 'YEARLY' ? 'yearly' : 'none';
  return { date: property.value.trim(), leap, repeat };
}

const FLOATING: Clock = { zone: '', file: null, named: null };

function memberClock(reading: Reading): Clock {
  return { zone: reading.memberName, file: null, named: reading.member };
}

/** A stamp placed on a clock, as a wall time in seconds (a date at its midnight). */
function onClock(stamp: Stamp, clock: Clock, reading: Reading): number {
  if (stamp.kind === 'date') return stamp.day * DAY_SECONDS;
  if (stamp.zone === clock.file && (stamp.zone || !clock.named)) return stamp.wall;
  if (!clock.named) return memberWall(stamp, reading);
  return wallAt(clock.named, instantOfStamp(stamp, reading));
}

function placedAt(wall: number, clock: Clock, allDay: boolean): Placed {
  const day = Math.floor(wall / DAY_SECONDS);
  return { clock, day, minute: allDay ? null : Math.floor((wall - day * DAY_SECONDS) / 60) };
}

/**
 * Where a start is kept: all day, floating, or in the IANA zone its TZID names (where the file's definition agrees);
 * a time in UTC or in a zone no name fits is moved into the member's zone, for a series only when every occurrence
 * keeps its instant there (else `series` gives null, and the caller lists the occurrences).
 */
function placeStart(event: EventData, reading: Reading, series: boolean): Placed | null {
  const { start } = event;
  if (start.kind === 'date') return { clock: FLOATING, day: start.day, minute: null };
  if (!start.zone) return placedAt(start.wall, FLOATING, false);
  const instant = instantOfStamp(start, reading);
  const toMember = () => placedAt(wallAt(reading.member, instant), memberClock(reading), false);
  if (start.zone.utc) {
    if (!series || steadyInMember(instant, reading)) return toMember();
    return placedAt(start.wall, { zone: 'UTC', file: start.zone, named: UTC_ZONE }, false);
  }
  const name = nameAt(start.zone, instant);
  if (name) return placedAt(start.wall, { zone: name, file: start.zone, named: namedZone(name) }, false);
  return series ? null : toMember();
}

/**
 * Whether a UTC series reads the same in the member's zone: one offset for ten years from its start, and its first
 * occurrence on the same day there (then every occurrence is, and the rule's weekdays and days hold).
 */
function steadyInMember(instant: number, reading: Reading): boolean {
  const zone = timeZone(reading.memberName);
  if (!zone || zone.changesBetween(instant / 60, (instant + STEADY_SECONDS) / 60).length > 0) return false;
  return Math.floor(wallAt(reading.member, instant) / DAY_SECONDS) === Math.floor(instant / DAY_SECONDS);
}

/** How long an event lasts as the record writes it (undefined: the default, one day or no end). */
function durationOf(event: EventData, placed: Placed, reading: Reading): string | undefined {
  const { start, end } = event;
  if (placed.minute === null) {
    let days = 1;
    if (end && start.kind === 'date') {
      days =
        end.kind === 'date'
          ? end.day - start.day
          : Math.ceil(memberWall(end, reading) / DAY_SECONDS - start.day);
    } else if (event.duration !== null) days = Math.round(event.duration / DAY_SECONDS);
    return days > 1 ? formatDuration(days * 1440, true) : undefined;
  }
  let seconds = 0;
  if (end) {
    // On one clock the walls say how long (as the schedule counts it); across zones, the instants do.
    const sameClock = end.kind === 'time' && start.kind === 'time' && end.zone === start.zone;
    seconds = sameClock
      ? end.wall - (start as { wall: number }).wall
      : instantOfStamp(end, reading) - instantOfStamp(start, reading);
  } else if (event.duration !== null) seconds = event.duration;
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? formatDuration(minutes, false) : undefined;
}

/** The last day an occurrence may start on, on the series' clock, of the rule's UNTIL. */
function untilOf(parts: RRuleParts, placed: Placed, reading: Reading): string | undefined {
  const until = parts.until?.trim();
  if (until === undefined) return undefined;
  let wall: number | null;
  if (/^\d{8}$/.test(until)) wall = parseWall(until);
  else if (/[Zz]$/.test(until)) {
    const instant = parseWall(until.slice(0, -1));
    const clock = placed.clock.named ?? reading.member;
    wall = instant === null ? null : wallAt(clock, instant);
  } else wall = parseWall(until);
  if (wall === null) return undefined;
  let day = Math.floor(wall / DAY_SECONDS);
  // An UNTIL earlier in its day than the start's time ends the series the day before.
  if (placed.minute !== null && wall - day * DAY_SECONDS < placed.minute * 60) day -= 1;
  return toIsoDate(fromEpochDay(day));
}

function timeText(minute: number | null): string {
  return minute === null ? '' : clockOf(minute);
}

/** The record of an event that happens once (or of one occurrence of a series the schedule cannot keep). */
function singleValue(event: EventData, at: Stamp, reading: Reading): ScheduleEvent {
  const placed = placeStart({ ...event, start: at }, reading, false)!;
  const value: ScheduleEvent = {
    title: event.title,
    calendar: 'solar',
    date: toIsoDate(fromEpochDay(placed.day)),
    repeat: 'none',
    time: timeText(placed.minute),
    memo: event.text,
  };
  const duration = durationOf(event, placed, reading);
  if (duration) value.duration = duration;
  if (placed.minute !== null && placed.clock.zone) value.zone = placed.clock.zone;
  return withReminders(value, event.alarms);
}

function addMaster(master: EventData, overrides: EventData[], reading: Reading): void {
  if (master.cancelled) {
    reading.skipped.push({ reason: 'cancelled', what: master.title, line: master.line });
    return;
  }
  if (!master.repeats && master.rdates.length === 0 && !master.lunar) {
    const own = overrideOf(master.start, byOccurrence(overrides, reading), reading);
    for (const override of overrides) {
      if (override !== own) addSingle(override, override.start, reading);
    }
    addSingle(own ?? master, (own ?? master).start, reading);
    return;
  }
  const series = seriesOf(master, reading);
  if (!series) {
    addOccurrences(master, overrides, reading);
    return;
  }
  const { values, orphans } = withOverrides(series, overrides, reading);
  for (const value of values) addItem(master, value, reading);
  for (const orphan of orphans) addSingle(orphan, orphan.start, reading);
}

interface Series {
  value: ScheduleEvent;
  placed: Placed;
}

/**
 * The one record of a repeating event, rule and deleted occurrences in: a lunar date of ours (X-MYGENIE-LUNAR) or in
 * the Korean calendar (RSCALE), or a solar rule the schedule's rule holds exactly. Null when it cannot be kept so.
 */
function seriesOf(master: EventData, reading: Reading): Series | null {
  const placed = placeStart(master, reading, true);
  if (!placed) return null;
  const startDate = fromEpochDay(placed.day);
  const parts = master.rule;
  const until = parts ? untilOf(parts, placed, reading) : undefined;
  let rule: RepeatRule | null = null;
  let date: Pick<ScheduleEvent, 'calendar' | 'date' | 'leap'> = {
    calendar: 'solar',
    date: toIsoDate(startDate),
  };
  if (master.lunar) {
    // Our own: the lunar date as stored, the yearly rule's parts from its RSCALE rule (older files wrote none).
    date = { calendar: 'lunar', date: master.lunar.date, leap: master.lunar.leap };
    if (parts?.rscale === KOREAN_RSCALE && parts.freq === 'YEARLY') {
      rule = { freq: 'yearly' };
      if (parts.interval > 1) rule.interval = parts.interval;
      if (parts.count !== undefined) rule.count = parts.count;
      if (until) rule.until = until;
    } else if (master.lunar.repeat === 'yearly') rule = { freq: 'yearly' };
  } else if (parts?.rscale === KOREAN_RSCALE) {
    const lunar = lunarRuleFromRRule(parts, startDate, until);
    if (!lunar) return null;
    date = { calendar: 'lunar', date: toIsoDate(lunar.lunar), leap: lunar.lunar.leap };
    rule = lunar.rule;
  } else if (parts) {
    rule = ruleFromRRule(parts, startDate, until);
    if (!rule) return null;
    // An UNTIL before the start leaves the start alone.
    if (rule.until && rule.until < toIsoDate(startDate)) rule = null;
  } else if (master.repeats) return null;

  const value: ScheduleEvent = withReminders(
    {
      title: master.title,
      ...date,
      repeat: legacyRepeat(rule),
      time: timeText(placed.minute),
      memo: master.text,
    },
    master.alarms,
  );
  const duration = durationOf(master, placed, reading);
  if (duration) value.duration = duration;
  if (placed.minute !== null && placed.clock.zone) value.zone = placed.clock.zone;
  if (rule) value.rule = rule;

  // RDATEs the rule gives anyway (the start, our lunar dates listed for other calendars) say nothing more; any
  // other date is one the schedule's rule cannot hold.
  const start = seriesStart(value);
  if (!start) return null;
  for (const rdate of master.rdates) {
    const at = placedAt(onClock(rdate, placed.clock, reading), placed.clock, placed.minute === null);
    const sameTime = rdate.kind === 'date' || at.minute === placed.minute;
    if (!master.lunar && !(sameTime && isSeriesDay(start, rule, at.day))) return null;
  }
  const exceptions: Record<string, OccurrenceChange> = {};
  for (const exdate of master.exdates) {
    const key = occurrenceKey(exdate, value, placed, reading);
    if (key) exceptions[key] = { deleted: true };
  }
  if (Object.keys(exceptions).length > 0) value.exceptions = exceptions;
  return { value, placed };
}

/**
 * The key (the date the rule gives it) of the occurrence a RECURRENCE-ID or EXDATE names, or null when it names no
 * occurrence of the series (another time of day, a day the rule does not give).
 */
function occurrenceKey(stamp: Stamp, value: ScheduleEvent, placed: Placed, reading: Reading): string | null {
  const at = placedAt(onClock(stamp, placed.clock, reading), placed.clock, placed.minute === null);
  if (stamp.kind === 'time' && placed.minute !== null && at.minute !== placed.minute) return null;
  const start = seriesStart(value);
  return start && isSeriesDay(start, ruleOf(value), at.day) ? toIsoDate(fromEpochDay(at.day)) : null;
}

/** What an override changes of its occurrence, as the series record keeps it; null for a change of nothing. */
function changeOf(
  override: EventData,
  series: Series,
  key: string,
  reading: Reading,
): OccurrenceChange | null {
  if (override.cancelled) return { deleted: true };
  const { value } = series;
  const own = singleValue(override, override.start, reading);
  const change: OccurrenceChange = {};
  if (own.date !== key) change.date = own.date;
  if (own.time !== value.time) change.time = own.time;
  const allDay = own.time === '';
  const length = (duration: unknown) => (allDay ? allDayLength(duration) : (durationMinutes(duration) ?? 0));
  if (length(own.duration) !== length(value.duration)) change.duration = own.duration ?? '';
  if (!allDay && (own.zone ?? '') !== (value.zone ?? '')) change.zone = own.zone ?? '';
  if (own.title !== value.title) change.title = own.title;
  if (own.memo !== value.memo) change.memo = own.memo;
  return Object.keys(change).length > 0 ? change : null;
}

/**
 * The series with its changed occurrences, and split where a change holds for the following ones too
 * (RANGE=THISANDFUTURE), as the schedule splits a series edited "this and following" (series-edits.ts). Overrides
 * that name no occurrence of the series are handed back, to be kept as events of their own.
 */
function withOverrides(
  series: Series,
  overrides: EventData[],
  reading: Reading,
): { values: ScheduleEvent[]; orphans: EventData[] } {
  const orphans: EventData[] = [];
  const following: Array<{ key: string; override: EventData }> = [];
  const exceptions = { ...series.value.exceptions };
  for (const override of overrides) {
    const key = occurrenceKey(override.recurrenceId!, series.value, series.placed, reading);
    if (!key) {
      if (!override.cancelled) orphans.push(override);
      continue;
    }
    if (override.future && !override.cancelled) {
      following.push({ key, override });
      continue;
    }
    const change = changeOf(override, series, key, reading);
    if (change) exceptions[key] = change;
  }
  let values: ScheduleEvent[] = [series.value];
  if (Object.keys(exceptions).length > 0) values = [{ ...series.value, exceptions }];
  following.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { key, override } of following) {
    // The split series hold the original occurrences under their own keys: the last one started on or before this.
    const at = values.findLastIndex((value) => (firstOccurrenceKey(value) ?? key) <= key);
    const current = values[at];
    if (!current) continue;
    const own = singleValue(override, override.start, reading);
    const edited = { ...occurrenceValue(current, key), title: own.title, memo: own.memo, time: own.time };
    // Moved: a lunar series keeps counting in lunar dates, from the lunar date of the day it moved to.
    const moved = parseIsoDate(own.date);
    const lunar = current.calendar === 'lunar' && moved ? toLunarDate(moved) : null;
    if (lunar) Object.assign(edited, { date: toIsoDate(lunar), leap: lunar.leap });
    else if (current.calendar === 'solar') edited.date = own.date;
    for (const field of ['duration', 'zone'] as const) {
      if (own[field]) edited[field] = own[field];
      else delete edited[field];
    }
    const { value, added } = editOccurrence(current, key, edited, 'following');
    values.splice(at, 1, ...[value, added].filter((next): next is ScheduleEvent => Boolean(next)));
  }
  return { values, orphans };
}

/** Overrides by the occurrence they replace: its instant, or its day when RECURRENCE-ID is a date. */
function byOccurrence(overrides: EventData[], reading: Reading): Map<string, EventData> {
  const found = new Map<string, EventData>();
  for (const override of overrides) {
    const key = stampKeys(override.recurrenceId!, reading)[0]!;
    if (!found.has(key)) found.set(key, override);
  }
  return found;
}

function stampKeys(stamp: Stamp, reading: Reading): string[] {
  if (stamp.kind === 'date') return [`d${stamp.day}`];
  return [`t${instantOfStamp(stamp, reading)}`, `d${Math.floor(stamp.wall / DAY_SECONDS)}`];
}

function overrideOf(
  occurrence: Stamp,
  overrides: Map<string, EventData>,
  reading: Reading,
): EventData | undefined {
  return stampKeys(occurrence, reading)
    .map((key) => overrides.get(key))
    .find((override) => override !== undefined);
}

/** A stamp's wall time in its own zone (a date's midnight). */
function ownWall(stamp: Stamp): number {
  return stamp.kind === 'date' ? stamp.day * DAY_SECONDS : stamp.wall;
}

/** A repeat the schedule cannot express: each occurrence its own event, listed once as changed. */
function addOccurrences(master: EventData, overrides: EventData[], reading: Reading): void {
  const { start } = master;
  const startWall = ownWall(start);
  let walls = [startWall];
  const rule = master.rule && isGregorian(master.rule) ? master.rule : null;
  if (rule) {
    const startYear = fromEpochDay(Math.floor(startWall / DAY_SECONDS)).year;
    const horizon = epochDay({ year: startYear + FINITE_YEARS, month: 1, day: 1 }) * DAY_SECONDS;
    const until = rule.until ? untilWall(rule.until, start, reading) : null;
    const end =
      until !== null ? Math.min(until, horizon) : rule.count !== undefined ? horizon : reading.windowEnd;
    walls = expandRule(rule, startWall, {
      end,
      max: OCCURRENCES_MAX,
      dateOnly: start.kind === 'date',
      budget: reading.work,
    });
  }
  const occurrences: Stamp[] = walls.map((wall) =>
    start.kind === 'date'
      ? { kind: 'date', day: wall / DAY_SECONDS }
      : { kind: 'time', wall, zone: start.zone },
  );
  for (const rdate of master.rdates) {
    occurrences.push(
      start.kind === 'date' && rdate.kind === 'time'
        ? { kind: 'date', day: Math.floor(rdate.wall / DAY_SECONDS) }
        : rdate,
    );
  }
  const excluded = new Set(master.exdates.map((stamp) => stampKeys(stamp, reading)[0]!));
  // The schedule keeps minutes: occurrences a SECONDLY rule puts in one minute are one event.
  const seen = new Set<number>();
  const kept = occurrences
    .map((stamp) => ({ stamp, instant: instantOfStamp(stamp, reading) }))
    .sort((a, b) => a.instant - b.instant)
    .filter(({ stamp }) => {
      const minute = Math.floor(memberWall(stamp, reading) / 60);
      if (stampKeys(stamp, reading).some((key) => excluded.has(key)) || seen.has(minute)) return false;
      seen.add(minute);
      return true;
    })
    .slice(0, OCCURRENCES_MAX);
  const unmatched = new Set(overrides);
  const replacing = byOccurrence(overrides, reading);
  for (const { stamp } of kept) {
    const override = overrideOf(stamp, replacing, reading);
    if (override && unmatched.has(override)) {
      unmatched.delete(override);
      if (override.future) {
        reading.skipped.push({ reason: 'exception', what: override.title, line: override.line });
      }
      addSingle(override, override.start, reading);
    } else addSingle(master, stamp, reading);
  }
  for (const override of unmatched) addSingle(override, override.start, reading);
  if (kept.length > 1 || master.rdates.length > 0 || !rule) {
    reading.skipped.push({ reason: 'repeat-simplified', what: master.title, line: master.line });
  }
}

/** The rule's UNTIL as a wall time of the event's own zone. */
function untilWall(until: string, start: Stamp, reading: Reading): number | null {
  const text = until.trim();
  if (/^\d{8}$/.test(text)) {
    const day = parseWall(text);
    return day === null ? null : day + DAY_SECONDS - 1;
  }
  if (/[Zz]$/.test(text)) {
    const instant = parseWall(text.slice(0, -1));
    const zone = start.kind === 'time' ? (start.zone?.zone ?? reading.member) : reading.member;
    return instant === null ? null : wallAt(zone, instant);
  }
  return parseWall(text);
}

function addSingle(event: EventData, at: Stamp, reading: Reading): void {
  if (event.cancelled) {
    if (!event.recurrenceId) {
      reading.skipped.push({ reason: 'cancelled', what: event.title, line: event.line });
    }
    return;
  }
  addItem(event, singleValue(event, at, reading), reading);
}

/** Adds a record, its title and memo (and its changed occurrences') cut to what the schedule keeps. */
function addItem(event: EventData, value: ScheduleEvent, reading: Reading): void {
  if (!value.title) {
    reading.skipped.push({ reason: 'empty', what: '', line: event.line });
    return;
  }
  let shortened = false;
  const fit = (text: string, max: number) => {
    if (text.length <= max) return text;
    shortened = true;
    return cut(text, max);
  };
  const kept: ScheduleEvent = { ...value, title: fit(value.title, EVENT_TITLE_MAX) };
  kept.memo = fit(value.memo, EVENT_MEMO_MAX);
  if (value.exceptions) {
    kept.exceptions = Object.fromEntries(
      Object.entries(value.exceptions).map(([key, change]) => {
        const next = { ...change };
        if (next.title !== undefined) next.title = fit(next.title, EVENT_TITLE_MAX);
        if (next.memo !== undefined) next.memo = fit(next.memo, EVENT_MEMO_MAX);
        return [key, next];
      }),
    );
  }
  if (shortened && !reading.shortened.has(event)) {
    reading.shortened.add(event);
    reading.skipped.push({ reason: 'shortened', what: event.title, line: event.line });
  }
  reading.items.push({ kind: 'event', value: kept, key: recordKey('event', kept), line: event.line });
  if (reading.items.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
}

/** Cut to a length without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}
