// The birth date form's checks against the calendars, and reading a stored record back defensively.
import { describe, expect, it } from 'vitest';
import { checkBirth, parseBirth, type BirthForm } from './birth.js';

const TODAY = '2026-11-22';
const form = (fields: Partial<BirthForm>): BirthForm => ({
  calendar: 'solar',
  year: '1990',
  month: '5',
  day: '15',
  leapMonth: false,
  time: '',
  ...fields,
});

describe('checking a birth date', () => {
  it('takes a solar date with or without a time, and a Korean lunar date with its leap month', () => {
    const solar = checkBirth(form({ time: '14:30' }), TODAY);
    expect(solar.ok && solar.birth).toEqual({
      v: 1,
      calendar: 'solar',
      year: 1990,
      month: 5,
      day: 15,
      leapMonth: false,
      hour: 14,
      minute: 30,
    });
    expect(solar.ok && solar.pillars.hour?.hanja).toBe('癸未');

    const noTime = checkBirth(form({}), TODAY);
    expect(noTime.ok && [noTime.birth.hour, noTime.birth.minute, noTime.pillars.hour]).toEqual([
      null,
      null,
      null,
    ]);

    // Lunar 1990-04-21 is 1990-05-15; 1990's leap month came after the 5th (윤5월 1일 = 1990-06-23).
    const lunar = checkBirth(form({ calendar: 'lunar', month: '4', day: '21' }), TODAY);
    expect(lunar.ok && lunar.pillars.solarDate).toBe('1990-05-15');
    const leap = checkBirth(form({ calendar: 'lunar', month: '5', day: '1', leapMonth: true }), TODAY);
    expect(leap.ok && [leap.birth.leapMonth, leap.pillars.solarDate]).toEqual([true, '1990-06-23']);
    // The leap box means nothing for a solar date.
    const solarLeap = checkBirth(form({ leapMonth: true }), TODAY);
    expect(solarLeap.ok && solarLeap.birth.leapMonth).toBe(false);
  });

  it('names what is wrong, and which field', () => {
    const problem = (fields: Partial<BirthForm>) => {
      const result = checkBirth(form(fields), TODAY);
      return result.ok ? 'ok' : `${result.field}:${result.problem}`;
    };
    expect(problem({ day: '' })).toBe('date:date-missing');
    expect(problem({ year: 'abcd' })).toBe('date:date-missing');
    expect(problem({ month: '2', day: '30' })).toBe('date:date-invalid');
    expect(problem({ year: '2023', month: '2', day: '29' })).toBe('date:date-invalid');
    expect(problem({ year: '2024', month: '2', day: '29' })).toBe('ok');
    expect(problem({ calendar: 'lunar', month: '3', day: '1', leapMonth: true })).toBe('date:lunar-invalid');
    expect(problem({ calendar: 'lunar', month: '1', day: '31' })).toBe('date:lunar-invalid');
    expect(problem({ year: '1899', month: '12', day: '31' })).toBe('date:out-of-range');
    expect(problem({ year: '2026', month: '11', day: '23' })).toBe('date:future');
    expect(problem({ year: '2026', month: '11', day: '22' })).toBe('ok');
    expect(problem({ year: '2200', month: '1', day: '1' })).toBe('date:future');
    expect(problem({ calendar: 'lunar', year: '2060', month: '1', day: '1' })).toBe('date:future');
    expect(problem({ time: '24:00' })).toBe('time:time-invalid');
    expect(problem({ time: '7:5' })).toBe('time:time-invalid');
    expect(problem({ time: '23:59' })).toBe('ok');
  });
});

describe('reading a stored birth record', () => {
  it('gives back exactly a valid record, and nothing for anything else', () => {
    const good = checkBirth(form({ time: '09:05' }), TODAY);
    if (!good.ok) throw new Error('expected a valid birth');
    expect(parseBirth(JSON.stringify(good.birth))).toEqual(good.birth);
    for (const text of [
      null,
      '',
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...good.birth, v: 2 }),
      JSON.stringify({ ...good.birth, calendar: 'julian' }),
      JSON.stringify({ ...good.birth, year: '1990' }),
      JSON.stringify({ ...good.birth, hour: 9.5 }),
      JSON.stringify({ ...good.birth, minute: null }),
      JSON.stringify({ ...good.birth, month: 2, day: 31 }),
      JSON.stringify({ ...good.birth, hour: 25 }),
    ]) {
      expect(parseBirth(text), String(text)).toBeNull();
    }
  });
});
