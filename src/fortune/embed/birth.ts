// The member's birth date and (optional) time, as the embed asks for it once and keeps it on the device:
// checked here before anything is saved, and read back defensively (a stored value that is not exactly this
// shape reads as "not given yet", never as a wrong chart).
import { fourPillars, FIRST_BIRTH_YEAR, type BirthMoment, type FourPillars } from '../saju/pillars.js';

export interface BirthRecord {
  readonly v: 1;
  readonly calendar: 'solar' | 'lunar';
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Lunar dates only: the day is in the leap month (윤달). */
  readonly leapMonth: boolean;
  /** Clock time in Korea at the birth, or null when unknown. */
  readonly hour: number | null;
  readonly minute: number | null;
}

/** What the form holds: text from its fields. */
export interface BirthForm {
  calendar: 'solar' | 'lunar';
  year: string;
  month: string;
  day: string;
  leapMonth: boolean;
  /** HH:MM from a time field, or '' when unknown. */
  time: string;
}

export type BirthProblem =
  'date-missing' | 'date-invalid' | 'lunar-invalid' | 'future' | 'out-of-range' | 'time-invalid';

export type BirthCheck =
  | { ok: true; birth: BirthRecord; pillars: FourPillars }
  | { ok: false; problem: BirthProblem; field: 'date' | 'time' };

const LAST_LUNAR_YEAR = 2050;

const whole = (text: string): number | null => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

export function toMoment(birth: BirthRecord): BirthMoment {
  return {
    calendar: birth.calendar,
    year: birth.year,
    month: birth.month,
    day: birth.day,
    leapMonth: birth.leapMonth,
    hour: birth.hour,
    minute: birth.minute,
  };
}

/** Checks the form against the calendars; `today` is the Seoul calendar day (YYYY-MM-DD). */
export function checkBirth(form: BirthForm, today: string): BirthCheck {
  const year = whole(form.year);
  const month = whole(form.month);
  const day = whole(form.day);
  if (year === null || month === null || day === null)
    return { ok: false, problem: 'date-missing', field: 'date' };
  let hour: number | null = null;
  let minute: number | null = null;
  if (form.time.trim() !== '') {
    const match = /^(\d{2}):(\d{2})$/.exec(form.time.trim());
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
      return { ok: false, problem: 'time-invalid', field: 'time' };
    }
    hour = Number(match[1]);
    minute = Number(match[2]);
  }
  const lunar = form.calendar === 'lunar';
  const birth: BirthRecord = {
    v: 1,
    calendar: lunar ? 'lunar' : 'solar',
    year,
    month,
    day,
    leapMonth: lunar && form.leapMonth,
    hour,
    minute,
  };
  if (year < FIRST_BIRTH_YEAR) return { ok: false, problem: 'out-of-range', field: 'date' };
  let pillars: FourPillars;
  try {
    pillars = fourPillars(toMoment(birth));
  } catch {
    // Korean lunar tables end with the lunar year 2050; any later year is in the future anyway.
    if (year > LAST_LUNAR_YEAR) return { ok: false, problem: 'future', field: 'date' };
    return { ok: false, problem: lunar ? 'lunar-invalid' : 'date-invalid', field: 'date' };
  }
  if (pillars.solarDate > today) return { ok: false, problem: 'future', field: 'date' };
  return { ok: true, birth, pillars };
}

/** A stored birth record, or null when there is none or it is not exactly a valid one. */
export function parseBirth(text: string | null): BirthRecord | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const int = (x: unknown) => typeof x === 'number' && Number.isInteger(x);
  if (v.v !== 1 || (v.calendar !== 'solar' && v.calendar !== 'lunar')) return null;
  if (!int(v.year) || !int(v.month) || !int(v.day) || typeof v.leapMonth !== 'boolean') return null;
  if (!(v.hour === null || int(v.hour)) || !(v.minute === null || int(v.minute))) return null;
  if ((v.hour === null) !== (v.minute === null)) return null;
  const birth: BirthRecord = {
    v: 1,
    calendar: v.calendar,
    year: v.year as number,
    month: v.month as number,
    day: v.day as number,
    leapMonth: v.leapMonth,
    hour: v.hour as number | null,
    minute: v.minute as number | null,
  };
  try {
    fourPillars(toMoment(birth));
  } catch {
    return null;
  }
  return birth;
}
