// How two versions of a record in conflict read side by side (the settings' conflict list, docs/sync.md): each
// value written as its module shows it — money in its currency, dates as the module's list writes them.
import type { Language } from '../../../shared/constants.js';
import { localeOf } from '../../../shared/text.js';
import { parseLunarDate } from '../../calendar/lunar.js';
import { formatBytes, formatCalendarDate } from '../../format.js';
import { ledgerText } from '../ledger/copy.js';
import { categoryLabel, paymentLabel } from '../ledger/entry-form.js';
import { isLedgerCurrency } from '../ledger/model/entry.js';
import { formatMoney } from '../ledger/model/format.js';
import { scheduleText } from '../schedule/copy.js';
import { fullDate, lunarLabel, timeLabel } from '../schedule/labels.js';
import type { RecordKind } from '../../vault/vault.js';

type Leaf = string | number | boolean;

/** Writes one value of a record (at `path`, in `record`) for a person; the plain value when there is no rule. */
export type LeafFormat = (path: string, value: Leaf, record: Record<string, unknown>) => string;

const plain: LeafFormat = (_path, value) => String(value);

/** A record's name for a list: its title, name, content or memo, the first there is. */
export function describeRecord(value: Record<string, unknown>): string {
  for (const key of ['title', 'name', 'content', 'memo']) {
    const found = value[key];
    if (typeof found === 'string' && found.trim()) return found.trim().slice(0, 80);
  }
  return '';
}

/** A record's plain values by path (nested objects and lists too), leaving out bookkeeping (times, the copy's link). */
function leaves(value: unknown, path = '', into = new Map<string, Leaf>(), depth = 0): Map<string, Leaf> {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into.set(path, value);
  } else if (value && typeof value === 'object' && depth < 4) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'conflictOf' || /At$/.test(key)) continue;
      leaves(inner, path ? `${path}.${key}` : key, into, depth + 1);
    }
  }
  return into;
}

/** A calendar date of an event or an anniversary: lunar as the schedule writes it, solar in full. */
function eventDate(value: string, record: Record<string, unknown>, lang: Language): string {
  const locale = localeOf(lang);
  if (record.calendar === 'lunar') {
    const lunar = parseLunarDate(value, record.leap === true);
    return lunar ? lunarLabel(scheduleText[lang], lunar, 'withYear') : value;
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? fullDate(value, locale) : value;
}

/** How each kind's values read, as its module shows them. */
export function sideFormat(kind: RecordKind, lang: Language): LeafFormat {
  const locale = localeOf(lang);
  const isoDate = (value: Leaf) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  switch (kind) {
    case 'ledger': {
      const text = ledgerText[lang];
      return (path, value, record) => {
        if (path === 'amount' && typeof value === 'number') {
          const currency =
            typeof record.currency === 'string' && isLedgerCurrency(record.currency)
              ? record.currency
              : 'KRW';
          return formatMoney(value, currency, lang);
        }
        if (path === 'date' && isoDate(value)) {
          return formatCalendarDate(String(value), locale, {
            dateStyle: undefined,
            month: 'short',
            day: 'numeric',
            weekday: 'short',
          });
        }
        if (path === 'type' && (value === 'income' || value === 'expense')) return text.types[value];
        if (path === 'category') return categoryLabel(String(value), text);
        if (path === 'payment') return paymentLabel(String(value), text);
        return String(value);
      };
    }
    case 'memo':
      return (path, value) =>
        path === 'date' && isoDate(value)
          ? formatCalendarDate(String(value), locale, { dateStyle: 'full' })
          : String(value);
    case 'event':
    case 'anniversaries':
      return (path, value, record) => {
        if (path === 'date' && typeof value === 'string') return eventDate(value, record, lang);
        // Solar or lunar, in the leap month or not: the date itself reads differently.
        if ((path === 'calendar' || path === 'leap') && typeof record.date === 'string') {
          return eventDate(record.date, record, lang);
        }
        if (path === 'time' && typeof value === 'string') return timeLabel(value, locale);
        return String(value);
      };
    case 'document':
      return (path, value) =>
        path === 'size' && typeof value === 'number' ? formatBytes(value, lang) : String(value);
    default:
      return plain;
  }
}

/**
 * What tells two versions of a record apart: each side's name, then the values that differ between them (at most
 * three, each written by `format`), so two versions with the same title still read differently.
 */
export function conflictSides(
  one: unknown,
  other: unknown,
  name: [string, string],
  format: LeafFormat = plain,
): [string, string] {
  const [left, right] = [leaves(one), leaves(other)];
  const differing = [...new Set([...left.keys(), ...right.keys()])]
    .filter((path) => left.get(path) !== right.get(path))
    .slice(0, 3);
  const side = (values: Map<string, Leaf>, record: unknown, title: string) =>
    [
      ...new Set([
        title,
        ...differing.map((path) => {
          const value = values.get(path);
          if (value === undefined) return '—';
          return (
            format(path, value, (record ?? {}) as Record<string, unknown>)
              .trim()
              .slice(0, 80) || '—'
          );
        }),
      ]),
    ]
      .filter(Boolean)
      .join(' · ');
  return [side(left, one, name[0]), side(right, other, name[1])];
}
