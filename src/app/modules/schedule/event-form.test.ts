import { describe, expect, it } from 'vitest';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX } from '../../records/event.js';
import {
  checkDraft,
  draftFromEvent,
  leapAvailable,
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
    const draft = { ...newDraft('2026-11-22'), title: '  Dentist ', time: '15:30', memo: 'bring card' };
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

  it('names every problem at once and saves nothing', () => {
    const draft = { ...newDraft(''), title: ' ', time: '25:00', memo: 'x'.repeat(EVENT_MEMO_MAX + 1) };
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
