// What every daily reading of the fortune embed stands on: today's date in Seoul, calendar-date checks, and a
// tiny seeded random generator (mulberry32), so a member's reading is the same all day, different tomorrow,
// and identical in Node and every browser (plain integer arithmetic, no crypto API, no clock inside).

/** mulberry32: a 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a YYYY-MM-DD calendar date; throws RangeError if it is not a real date. */
export function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return Math.round(ms / DAY_MS);
}

/** True when `date` is a real calendar day written as YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  try {
    dayNumber(date);
    return true;
  } catch {
    return false;
  }
}

const SEOUL_OFFSET_MS = 9 * 3_600_000; // Korea Standard Time, UTC+9, no daylight saving since 1988

/** The calendar day of an instant in Seoul as YYYY-MM-DD, e.g. 2026-11-21T15:30Z → "2026-11-22". */
export function seoulDate(instant: Date = new Date()): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('seoulDate: invalid Date');
  return new Date(instant.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}
