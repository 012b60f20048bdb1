// Schedule events from an iCalendar file (RFC 5545): Google Calendar's and Apple Calendar's exports, Outlook's, and
// our own (export-ics.ts), whose lunar events come back lunar. Times are shown in the member's time zone; a repeat
// the schedule cannot keep (anything but plain yearly) becomes its dated occurrences.
import { parseLunarDate, toSolarDate } from '../../../../calendar/lunar.js';
import { addDays, fromEpochDay, parseIsoDate, toIsoDate, epochDay } from '../../../../calendar/plain-date.js';
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
import { isGregorian, type RRuleParts } from '../../../../calendar/rrule-map.js';
import { DAY_SECONDS, expandRule, parseRule } from './rrule.js';
import { UTC_ZONE, instantOf, intlZone, parseWall, vtimezoneZone, wallAt, type Zone } from './zones.js';

/** Occurrences kept of a repeat the schedule cannot express. */
export const OCCURRENCES_MAX = 500;
/** How far a repeat with a COUNT or UNTIL is followed at most. */
const FINITE_YEARS = 200;
/** Days and times the expansions of one file may look at in all (two seconds or so). */
const FILE_WORK_LIMIT = 30_000_000;

/** A DATE (a whole day), or a DATE-TIME as a wall time in a zone (null: floating, the member's own). */
type Stamp = { kind: 'date'; day: number } | { kind: 'time'; wall: number; zone: Zone | null };

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
  /** Whole days for an all-day event, else seconds. */
  length: number;
  rule: RRuleParts | null;
  /** The rule's UNTIL as a wall time of the event's own zone. */
  until: number | null;
  /** An RRULE was there, whether or not it could be read. */
  repeats: boolean;
  rdates: Stamp[];
  exdates: Array<{ stamp: Stamp; line: number }>;
  lunar: { date: string; leap: boolean; repeat: 'none' | 'yearly' } | null;
}

