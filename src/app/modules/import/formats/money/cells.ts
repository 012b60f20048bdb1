// How a statement's cells read as dates, times and amounts, in the many ways Korean card and bank statements
// (and spreadsheets saving them) write them. Each reader says 'empty' for a blank cell and 'invalid' for a cell
// it cannot read, so the caller can tell a missing value from a wrong one.
import { isCalendarDate, toMinorUnits, type LedgerCurrency } from '../../../../records/ledger.js';

export type Unread = 'empty' | 'invalid';
export interface ReadDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, when the cell holds a time of day too. */
  time?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

// "20:32", "20:32:16", "20:32:16.5", "오후 8:32", "8:32 PM"
const TIME_TEXT = String.raw`(?:(오전|오후|AM|PM)\s*)?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:\s*(AM|PM))?`;
const TIME_ONLY = new RegExp(`^${TIME_TEXT}$`, 'i');
const WITH_TIME = `(?:[\\sT]+${TIME_TEXT})?`;
const FULL_DATE = new RegExp(
  String.raw`^(\d{4})\s*[.\-/]\s*(\d{1,2})\s*[.\-/]\s*(\d{1,2})\.?` + WITH_TIME + '$',
  'i',
);
const KOREAN_DATE = new RegExp(
  String.raw`^(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일?` + WITH_TIME + '$',
  'i',
);
const SHORT_YEAR_DATE = new RegExp(
  String.raw`^(\d{2})[.\-/](\d{1,2})[.\-/](\d{1,2})\.?` + WITH_TIME + '$',
  'i',
);
const MONTH_DAY = new RegExp(String.raw`^(\d{1,2})\s*[.\-/]\s*(\d{1,2})\.?` + WITH_TIME + '$', 'i');
/** 20260814, 20260814 203216, 20260814203216 */
const DIGITS_DATE = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2})(\d{2})(\d{2})?)?$/;
/** A spreadsheet's day number (days since 1899-12-30) written as a plain number, 1927 to 2173. */
const SERIAL = /^(\d{5})(\.\d+)?$/;

/** Reads the time groups of TIME_TEXT (prefix, hours, minutes, seconds, suffix) as HH:MM. */
function timeOf(groups: (string | undefined)[]): string | Unread {
  const [prefix, hours, minutes, , suffix] = groups;
  if (hours === undefined) return 'empty';
  let hour = Number(hours);
  const minute = Number(minutes);
  const half = (prefix ?? suffix ?? '').toUpperCase();
  if (half) {
    if (hour < 1 || hour > 12) return 'invalid';
    const afternoon = half === '오후' || half === 'PM';
    hour = (hour % 12) + (afternoon ? 12 : 0);
  }
  return hour < 24 && minute < 60 ? `${pad(hour)}:${pad(minute)}` : 'invalid';
}

function dated(year: number, month: number, day: number, time: string | Unread): ReadDate | Unread {
  const date = isoDate(year, month, day);
  if (!isCalendarDate(date) || time === 'invalid') return 'invalid';
  return time === 'empty' ? { date } : { date, time };
}

/** A day number of the 1900 date system, with its fraction as the time of day. */
export function fromSerial(serial: number): ReadDate | Unread {
  if (!Number.isFinite(serial) || serial < 1) return 'invalid';
  const days = Math.floor(serial);
  const moment = new Date(Date.UTC(1899, 11, 30) + days * 86_400_000);
  const minutes = Math.round((serial - days) * 1440);
  const time =
    minutes > 0 && minutes < 1440 ? `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` : 'empty';
  return dated(moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate(), time);
}

/**
 * A date as statements write it: 2026.08.14, 2026-08-14, 2026/08/14, 2026. 8. 14., 2026년 8월 14일, 20260814,
 * 26.08.14, any of those followed by a time, a spreadsheet day number, or a month and day without a year
 * (08.14, 0814: the latest such day not after `today`, so a December statement's January day is last year's).
 */
