import { describe, expect, it } from 'vitest';
import { agendaDays, agendaEnd, eventsByDate, type SavedEvent } from './agenda.js';
import { anniversariesByDate } from './anniversary-days.js';
import { bundledHolidays } from '../../calendar/holidays.js';
import { occurrencesInRange } from '../../calendar/recurrence.js';
import type { ScheduleEvent } from '../../records/event.js';

function saved(id: string, event: Partial<ScheduleEvent> & Pick<ScheduleEvent, 'date'>): SavedEvent {
  return { id, value: { title: id, calendar: 'solar', repeat: 'none', time: '', memo: '', ...event } };
}

/** The index as { date: [ids in order] }. */
function idsByDate(index: Map<string, Array<{ occurrence: { id: string } }>>): Record<string, string[]> {
  return Object.fromEntries(
    [...index].map(([date, entries]) => [date, entries.map((entry) => entry.occurrence.id)]),
  );
}

describe('eventsByDate', () => {
  it('finds in any range what looking at every event finds, a lunar one-off in the solar month it falls in', () => {
    const events: SavedEvent[] = [];
    for (let index = 0; index < 2000; index++) {
      const year = 2020 + (index % 9);
      const month = String((index % 12) + 1).padStart(2, '0');
      const day = String((index % 28) + 1).padStart(2, '0');
      events.push(
        saved(`e${index}`, {
          calendar: index % 3 === 0 ? 'lunar' : 'solar',
          date: `${year}-${month}-${day}`,
          repeat: index % 40 === 0 ? 'yearly' : 'none',
        }),
      );
    }
    // Lunar 2026-12-20 is a solar date of February 2027.
    events.push(saved('late', { calendar: 'lunar', date: '2026-12-20' }));
    const everyEvent = (fromIso: string, toIso: string) => {
      const found: Record<string, string[]> = {};
      for (const { id, value } of events) {
        for (const date of occurrencesInRange(value, fromIso, toIso)) (found[date] ??= []).push(id);
      }
      return Object.fromEntries(Object.entries(found).map(([date, ids]) => [date, ids.sort()]));
    };
    const sorted = (index: Map<string, Array<{ occurrence: { id: string } }>>) =>
      Object.fromEntries(Object.entries(idsByDate(index)).map(([date, ids]) => [date, ids.sort()]));
    for (const [fromIso, toIso] of [
      ['2027-02-01', '2027-02-28'],
      ['2024-12-29', '2025-02-03'],
      ['2021-06-15', '2021-06-15'],
      ['2019-01-01', '2029-12-31'],
    ] as const) {
      expect(sorted(eventsByDate(events, fromIso, toIso)), fromIso).toEqual(everyEvent(fromIso, toIso));
    }
    expect(idsByDate(eventsByDate(events, '2027-01-01', '2027-03-31'))).toMatchObject({
      [occurrencesInRange(events.at(-1)!.value, '2027-01-01', '2027-03-31')[0]!]: expect.arrayContaining([
        'late',
      ]),
    });
  });

  it('puts a one-off solar event on its day only when the day is in the range', () => {
    const events = [saved('dentist', { date: '2025-03-14', time: '15:00' })];
    expect(idsByDate(eventsByDate(events, '2025-03-01', '2025-03-31'))).toEqual({
      '2025-03-14': ['dentist'],
    });
    expect(eventsByDate(events, '2025-04-01', '2025-04-30').size).toBe(0);
  });

  it('repeats a yearly solar event every year from the year it was set', () => {
    const events = [saved('wedding', { date: '2020-06-20', repeat: 'yearly' })];
    expect(idsByDate(eventsByDate(events, '2019-01-01', '2021-12-31'))).toEqual({
      '2020-06-20': ['wedding'],
      '2021-06-20': ['wedding'],
    });
  });

  it('shows a leap-month lunar birthday in the leap month in 2025 and in the regular month in 2026', () => {
    const events = [
      saved('grandma', { calendar: 'lunar', date: '2025-06-10', leap: true, repeat: 'yearly' }),
    ];
    expect(idsByDate(eventsByDate(events, '2025-01-01', '2026-12-31'))).toEqual({
      '2025-08-03': ['grandma'],
      '2026-07-23': ['grandma'],
    });
  });

  it('keeps a regular-month lunar birthday apart from the leap month of the same number', () => {
    const events = [saved('uncle', { calendar: 'lunar', date: '2025-06-10', repeat: 'yearly' })];
    expect(idsByDate(eventsByDate(events, '2025-01-01', '2025-12-31'))).toEqual({ '2025-07-04': ['uncle'] });
  });

  it('puts a one-off lunar event on the solar day of that lunar date', () => {
    const events = [saved('rite', { calendar: 'lunar', date: '2026-08-15' })];
    expect(idsByDate(eventsByDate(events, '2026-01-01', '2027-12-31'))).toEqual({ '2026-09-25': ['rite'] });
  });

  it('orders a day all-day events first, then by time', () => {
    const events = [
      saved('dinner', { date: '2025-05-05', time: '18:30' }),
      saved('holiday', { date: '2025-05-05' }),
      saved('breakfast', { date: '2025-05-05', time: '08:00' }),
    ];
    expect(idsByDate(eventsByDate(events, '2025-05-05', '2025-05-05'))).toEqual({
      '2025-05-05': ['holiday', 'breakfast', 'dinner'],
    });
  });

  it('puts a trip on each of its days, and a timed event ending after midnight on both', () => {
    const events = [
      saved('trip', { date: '2025-05-30', duration: 'P3D' }),
      saved('night', { date: '2025-06-01', time: '22:00', duration: 'PT4H' }),
    ];
    expect(idsByDate(eventsByDate(events, '2025-05-31', '2025-06-30', 'Asia/Seoul'))).toEqual({
      '2025-05-31': ['trip'],
      '2025-06-01': ['trip', 'night'],
      '2025-06-02': ['night'],
    });
  });

  it('skips events whose stored date cannot be read', () => {
    const events = [
      saved('broken', { date: 'soon' }),
      saved('lunar-broken', { calendar: 'lunar', date: '2025-13-01' }),
    ];
    expect(eventsByDate(events, '2025-01-01', '2025-12-31').size).toBe(0);
  });
});