interface Reading {
  member: Zone;
  zones: Map<string, Zone>;
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
  const member = memberZone(options.timeZone);
  const today =
    parseIsoDate(options.today ?? '') ??
    fromEpochDay(Math.floor(wallAt(member, Date.now() / 1000) / DAY_SECONDS));
  const reading: Reading = {
    member,
    zones: new Map(),
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
      if (component.name !== 'VTIMEZONE') continue;
      const id = propertyOf(component, 'TZID')?.value.trim();
      const zone = vtimezoneZone(component, reading.work);
      if (id && zone) reading.zones.set(id, zone);
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

function memberZone(name: string | undefined): Zone {
  const fallback = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (name && intlZone(name)) || intlZone(fallback) || UTC_ZONE;
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

function zoneOf(property: ContentLine, reading: Reading): Zone | null {
  const id = property.params.get('TZID')?.[0]?.trim();
  if (!id) return null;
  let zone = reading.zones.get(id);
  if (!zone) {
    // Some writers prefix the IANA name ('/mozilla.org/20050126_1/Asia/Seoul').
    const iana = /([A-Za-z_]+\/[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)?)$/.exec(id)?.[1];
    zone = intlZone(id) ?? (iana ? intlZone(iana) : null) ?? undefined;
    // A zone nobody can name is read as floating: the times stay as written.
    if (zone) reading.zones.set(id, zone);
  }
  return zone ?? null;
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
  return { kind: 'time', wall, zone: utc ? UTC_ZONE : zoneOf(property, reading) };
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
  return instantOf(stamp.zone ?? reading.member, stamp.wall);
}

function memberWall(stamp: Stamp, reading: Reading): number {
  if (stamp.kind === 'date') return stamp.day * DAY_SECONDS;
  if (!stamp.zone) return stamp.wall;
  return wallAt(reading.member, instantOf(stamp.zone, stamp.wall));
}

function readEvent(component: Component, reading: Reading): EventData {
  const get = (name: string) => propertyOf(component, name);
  const all = (name: string) => component.properties.filter((property) => property.name === name);
  const start = stampOf(get('DTSTART'), reading, component.line, 'DTSTART');
  const endProperty = get('DTEND');
  const durationProperty = get('DURATION');
  let length = start.kind === 'date' ? 1 : 0;
  if (endProperty) {
    const end = stampOf(endProperty, reading, component.line, 'DTEND');
    length =
      start.kind === 'date'
        ? end.kind === 'date'
          ? end.day - start.day
          : Math.ceil(memberWall(end, reading) / DAY_SECONDS - start.day)
        : instantOfStamp(end, reading) - instantOfStamp(start, reading);
  } else if (durationProperty) {
    const seconds = parseDuration(durationProperty.value);
    if (seconds === null) throw new ImportError('bad-row', durationProperty.line, 'DURATION');
    length = start.kind === 'date' ? Math.round(seconds / DAY_SECONDS) : seconds;
  }
  const recurrence = get('RECURRENCE-ID');
  const ruleProperty = get('RRULE');
  const stamps = (name: string) =>
    all(name).flatMap((property) =>
      splitList(property.value).map((value) => {
        const stamp = parseStamp(value, property, reading);
        if (!stamp) throw new ImportError('bad-row', property.line, name);
        return { stamp, line: property.line };
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
    length: Math.max(length, start.kind === 'date' ? 1 : 0),
    ...ruleOf(ruleProperty?.value, start, reading),
    repeats: ruleProperty !== undefined,
    rdates: stamps('RDATE').map(({ stamp }) => stamp),
    exdates: stamps('EXDATE'),
    lunar: lunarOf(get(LUNAR_PROPERTY)),
  };
}

/** The rule, and its UNTIL placed on the event's wall clock; no rule when it cannot be read. */
function ruleOf(
  value: string | undefined,
  start: Stamp,
  reading: Reading,
): { rule: RRuleParts | null; until: number | null } {
  const parsed = value === undefined ? null : parseRule(value);
  // Another calendar's rule (RFC 7529's RSCALE) is not followed here.
  const rule = parsed && isGregorian(parsed) ? parsed : null;
  if (!rule || rule.until === undefined) return { rule, until: null };
  const until = rule.until.trim();
  let wall: number | null;
  if (/^\d{8}$/.test(until)) {
    const day = parseWall(until);
    wall = day === null ? null : day + DAY_SECONDS - 1;
  } else if (/[Zz]$/.test(until)) {
    const instant = parseWall(until.slice(0, -1));
    const zone = start.kind === 'time' ? (start.zone ?? reading.member) : reading.member;
    wall = instant === null ? null : wallAt(zone, instant);
  } else wall = parseWall(until);
  return wall === null ? { rule: null, until: null } : { rule, until: wall };
}

function lunarOf(property: ContentLine | undefined): EventData['lunar'] {
  if (!property) return null;
  const leap = property.params.get('X-MYGENIE-LEAP')?.[0]?.toUpperCase() === 'TRUE';
  const lunar = parseLunarDate(property.value.trim(), leap);
  if (!lunar || !toSolarDate(lunar)) return null;
  const repeat = property.params.get('X-MYGENIE-REPEAT')?.[0]?.toUpperCase() === 'YEARLY' ? 'yearly' : 'none';
  return { date: property.value.trim(), leap, repeat };
}

/** A rule the schedule keeps as it is: every year on DTSTART's month and day, for ever. */
function plainYearly(event: EventData): boolean {
  const { rule } = event;
  if (!rule || rule.freq !== 'YEARLY' || rule.interval !== 1 || event.rdates.length > 0) return false;
  const { count, until, byWeekNo, byYearDay, byDay, byHour, byMinute, bySecond, bySetPos } = rule;
  if ([count, until, byWeekNo, byYearDay, byDay, byHour, byMinute, bySecond, bySetPos].some(Boolean))
    return false;
  const day = fromEpochDay(Math.floor(ownWall(event.start) / DAY_SECONDS));
  const same = (list: number[] | undefined, value: number) =>
    !list || (list.length === 1 && list[0] === value);
  // Our export writes 29 February as BYMONTHDAY=-1 of February: the 28th in common years, as the schedule keeps it.
  const lastOfFebruary =
    day.month === 2 && day.day === 29 && rule.byMonthDay?.length === 1 && rule.byMonthDay[0] === -1;
  return same(rule.byMonth, day.month) && (same(rule.byMonthDay, day.day) || lastOfFebruary);
}

/** A stamp's wall time in its own zone (a date's midnight). */
function ownWall(stamp: Stamp): number {
  return stamp.kind === 'date' ? stamp.day * DAY_SECONDS : stamp.wall;
}

function stampKeys(stamp: Stamp, reading: Reading): string[] {
  if (stamp.kind === 'date') return [`d${stamp.day}`];
  return [`t${instantOfStamp(stamp, reading)}`, `d${Math.floor(stamp.wall / DAY_SECONDS)}`];
}

function addMaster(master: EventData, overrides: EventData[], reading: Reading): void {
  if (master.cancelled) {
    reading.skipped.push({ reason: 'cancelled', what: master.title, line: master.line });
    return;
  }
  if (master.lunar) {
    addItem(master, master.start, reading, master.lunar);
    return;
  }
  if (!master.repeats && master.rdates.length === 0) {
    const own = overrideOf(master.start, byOccurrence(overrides, reading), reading);
    for (const override of overrides) {
      if (override !== own) addSingle(override, override.start, reading);
    }
    addSingle(own ?? master, (own ?? master).start, reading);
    return;
  }
  if (plainYearly(master)) {
    addItem(master, master.start, reading, null, 'yearly');
    for (const { line } of master.exdates) {
      reading.skipped.push({ reason: 'exception', what: master.title, line });
    }
    for (const override of overrides) {
      reading.skipped.push({
        reason: 'exception',
        what: override.title || master.title,
        line: override.line,
      });
    }
    return;
  }
  addOccurrences(master, overrides, reading);
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

function overrideOf(
  occurrence: Stamp,
  overrides: Map<string, EventData>,
  reading: Reading,
): EventData | undefined {
  return stampKeys(occurrence, reading)
    .map((key) => overrides.get(key))
    .find((override) => override !== undefined);
}

/** A repeat the schedule cannot express: each occurrence its own event, listed once as simplified. */
function addOccurrences(master: EventData, overrides: EventData[], reading: Reading): void {
  const { start } = master;
  const startWall = ownWall(start);
  let walls = [startWall];
  if (master.rule) {
    const startYear = fromEpochDay(Math.floor(startWall / DAY_SECONDS)).year;
    const horizon = epochDay({ year: startYear + FINITE_YEARS, month: 1, day: 1 }) * DAY_SECONDS;
    const end =
      master.until !== null
        ? Math.min(master.until, horizon)
        : master.rule.count !== undefined
          ? horizon
          : reading.windowEnd;
    walls = expandRule(master.rule, startWall, {
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
  const excluded = new Set(master.exdates.map(({ stamp }) => stampKeys(stamp, reading)[0]!));
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
    } else addItem(master, stamp, reading);
  }
  for (const override of unmatched) addSingle(override, override.start, reading);
  if (kept.length > 1 || master.rdates.length > 0 || !master.rule) {
    reading.skipped.push({ reason: 'repeat-simplified', what: master.title, line: master.line });
  }
}

function addSingle(event: EventData, at: Stamp, reading: Reading): void {
  if (event.cancelled) {
    if (!event.recurrenceId) {
      reading.skipped.push({ reason: 'cancelled', what: event.title, line: event.line });
    }
    return;
  }
  addItem(event, at, reading);
}

function addItem(
  event: EventData,
  at: Stamp,
  reading: Reading,
  lunar: EventData['lunar'] = null,
  repeat: 'none' | 'yearly' = 'none',
): void {
  if (!event.title) {
    reading.skipped.push({ reason: 'empty', what: '', line: event.line });
    return;
  }
  const wall = memberWall(at, reading);
  const day = Math.floor(wall / DAY_SECONDS);
  const date = toIsoDate(fromEpochDay(day));
  const time = at.kind === 'date' ? '' : clock(wall);
  let range = '';
  if (!lunar && at.kind === 'date' && event.length > 1) {
    range = `${date} – ${toIsoDate(addDays(fromEpochDay(day), event.length - 1))}`;
  } else if (!lunar && at.kind === 'time' && event.length > 0) {
    const endWall = wallAt(reading.member, instantOfStamp(at, reading) + event.length);
    const endDay = Math.floor(endWall / DAY_SECONDS);
    if (endDay !== day && !(endDay === day + 1 && endWall % DAY_SECONDS === 0)) {
      range = `${date} ${time} – ${toIsoDate(fromEpochDay(endDay))} ${clock(endWall)}`;
    }
  }
  let title = event.title;
  let memo = range && event.text ? `${range}\n${event.text}` : range || event.text;
  if (title.length > EVENT_TITLE_MAX || memo.length > EVENT_MEMO_MAX) {
    title = cut(title, EVENT_TITLE_MAX);
    memo = cut(memo, EVENT_MEMO_MAX);
    if (!reading.shortened.has(event)) {
      reading.shortened.add(event);
      reading.skipped.push({ reason: 'shortened', what: event.title, line: event.line });
    }
  }
  const value: ScheduleEvent = lunar
    ? { title, calendar: 'lunar', date: lunar.date, leap: lunar.leap, repeat: lunar.repeat, time, memo }
    : { title, calendar: 'solar', date, repeat, time, memo };
  reading.items.push({ kind: 'event', value, key: recordKey('event', value), line: event.line });
  if (reading.items.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
}

function clock(wall: number): string {
  const seconds = ((wall % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`;
}

/** Cut to a length without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}
