import { describe, expect, it } from 'vitest';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX } from '../../records/event.js';
import {
  checkDraft,
  draftFromEvent,
  leapAvailable,
  moveStart,
  newDraft,
  solarDateOf,
  switchCalendar,
  type EventDraft,
} from './event-form.js';

function lunarDraft(year: string, month: string, day: string, leap = false): EventDraft {
  return {
    ...newDraft('2025-01-01'),
    title: 'Birthday',
    calendar: 'lunar',
    lunarYear: year,
    lunarMonth: month,
    lunarDay: day,
    leap,
  };
}

describe('the event form', () => {
  it('saves a solar event with its title trimmed', () => {
    const draft = {
      ...newDraft('2026-11-22'),
      title: '  Dentist ',
      allDay: false,
      time: '15:30',
      memo: 'bring card',
    };
    expect(checkDraft(draft)).toEqual({
      ok: true,
      event: {
        title: 'Dentist',
        calendar: 'solar',
        date: '2026-11-22',
        repeat: 'none',
        time: '15:30',
        memo: 'bring card',
      },
    });
  });

  it('starts a new event at an hour chosen in the week for an hour, past midnight onto the next day', () => {
    expect(newDraft('2026-11-22', '14:00')).toMatchObject({
      solarDate: '2026-11-22',
      allDay: false,
      time: '14:00',
      endDate: '',
      endTime: '15:00',
    });
    expect(newDraft('2026-12-31', '23:00')).toMatchObject({ endDate: '2027-01-01', endTime: '00:00' });
    expect(checkDraft({ ...newDraft('2026-12-31', '23:00'), title: 'New year' })).toMatchObject({
      ok: true,
      event: { date: '2026-12-31', time: '23:00', duration: 'PT1H' },
    });
    // Without an hour: all day, as the month's button makes it.
    expect(newDraft('2026-11-22')).toMatchObject({ allDay: true, time: '', endTime: '' });
  });

  it('names every problem at once and saves nothing', () => {
    const draft = {
      ...newDraft(''),
      title: ' ',
      allDay: false,
      time: '25:00',
      memo: 'x'.repeat(EVENT_MEMO_MAX + 1),
    };
    expect(checkDraft(draft)).toEqual({
      ok: false,
      problems: { title: 'required', date: 'required', time: 'invalid', memo: 'tooLong' },
    });
    expect(checkDraft({ ...newDraft('2026-11-22'), title: 'x'.repeat(EVENT_TITLE_MAX + 1) })).toEqual({
      ok: false,
      problems: { title: 'tooLong' },
    });
  });

  it('saves a lunar date as the lunar year, month and day with the leap flag', () => {
    expect(checkDraft({ ...lunarDraft('2025', '6', '10', true), repeat: 'yearly' })).toEqual({
      ok: true,
      event: {
        title: 'Birthday',
        calendar: 'lunar',
        date: '2025-06-10',
        leap: true,
        repeat: 'yearly',
        rule: { freq: 'yearly' },
        time: '',
        memo: '',
      },
    });
    expect(solarDateOf(lunarDraft('2025', '6', '10', true))).toBe('2025-08-03');
    expect(solarDateOf(lunarDraft('2025', '6', '10'))).toBe('2025-07-04');
  });

  it('allows the leap month only in a year that has it', () => {
    expect(leapAvailable({ lunarYear: '2025', lunarMonth: '6' })).toBe(true);
    expect(leapAvailable({ lunarYear: '2025', lunarMonth: '5' })).toBe(false);
    expect(leapAvailable({ lunarYear: '2026', lunarMonth: '6' })).toBe(false);
    // A leap box left ticked from another year does not count.
    const check = checkDraft(lunarDraft('2026', '6', '10', true));
    expect(check.ok && check.event.leap).toBe(false);
  });

  it('refuses a lunar day the month does not have', () => {
    // Lunar 2025/2 and the leap sixth month have 29 days.
    expect(checkDraft(lunarDraft('2025', '2', '30'))).toEqual({
      ok: false,
      problems: { date: 'dayTooLarge' },
    });
    expect(checkDraft(lunarDraft('2025', '6', '30', true))).toEqual({
      ok: false,
      problems: { date: 'dayTooLarge' },
    });
    expect(checkDraft(lunarDraft('2025', '6', '30')).ok).toBe(true);
    expect(checkDraft(lunarDraft('2025', '13', '1'))).toEqual({ ok: false, problems: { date: 'invalid' } });
    expect(checkDraft(lunarDraft('2025', '1', ''))).toEqual({ ok: false, problems: { date: 'required' } });
  });

  it('refuses lunar dates outside 1890–2050', () => {
    expect(checkDraft(lunarDraft('1889', '1', '1'))).toEqual({ ok: false, problems: { date: 'outOfRange' } });
    expect(checkDraft(lunarDraft('2051', '1', '1'))).toEqual({ ok: false, problems: { date: 'outOfRange' } });
    // The tables stop at solar 2050-12-31, inside lunar 2050/11.
    expect(checkDraft(lunarDraft('2050', '12', '1'))).toEqual({
      ok: false,
      problems: { date: 'outOfRange' },
    });
  });

  it('carries the chosen day over when the calendar is switched', () => {
    const lunar = switchCalendar(newDraft('2025-08-03'), 'lunar');
    expect([lunar.lunarYear, lunar.lunarMonth, lunar.lunarDay, lunar.leap]).toEqual([
      '2025',
      '6',
      '10',
      true,
    ]);
    const solar = switchCalendar({ ...lunar, lunarDay: '11' }, 'solar');
    expect(solar.solarDate).toBe('2025-08-04');
  });

  it('opens a saved lunar event with its lunar fields', () => {
    const draft = draftFromEvent({
      title: 'Grandma',
      calendar: 'lunar',
      date: '2025-06-10',
      leap: true,
      repeat: 'yearly',
      time: '',
      memo: '',
    });
    expect(draft).toMatchObject({
      calendar: 'lunar',
      lunarYear: '2025',
      lunarMonth: '6',
      lunarDay: '10',
      leap: true,
    });
    expect(draft.solarDate).toBe('2025-08-03');
  });
});

