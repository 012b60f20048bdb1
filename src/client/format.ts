// Numbers, sizes and dates for people, through Intl in the page's language.
import type { Language } from '../shared/constants.js';
import { localeOf } from '../shared/text.js';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in B, KB, MB, GB or TB at 1024 (description §9), with the language's digits and separators. */
export function formatBytes(bytes: number, lang: Language): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(localeOf(lang), {
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** The day an instant (an ISO timestamp) falls on, in the browser's time zone: for when something happened. */
export function formatInstantDate(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium' }).format(new Date(iso));
}

/** An instant's day and time of day, in the browser's time zone. */
export function formatDateTime(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** Mail domains as a sentence lists them (`@a.com and @b.org`, or `… or …`), in the language's way. */
export function formatDomains(
  domains: readonly string[],
  lang: Language,
  type: 'conjunction' | 'disjunction',
): string {
  return new Intl.ListFormat(localeOf(lang), { type }).format(domains.map((domain) => `@${domain}`));
}

export function formatCount(count: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang)).format(count);
}

/**
 * How long to wait, for "try again in …": seconds under a minute, else whole minutes, rounded up so the wait is
 * never shorter than said ("5 minutes", "5분").
 */
export function formatWait(seconds: number, lang: Language): string {
  const [value, unit] =
    seconds < 60 ? [Math.max(1, Math.ceil(seconds)), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(localeOf(lang), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
