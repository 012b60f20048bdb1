// Dates and numbers through Intl in the active language. Calendar dates are ISO 'YYYY-MM-DD' strings with no
// time zone; they are formatted as UTC so a date never shifts a day.
export { formatBytes } from '../client/format.js';

export function isoToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** A calendar date ('YYYY-MM-DD', no time zone) as it reads in `locale`: the same day wherever the device is. */
export function formatCalendarDate(
  iso: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): string {
  return utcFormatter(locale, { dateStyle: 'medium', ...options }).format(utc(iso));
}

// Making an Intl formatter costs far more than using one: the month grid formats 42 dates per render, a month of
// ledger entries thousands.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of instants read in UTC (a calendar date or a time of day kept without a zone), made once. */
export function utcFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

export function formatMonth(year: number, month: number, locale: string): string {
  return utcFormatter(locale, { year: 'numeric', month: 'long' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

export function weekdayNames(locale: string, width: 'short' | 'narrow' = 'short'): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) =>
    utcFormatter(locale, { weekday: width }).format(new Date(Date.UTC(2023, 0, 1 + day))),
  );
}

/** Whole days from `from` to `to` (both ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

/** 'HH:MM' as '오후 3:30' / '3:30 PM'; anything unreadable as it is. */
export function timeLabel(time: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return utcFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))),
  );
}
