// Korean public holidays from data (public/app/holidays.json, refreshable without a release) and the
// substitute-holiday rules of the Public Holidays Act applied to it.
import { z } from '../../shared/zod.js';
import bundledJson from '../../../public/app/holidays.json' with { type: 'json' };
import { toSolarDate } from './lunar.js';
import {
  addDays,
  dayOfWeek,
  daysInMonth,
  epochDay,
  fromEpochDay,
  parseIsoDate,
  toIsoDate,
} from './plain-date.js';

export const HOLIDAYS_URL = '/app/holidays.json';
const SUBSTITUTE_NAME_KEY = 'substituteHoliday';

const calendarYear = z.int().min(1).max(9999);
const key = z.string().min(1);
const localizedName = z.object({ ko: z.string().min(1), en: z.string().min(1) });
// From `from` on, a day lost to a weekend ('weekend': Saturday or Sunday; 'sunday' for Seollal and Chuseok)
// or to another holiday on the same day is made up on the next weekday that is not a holiday.
const substituteRule = z.object({ from: calendarYear, days: z.enum(['weekend', 'sunday']) }).nullable();
const inForce = { from: calendarYear.optional(), until: calendarYear.optional() };

const solarHoliday = z.object({
  month: z.int().min(1).max(12),
  day: z.int().min(1).max(31),
  key,
  substitute: substituteRule,
  ...inForce,
});
const lunarHoliday = z.object({
  month: z.int().min(1).max(12),
  day: z.int().min(1).max(30),
  key,
  /** Days before and after the lunar day that belong to the same block (Seollal, Chuseok: [-1, 1]). */
  span: z.tuple([z.int().min(-1).max(0), z.int().min(0).max(1)]).optional(),
  substitute: substituteRule,
  ...inForce,
});
const extraHoliday = z.object({ date: z.iso.date(), key });

export const holidayDataSchema = z
  .object({
    version: z.string().min(1),
    solar: z.array(solarHoliday),
    lunar: z.array(lunarHoliday),
    extra: z.array(extraHoliday),
    names: z.record(z.string(), localizedName),
  })
  .superRefine((data, context) => {
    const keys = [...data.solar, ...data.lunar, ...data.extra].map((holiday) => holiday.key);
    for (const missing of new Set([...keys, SUBSTITUTE_NAME_KEY].filter((name) => !data.names[name]))) {
      context.addIssue({ code: 'custom', message: `no name for holiday key "${missing}"`, path: ['names'] });
    }
  });

export type HolidayData = z.infer<typeof holidayDataSchema>;
export type LocalizedName = z.infer<typeof localizedName>;
type SubstituteRule = NonNullable<z.infer<typeof substituteRule>>;

export interface HolidayEntry {
  date: string;
  /** The holiday's key; for a substitute day, the key of the holiday it makes up for. */
  key: string;
  name: LocalizedName;
  substitute: boolean;
}

/** The holidays shipped with the app, used offline and whenever the fetched data is unusable. */
export const bundledHolidays: HolidayData = holidayDataSchema.parse(bundledJson);

/** Fetched data if it is valid, else the bundled holidays. */
export function parseHolidayData(json: unknown): HolidayData {
  const result = holidayDataSchema.safeParse(json);
  return result.success ? result.data : bundledHolidays;
}

/** The latest holiday data from the server; offline or on bad data, the bundled holidays. */
export async function loadHolidayData(
  fetchHolidays: () => Promise<Response> = () => fetch(HOLIDAYS_URL),
): Promise<HolidayData> {
  try {
    const response = await fetchHolidays();
    return response.ok ? parseHolidayData(await response.json()) : bundledHolidays;
  } catch {
    return bundledHolidays;
  }
}

/** One holiday's days in one year: a single day, or a Seollal/Chuseok block of three. */
interface HolidayBlock {
  key: string;
  days: number[];
  substitute: SubstituteRule | null;
}

function isInForce(holiday: { from?: number; until?: number }, year: number): boolean {
  return (holiday.from ?? -Infinity) <= year && year <= (holiday.until ?? Infinity);
}

function activeRule(rule: SubstituteRule | null, year: number): SubstituteRule | null {
  return rule && year >= rule.from ? rule : null;
}