describe('the event form’s end, zone and repeat', () => {
  const base = { ...newDraft('2026-03-04'), title: 'Class' };

  it('keeps a timed event’s end as how long it lasts, across midnight too, and its zone', () => {
    const evening = { ...base, allDay: false, time: '19:00', endTime: '21:30', zone: 'America/New_York' };
    expect(checkDraft(evening)).toMatchObject({
      ok: true,
      event: { time: '19:00', duration: 'PT2H30M', zone: 'America/New_York' },
    });
    const night = { ...base, allDay: false, time: '22:00', endDate: '2026-03-05', endTime: '01:00' };
    expect(checkDraft(night)).toMatchObject({ ok: true, event: { duration: 'PT3H' } });
    // No end time: the start alone, as events before ends were.
    const start = checkDraft({ ...base, allDay: false, time: '09:00' });
    expect(start.ok && 'duration' in start.event).toBe(false);
    expect(checkDraft({ ...base, allDay: false, time: '19:00', endTime: '18:00' })).toEqual({
      ok: false,
      problems: { end: 'beforeStart' },
    });
    expect(checkDraft({ ...base, allDay: false })).toEqual({ ok: false, problems: { time: 'required' } });
  });

  it('keeps a trip of three days as its days, and the zone only for a timed event', () => {
    const trip = checkDraft({ ...base, endDate: '2026-03-06', zone: 'Asia/Tokyo' });
    expect(trip).toEqual({
      ok: true,
      event: {
        title: 'Class',
        calendar: 'solar',
        date: '2026-03-04',
        repeat: 'none',
        time: '',
        memo: '',
        duration: 'P3D',
      },
    });
    expect(checkDraft({ ...base, endDate: '2026-03-03' })).toEqual({
      ok: false,
      problems: { end: 'beforeStart' },
    });
  });

  it('writes the repeat rule the editor shows, leaving out what the start already says', () => {
    const rule = (draft: Partial<EventDraft>) => {
      const check = checkDraft({ ...base, ...draft });
      return check.ok ? check.event.rule : check.problems;
    };
    // 2026-03-04 is the first Wednesday of March.
    expect(rule({ repeat: 'weekly' })).toEqual({ freq: 'weekly' });
    expect(rule({ repeat: 'weekly', weekdays: [1, 3], weekdaysFollowStart: false, interval: '2' })).toEqual({
      freq: 'weekly',
      interval: 2,
      weekdays: [1, 3],
    });
    expect(rule({ repeat: 'monthly', repeatBy: 'nth', ends: 'count', count: '6' })).toEqual({
      freq: 'monthly',
      nth: 1,
      count: 6,
    });
    expect(rule({ repeat: 'yearly', ends: 'until', until: '2030-12-31' })).toEqual({
      freq: 'yearly',
      until: '2030-12-31',
    });
    expect(
      rule({ repeat: 'weekly', weekdays: [], interval: '0', ends: 'until', until: '2026-01-01' }),
    ).toEqual({
      interval: 'invalid',
      weekdays: 'required',
      until: 'invalid',
    });
    // A plain yearly rule is also the first version's `repeat: 'yearly'`; any other is 'none' to it.
    const yearly = checkDraft({ ...base, repeat: 'yearly' });
    expect(yearly.ok && yearly.event.repeat).toBe('yearly');
    const weekly = checkDraft({ ...base, repeat: 'weekly' });
    expect(weekly.ok && weekly.event.repeat).toBe('none');
  });

  it('opens a saved event with the fields it was saved from', () => {
    const drafts: Array<Partial<EventDraft>> = [
      { allDay: false, time: '19:00', endDate: '2026-03-05', endTime: '01:30', zone: 'Europe/London' },
      { endDate: '2026-03-08' },
      { repeat: 'monthly', repeatBy: 'last', weekdays: [3] },
      {
        repeat: 'weekly',
        weekdays: [1, 3, 5],
        weekdaysFollowStart: false,
        interval: '3',
        ends: 'count',
        count: '12',
      },
    ];
    for (const draft of drafts) {
      const check = checkDraft({ ...base, ...draft });
      if (!check.ok) throw new Error(JSON.stringify(check.problems));
      expect(checkDraft(draftFromEvent(check.event)), JSON.stringify(draft)).toEqual(check);
    }
  });

  it('moves a trip’s days, and weekly days never chosen, with the start', () => {
    const moved = moveStart(
      { ...base, endDate: '2026-03-06', repeat: 'weekly', weekdays: [3] },
      '2026-03-10',
    );
    expect([moved.endDate, moved.weekdays]).toEqual(['2026-03-12', [2]]);
    const chosen = moveStart(
      { ...base, repeat: 'weekly', weekdays: [1, 3], weekdaysFollowStart: false },
      '2026-03-10',
    );
    expect(chosen.weekdays).toEqual([1, 3]);
  });

  it('leaves a weekly rule as it was when one occurrence moves to another day', () => {
    const series = checkDraft({ ...base, repeat: 'weekly' });
    if (!series.ok) throw new Error('not saved');
    const opened = draftFromEvent({ ...series.event, date: '2026-03-11' });
    const moved = checkDraft(moveStart(opened, '2026-03-12'));
    expect(moved.ok && moved.event.rule).toEqual({ freq: 'weekly' });
  });
});
