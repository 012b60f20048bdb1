// Event and anniversary reminders as the pipeline receives them: at the right instants (the event's own zone, the
// member's for a day), keyed so that an edit replaces and a deletion withdraws, in the member's reminder language.
import { describe, expect, it } from 'vitest';
import type { VaultEntry } from '../../vault/vault.js';
import type { ReminderRecords } from '../../reminders/sources.js';
import {
  anniversaryReminders,
  customMinutes,
  eventReminders,
  inUnits,
  reminderLabel,
  remindersOf,
} from './reminders.js';

function recordsOf(entries: Array<Omit<VaultEntry, 'updatedAt'>>): ReminderRecords {
  const all = entries.map((entry) => ({ ...entry, updatedAt: 1 }));
  return {
    list: <T>(kind: string) => all.filter((entry) => entry.kind === kind) as VaultEntry<T>[],
    get: <T>(id: string) => all.find((entry) => entry.id === id) as VaultEntry<T> | undefined,
  } as ReminderRecords;
}

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
const december = { from: at('2026-12-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') + 30 * DAY };

const dinner = {
  title: '저녁 약속',
  calendar: 'solar',
  date: '2026-12-24',
  time: '19:00',
  duration: 'PT2H',
  zone: 'Asia/Seoul',
  repeat: 'none',
  memo: '',
  reminders: [60, 10, 10, -1, 'x', 1440],
};

describe('event reminders', () => {
  it('reminds before a timed event’s start in its own zone, with words in the reminder language', () => {
    const records = recordsOf([{ id: 'e1', kind: 'event', value: dinner }]);
    const reminders = eventReminders(records, december, 'Asia/Seoul');
    expect(reminders.map((reminder) => [reminder.key, reminder.sendAt])).toEqual([
      ['e1/2026-12-24/10', '2026-12-24T09:50:00.000Z'],
      ['e1/2026-12-24/60', '2026-12-24T09:00:00.000Z'],
      ['e1/2026-12-24/1440', '2026-12-23T10:00:00.000Z'],
    ]);
    expect(reminders[0]).toMatchObject({ title: '저녁 약속', url: '/app/?page=schedule' });
    expect(reminders[0]!.body).toMatch(/^10분 후 · 12월 24일 \(목\) 오후 7:00 ~ 오후 9:00$/);
    expect(reminders[2]!.body).toMatch(/^내일 · /);

    const english = recordsOf([
      { id: 'e1', kind: 'event', value: dinner },
      { id: 'settings', kind: 'settings', value: { reminderLanguage: 'en' } },
    ]);
    const [first] = eventReminders(english, december, 'Europe/London');
    // Seen from London, the Seoul dinner starts at 10:00 the same day.
    expect(first!.sendAt).toBe('2026-12-24T09:50:00.000Z');
    expect(first!.body).toBe('In 10 minutes · Thu, December 24 10:00 AM – 12:00 PM');
  });

  it('reminds of an all-day event at 9:00 of its day on the member’s clock, and of each day of a series', () => {
    const trip = {
      ...dinner,
      title: '제주 여행',
      time: '',
      zone: undefined,
      duration: 'P3D',
      reminders: [0, 1440],
    };
    const weekly = {
      ...dinner,
      title: '요가',
      date: '2026-12-02',
      time: '07:00',
      zone: undefined,
      duration: 'PT1H',
      rule: { freq: 'weekly', count: 3 },
      exceptions: { '2026-12-09': { deleted: true } },
      reminders: [0],
    };
    const records = recordsOf([
      { id: 'trip', kind: 'event', value: trip },
      { id: 'yoga', kind: 'event', value: weekly },
      { id: 'quiet', kind: 'event', value: { ...dinner, reminders: [] } },
    ]);
    const keys = eventReminders(records, december, 'America/New_York').map((reminder) => [
      reminder.key,
      reminder.sendAt,
    ]);
    expect(keys).toEqual([
      ['yoga/2026-12-02/0', '2026-12-02T12:00:00.000Z'],
      ['yoga/2026-12-16/0', '2026-12-16T12:00:00.000Z'],
      ['trip/2026-12-24/0', '2026-12-24T14:00:00.000Z'],
      ['trip/2026-12-24/1440', '2026-12-23T14:00:00.000Z'],
    ]);
    const english = eventReminders(
      recordsOf([
        { id: 'trip', kind: 'event', value: trip },
        { id: 'settings', kind: 'settings', value: { reminderLanguage: 'en' } },
      ]),
      december,
      'America/New_York',
    );
    expect(english.map((reminder) => reminder.body)).toEqual([
      'Today · Thu, December 24 – Sat, December 26',
      'Tomorrow · Thu, December 24 – Sat, December 26',
    ]);
  });

  it('gives nothing outside the window, and nothing for a record that is not an event', () => {
    const records = recordsOf([
      { id: 'e1', kind: 'event', value: dinner },
      { id: 'broken', kind: 'event', value: { title: 'x', reminders: [0] } },
    ]);
    const january = { from: at('2027-01-01T00:00:00Z'), to: at('2027-01-31T00:00:00Z') };
    expect(eventReminders(records, january, 'Asia/Seoul')).toEqual([]);
  });
});

