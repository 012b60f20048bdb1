// Reminders the app shows itself while open (where push does not reach this device): each at its time, once; one
// that fell due just before the app opened still shows, an old one does not; one added while open shows too.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../test/devices.js';
import type { DesiredReminder } from './desired.js';
import { InAppReminders } from './in-app.js';
import type { ReminderRecords, ReminderSource } from './sources.js';

const noRecords = { list: () => [], get: () => undefined } as unknown as ReminderRecords;

function setUp(reminders: DesiredReminder[]) {
  const clock = new ManualClock();
  const shown: string[] = [];
  const source: ReminderSource = () => reminders;
  const app = new InAppReminders(noRecords, [source], clock, (reminder) => shown.push(reminder.key));
  const at = (minutes: number) => new Date(clock.now() + minutes * 60_000).toISOString();
  const add = (key: string, minutes: number) =>
    reminders.push({ key, sendAt: at(minutes), title: key, body: '' });
  return { clock, shown, app, add };
}

describe('reminders shown in the app', () => {
  it('shows each at its time, once, and keeps looking while open', async () => {
    const reminders: DesiredReminder[] = [];
    const { clock, shown, app, add } = setUp(reminders);
    add('old', -30);
    add('just-missed', -2);
    add('soon', 3);
    add('later', 90);
    app.start();
    expect(shown).toEqual(['just-missed']);

    clock.advance(3 * 60_000 - 1000);
    expect(shown).toEqual(['just-missed']);
    clock.advance(1000);
    expect(shown).toEqual(['just-missed', 'soon']);

    // Added while open (the vault changed): looked at again, shown at its time.
    add('added', 10);
    app.check();
    for (let minute = 0; minute < 10; minute++) clock.advance(60_000);
    expect(shown).toEqual(['just-missed', 'soon', 'added']);

    for (let minute = 0; minute < 90; minute++) clock.advance(60_000);
    expect(shown).toEqual(['just-missed', 'soon', 'added', 'later']);
    app.check();
    expect(shown).toHaveLength(4);

    app.stop();
    add('after-stop', 1);
    clock.advance(5 * 60_000);
    expect(shown).toHaveLength(4);
  });
});
