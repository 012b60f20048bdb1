// Where the week view draws things: which days it shows, the all-day row (events of whole days, trips, holidays and
// anniversaries as bars on lanes) and each day's timed events placed by their hours in the member's zone, the
// overlapping ones side by side (interval partitioning), a night across midnight cut at each midnight.
import type { HolidayEntry } from '../../calendar/holidays.js';
import { isoOfDay } from '../../calendar/occurrences.js';
import { dayNumber, minutesOf } from '../../calendar/series.js';
import { DAY_MINUTES, timeZone, wallAt } from '../../calendar/time-zones.js';
import type { EventOccurrence } from './agenda.js';
import type { AnniversaryDay } from './anniversary-days.js';

/** The days of the week view, and of its narrow form on a phone (as calendar apps show fewer days there). */
export const WEEK_DAYS = 7;
export const NARROW_DAYS = 3;
/** A timed event is drawn (and kept clear of others) at least this many minutes tall, so its title fits. */
export const SHORTEST_BLOCK = 30;
/** Where the hours open when the days shown have no timed event. */
export const OPENING_HOUR = 7;

/**
 * The first day the view shows for a selected day: a week from its Sunday (as the month grid's rows), or, for a
 * window of fewer days, the window already shown while the selected day is in it, the one before or after it when
 * the day moved just past its edge (a page at a time), else a window starting on the day.
 */
export function windowStart(selected: string, dayCount: number, shownStart: string | null): string {
  const day = dayNumber(selected);
  if (day === null) return selected;
  if (dayCount === WEEK_DAYS) return isoOfDay(day - ((((day + 4) % 7) + 7) % 7));
  const shown = dayNumber(shownStart);
  if (shown === null) return selected;
  const pages = Math.floor((day - shown) / dayCount);
  return Math.abs(pages) <= 1 ? isoOfDay(shown + pages * dayCount) : selected;
}

/** The dates ('YYYY-MM-DD') of `count` days from `startIso`. */
export function windowDays(startIso: string, count: number): string[] {
  const start = dayNumber(startIso);
  if (start === null) return [];
  return Array.from({ length: count }, (_, index) => isoOfDay(start + index));
}

export type AllDayItem =
  | { kind: 'holiday'; date: string; holiday: HolidayEntry }
  | { kind: 'anniversary'; date: string; anniversary: AnniversaryDay }
  | { kind: 'event'; occurrence: EventOccurrence };

/** An all-day row's bar: an item over the columns `first` to `last` on its lane. */
export interface AllDayBar {
  key: string;
  item: AllDayItem;
  first: number;
  last: number;
  lane: number;
  /** It began before the first day shown, or goes on after the last. */
  before: boolean;
  after: boolean;
}

/** A timed event on one day's column: drawn from `from` to `to`, minutes since that day's midnight. */
export interface TimedBlock {
  key: string;
  occurrence: EventOccurrence;
  column: number;
  from: number;
  to: number;
  /** It began on an earlier day, or goes on to a later one (a night across midnight). */
  before: boolean;
  after: boolean;
  /** Its place among the events it overlaps: lane `lane` of `lanes`, widened over `span` lanes left free. */
  lane: number;
  lanes: number;
  span: number;
}

export interface WeekLayout {
  days: string[];
  allDay: AllDayBar[];
  /** Lanes of the all-day row (0 when it is empty). */
  allDayLanes: number;
  /** Each day's timed blocks, in their order on the day (by start, then lane). */
  timed: TimedBlock[][];
}

const KIND_RANK = { holiday: 0, anniversary: 1, event: 2 } as const;

/** Where an occurrence starts and ends, in minutes since 1970 on the viewer's wall clock. */
function minutesSpan(occurrence: EventOccurrence): { start: number; end: number } {
  const start = (dayNumber(occurrence.date) ?? 0) * DAY_MINUTES + (minutesOf(occurrence.time) ?? 0);
  if (!occurrence.hasEnd) return { start, end: start };
  const end = (dayNumber(occurrence.endDate) ?? 0) * DAY_MINUTES + (minutesOf(occurrence.endTime) ?? 0);
  return { start, end: Math.max(start, end) };
}

/** Whether an occurrence belongs in the all-day row: all day, or timed and lasting a whole day or more. */
function inAllDayRow(occurrence: EventOccurrence): boolean {
  if (occurrence.allDay) return true;
  const { start, end } = minutesSpan(occurrence);
  return end - start >= DAY_MINUTES;
}

/**
 * The layout of the days `days` (consecutive dates) for the occurrences found for them (occurrencesBetween, in
 * the member's zone), the public holidays and the anniversaries on those days.
 */
