import { describe, expect, it } from 'vitest';
import { occurrencesBetween } from '../../calendar/occurrences.js';
import { bundledHolidays } from '../../calendar/holidays.js';
import type { ScheduleEvent } from '../../records/event.js';
import { holidaysOn, type SavedEvent } from './agenda.js';
import { anniversariesByDate } from './anniversary-days.js';
import {
  openingHour,
  wallNow,
  weekLayout,
  windowDays,
  windowStart,
  type AllDayBar,
  type WeekLayout,
} from './week-layout.js';

const SEOUL = 'Asia/Seoul';
const NEW_YORK = 'America/New_York';

function saved(id: string, event: Partial<ScheduleEvent> & Pick<ScheduleEvent, 'date'>): SavedEvent {
  return { id, value: { title: id, calendar: 'solar', repeat: 'none', time: '', memo: '', ...event } };
}

/** The layout of the seven days from `start` in `zone`, with the holidays and these anniversaries. */
function layoutOf(
  start: string,
  events: SavedEvent[],
  { zone = SEOUL, anniversaries = [] as Parameters<typeof anniversariesByDate>[0], count = 7 } = {},
): WeekLayout {
  const days = windowDays(start, count);
  const first = days[0]!;
  const last = days.at(-1)!;
  return weekLayout(
    days,
    occurrencesBetween(events, first, last, zone),
    days.flatMap((day) => holidaysOn(day, bundledHolidays)),
    [...anniversariesByDate(anniversaries, first, last).values()].flat(),
  );
}

/** Each day's timed blocks as 'title from–to lane/lanes(+span)', with '<' and '>' where it goes on. */
function timed(layout: WeekLayout): Record<string, string[]> {
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return Object.fromEntries(
    layout.days
      .map((date, column): [string, string[]] => [
        date,
        layout.timed[column]!.map(
          (block) =>
            `${block.before ? '< ' : ''}${block.occurrence.title} ${clock(block.from)}–${clock(block.to)} ` +
            `${block.lane}/${block.lanes}${block.span > 1 ? `+${block.span}` : ''}${block.after ? ' >' : ''}`,
        ),
      ])
      .filter(([, blocks]) => blocks.length > 0),
  );
}

function barName(bar: AllDayBar, lang: 'ko' | 'en' = 'en'): string {
  switch (bar.item.kind) {
    case 'holiday':
      return bar.item.holiday.name[lang];
    case 'anniversary':
      return `♥ ${bar.item.anniversary.name}`;
    case 'event':
      return bar.item.occurrence.title;
  }
}

/** The all-day row as 'name first–last @lane', with '<' and '>' where it goes on past the days shown. */
function allDay(layout: WeekLayout): string[] {
  return layout.allDay.map(
    (bar) =>
      `${bar.before ? '< ' : ''}${barName(bar)} ${bar.first}–${bar.last} @${bar.lane}${bar.after ? ' >' : ''}`,
  );
}

describe('the days the week view shows', () => {
  it('is the week from Sunday, as the month grid’s rows', () => {
    // 2026-03-11 is a Wednesday; 2026-03-08 the Sunday before.
    expect(windowStart('2026-03-11', 7, null)).toBe('2026-03-08');
    expect(windowStart('2026-03-08', 7, '2026-03-01')).toBe('2026-03-08');
    expect(windowStart('2026-03-14', 7, null)).toBe('2026-03-08');
    expect(windowDays('2026-02-26', 7)).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
  });

  it('keeps three days on a phone while the day chosen is in them, and pages past their edge', () => {
    expect(windowStart('2026-03-11', 3, null)).toBe('2026-03-11');
    expect(windowStart('2026-03-12', 3, '2026-03-11')).toBe('2026-03-11');
    expect(windowStart('2026-03-13', 3, '2026-03-11')).toBe('2026-03-11');
    // Just past the last day, or the button to the next: the next three days.
    expect(windowStart('2026-03-14', 3, '2026-03-11')).toBe('2026-03-14');
    expect(windowStart('2026-03-16', 3, '2026-03-11')).toBe('2026-03-14');
    expect(windowStart('2026-03-10', 3, '2026-03-11')).toBe('2026-03-08');
    // Far away (today, a day chosen in the month): from that day.
    expect(windowStart('2026-04-01', 3, '2026-03-11')).toBe('2026-04-01');
  });
});

