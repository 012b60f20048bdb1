// Which saved events fall on which days: computed once per range (the month grid, the coming weeks), so a
// day cell only looks its date up.
import { holidayMap, type HolidayData, type HolidayEntry } from '../../calendar/holidays.js';
import { toLunarDate, type LunarDate } from '../../calendar/lunar.js';
import { addDays, parseIsoDate, toIsoDate } from '../../calendar/plain-date.js';
import { occurrencesInRange } from '../../calendar/recurrence.js';
import type { ScheduleEvent } from '../../records/event.js';

/** How far ahead the agenda view looks, today included. */
export const AGENDA_DAYS = 60;

export interface SavedEvent {
  id: string;
  value: ScheduleEvent;
}

/** One event on one day. */
export interface AgendaEntry {
  id: string;
  date: string;
  event: ScheduleEvent;
}

export interface AgendaDay {
  date: string;
  lunar: LunarDate | null;
  holidays: readonly HolidayEntry[];
  entries: readonly AgendaEntry[];
}

function timeOf(event: ScheduleEvent): string {
  return typeof event.time === 'string' ? event.time : '';
}

/** All-day events first, then by time, then by title; the id keeps the order stable. */
export function compareEntries(a: AgendaEntry, b: AgendaEntry): number {
  const byTime = timeOf(a.event).localeCompare(timeOf(b.event));
  if (byTime !== 0) return byTime;
  const byTitle = String(a.event.title).localeCompare(String(b.event.title));
  return byTitle !== 0 ? byTitle : a.id.localeCompare(b.id);
}

/** A one-off event's date ('YYYY-MM-DD'), worked out once per event (a lunar date's conversion is not free). */
const oneOffDates = new WeakMap<ScheduleEvent, string | null>();

function oneOffDate(event: ScheduleEvent): string | null {
  let date = oneOffDates.get(event);
  if (date === undefined) {
    date = occurrencesInRange(event, '0001-01-01', '9999-12-31')[0] ?? null;
    oneOffDates.set(event, date);
  }
  return date;
}

/** The events of a list sorted out once: one-off events by month ('YYYY-MM'), the yearly ones apart. */
interface EventIndex {
  byMonth: Map<string, SavedEvent[]>;
  yearly: SavedEvent[];
}

const indexes = new WeakMap<readonly SavedEvent[], EventIndex>();

function indexOf(events: readonly SavedEvent[]): EventIndex {
  let index = indexes.get(events);
  if (!index) {
    index = { byMonth: new Map(), yearly: [] };
    for (const saved of events) {
      if (saved.value.repeat !== 'none') {
        index.yearly.push(saved);
        continue;
      }
      const date = oneOffDate(saved.value);
      if (date === null) continue;
      const month = date.slice(0, 7);
      const list = index.byMonth.get(month);
      if (list) list.push(saved);
      else index.byMonth.set(month, [saved]);
    }
    indexes.set(events, index);
  }
  return index;
}

/** The months ('YYYY-MM') from one date's to another's, both included. */
function monthsBetween(fromIso: string, toIso: string): string[] {
  const months: string[] = [];
  let [year, month] = fromIso.split('-').map(Number) as [number, number];
  for (let key = fromIso.slice(0, 7); key <= toIso.slice(0, 7) && months.length < 1200;) {
    months.push(key);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
    key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

/**
 * The events of the inclusive range by date ('YYYY-MM-DD'); days without events are absent. The list is indexed
 * once (kept while the same list is passed, as the vault passes it until an event changes), so a month of a
 * schedule of 40,000 events looks at that month's events and the yearly ones only.
 */
export function eventsByDate(
  events: readonly SavedEvent[],
  fromIso: string,
  toIso: string,
): Map<string, AgendaEntry[]> {
  const byDate = new Map<string, AgendaEntry[]>();
  const add = (id: string, date: string, event: ScheduleEvent) => {
    const entry = { id, date, event };
    const entries = byDate.get(date);
    if (entries) entries.push(entry);
    else byDate.set(date, [entry]);
  };
  const index = indexOf(events);
  for (const month of monthsBetween(fromIso, toIso)) {
    for (const { id, value } of index.byMonth.get(month) ?? []) {
      const date = oneOffDate(value)!;
      if (date >= fromIso && date <= toIso) add(id, date, value);
    }
  }
  for (const { id, value } of index.yearly) {
    for (const date of occurrencesInRange(value, fromIso, toIso)) add(id, date, value);
  }
  for (const entries of byDate.values()) entries.sort(compareEntries);
  return byDate;
}

const NO_HOLIDAYS: readonly HolidayEntry[] = [];
const holidaysByData = new WeakMap<HolidayData, Map<number, Map<string, HolidayEntry[]>>>();

/** The holidays on one date, with each year's holidays worked out once per holiday data. */
export function holidaysOn(iso: string, data: HolidayData): readonly HolidayEntry[] {
  const year = Number(iso.slice(0, 4));
  let years = holidaysByData.get(data);
  if (!years) holidaysByData.set(data, (years = new Map()));
  let holidays = years.get(year);
  if (!holidays) years.set(year, (holidays = holidayMap(year, data)));
  return holidays.get(iso) ?? NO_HOLIDAYS;
}

/** The last day of an agenda of `days` days starting on `fromIso`. */
export function agendaEnd(fromIso: string, days = AGENDA_DAYS): string {
  const from = parseIsoDate(fromIso);
  return from ? toIsoDate(addDays(from, days - 1)) : fromIso;
}

/**
 * The days of the range that have an event or a public holiday, in date order, each with its lunar date:
 * what the agenda view lists.
 */
export function agendaDays(
  events: readonly SavedEvent[],
  fromIso: string,
  toIso: string,
  holidays: HolidayData,
): AgendaDay[] {
  const from = parseIsoDate(fromIso);
  const to = parseIsoDate(toIso);
  if (!from || !to) return [];
  const byDate = eventsByDate(events, fromIso, toIso);
  const days: AgendaDay[] = [];
  const last = toIsoDate(to);
  for (let date = from, iso = toIsoDate(date); iso <= last; date = addDays(date, 1), iso = toIsoDate(date)) {
    const entries = byDate.get(iso) ?? [];
    const holidaysOfDay = holidaysOn(iso, holidays);
    if (entries.length === 0 && holidaysOfDay.length === 0) continue;
    days.push({ date: iso, lunar: toLunarDate(date), holidays: holidaysOfDay, entries });
  }
  return days;
}
