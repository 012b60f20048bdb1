// Reading a stored value with care (it may come from another version or device): a field of the wrong type reads as
// nothing. And the medium date search writes beside a result, as the app writes one (format.ts formatCalendarDate).
import type { Language } from '../../shared/constants.js';
import { localeOf } from '../../shared/text.js';
import type { Fields } from './kind.js';

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One formatter per language: making one costs more than drawing a whole list of results. */
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A calendar date ('YYYY-MM-DD') in the medium style, or '' for anything else. */
export function mediumDate(value: unknown, lang: Language): string {
  const iso = text(value);
  const at = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(`${iso}T00:00:00Z`) : NaN;
  if (Number.isNaN(at)) return '';
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(at);
}

/** A calendar date ('YYYY-MM-DD'). */
export const isIsoDate = (value: Leafish): boolean =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
type Leafish = string | number | boolean;

/**
 * What makes a record the same one again on an import, as one string: its whole content, whatever order its fields
 * were written in (empty fields left out, text in NFC).
 */
export function contentKey(kind: string, value: unknown): string {
  return `${kind}:${canonical(value)}`;
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined && field !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(typeof value === 'string' ? value.normalize('NFC') : value) ?? 'null';
}