describe('agendaDays', () => {
  it('lists days with events or holidays in order, with their lunar dates', () => {
    const events = [saved('trip', { date: '2026-09-26', time: '09:00' })];
    const days = agendaDays(events, '2026-09-23', agendaEnd('2026-09-23', 5), bundledHolidays);
    expect(
      days.map((day) => [day.date, day.entries.length, day.holidays.map((holiday) => holiday.key)]),
    ).toEqual([
      ['2026-09-24', 0, ['chuseok']],
      ['2026-09-25', 0, ['chuseok']],
      ['2026-09-26', 1, ['chuseok']],
    ]);
    expect(days[1]!.lunar).toEqual({ year: 2026, month: 8, day: 15, leap: false });
  });

  it('lists a day with only an anniversary, lunar ones on the solar day they fall on', () => {
    const anniversaries = anniversariesByDate(
      [
        {
          id: 'grandma',
          value: {
            name: '할머니 생신',
            calendar: 'lunar',
            date: '1940-08-10',
            leap: false,
            repeat: 'yearly',
          },
        },
      ],
      '2026-09-14',
      '2026-09-20',
    );
    const days = agendaDays([], '2026-09-14', '2026-09-20', bundledHolidays, anniversaries);
    // Lunar 8/10 of 2026 is 20 September.
    expect(days.map((day) => [day.date, day.anniversaries.map((anniversary) => anniversary.name)])).toEqual([
      ['2026-09-20', ['할머니 생신']],
    ]);
  });

  it('counts the agenda length from the first day', () => {
    expect(agendaEnd('2026-11-22')).toBe('2027-01-20');
    expect(agendaEnd('2026-11-22', 1)).toBe('2026-11-22');
  });
});