export function readDate(text: string, today: string): ReadDate | Unread {
  const value = text.trim();
  if (!value) return 'empty';
  let match = FULL_DATE.exec(value) ?? KOREAN_DATE.exec(value);
  if (match) return dated(Number(match[1]), Number(match[2]), Number(match[3]), timeOf(match.slice(4)));
  match = DIGITS_DATE.exec(value);
  if (match) {
    const [, year, month, day, hours, minutes] = match;
    const time = hours === undefined ? 'empty' : timeOf([undefined, hours, minutes, undefined, undefined]);
    return dated(Number(year), Number(month), Number(day), time);
  }
  match = SHORT_YEAR_DATE.exec(value);
  if (match) {
    const thisYear = Number(today.slice(0, 4));
    let year = 2000 + Number(match[1]);
    if (year > thisYear + 1) year -= 100;
    return dated(year, Number(match[2]), Number(match[3]), timeOf(match.slice(4)));
  }
  match = MONTH_DAY.exec(value);
  if (match) return withoutYear(Number(match[1]), Number(match[2]), timeOf(match.slice(3)), today);
  if (/^\d{4}$/.test(value))
    return withoutYear(Number(value.slice(0, 2)), Number(value.slice(2)), 'empty', today);
  match = SERIAL.exec(value);
  if (match) return fromSerial(Number(value));
  return 'invalid';
}

function withoutYear(month: number, day: number, time: string | Unread, today: string): ReadDate | Unread {
  if (month < 1 || month > 12 || day < 1 || day > 31) return 'invalid';
  // A 29 February looks back to the last leap year; eight years always hold one.
  for (let year = Number(today.slice(0, 4)), tries = 0; tries < 9; year -= 1, tries += 1) {
    const date = isoDate(year, month, day);
    if (isCalendarDate(date) && date <= today) return dated(year, month, day, time);
  }
  return 'invalid';
}

/** A time of day: 20:32, 20:32:16, 203216, 2032, 오후 8:32, 8:32 PM, or a day's fraction (0.8557) — as HH:MM. */
export function readTime(text: string): string | Unread {
  const value = text.trim();
  if (!value) return 'empty';
  const match = TIME_ONLY.exec(value);
  if (match) return timeOf(match.slice(1));
  const digits = /^(\d{2})(\d{2})(\d{2})?$/.exec(value);
  if (digits) return timeOf([undefined, digits[1], digits[2], undefined, undefined]);
  if (/^0?\.\d+$/.test(value)) {
    const minutes = Math.round(Number(value) * 1440);
    return minutes < 1440 ? `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` : 'invalid';
  }
  // A date-time cell mapped as the time column.
  const dateTime = /\d[\sT]+(.+)$/.exec(value);
  return dateTime ? readTime(dateTime[1]!) : 'invalid';
}

const MINUS = /^[-−－△▲]/;
const CURRENCY_MARK = /^(?:[₩￦$€¥￥]|US\$|KRW|USD|JPY|EUR|CNY)|(?:원|円|元|KRW|USD|JPY|EUR|CNY)$/i;

/**
 * An amount in integer minor units, negative when written so: -39,000, 39,000원, ₩39,000, (39,000), 39000.00,
 * △39,000 (the Korean minus), -₩39,000 and ₩-39,000. A lone dash, as accounting formats show zero, is empty.
 */
export function readAmount(text: string, currency: LedgerCurrency): number | Unread {
  let value = text.replace(/[\s\u00a0]+/g, '');
  if (value === '' || value === '-') return 'empty';
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  for (let step = 0; step < 3; step += 1) {
    if (MINUS.test(value)) {
      negative = !negative;
      value = value.slice(1);
    } else if (value.startsWith('+')) value = value.slice(1);
    else if (CURRENCY_MARK.test(value)) value = value.replace(CURRENCY_MARK, '');
    else break;
  }
  if (/[-−]$/.test(value)) {
    negative = !negative;
    value = value.slice(0, -1);
  }
  const read = toMinorUnits(value, currency);
  if (!read.ok) return 'invalid';
  return negative && read.minor !== 0 ? -read.minor : read.minor;
}
