import { describe, expect, it } from 'vitest';
import { occurrencesBetween, occurrencesByDay, type SavedEvent, type ScheduledEvent } from './occurrences.js';
import { occurrencesInRange } from './recurrence.js';
import { addDays, dayOfWeek, parseIsoDate, toIsoDate } from './plain-date.js';
import type { RepeatRule } from './series.js';

const SEOUL = 'Asia/Seoul';
const NEW_YORK = 'America/New_York';

function event(fields: Partial<ScheduledEvent>): ScheduledEvent {
  return {
    title: 'Event',
    memo: '',
    calendar: 'solar',
    date: '2026-03-02',
    time: '',
    repeat: 'none',
    ...fields,
  };
}

/** What a view lists: each occurrence's start (and end, when it has one). */
function listed(values: ScheduledEvent[], from: string, to: string, zone = SEOUL): string[] {
  const saved = values.map((value, index) => ({ id: `e${index}`, value }));
  return occurrencesBetween(saved, from, to, zone).map((occurrence) =>
    [
      occurrence.date,
      occurrence.time,
      occurrence.allDay ? (occurrence.days > 1 ? `→ ${occurrence.endDate}` : '') : '',
      occurrence.hasEnd ? `→ ${occurrence.endDate} ${occurrence.endTime}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
}

const dates = (values: ScheduledEvent[], from: string, to: string, zone = SEOUL) =>
  listed(values, from, to, zone).map((line) => line.slice(0, 10));

describe('events written before ends and rules', () => {
  it('read as they did: a date is one whole day, a time has no end, a yearly repeat repeats', () => {
    const saved = [
      { id: 'day', value: event({ date: '2026-03-05' }) },
      { id: 'time', value: event({ date: '2026-03-05', time: '19:00' }) },
      { id: 'yearly', value: event({ date: '2020-03-05', repeat: 'yearly' }) },
    ];
    const found = occurrencesBetween(saved, '2026-03-01', '2026-03-31', SEOUL);
    expect(found.map((occurrence) => [occurrence.id, occurrence.days, occurrence.hasEnd])).toEqual([
      ['day', 1, false],
      ['yearly', 1, false],
      ['time', 1, false],
    ]);
    expect(found[2]).toMatchObject({
      date: '2026-03-05',
      time: '19:00',
      endDate: '2026-03-05',
      endTime: '19:00',
    });
    expect(found[1]).toMatchObject({ key: '2026-03-05', repeats: true });
  });

  it('repeats a lunar date in its leap month when the year has one, else in the regular month', () => {
    const birthday = event({ calendar: 'lunar', date: '2025-06-10', leap: true, repeat: 'yearly' });
    expect(dates([birthday], '2024-01-01', '2027-12-31')).toEqual(
      occurrencesInRange(birthday, '2024-01-01', '2027-12-31'),
    );
    expect(dates([birthday], '2024-01-01', '2027-12-31')).toEqual(['2025-08-03', '2026-07-23', '2027-07-13']);
  });
});

describe('events that last', () => {
  it('ends a timed event at its end, across midnight too; an end at midnight covers one day', () => {
    expect(
      listed(
        [
          event({ date: '2026-03-05', time: '19:00', duration: 'PT2H' }),
          event({ date: '2026-03-06', time: '22:00', duration: 'PT2H' }),
          event({ date: '2026-03-07', time: '22:00', duration: 'PT4H30M' }),
        ],
        '2026-03-01',
        '2026-03-31',
      ),
    ).toEqual([
      '2026-03-05 19:00 → 2026-03-05 21:00',
      '2026-03-06 22:00 → 2026-03-07 00:00',
      '2026-03-07 22:00 → 2026-03-08 02:30',
    ]);
    const [late, night] = occurrencesBetween(
      [
        { id: 'a', value: event({ date: '2026-03-06', time: '22:00', duration: 'PT2H' }) },
        { id: 'b', value: event({ date: '2026-03-07', time: '22:00', duration: 'PT4H30M' }) },
      ],
      '2026-03-01',
      '2026-03-31',
      SEOUL,
    );
    expect([late!.days, late!.lastDate, night!.days, night!.lastDate]).toEqual([
      1,
      '2026-03-06',
      2,
      '2026-03-08',
    ]);
  });

  it('spans an all-day trip over its days, and a range that begins in its middle still has it', () => {
    const trip = event({ title: 'Jeju', date: '2026-03-30', duration: 'P3D' });
    expect(listed([trip], '2026-03-01', '2026-03-31')).toEqual(['2026-03-30 → 2026-04-01']);
    expect(listed([trip], '2026-04-01', '2026-04-30')).toEqual(['2026-03-30 → 2026-04-01']);
    expect(listed([trip], '2026-04-02', '2026-04-30')).toEqual([]);
    const found = occurrencesBetween([{ id: 'trip', value: trip }], '2026-03-29', '2026-04-04', SEOUL);
    const byDay = occurrencesByDay(found, '2026-03-29', '2026-04-04');
    expect([...byDay.keys()]).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(byDay.get('2026-03-30')![0]).toMatchObject({ starts: true, ends: false });
    expect(byDay.get('2026-03-31')![0]).toMatchObject({ starts: false, ends: false });
    expect(byDay.get('2026-04-01')![0]).toMatchObject({ starts: false, ends: true });
  });

  it('shows a zoned event in the viewer’s zone, a floating one at its own clock time anywhere', () => {
    const call = event({ date: '2026-03-05', time: '09:00', duration: 'PT1H', zone: NEW_YORK });
    const lunch = event({ date: '2026-03-05', time: '12:00', duration: 'PT1H' });
    expect(listed([call, lunch], '2026-03-01', '2026-03-31', SEOUL)).toEqual([
      '2026-03-05 12:00 → 2026-03-05 13:00',
      '2026-03-05 23:00 → 2026-03-06 00:00',
    ]);
    expect(listed([call, lunch], '2026-03-01', '2026-03-31', NEW_YORK)).toEqual([
      '2026-03-05 09:00 → 2026-03-05 10:00',
      '2026-03-05 12:00 → 2026-03-05 13:00',
    ]);
  });
});

describe('repeat rules', () => {
  it('repeats daily and every N days, until a date (included)', () => {
    const rule = { freq: 'daily', interval: 3, until: '2026-03-14' } as const;
    expect(dates([event({ date: '2026-03-02', rule })], '2026-03-01', '2026-03-31')).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-08',
      '2026-03-11',
      '2026-03-14',
    ]);
  });

  it('repeats weekly on chosen days, every other week from Monday-started weeks, a count long', () => {
    // 2026-03-02 is a Monday: Mon and Thu of every other week, 5 in all.
    const rule: RepeatRule = { freq: 'weekly', interval: 2, weekdays: [1, 4], count: 5 };
    expect(dates([event({ date: '2026-03-02', rule })], '2026-01-01', '2026-12-31')).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-16',
      '2026-03-19',
      '2026-03-30',
    ]);
  });

  it('repeats monthly on the 31st in the months that have one', () => {
    const rent = event({ date: '2026-01-31', rule: { freq: 'monthly' } });
    expect(dates([rent], '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
  });

  it('repeats on the 5th Wednesday in the months that have one, and on the last Friday of every month', () => {
    const fifth = event({ date: '2026-04-29', rule: { freq: 'monthly', nth: 5, weekdays: [3] } });
    const expected: string[] = [];
    for (let day = parseIsoDate('2026-04-29')!; day.year < 2028; day = addDays(day, 1)) {
      if (dayOfWeek(day) === 3 && day.day > 28) expected.push(toIsoDate(day));
    }
    expect(dates([fifth], '2026-01-01', '2027-12-31')).toEqual(expected);
    const last = event({ date: '2026-01-30', rule: { freq: 'monthly', nth: -1 } });
    expect(dates([last], '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
      '2026-05-29',
      '2026-06-26',
    ]);
  });

  it('keeps a yearly 29 February on the 28th in common years; a yearly nth weekday follows its month', () => {
    const leap = event({ date: '2024-02-29', rule: { freq: 'yearly' } });
    expect(dates([leap], '2024-01-01', '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    // Thanksgiving: the fourth Thursday of November.
    const thanksgiving = event({ date: '2026-11-26', rule: { freq: 'yearly', nth: 4, weekdays: [4] } });
    expect(dates([thanksgiving], '2026-01-01', '2028-12-31')).toEqual([
      '2026-11-26',
      '2027-11-25',
      '2028-11-23',
    ]);
  });

  it('keeps the local time of a zoned weekly event across the change to summer time, seen from Seoul', () => {
    // New York moves its clocks on Sunday 2026-03-08: 09:00 there is 23:00 in Seoul before, 22:00 after.
    const standup = event({
      date: '2026-03-02',
      time: '09:00',
      duration: 'PT30M',
      zone: NEW_YORK,
      rule: { freq: 'weekly', weekdays: [1, 3] },
    });
    expect(listed([standup], '2026-03-01', '2026-03-14', SEOUL)).toEqual([
      '2026-03-02 23:00 → 2026-03-02 23:30',
      '2026-03-04 23:00 → 2026-03-04 23:30',
      '2026-03-09 22:00 → 2026-03-09 22:30',
      '2026-03-11 22:00 → 2026-03-11 22:30',
    ]);
    expect(dates([standup], '2026-03-01', '2026-03-14', NEW_YORK)).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-09',
      '2026-03-11',
    ]);
    // A time the clock skips that night (02:30) is read as RFC 5545 reads it: after the jump.
    const early = event({
      date: '2026-03-07',
      time: '02:30',
      zone: NEW_YORK,
      rule: { freq: 'daily', count: 3 },
    });
    expect(listed([early], '2026-03-01', '2026-03-14', NEW_YORK)).toEqual([
      '2026-03-07 02:30',
      '2026-03-08 03:30',
      '2026-03-09 02:30',
    ]);
  });

  it('counts the start as the first occurrence, and a count includes the deleted ones', () => {
    const rule: RepeatRule = { freq: 'weekly', weekdays: [3], count: 3 };
    // Starts on a Monday: the Monday, then two Wednesdays.
    const series = event({ date: '2026-03-02', rule, exceptions: { '2026-03-04': { deleted: true } } });
    expect(dates([series], '2026-03-01', '2026-04-30')).toEqual(['2026-03-02', '2026-03-11']);
  });
});

describe('changed occurrences', () => {
  const weekly = event({
    title: 'Pilates',
    date: '2026-03-04',
    time: '19:00',
    duration: 'PT1H',
    rule: { freq: 'weekly' },
    exceptions: {
      '2026-03-11': { deleted: true },
      '2026-03-18': { date: '2026-04-02', time: '20:00', title: 'Pilates (moved)' },
      '2026-03-25': { memo: 'Bring a mat' },
      // Not a day of the rule (another device changed it meanwhile): nothing to replace.
      '2026-03-26': { title: 'Stray' },
    },
  });

  it('leaves a deleted one out, and shows a moved one where it went, in the month it went to', () => {
    expect(listed([weekly], '2026-03-01', '2026-03-31')).toEqual([
      '2026-03-04 19:00 → 2026-03-04 20:00',
      '2026-03-25 19:00 → 2026-03-25 20:00',
    ]);
    const april = occurrencesBetween([{ id: 'p', value: weekly }], '2026-04-01', '2026-04-10', SEOUL);
    expect(
      april.map((occurrence) => [occurrence.date, occurrence.time, occurrence.title, occurrence.key]),
    ).toEqual([
      ['2026-04-01', '19:00', 'Pilates', '2026-04-01'],
      ['2026-04-02', '20:00', 'Pilates (moved)', '2026-03-18'],
      ['2026-04-08', '19:00', 'Pilates', '2026-04-08'],
    ]);
    expect(april[1]).toMatchObject({ changed: true, endTime: '21:00' });
    const march25 = occurrencesBetween([{ id: 'p', value: weekly }], '2026-03-25', '2026-03-25', SEOUL);
    expect(march25[0]).toMatchObject({ memo: 'Bring a mat', title: 'Pilates', changed: true });
  });
});

describe('the index', () => {
  it('finds in any range exactly what expanding every event over every day finds', () => {
    const values: ScheduledEvent[] = [];
    for (let index = 0; index < 400; index++) {
      const date = toIsoDate(addDays(parseIsoDate('2025-06-01')!, (index * 37) % 700));
      const kind = index % 8;
      values.push(
        event({
          title: `E${index}`,
          date,
          time: kind % 2 === 0 ? '' : `${String(index % 24).padStart(2, '0')}:15`,
          duration: kind === 0 ? `P${1 + (index % 40)}D` : kind === 1 ? `PT${1 + (index % 30)}H` : undefined,
          zone: kind === 3 ? NEW_YORK : kind === 5 ? 'Pacific/Kiritimati' : undefined,
          rule:
            kind === 6
              ? { freq: 'weekly', weekdays: [index % 7, (index + 3) % 7], count: 10 }
              : kind === 7
                ? { freq: 'monthly', nth: -1 }
                : undefined,
        }),
      );
    }
    const saved: SavedEvent[] = values.map((value, index) => ({
      id: `e${String(index).padStart(3, '0')}`,
      value,
    }));
    // The reference: one event at a time (no shared index), over the whole period, then cut to the range.
    const whole = saved.flatMap((one) => occurrencesBetween([one], '2024-01-01', '2028-12-31', SEOUL));
    for (const [from, to] of [
      ['2025-06-01', '2025-06-30'],
      ['2026-02-22', '2026-02-28'],
      ['2026-12-27', '2027-02-06'],
      ['2025-01-01', '2027-12-31'],
    ] as const) {
      const expected = whole
        .filter((occurrence) => occurrence.date <= to && occurrence.lastDate >= from)
        .map((occurrence) => `${occurrence.id} ${occurrence.key} ${occurrence.date} ${occurrence.time}`)
        .sort();
      const found = occurrencesBetween(saved, from, to, SEOUL).map(
        (occurrence) => `${occurrence.id} ${occurrence.key} ${occurrence.date} ${occurrence.time}`,
      );
      expect([...found].sort(), `${from} – ${to}`).toEqual(expected);
      expect(new Set(found).size).toBe(found.length);
    }
  });
});