describe('timed events in the week', () => {
  it('sits overlapping events side by side, as few lanes as overlap at once, widened where free', () => {
    const layout = layoutOf('2026-03-08', [
      saved('standup', { date: '2026-03-09', time: '09:00', duration: 'PT1H' }),
      saved('review', { date: '2026-03-09', time: '09:30', duration: 'PT1H30M' }),
      saved('coffee', { date: '2026-03-09', time: '10:00', duration: 'PT30M' }),
      saved('lunch', { date: '2026-03-09', time: '12:00', duration: 'PT1H' }),
      // Wednesday: a long block, two beside it, and one that widens over the lane the first of them left.
      saved('workshop', { date: '2026-03-11', time: '09:00', duration: 'PT2H' }),
      saved('call', { date: '2026-03-11', time: '09:00', duration: 'PT1H' }),
      saved('memo', { date: '2026-03-11', time: '09:00', duration: 'PT15M' }),
      saved('visit', { date: '2026-03-11', time: '10:00', duration: 'PT1H' }),
    ]);
    expect(timed(layout)).toEqual({
      '2026-03-09': [
        'standup 09:00–10:00 0/2',
        'review 09:30–11:00 1/2',
        'coffee 10:00–10:30 0/2',
        'lunch 12:00–13:00 0/1',
      ],
      // The 15-minute memo is drawn half an hour tall: the visit at 10:00 is clear of it and takes its lane too.
      '2026-03-11': [
        'workshop 09:00–11:00 0/3',
        'call 09:00–10:00 1/3',
        'memo 09:00–09:15 2/3',
        'visit 10:00–11:00 1/3+2',
      ],
    });
  });

  it('cuts a night across midnight at midnight, and keeps the part of one that began before the week', () => {
    const layout = layoutOf('2026-03-08', [
      saved('night bus', { date: '2026-03-10', time: '22:00', duration: 'PT4H' }),
      saved('late show', { date: '2026-03-07', time: '23:00', duration: 'PT2H30M' }),
      saved('party', { date: '2026-03-14', time: '21:00', duration: 'PT5H' }),
      // Ending at midnight: on its own day only.
      saved('to midnight', { date: '2026-03-12', time: '23:00', duration: 'PT1H' }),
      // A start alone: a short block on its day.
      saved('pills', { date: '2026-03-13', time: '23:50' }),
    ]);
    expect(timed(layout)).toEqual({
      '2026-03-08': ['< late show 00:00–01:30 0/1'],
      '2026-03-10': ['night bus 22:00–24:00 0/1 >'],
      '2026-03-11': ['< night bus 00:00–02:00 0/1'],
      '2026-03-12': ['to midnight 23:00–24:00 0/1'],
      '2026-03-13': ['pills 23:50–24:00 0/1'],
      '2026-03-14': ['party 21:00–24:00 0/1 >'],
    });
    expect(layout.allDay).toEqual([]);
    // The hours open at the first event that starts in the week, not at a night's tail.
    expect(openingHour(layout)).toBe(21);
    expect(openingHour(layoutOf('2026-03-08', []))).toBe(7);
  });

  it('places events by the clock of the member’s zone on the day daylight saving starts', () => {
    // New York moves from 02:00 to 03:00 on 2026-03-08.
    const events = [
      saved('floating', { date: '2026-03-08', time: '01:00', duration: 'PT3H' }),
      saved('new york', { date: '2026-03-08', time: '01:30', duration: 'PT1H', zone: NEW_YORK }),
      // 16:00 in Seoul is 07:00 UTC: 03:00 in New York once its clocks have moved.
      saved('seoul call', { date: '2026-03-08', time: '16:00', duration: 'PT30M', zone: SEOUL }),
    ];
    expect(timed(layoutOf('2026-03-08', events, { zone: NEW_YORK }))).toEqual({
      '2026-03-08': ['floating 01:00–04:00 0/3', 'new york 01:30–03:30 1/3', 'seoul call 03:00–03:30 2/3'],
    });
    // Seen from Seoul, the New York hour is 06:30–07:30 UTC, the afternoon there.
    expect(timed(layoutOf('2026-03-08', events, { zone: SEOUL }))).toEqual({
      '2026-03-08': ['floating 01:00–04:00 0/1', 'new york 15:30–16:30 0/2', 'seoul call 16:00–16:30 1/2'],
    });
  });

  it('tells the date and minute it is now by the zone’s clock, daylight saving included', () => {
    expect(wallNow(Date.parse('2026-03-07T12:00:00Z'), NEW_YORK)).toEqual({
      date: '2026-03-07',
      minute: 7 * 60,
    });
    expect(wallNow(Date.parse('2026-03-08T12:00:00Z'), NEW_YORK)).toEqual({
      date: '2026-03-08',
      minute: 8 * 60,
    });
    expect(wallNow(Date.parse('2026-03-08T16:30:00Z'), SEOUL)).toEqual({ date: '2026-03-09', minute: 90 });
  });
});

describe('the all-day row of the week', () => {
  it('draws trips as bars over their days clipped to the week, with holidays and lunar anniversaries', () => {
    const layout = layoutOf(
      '2026-09-20',
      [
        saved('Jeju trip', { date: '2026-09-18', duration: 'P5D' }),
        saved('Busan trip', { date: '2026-09-26', duration: 'P3D' }),
        // Timed and lasting more than a day: a bar as well.
        saved('conference', { date: '2026-09-23', time: '10:00', duration: 'P1DT2H' }),
        saved('dinner', { date: '2026-09-25', time: '18:00', duration: 'PT2H' }),
      ],
      // Lunar 8/15 falls on Chuseok, 2026-09-25.
      {
        anniversaries: [
          {
            id: 'grandma',
            value: { name: 'Grandma', calendar: 'lunar', date: '1940-08-15', leap: false, repeat: 'yearly' },
          },
        ],
      },
    );
    expect(allDay(layout)).toEqual([
      '< Jeju trip 0–2 @0',
      'conference 3–4 @0',
      'Chuseok 4–4 @1',
      'Chuseok 5–5 @0',
      '♥ Grandma 5–5 @1',
      // A holiday before an event of as many days shown.
      'Chuseok 6–6 @0',
      'Busan trip 6–6 @1 >',
    ]);
    expect(layout.allDayLanes).toBe(2);
    expect(timed(layout)).toEqual({ '2026-09-25': ['dinner 18:00–20:00 0/1'] });
  });
});
