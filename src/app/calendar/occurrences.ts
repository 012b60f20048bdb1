// The schedule's one expansion: which occurrences of the saved events fall in a range of days, placed in the
// viewer's time zone (docs/calendar.md). The events are indexed once per list (the vault hands out the same list
// until an event changes): events that happen once, and the changed occurrences of series, in buckets by month;
// series apart, each expanded only over the range asked for.
import { fromEpochDay, toIsoDate } from './plain-date.js';
import { isSeriesDay, lastDayOf, seriesDays, seriesStart, type SeriesStart } from './rules.js';
import {
  allDayLength,
  clockOf,
  dayNumber,
  durationMinutes,
  exceptionsOf,
  minutesOf,
  ruleOf,
  type EventTiming,
  type RepeatRule,
} from './series.js';
import { DAY_MINUTES, deviceZoneName, instantOf, timeZone, wallAt, type TimeZone } from './time-zones.js';

/** What the engine reads of an event: when it happens, and its title and memo. */
export interface ScheduledEvent extends EventTiming {
  title: string;
  memo: string;
  /** Minutes before each occurrence's start that it reminds at; the whole series', never one occurrence's own. */
  reminders?: number[];
}

export interface SavedEvent<T extends ScheduledEvent = ScheduledEvent> {
  id: string;
  value: T;
}

/** One occurrence of an event, in the viewer's zone. Dates are 'YYYY-MM-DD', times 'HH:MM'. */
export interface Occurrence<T extends ScheduledEvent = ScheduledEvent> {
  /** The event's record. */
  id: string;
  /** The date the occurrence has by its event's rule (its own clock): what a change of it is kept under. */
  key: string;
  /** The record as stored. */
  event: T;
  /** The title and memo of this occurrence (a changed occurrence may have its own). */
  title: string;
  memo: string;
  allDay: boolean;
  /** Where it starts; `time` is '' all day. */
  date: string;
  time: string;
  /** A timed event's end (its start when it has none); an all-day event's last day, with `endTime` ''. */
  endDate: string;
  endTime: string;
  /** A timed event with an end. */
  hasEnd: boolean;
  /** The last day it covers (a timed event ending at midnight does not cover the next day). */
  lastDate: string;
  /** How many days it covers: 1 for an event within one day. */
  days: number;
  /** Part of a repeating series. */
  repeats: boolean;
  /** An occurrence of a series changed on its own (moved, retitled). */
  changed: boolean;
  /** The event's own IANA zone, '' for floating (and for all day). */
  zone: string;
  /** Days since 1970 of `date` and of `lastDate`, for views that lay occurrences out by day. */
  firstDay: number;
  lastDay: number;
  /** Its place among the occurrences of its first day: all-day first (the longer first), then by time. */
  order: number;
}

/** An occurrence on its own clock, before it is placed in the viewer's zone. */
interface Frame<T extends ScheduledEvent> {
  id: string;
  key: number;
  value: T;
  title: string;
  memo: string;
  day: number;
  /** Minutes since midnight; -1 all day. */
  minute: number;
  /** All day: days; timed: minutes (0: no end). */
  length: number;
  zone: TimeZone | null;
  repeats: boolean;
  changed: boolean;
  /** For bucketing: the first month (year × 12 + month − 1) its days may fall in. */
  firstMonth: number;
  /** Its order within a day (all-day first, the longer first; then by time), before the title. */
  rank: number;
}

interface SeriesEntry<T extends ScheduledEvent> {
  frame: Frame<T>;
  start: SeriesStart;
  rule: RepeatRule;
  last: number;
  /** Occurrences the rule gives that are changed or deleted (their changed form is among the singles). */
  skip: Set<number>;
  /** Days an occurrence may reach past its own start day in any zone. */
  reach: number;
}

interface EventIndex<T extends ScheduledEvent> {
  singles: Map<number, Array<Frame<T>>>;
  series: Array<SeriesEntry<T>>;
}

/** A zone is at most 26 hours from another: an occurrence's day in the viewer's zone is within 2 of its own. */
const ZONE_REACH = 2;
/** What an event may last at most, for the engine (ten years). */
const LONGEST_DAYS = 3660;

/** Dates of the days 1900–2199, each written once: a view writes the same few hundred thousands of times. */
const ISO_FROM = -25_567;
const ISO_DAYS = 109_574;
const isoDays: Array<string | undefined> = new Array(ISO_DAYS);

