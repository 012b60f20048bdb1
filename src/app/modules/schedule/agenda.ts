// Which saved events fall on which days: computed once per range (the month grid, the coming weeks), so a
// day cell only looks its date up.
import { holidayMap, type HolidayData, type HolidayEntry } from '../../calendar/holidays.js';
import { toLunarDate, type LunarDate } from '../../calendar/lunar.js';
import { addDays, parseIsoDate, toIsoDate } from '../../calendar/plain-date.js';
import { occurrencesInRange } from '../../calendar/recurrence.js';
import type { ScheduleEvent } from './event.js';

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

/** The events of the inclusive range by date ('YYYY-MM-DD'); days without events are absent. */
export function eventsByDate(
  events: readonly SavedEvent[],
  fromIso: string,
  toIso: string,
): Map<string, AgendaEntry[]> {
  const byDate = new Map<string, AgendaEntry[]>();
  for (const { id, value } of events) {
    for (const date of occurrencesInRange(value, fromIso, toIso)) {
      const entry = { id, date, event: value };
      const entries = byDate.get(date);
      if (entries) entries.push(entry);
      else byDate.set(date, [entry]);
    }
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
