// The records that remind, each by its source (src/app/reminders/sources.ts): the one place that names them. An
// event's reminders (its `reminders`, minutes before each occurrence) and an anniversary's join here as a source each:
// a pure function from the vault's records to the `DesiredReminder`s due in a window, keyed stably (record id,
// occurrence, minutes before) so that an edit withdraws the old reminder and sends the new one.
import type { ReminderSource } from '../reminders/sources.js';

export const REMINDER_SOURCES: readonly ReminderSource[] = [];
