// Which saved events fall on which days: computed once per range (the month grid, the coming weeks) through the
// calendar engine (calendar/occurrences.ts), so a day cell only looks its date up.
import { holidayMap, type HolidayData, type HolidayEntry } from '../../calendar/holidays.js';
import { toLunarDate, type LunarDate } from '../../calendar/lunar.js';
import {
  occurrencesBetween,
  occurrencesByDay,
  type DayEntry,
  type Occurrence,
  type SavedEvent as SavedRecord,
} from '../../calendar/occurrences.js';
import { addDays, parseIsoDate, toIsoDate } from '../../calendar/plain-date.js';
import { deviceZoneName } from '../../calendar/time-zones.js';
import type { ScheduleEvent } from '../../records/event.js';
import type { AnniversaryDay } from './anniversary-days.js';

/** How far ahead the agenda view looks, today included. */
export const AGENDA_DAYS = 60;

export type SavedEvent = SavedRecord<ScheduleEvent>;
export type EventOccurrence = Occurrence<ScheduleEvent>;
/** One occurrence on one of its days. */
export type AgendaEntry = DayEntry<ScheduleEvent>;

export interface AgendaDay {
  date: string;
  lunar: LunarDate | null;
  holidays: readonly HolidayEntry[];
  anniversaries: readonly AnniversaryDay[];
  entries: readonly AgendaEntry[];
}

/**
 * The occurrences of the inclusive range by each date ('YYYY-MM-DD') they cover, in the member's zone (the device's
 * unless said); days without events are absent. A trip of three days is on each of its days.
 */
export function eventsByDate(
  events: readonly SavedEvent[],
  fromIso: string,
  toIso: string,
  zone: string = deviceZoneName(),
): Map<string, AgendaEntry[]> {
  return occurrencesByDay(occurrencesBetween(events, fromIso, toIso, zone), fromIso, toIso);
}

const NO_HOLIDAYS: readonly HolidayEntry[] = [];
const NO_ANNIVERSARIES: readonly AnniversaryDay[] = [];
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
 * The days of the range that have an event, a public holiday or an anniversary (`anniversaries`, by date), in date
 * order, each with its lunar date: what the agenda view lists.
 */
export function agendaDays(
  events: readonly SavedEvent[],
  fromIso: string,
  toIso: string,
  holidays: HolidayData,
  anniversaries: ReadonlyMap<string, readonly AnniversaryDay[]> = new Map(),
  zone: string = deviceZoneName(),
): AgendaDay[] {
  const from = parseIsoDate(fromIso);
  const to = parseIsoDate(toIso);
  if (!from || !to) return [];
  const byDate = eventsByDate(events, fromIso, toIso, zone);
  const days: AgendaDay[] = [];
  const last = toIsoDate(to);
  for (let date = from, iso = toIsoDate(date); iso <= last; date = addDays(date, 1), iso = toIsoDate(date)) {
    const entries = byDate.get(iso) ?? [];
    const holidaysOfDay = holidaysOn(iso, holidays);
    const anniversariesOfDay = anniversaries.get(iso) ?? NO_ANNIVERSARIES;
    if (entries.length === 0 && holidaysOfDay.length === 0 && anniversariesOfDay.length === 0) continue;
    days.push({
      date: iso,
      lunar: toLunarDate(date),
      holidays: holidaysOfDay,
      anniversaries: anniversariesOfDay,
      entries,
    });
  }
  return days;
}