/** Blocks whose main day is in `year`, in data order (solar, lunar, extra). */
function blocksOfYear(year: number, data: HolidayData): HolidayBlock[] {
  const blocks: HolidayBlock[] = [];
  for (const holiday of data.solar) {
    if (holiday.day > daysInMonth(year, holiday.month) || !isInForce(holiday, year)) continue;
    const day = epochDay({ year, month: holiday.month, day: holiday.day });
    blocks.push({ key: holiday.key, days: [day], substitute: activeRule(holiday.substitute, year) });
  }
  for (const holiday of data.lunar) {
    // A lunar year starts in January or February, so a lunar day of the year before can land in this one.
    for (const lunarYear of [year - 1, year]) {
      const main = toSolarDate({ year: lunarYear, month: holiday.month, day: holiday.day, leap: false });
      if (!main || main.year !== year || !isInForce(holiday, year)) continue;
      // Offsets are counted on solar days: Seollal's eve is the day before 1/1, whether 12th month has 29 or 30.
      const [before, after] = holiday.span ?? [0, 0];
      const days: number[] = [];
      for (let offset = before; offset <= after; offset++) days.push(epochDay(addDays(main, offset)));
      blocks.push({ key: holiday.key, days, substitute: activeRule(holiday.substitute, year) });
    }
  }
  for (const holiday of data.extra) {
    const date = parseIsoDate(holiday.date);
    if (date?.year === year) blocks.push({ key: holiday.key, days: [epochDay(date)], substitute: null });
  }
  return blocks;
}

function isWeekend(day: number): boolean {
  const weekday = dayOfWeek(fromEpochDay(day));
  return weekday === 0 || weekday === 6;
}

/** How many of the block's days are lost: on a Sunday (or Saturday, by the rule), or to another holiday. */
function lostDays(block: HolidayBlock, blocksOnDay: Map<number, HolidayBlock[]>): number {
  const rule = block.substitute;
  if (!rule) return 0;
  return block.days.filter((day) => {
    const weekday = dayOfWeek(fromEpochDay(day));
    if (weekday === 0 || (weekday === 6 && rule.days === 'weekend')) return true;
    // Holidays sharing a day: one of them has the day (one without substitute rule first); the others lose it.
    const sharing = blocksOnDay.get(day) ?? [];
    const keeper = sharing.find((other) => !other.substitute) ?? sharing[0];
    return keeper !== block;
  }).length;
}

/** The year's holidays and substitute holidays, by date (holidays sharing a day in data order). */
export function holidaysInYear(year: number, data: HolidayData): HolidayEntry[] {
  // The year before is included so that its substitutes landing in January are found.
  const blocks = [...blocksOfYear(year - 1, data), ...blocksOfYear(year, data)];
  const blocksOnDay = new Map<number, HolidayBlock[]>();
  for (const block of blocks) {
    for (const day of block.days) blocksOnDay.set(day, [...(blocksOnDay.get(day) ?? []), block]);
  }

  const entries: { day: number; entry: Omit<HolidayEntry, 'date'> }[] = [];
  for (const block of blocks) {
    const name = nameOf(block.key, data);
    for (const day of block.days) entries.push({ day, entry: { key: block.key, name, substitute: false } });
  }

  const taken = new Set(blocksOnDay.keys());
  const claims = blocks
    .map((block) => ({ block, after: Math.max(...block.days), count: lostDays(block, blocksOnDay) }))
    .filter((claim) => claim.count > 0)
    .sort((a, b) => a.after - b.after);
  for (const { block, after, count } of claims) {
    for (let made = 0; made < count; made++) {
      let day = after + 1;
      while (isWeekend(day) || taken.has(day)) day++;
      taken.add(day);
      entries.push({
        day,
        entry: { key: block.key, name: substituteName(block.key, data), substitute: true },
      });
    }
  }

  return entries
    .filter(({ day }) => fromEpochDay(day).year === year)
    .sort((a, b) => a.day - b.day)
    .map(({ day, entry }) => ({ date: toIsoDate(fromEpochDay(day)), ...entry }));
}

/** The year's holidays by date, for the month view. */
export function holidayMap(year: number, data: HolidayData): Map<string, HolidayEntry[]> {
  const map = new Map<string, HolidayEntry[]>();
  for (const entry of holidaysInYear(year, data))
    map.set(entry.date, [...(map.get(entry.date) ?? []), entry]);
  return map;
}

function nameOf(holidayKey: string, data: HolidayData): LocalizedName {
  return data.names[holidayKey] ?? { ko: holidayKey, en: holidayKey };
}

function substituteName(holidayKey: string, data: HolidayData): LocalizedName {
  const substitute = nameOf(SUBSTITUTE_NAME_KEY, data);
  const holiday = nameOf(holidayKey, data);
  return { ko: `${substitute.ko}(${holiday.ko})`, en: `${substitute.en} for ${holiday.en}` };
}