describe('anniversary reminders', () => {
  it('reminds of a lunar birthday on its solar day this year, at 9:00', () => {
    const records = recordsOf([
      {
        id: 'mom',
        kind: 'anniversaries',
        value: {
          name: '엄마 생신',
          calendar: 'lunar',
          date: '1960-11-15',
          leap: false,
          repeat: 'yearly',
          reminders: [0, 10080],
        },
      },
    ]);
    const reminders = anniversaryReminders(records, december, 'Asia/Seoul');
    // Lunar 11/15 of 2026 is solar 2026-12-23.
    expect(reminders.map((reminder) => [reminder.key, reminder.sendAt])).toEqual([
      ['mom/2026-12-23/0', '2026-12-23T00:00:00.000Z'],
      ['mom/2026-12-23/10080', '2026-12-16T00:00:00.000Z'],
    ]);
    expect(reminders[0]).toMatchObject({ title: '엄마 생신', url: '/app/?page=anniversaries' });
    expect(reminders[0]!.body).toBe('기념일 · 오늘 · 12월 23일 (수)');
    expect(reminders[1]!.body).toBe('기념일 · 7일 후 · 12월 23일 (수)');
  });
});

describe('the reminders a record keeps', () => {
  it('reads only whole minutes up to four weeks, each once, soonest first, five at most', () => {
    expect(remindersOf([1440, 10, 10, 0, 2.5, -1, 40321, '5'])).toEqual([0, 10, 1440]);
    expect(remindersOf([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4, 5]);
    expect(remindersOf('10')).toEqual([]);
  });

  it('reads in the largest whole unit, and refuses a custom amount that is no reminder', () => {
    expect(inUnits(10080)).toEqual({ amount: 1, unit: 'week' });
    expect(inUnits(2880)).toEqual({ amount: 2, unit: 'day' });
    expect(inUnits(90)).toEqual({ amount: 90, unit: 'minute' });
    expect(customMinutes('2', 'hour')).toEqual({ ok: true, minutes: 120 });
    expect(customMinutes('0', 'day')).toEqual({ ok: false, problem: 'amountInvalid' });
    expect(customMinutes('1.5', 'day')).toEqual({ ok: false, problem: 'amountInvalid' });
    expect(customMinutes('5', 'week')).toEqual({ ok: false, problem: 'tooEarly' });
  });

  it('labels each choice in both languages', () => {
    expect(reminderLabel(0, false, 'ko')).toBe('일정 시작 시간');
    expect(reminderLabel(10, false, 'ko')).toBe('10분 전');
    expect(reminderLabel(60, false, 'en')).toBe('1 hour before');
    expect(reminderLabel(0, true, 'ko')).toBe('당일 오전 9:00');
    expect(reminderLabel(1440, true, 'en')).toBe('1 day before at 9:00 AM');
    expect(reminderLabel(20160, true, 'en')).toBe('2 weeks before at 9:00 AM');
  });
});
