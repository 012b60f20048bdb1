// The seam where the schedule's and the anniversaries' reminders join: one occurrence's reminders, keyed stably and
// kept within the window, and every source's together, each key once.
import { describe, expect, it } from 'vitest';
import { desiredReminders, MINUTES_BEFORE_MAX, occurrenceReminders, type ReminderSource } from './sources.js';

const START = Date.UTC(2026, 11, 24, 10, 0);
const window = { from: START - 2 * 24 * 60 * 60_000, to: START + 60 * 60_000 };
const dentist = {
  record: 'e1',
  occurrence: '2026-12-24',
  startsAt: START,
  minutesBefore: [0, 10, 60, 1440, 10],
  title: '치과',
  body: '10:00',
  url: '/app/?page=schedule',
};

describe('reminder sources', () => {
  it('gives one reminder per distinct "minutes before", keyed by record, occurrence and minutes', () => {
    const reminders = occurrenceReminders(dentist, window);
    expect(reminders.map((reminder) => [reminder.key, reminder.sendAt])).toEqual([
      ['e1/2026-12-24/0', '2026-12-24T10:00:00.000Z'],
      ['e1/2026-12-24/10', '2026-12-24T09:50:00.000Z'],
      ['e1/2026-12-24/60', '2026-12-24T09:00:00.000Z'],
      ['e1/2026-12-24/1440', '2026-12-23T10:00:00.000Z'],
    ]);
    expect(reminders[0]).toMatchObject({ title: '치과', body: '10:00', url: '/app/?page=schedule' });
  });

  it('keeps only what falls within the window, and refuses minutes that are no reminder', () => {
    const narrow = { from: START - 30 * 60_000, to: START - 5 * 60_000 };
    expect(occurrenceReminders(dentist, narrow).map((reminder) => reminder.key)).toEqual([
      'e1/2026-12-24/10',
    ]);
    const odd = { ...dentist, minutesBefore: [-5, 1.5, Number.NaN, MINUTES_BEFORE_MAX + 1] };
    expect(occurrenceReminders(odd, window)).toEqual([]);
  });

  it('joins every source’s reminders within the window, each key once', () => {
    const events: ReminderSource = (_records, within) => occurrenceReminders(dentist, within);
    const again: ReminderSource = (_records, within) => [
      ...occurrenceReminders({ ...dentist, title: 'twice' }, within),
      { key: 'late', sendAt: new Date(window.to + 1).toISOString(), title: 'late', body: '' },
    ];
    const records = { list: () => [], get: () => undefined };
    const joined = desiredReminders([events, again], records, window);
    expect(joined).toHaveLength(4);
    expect(joined.every((reminder) => reminder.title === '치과')).toBe(true);
  });
});
