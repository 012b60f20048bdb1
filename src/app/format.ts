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
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...options, timeZone: 'UTC' }).format(
    utc(iso),
  );
}

export function formatMonth(year: number, month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

export function weekdayNames(locale: string, width: 'short' | 'narrow' = 'short'): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + day)),
    ),
  );
}

/** Whole days from `from` to `to` (both ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}
