// The expander against RFC 5545 §3.8.5.3's own examples (wall-clock times, as the RFC writes them).
import { describe, expect, it } from 'vitest';
import { isGregorian } from '../../../../calendar/rrule-map.js';
import { expandRule, parseRule } from './rrule.js';
import { parseWall } from './zones.js';

function expand(
  dtstart: string,
  rule: string,
  { end = '21001231T235959', max = 500, dateOnly = false } = {},
) {
  const parsed = parseRule(rule);
  if (!parsed) throw new Error(`unreadable rule ${rule}`);
  const until = parsed.until ? parseWall(parsed.until.replace(/Z$/, '')) : null;
  const last = Math.min(parseWall(end)!, until ?? Infinity);
  return expandRule(parsed, parseWall(dtstart)!, { end: last, max, dateOnly }).map((wall) => {
    const iso = new Date(wall * 1000).toISOString();
    return `${iso.slice(0, 10).replace(/-/g, '')}T${iso.slice(11, 19).replace(/:/g, '')}`;
  });
}

describe('recurrence rules', () => {
  it('counts DTSTART as the first of COUNT', () => {
    expect(expand('19970902T090000', 'FREQ=DAILY;COUNT=10')).toEqual(
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((day) => `199709${String(day).padStart(2, '0')}T090000`),
    );
  });

  it('finds the nth weekday of a month and of a year', () => {
    expect(
      expand('19970905T090000', 'FREQ=MONTHLY;COUNT=10;BYDAY=1FR').map((time) => time.slice(0, 8)),
    ).toEqual([
      '19970905',
      '19971003',
      '19971107',
      '19971205',
      '19980102',
      '19980206',
      '19980306',
      '19980403',
      '19980501',
      '19980605',
    ]);
    expect(expand('19970519T090000', 'FREQ=YEARLY;BYDAY=20MO', { max: 3 })).toEqual([
      '19970519T090000',
      '19980518T090000',
      '19990517T090000',
    ]);
    expect(expand('19970512T090000', 'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', { max: 3 })).toEqual([
      '19970512T090000',
      '19980511T090000',
      '19990517T090000',
    ]);
  });

  it('picks positions in a period with BYSETPOS', () => {
    // The RFC's list starts on 30 September; DTSTART (the 29th) comes first as the first occurrence.
    expect(
      expand('19970929T090000', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', { max: 7 }).map((time) =>
        time.slice(0, 8),
      ),
    ).toEqual(['19970929', '19970930', '19971031', '19971128', '19971231', '19980130', '19980227']);
  });

  it('limits with BYMONTHDAY and expands every day of a month for years', () => {
    // DTSTART is not a Friday the 13th; it is still the first occurrence (the RFC's example removes it by EXDATE).
    expect(expand('19970902T090000', 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', { max: 6 }).slice(1)).toEqual([
      '19980213T090000',
      '19980313T090000',
      '19981113T090000',
      '19990813T090000',
      '20001013T090000',
    ]);
    const january = expand(
      '19980101T090000',
      'FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA',
    );
    expect(january).toHaveLength(93);
    expect(january.at(-1)).toBe('20000131T090000');
  });

  it('steps weeks from the week start the rule names', () => {
    expect(expand('19970805T090000', 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO')).toEqual([
      '19970805T090000',
      '19970810T090000',
      '19970819T090000',
      '19970824T090000',
    ]);
    expect(expand('19970805T090000', 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU')).toEqual([
      '19970805T090000',
      '19970817T090000',
      '19970819T090000',
      '19970831T090000',
    ]);
  });

  it('skips days a month does not have', () => {
    expect(
      expand('20070115T090000', 'FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5').map((time) => time.slice(0, 8)),
    ).toEqual(['20070115', '20070130', '20070215', '20070315', '20070330']);
  });

  it('repeats within a day', () => {
    expect(expand('19970902T090000', 'FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000')).toEqual([
      '19970902T090000',
      '19970902T120000',
      '19970902T150000',
    ]);
    expect(
      expand('19970902T090000', 'FREQ=MINUTELY;INTERVAL=15;COUNT=6').map((time) => time.slice(9)),
    ).toEqual(['090000', '091500', '093000', '094500', '100000', '101500']);
    const everyTwenty = expand(
      '19970902T090000',
      'FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40',
      {
        end: '19970903T235959',
      },
    );
    expect(everyTwenty).toHaveLength(48);
    expect(everyTwenty.slice(22, 26)).toEqual([
      '19970902T162000',
      '19970902T164000',
      '19970903T090000',
      '19970903T092000',
    ]);
  });

  it('stops on rules no date meets and caps endless fine-grained ones', () => {
    expect(expand('20250101T090000', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')).toEqual(['20250101T090000']);
    expect(expand('20250101T090000', 'FREQ=SECONDLY;INTERVAL=2;BYSECOND=1')).toEqual(['20250101T090000']);
    expect(expand('20250101T090000', 'FREQ=SECONDLY')).toHaveLength(500);
    expect(expand('20250101T090000', 'FREQ=YEARLY;INTERVAL=999999999')).toEqual(['20250101T090000']);
  });

  it('refuses rules it cannot read', () => {
    expect(parseRule('FREQ=FORTNIGHTLY')).toBeNull();
    expect(parseRule('FREQ=DAILY;BYDAY=XX')).toBeNull();
    expect(parseRule('FREQ=DAILY;BYMONTH=13')).toBeNull();
    expect(parseRule('FREQ=DAILY;BYMONTH=5L')).toBeNull();
    expect(parseRule('FREQ=MONTHLY;SKIP=BACKWARD')).toBeNull();
    expect(parseRule('FREQ=DAILY;COUNT=3;UNTIL=20250101')).toBeNull();
    expect(parseRule('FREQ=YEARLY;X-SOMETHING=1')).toMatchObject({ freq: 'YEARLY', interval: 1 });
  });

  it('reads RFC 7529’s calendars, leap months and SKIP, as rules not to be counted in the Gregorian calendar', () => {
    const lunar = parseRule('RSCALE=dangi;FREQ=YEARLY;BYMONTH=4L;BYMONTHDAY=-1;SKIP=BACKWARD')!;
    expect(lunar).toMatchObject({ rscale: 'DANGI', leapMonths: [4], byMonthDay: [-1], skip: 'BACKWARD' });
    expect(lunar.byMonth).toBeUndefined();
    expect(isGregorian(lunar)).toBe(false);
    expect(isGregorian(parseRule('RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD')!)).toBe(false);
    expect(isGregorian(parseRule('RSCALE=GREGORIAN;FREQ=MONTHLY')!)).toBe(true);
    expect(isGregorian(parseRule('FREQ=MONTHLY')!)).toBe(true);
  });
});
