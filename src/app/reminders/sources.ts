// Where reminders come from: each kind of record that can remind (an event's reminders, an anniversary's) gives a
// source, a pure function from the vault's records to the reminders due in a window. The shell lists the sources
// (shell/reminder-sources.ts); the pipeline (runner.ts, in-app.ts) knows none of them by name.
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
