// What the ledger screen shows of the stored entries: the currencies in use and one month's entries in order.
import { isConflictCopy } from '../../sync/conflicts.js';
import {
  DEFAULT_CURRENCY,
  LEDGER_CURRENCIES,
  type LedgerCurrency,
  type NewEntry,
} from '../../records/ledger.js';
import { monthOfDate } from './month.js';

/** The currencies entries are kept in, in the app's order (KRW first); just KRW for an empty ledger. */
export function currenciesIn(entries: readonly Pick<NewEntry, 'currency'>[]): LedgerCurrency[] {
  const used = new Set(entries.map((entry) => entry.currency));
  const present = LEDGER_CURRENCIES.filter((currency) => used.has(currency));
  return present.length > 0 ? present : [DEFAULT_CURRENCY];
}

/** The currency chosen if entries use it, otherwise KRW when used, otherwise the first one in use. */
export function shownCurrency(present: readonly LedgerCurrency[], chosen: LedgerCurrency): LedgerCurrency {
  if (present.includes(chosen)) return chosen;
  return present.includes(DEFAULT_CURRENCY) ? DEFAULT_CURRENCY : (present[0] ?? DEFAULT_CURRENCY);
}

/** Entries of the month the list draws at first, and adds with each "show more". */
export const LEDGER_PAGE = 100;

interface StoredEntry {
  value: NewEntry;
  updatedAt: number;
}

/** When an entry happened, as text that sorts: its date, then its time of day when it has one (an import's). */
const when = (entry: NewEntry): string => (entry.time ? `${entry.date} ${entry.time}` : entry.date);

/**
 * The month's entries, newest first: by date, then by time of day (an entry with none after those with one); at the
 * same moment the one written last comes first.
 */
export function entriesOfMonth<T extends StoredEntry>(records: readonly T[], month: string): T[] {
  return records
    .filter((record) => monthOfDate(record.value.date) === month)
    .map((record) => ({ record, at: when(record.value) }))
    .sort((a, b) => (a.at === b.at ? b.record.updatedAt - a.record.updatedAt : a.at < b.at ? 1 : -1))
    .map(({ record }) => record);
}

/** Everything in date (and time) order, oldest first, as a spreadsheet reader expects. */
export function entriesByDate<T extends StoredEntry>(records: readonly T[]): NewEntry[] {
  return records
    .map((record) => ({ record, at: when(record.value) }))
    .sort((a, b) => (a.at === b.at ? a.record.updatedAt - b.record.updatedAt : a.at < b.at ? -1 : 1))
    .map(({ record }) => record.value);
}

/**
 * The entries money counts: every entry but the conflict copies (the other side of an entry changed two ways on two
 * devices), which would count the same spending twice until the member keeps one of the two.
 */
export function countedEntries<T>(records: ReadonlyArray<{ value: T }>): T[] {
  return records.filter((record) => !isConflictCopy(record.value)).map((record) => record.value);
}

/** How many conflict copies wait among the entries. */
export function conflictCopyCount(records: ReadonlyArray<{ value: unknown }>): number {
  return records.filter((record) => isConflictCopy(record.value)).length;
}