export function weekLayout(
  days: readonly string[],
  occurrences: readonly EventOccurrence[],
  holidays: readonly HolidayEntry[],
  anniversaries: readonly AnniversaryDay[],
): WeekLayout {
  const first = dayNumber(days[0]);
  const layout: WeekLayout = { days: [...days], allDay: [], allDayLanes: 0, timed: days.map(() => []) };
  if (first === null) return layout;
  const last = first + days.length - 1;
  const column = (day: number) => Math.min(Math.max(day, first), last) - first;

  // The all-day row: every item an interval of days, put on the lowest lane free over all its days.
  const bars: Array<AllDayBar & { rank: number; order: number }> = [];
  const dayItem = (item: AllDayItem & { date: string }, key: string, order: number) => {
    const day = dayNumber(item.date);
    if (day === null || day < first || day > last) return;
    const at = day - first;
    const rank = KIND_RANK[item.kind];
    bars.push({ key, item, first: at, last: at, lane: 0, before: false, after: false, rank, order });
  };
  holidays.forEach((holiday, index) =>
    dayItem(
      { kind: 'holiday', date: holiday.date, holiday },
      `holiday ${holiday.date} ${holiday.key} ${holiday.substitute}`,
      index,
    ),
  );
  anniversaries.forEach((anniversary, index) =>
    dayItem(
      { kind: 'anniversary', date: anniversary.date, anniversary },
      `anniversary ${anniversary.date} ${anniversary.id}`,
      index,
    ),
  );
  occurrences.forEach((occurrence, index) => {
    const key = `${occurrence.id} ${occurrence.key}`;
    if (occurrence.lastDay < first || occurrence.firstDay > last) return;
    if (inAllDayRow(occurrence)) {
      bars.push({
        key,
        item: { kind: 'event', occurrence },
        first: column(occurrence.firstDay),
        last: column(occurrence.lastDay),
        lane: 0,
        before: occurrence.firstDay < first,
        after: occurrence.lastDay > last,
        rank: KIND_RANK.event,
        order: index,
      });
      return;
    }
    placeTimed(layout, occurrence, key, first, last);
  });

  bars.sort(
    (a, b) =>
      a.first - b.first || b.last - b.first - (a.last - a.first) || a.rank - b.rank || a.order - b.order,
  );
  const lanes: boolean[][] = [];
  for (const bar of bars) {
    let lane = 0;
    while (lanes[lane]?.slice(bar.first, bar.last + 1).some(Boolean)) lane++;
    lanes[lane] ??= [];
    for (let at = bar.first; at <= bar.last; at++) lanes[lane]![at] = true;
    layout.allDay.push({
      key: bar.key,
      item: bar.item,
      first: bar.first,
      last: bar.last,
      lane,
      before: bar.before,
      after: bar.after,
    });
  }
  layout.allDayLanes = lanes.length;
  layout.timed.forEach(partition);
  return layout;
}

/** A timed occurrence on each day it touches, cut at midnight. */
function placeTimed(
  layout: WeekLayout,
  occurrence: EventOccurrence,
  key: string,
  first: number,
  last: number,
): void {
  const { start, end } = minutesSpan(occurrence);
  const startDay = Math.floor(start / DAY_MINUTES);
  // A start alone is drawn as the shortest block, on its own day.
  const shownEnd = end > start ? end : Math.min(start + SHORTEST_BLOCK, (startDay + 1) * DAY_MINUTES);
  const lastDay = Math.floor((shownEnd - 1) / DAY_MINUTES);
  for (let day = Math.max(startDay, first); day <= Math.min(lastDay, last); day++) {
    const midnight = day * DAY_MINUTES;
    layout.timed[day - first]!.push({
      key: `${key} ${day}`,
      occurrence,
      column: day - first,
      from: Math.max(start - midnight, 0),
      to: Math.min(shownEnd - midnight, DAY_MINUTES),
      before: day > startDay,
      after: day < lastDay,
      lane: 0,
      lanes: 1,
      span: 1,
    });
  }
}

/** The bottom a block keeps clear of others: its end, or its shortest height. */
function drawnEnd(block: TimedBlock): number {
  return Math.min(Math.max(block.to, block.from + SHORTEST_BLOCK), DAY_MINUTES);
}

function overlaps(a: TimedBlock, b: TimedBlock): boolean {
  return a.from < drawnEnd(b) && b.from < drawnEnd(a);
}

/**
 * One day's blocks side by side where they overlap: in groups of blocks that overlap one another in a chain, each
 * on the leftmost lane free at its start (as few lanes as the most that overlap at once), then widened to the
 * right over lanes none of its overlapping blocks uses.
 */
function partition(blocks: TimedBlock[]): void {
  blocks.sort(
    (a, b) =>
      a.from - b.from || b.to - a.to || a.occurrence.order - b.occurrence.order || (a.key < b.key ? -1 : 1),
  );
  let group: TimedBlock[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const block of group) {
      block.lanes = laneEnds.length;
      let span = 1;
      while (
        block.lane + span < laneEnds.length &&
        !group.some((other) => other.lane === block.lane + span && overlaps(block, other))
      ) {
        span++;
      }
      block.span = span;
    }
    group = [];
    laneEnds = [];
  };
  for (const block of blocks) {
    if (block.from >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= block.from);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = drawnEnd(block);
    block.lane = lane;
    group.push(block);
    groupEnd = Math.max(groupEnd, drawnEnd(block));
  }
  close();
}

/** The hour the day's hours open at: the first timed event's in the days shown, else the morning. */
export function openingHour(layout: WeekLayout): number {
  let earliest = Infinity;
  for (const day of layout.timed)
    for (const block of day) if (!block.before) earliest = Math.min(earliest, block.from);
  return earliest === Infinity ? OPENING_HOUR : Math.floor(earliest / 60);
}

/** The date and the minute of the day it is at an instant (ms since 1970) on the wall clock of a zone. */
export function wallNow(instantMs: number, zoneName: string): { date: string; minute: number } {
  const instant = Math.floor(instantMs / 60_000);
  const zone = timeZone(zoneName);
  const wall = zone ? wallAt(zone, instant) : instant;
  const day = Math.floor(wall / DAY_MINUTES);
  return { date: isoOfDay(day), minute: wall - day * DAY_MINUTES };
}
