// The records that remind, each by its source (src/app/reminders/sources.ts): the one place that names them. An
// event's reminders and an anniversary's (their `reminders`: minutes before each occurrence, e.g. [0, 10, 60, 1440])
// are expanded in the member's zone over the window and keyed stably (record, occurrence, minutes), so an edit
// withdraws the old reminder and sends the new one, on every device of the member (modules/schedule/reminders.ts).
import type { ReminderSource } from '../reminders/sources.js';
import { anniversaryReminders, eventReminders } from '../modules/schedule/reminders.js';

export const REMINDER_SOURCES: readonly ReminderSource[] = [
  (records, window) => eventReminders(records, window),
  (records, window) => anniversaryReminders(records, window),
];
