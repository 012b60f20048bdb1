// Where reminders come from: each kind of record that can remind (an event's reminders, an anniversary's) gives a
// source, a pure function from the vault's records to the reminders due in a window. The shell lists the sources
// (shell/reminder-sources.ts); the pipeline (runner.ts, in-app.ts) knows none of them by name. A source expands its
// records' occurrences that start within [window.from, window.to + its longest "minutes before"] and hands each to
// `occurrenceReminders`, which keeps the keys stable and the times within the window.
import { REMINDER_MINUTES_BEFORE_MAX } from '../../shared/constants.js';
import type { Vault } from '../vault/vault.js';
import type { DesiredReminder } from './desired.js';

/** A span of time, in ms since the epoch: [from, to]. */
export interface ReminderWindow {
  from: number;
  to: number;
}

/** What a source reads of the vault. */
export type ReminderRecords = Pick<Vault, 'list' | 'get'>;

/** The reminders a kind of record asks for whose `sendAt` falls within `window`. */
export type ReminderSource = (records: ReminderRecords, window: ReminderWindow) => DesiredReminder[];

/** Every source's reminders within `window`, each key once (the first source's, should two give one key). */
export function desiredReminders(
  sources: readonly ReminderSource[],
  records: ReminderRecords,
  window: ReminderWindow,
): DesiredReminder[] {
  const byKey = new Map<string, DesiredReminder>();
  for (const source of sources) {
    for (const reminder of source(records, window)) {
      const at = Date.parse(reminder.sendAt);
      if (!(at >= window.from && at <= window.to) || byKey.has(reminder.key)) continue;
      byKey.set(reminder.key, reminder);
    }
  }
  return [...byKey.values()];
}

/** The longest a reminder may come before what it reminds of: four weeks. */
export const MINUTES_BEFORE_MAX = REMINDER_MINUTES_BEFORE_MAX;

/** One occurrence of a record that reminds: when it starts, and the minutes before it each reminder comes. */
export interface RemindingOccurrence {
  /** The record's id. */
  record: string;
  /** Which occurrence (its date, or its start as an ISO instant): stable while the occurrence is the same. */
  occurrence: string;
  /** When it starts (ms since the epoch), in the member's or the event's own zone already. */
  startsAt: number;
  /** 0 (at the time), 10, 60, 1440 … */
  minutesBefore: readonly number[];
  title: string;
  /** The words under the title: the same for each reminder, or each its own ("in 10 minutes", "tomorrow"). */
  body: string | ((minutesBefore: number) => string);
  url?: string;
}

/**
 * The reminders of one occurrence that fall within `window`, one per distinct "minutes before", each keyed
 * `record/occurrence/minutes`: an edit of the record's words or time keeps the key and changes the reminder (so it is
 * withdrawn and sent anew), a reminder taken off the record is no longer asked for (so it is withdrawn).
 */
export function occurrenceReminders(
  occurrence: RemindingOccurrence,
  window: ReminderWindow,
): DesiredReminder[] {
  const minutes = [...new Set(occurrence.minutesBefore)].filter(
    (value) => Number.isInteger(value) && value >= 0 && value <= MINUTES_BEFORE_MAX,
  );
  return minutes
    .map((before) => ({ before, at: occurrence.startsAt - before * 60_000 }))
    .filter(({ at }) => Number.isFinite(at) && at >= window.from && at <= window.to)
    .map(({ before, at }) => ({
      key: `${occurrence.record}/${occurrence.occurrence}/${before}`,
      sendAt: new Date(at).toISOString(),
      title: occurrence.title,
      body: typeof occurrence.body === 'function' ? occurrence.body(before) : occurrence.body,
      ...(occurrence.url ? { url: occurrence.url } : {}),
    }));
}