/** 'YYYY-MM-DD' of a day number. */
export function isoOfDay(day: number): string {
  const slot = day - ISO_FROM;
  if (slot < 0 || slot >= ISO_DAYS) return toIsoDate(fromEpochDay(day));
  return (isoDays[slot] ??= toIsoDate(fromEpochDay(day)));
}

function monthOfDay(day: number): number {
  const date = fromEpochDay(day);
  return date.year * 12 + date.month - 1;
}

function rankOf(minute: number, length: number): number {
  return minute < 0 ? 999 - Math.min(length, 999) : 1000 + minute;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The occurrence of an event (or of a series' day, with its change) on its own clock; null if unreadable. */
function frameOf<T extends ScheduledEvent>(
  id: string,
  value: T,
  key: number,
  change: Record<string, unknown> | null,
  repeats: boolean,
): Frame<T> | null {
  const pick = (field: string): unknown =>
    change && change[field] !== undefined ? change[field] : undefined;
  const movedTo = pick('date');
  const day = movedTo === undefined ? key : dayNumber(movedTo);
  if (day === null) return null;
  const time = pick('time') ?? value.time;
  const minute = minutesOf(time) ?? -1;
  const duration = pick('duration') ?? value.duration;
  const length =
    minute < 0
      ? Math.min(allDayLength(duration), LONGEST_DAYS)
      : Math.min(durationMinutes(duration) ?? 0, LONGEST_DAYS * DAY_MINUTES);
  const zoneName = minute < 0 ? '' : text(pick('zone') ?? value.zone);
  const zone = zoneName ? timeZone(zoneName) : null;
  const reach = zone ? ZONE_REACH : 0;
  return {
    id,
    key,
    value,
    title: text(pick('title') ?? value.title),
    memo: text(pick('memo') ?? value.memo),
    day,
    minute,
    length,
    zone,
    repeats,
    changed: change !== null,
    firstMonth: monthOfDay(day - reach),
    rank: rankOf(minute, length),
  };
}

/** The last day of its own clock an occurrence reaches, for bucketing (a zone may move it 2 days more). */
function ownLastDay(frame: Frame<ScheduledEvent>): number {
  if (frame.minute < 0) return frame.day + frame.length - 1;
  const end = frame.day * DAY_MINUTES + frame.minute + Math.max(frame.length, 1) - 1;
  return Math.floor(end / DAY_MINUTES) + (frame.zone ? ZONE_REACH : 0);
}

function byRank(a: Frame<ScheduledEvent>, b: Frame<ScheduledEvent>): number {
  return a.rank - b.rank || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : 1);
}

const indexes = new WeakMap<readonly SavedEvent[], EventIndex<ScheduledEvent>>();

/** What one event gives the index: the frames of its single occurrences (with their months), and its series. */
interface EventParts<T extends ScheduledEvent> {
  id: string;
  singles: Array<{ frame: Frame<T>; lastMonth: number }>;
  series: SeriesEntry<T> | null;
}

// Worked out once per stored value: the vault hands out the same value objects until a record changes, so a list
// rebuilt after one edit costs the buckets, not a reading of every event (a lunar date's conversion is not free).
const partsOfValue = new WeakMap<object, EventParts<ScheduledEvent>>();

function partsOf<T extends ScheduledEvent>(id: string, value: T): EventParts<T> {
  const known = partsOfValue.get(value) as EventParts<T> | undefined;
  if (known?.id === id) return known;
  const parts: EventParts<T> = { id, singles: [], series: null };
  const single = (frame: Frame<T> | null) => {
    if (frame) parts.singles.push({ frame, lastMonth: monthOfDay(ownLastDay(frame)) });
  };
  const start = seriesStart(value);
  const rule = start && ruleOf(value);
  if (start && !rule) single(frameOf(id, value, start.day, null, false));
  const frame = start && rule ? frameOf(id, value, start.day, null, true) : null;
  if (start && rule && frame) {
    const last = lastDayOf(start, rule);
    const skip = new Set<number>();
    for (const [key, change] of exceptionsOf(value)) {
      const day = dayNumber(key)!;
      if (day < start.day || day > last || !isSeriesDay(start, rule, day)) continue;
      skip.add(day);
      if (change.deleted !== true) single(frameOf(id, value, day, change as Record<string, unknown>, true));
    }
    const reach = ownLastDay(frame) - frame.day + (frame.zone ? ZONE_REACH : 0);
    parts.series = { frame, start, rule, last, skip, reach };
  }
  partsOfValue.set(value, parts as EventParts<ScheduledEvent>);
  return parts;
}

function buildIndex<T extends ScheduledEvent>(events: readonly SavedEvent<T>[]): EventIndex<T> {
  const index: EventIndex<T> = { singles: new Map(), series: [] };
  for (const { id, value } of events) {
    if (!value || typeof value !== 'object') continue;
    const parts = partsOf(id, value);
    for (const { frame, lastMonth } of parts.singles) {
      for (let month = frame.firstMonth; month <= lastMonth; month++) {
        const bucket = index.singles.get(month);
        if (bucket) bucket.push(frame);
        else index.singles.set(month, [frame]);
      }
    }
    if (parts.series) index.series.push(parts.series);
  }
  // Series in the order of their occurrences within a day, so each day's list comes nearly in order.
  index.series.sort((a, b) => byRank(a.frame, b.frame));
  return index;
}

function indexOf<T extends ScheduledEvent>(events: readonly SavedEvent<T>[]): EventIndex<T> {
  let index = indexes.get(events) as EventIndex<T> | undefined;
  if (!index) {
    index = buildIndex(events);
    indexes.set(events, index as EventIndex<ScheduledEvent>);
  }
  return index;
}

/**
 * An occurrence placed in the viewer's zone, or null when it covers no day from `from` to `to`. Made only once it is
 * known to be in the range: a view's range is widened by the days an occurrence may reach into it.
 */
function place<T extends ScheduledEvent>(
  frame: Frame<T>,
  day: number,
  key: number,
  viewer: TimeZone | null,
  from: number,
  to: number,
): Occurrence<T> | null {
  let firstDay: number;
  let lastDay: number;
  let endDay: number;
  let time = '';
  let endTime = '';
  let order = frame.rank;
  if (frame.minute < 0) {
    firstDay = day;
    lastDay = endDay = day + frame.length - 1;
    if (lastDay < from || firstDay > to) return null;
  } else {
    let start = day * DAY_MINUTES + frame.minute;
    let end = start + frame.length;
    if (frame.zone && viewer) {
      // In the viewer's own zone too: a time the clock skipped moves (02:30 on the night it jumps is 03:30).
      start = wallAt(viewer, instantOf(frame.zone, start));
      end = frame.length > 0 ? wallAt(viewer, instantOf(frame.zone, end)) : start;
    }
    firstDay = Math.floor(start / DAY_MINUTES);
    lastDay = end > start ? Math.floor((end - 1) / DAY_MINUTES) : firstDay;
    if (lastDay < from || firstDay > to) return null;
    endDay = Math.floor(end / DAY_MINUTES);
    time = clockOf(start);
    endTime = clockOf(end);
    order = 1000 + (start - firstDay * DAY_MINUTES);
  }
  return {
    id: frame.id,
    key: isoOfDay(key),
    event: frame.value,
    title: frame.title,
    memo: frame.memo,
    allDay: frame.minute < 0,
    date: isoOfDay(firstDay),
    time,
    endDate: isoOfDay(endDay),
    endTime,
    hasEnd: frame.minute >= 0 && frame.length > 0,
    lastDate: isoOfDay(lastDay),
    days: lastDay - firstDay + 1,
    repeats: frame.repeats,
    changed: frame.changed,
    zone: frame.zone?.name ?? '',
    firstDay,
    lastDay,
    order,
  };
}

/**
 * Sorts a day's occurrences: the series come in their order already (the index keeps them so), only the single
 * events and the zoned series find their places, which insertion does in few steps.
 */
function sortNearlySorted(list: Occurrence[]): void {
  if (list.length > 256) {
    list.sort(compareOccurrences);
    return;
  }
  for (let at = 1; at < list.length; at++) {
    const item = list[at]!;
    let to = at - 1;
    while (to >= 0 && compareOccurrences(list[to]!, item) > 0) {
      list[to + 1] = list[to]!;
      to--;
    }
    list[to + 1] = item;
  }
}

function compareOccurrences(a: Occurrence, b: Occurrence): number {
  if (a.order !== b.order) return a.order - b.order;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * The occurrences of the events that cover any day from `fromIso` to `toIso` (both included) in the zone `zoneName`
 * (the device's when left out), by the day they start, then all-day ones first (the longer first), then by time,
 * title and record. An occurrence that started before the range and lasts into it is included.
 */
export function occurrencesBetween<T extends ScheduledEvent>(
  events: readonly SavedEvent<T>[],
  fromIso: string,
  toIso: string,
  zoneName: string = deviceZoneName(),
): Array<Occurrence<T>> {
  const from = dayNumber(fromIso);
  const to = dayNumber(toIso);
  if (from === null || to === null || to < from) return [];
  const viewer = timeZone(zoneName);
  const index = indexOf(events);
  // Each day's occurrences apart, so the order is a merge of short runs mostly in order, not a sort of them all.
  const byDay: Array<Array<Occurrence<T>> | undefined> = new Array(to - from + 1);
  const early: Array<Occurrence<T>> = [];
  const add = (occurrence: Occurrence<T> | null) => {
    if (!occurrence) return;
    if (occurrence.firstDay < from) return void early.push(occurrence);
    const list = byDay[occurrence.firstDay - from];
    if (list) list.push(occurrence);
    else byDay[occurrence.firstDay - from] = [occurrence];
  };

  for (const entry of index.series) {
    if (entry.start.day > to + ZONE_REACH || entry.last < from - entry.reach) continue;
    for (const day of seriesDays(entry.start, entry.rule, from - entry.reach, to + ZONE_REACH)) {
      if (entry.skip.size > 0 && entry.skip.has(day)) continue;
      add(place(entry.frame, day, day, viewer, from, to));
    }
  }
  const firstMonth = monthOfDay(from - ZONE_REACH);
  const lastMonth = monthOfDay(to + ZONE_REACH);
  for (let month = firstMonth; month <= lastMonth; month++) {
    for (const frame of index.singles.get(month) ?? []) {
      // A frame in several months' buckets is taken from the first of them the range reaches.
      if (month !== Math.max(frame.firstMonth, firstMonth)) continue;
      add(place(frame, frame.day, frame.key, viewer, from, to));
    }
  }

  const found: Array<Occurrence<T>> = early.sort(
    (a, b) => a.firstDay - b.firstDay || compareOccurrences(a, b),
  );
  for (const list of byDay) {
    if (!list) continue;
    if (list.length > 1) sortNearlySorted(list);
    for (const occurrence of list) found.push(occurrence);
  }
  return found;
}

/** The first occurrence of an event starting on or after a day, looking `horizonDays` ahead; null if none. */
export function nextOccurrenceOf<T extends ScheduledEvent>(
  event: SavedEvent<T>,
  fromIso: string,
  zoneName: string = deviceZoneName(),
  horizonDays = 400,
): Occurrence<T> | null {
  const from = dayNumber(fromIso);
  if (from === null) return null;
  return (
    occurrencesBetween([event], fromIso, isoOfDay(from + horizonDays), zoneName).find(
      (occurrence) => occurrence.date >= fromIso,
    ) ?? null
  );
}

/**
 * The first occurrence of an event by its rule (its start), as the viewer sees it: what names the event in a line
 * (a search result, an import preview). Null when its date cannot be read or that occurrence was moved far off.
 */
export function firstOccurrenceOf<T extends ScheduledEvent>(
  event: SavedEvent<T>,
  zoneName: string = deviceZoneName(),
): Occurrence<T> | null {
  const start = seriesStart(event.value);
  if (!start) return null;
  const key = isoOfDay(start.day);
  const near = occurrencesBetween([event], isoOfDay(start.day - 3), isoOfDay(start.day + 3), zoneName);
  return near.find((occurrence) => occurrence.key === key) ?? null;
}

/** One occurrence on one day of a range: where the day lies in it (a multi-day event shows on each of its days). */
export interface DayEntry<T extends ScheduledEvent = ScheduledEvent> {
  occurrence: Occurrence<T>;
  /** The occurrence starts on this day, ends on it (both for one day), or neither (a day in its middle). */
  starts: boolean;
  ends: boolean;
}

/** Occurrences by each day they cover within the range (days without any are absent), in the occurrences' order. */
export function occurrencesByDay<T extends ScheduledEvent>(
  occurrences: ReadonlyArray<Occurrence<T>>,
  fromIso: string,
  toIso: string,
): Map<string, Array<DayEntry<T>>> {
  const days = new Map<string, Array<DayEntry<T>>>();
  const from = dayNumber(fromIso);
  const to = dayNumber(toIso);
  if (from === null || to === null) return days;
  for (const occurrence of occurrences) {
    const first = occurrence.firstDay;
    const last = occurrence.lastDay;
    for (let day = Math.max(first, from); day <= Math.min(last, to); day++) {
      const iso = isoOfDay(day);
      const entry = { occurrence, starts: day === first, ends: day === last };
      const list = days.get(iso);
      if (list) list.push(entry);
      else days.set(iso, [entry]);
    }
  }
  // Spanning occurrences first on every day, so a bar keeps its place from day to day.
  for (const list of days.values()) {
    if (list.some((entry) => !entry.starts)) {
      list.sort((a, b) => Number(a.starts) - Number(b.starts));
    }
  }
  return days;
}
