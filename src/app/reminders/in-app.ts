// Reminders shown by the app itself while it is open, where this device cannot receive them by push (no Push API,
// iOS before the app is installed, notifications refused): at each reminder's time the app tells the member on
// screen. It reads the same sources as the pushed reminders, so both say the same.
import type { ReminderClock } from './runner.js';
import { desiredReminders, type ReminderRecords, type ReminderSource } from './sources.js';
import type { DesiredReminder } from './desired.js';

/** The app looks again at least this often (a reminder added meanwhile, a computer that slept). */
const LOOK_EVERY_MS = 30_000;
/** A reminder whose time passed this little before the app opened (or woke) is still shown. */
const SHOWN_LATE_MS = 5 * 60_000;

export class InAppReminders {
  readonly #records: ReminderRecords;
  readonly #sources: readonly ReminderSource[];
  readonly #clock: ReminderClock;
  readonly #show: (reminder: DesiredReminder) => void;
  #timer: unknown = null;
  /** Everything due up to here was shown. */
  #shownUntil = 0;
  #shown = new Set<string>();

  constructor(
    records: ReminderRecords,
    sources: readonly ReminderSource[],
    clock: ReminderClock,
    show: (reminder: DesiredReminder) => void,
  ) {
    this.#records = records;
    this.#sources = sources;
    this.#clock = clock;
    this.#show = show;
  }

  start(): void {
    this.#shownUntil = this.#clock.now() - SHOWN_LATE_MS;
    this.check();
  }

  stop(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Shows what fell due since the last look, and waits for the next (the vault changed: look again now). */
  check(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    const now = this.#clock.now();
    const from = Math.max(this.#shownUntil, now - SHOWN_LATE_MS);
    const due = desiredReminders(this.#sources, this.#records, { from, to: now + LOOK_EVERY_MS })
      .map((reminder) => ({ reminder, at: Date.parse(reminder.sendAt) }))
      .sort((a, b) => a.at - b.at);
    for (const { reminder, at } of due) {
      const id = `${reminder.key}@${at}`;
      if (at > now || this.#shown.has(id)) continue;
      this.#shown.add(id);
      this.#show(reminder);
    }
    this.#shownUntil = now;
    const next = due.find(({ at }) => at > now)?.at;
    this.#timer = this.#clock.setTimeout(
      () => {
        this.#timer = null;
        this.check();
      },
      next === undefined ? LOOK_EVERY_MS : Math.max(0, next - now),
    );
  }
}
