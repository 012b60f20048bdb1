import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { occurrencesInRange } from '../../../../calendar/recurrence.js';
import type { ScheduleEvent } from '../../../../records/event.js';
import { RICH } from '../../fixtures/calendar/schedule.js';
import { exportICalendar } from './export-ics.js';
import { importICalendar } from './icalendar.js';

const NOW = new Date('2025-03-01T09:00:00Z');

const solar = (title: string, date: string, time = '', memo = '', repeat: 'none' | 'yearly' = 'none') =>
  ({ title, calendar: 'solar', date, repeat, time, memo }) satisfies ScheduleEvent;
const lunar = (title: string, date: string, leap: boolean, repeat: 'none' | 'yearly', time = '') =>
  ({ title, calendar: 'lunar', date, leap, repeat, time, memo: '' }) satisfies ScheduleEvent;

const LONG_MEMO = Array.from(
  { length: 12 },
  (_, index) => `${index + 1}. 준비물: 여권, 충전기; 우산 \\ 선크림 — 공항 리무진 6시 출발 (Terminal 2)`,
).join('\n');

const EVENTS: Array<{ id: string; value: ScheduleEvent }> = [
  { id: 'a1', value: solar('치과 예약', '2025-03-14', '15:30', '스케일링, 충치 검사; 보험증 지참') },
  { id: 'a2', value: solar('어린이날', '2025-05-05') },
  { id: 'a3', value: solar('결혼기념일, 우리 둘만; 조용히', '2015-10-24', '', '', 'yearly') },
  { id: 'a4', value: solar('윤일 생일', '2024-02-29', '', '', 'yearly') },
  { id: 'a5', value: solar('출국 준비', '2025-07-01', '06:00', LONG_MEMO) },
  { id: 'b1', value: lunar('할머니 생신', '1940-08-15', false, 'yearly') },
  { id: 'b2', value: lunar('윤달 수의 맞추기', '2025-06-10', true, 'none', '10:00') },
  { id: 'b3', value: lunar('윤달에 태어난 조카 생일', '2023-02-05', true, 'yearly') },
  { id: 'b4', value: lunar('제사', '2024-11-03', false, 'yearly', '19:00') },
];

describe('the schedule as an .ics file', () => {
  it('writes CRLF lines of at most 75 octets, folded between whole UTF-8 characters', () => {
    const text = exportICalendar(EVENTS, { now: NOW });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const bytes = new TextEncoder().encode(text);
    const lines: Uint8Array[] = [];
    for (let at = 0; at < bytes.length;) {
      const end = bytes.indexOf(0x0d, at);
      lines.push(bytes.subarray(at, end));
      at = end + 2;
    }
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(line)).not.toThrow();
    }
    expect(lines.length).toBeGreaterThan(60);
  });

  it('escapes text, gives each event a UID from its record, and marks lunar events', () => {
    const text = exportICalendar(EVENTS, { now: NOW }).replace(/\r\n /g, '');
    expect(text).toContain('SUMMARY:결혼기념일\\, 우리 둘만\\; 조용히\r\n');
    expect(text).toContain('DESCRIPTION:스케일링\\, 충치 검사\\; 보험증 지참\r\n');
    expect(text).toContain('UID:a1@mygenie\r\nDTSTAMP:20250301T090000Z\r\nDTSTART:20250314T153000\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20250505\r\nDTEND;VALUE=DATE:20250506\r\n');
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n');
    expect(text).toContain('X-MYGENIE-LUNAR;X-MYGENIE-LEAP=TRUE;X-MYGENIE-REPEAT=YEARLY:2023-02-05\r\n');
    expect(exportICalendar(EVENTS, { now: NOW })).toBe(exportICalendar(EVENTS, { now: NOW }));
  });

  it('writes a yearly lunar date as RFC 7529’s rule in the Korean calendar, with its solar dates for ten years', () => {
    const text = exportICalendar([EVENTS[5]!], { now: NOW }).replace(/\r\n /g, '');
    expect(text).toContain('RRULE:RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;SKIP=BACKWARD\r\n');
    const start = /DTSTART;VALUE=DATE:(\d{8})/.exec(text)![1];
    const listed = /RDATE;VALUE=DATE:([\d,]+)/.exec(text)![1]!.split(',');
    const expected = occurrencesInRange(EVENTS[5]!.value, '1940-01-01', '2035-12-31').map((iso) =>
      iso.replace(/-/g, ''),
    );
    // The start is listed too: a reader that counts the rule in the Gregorian calendar does not give it.
    expect(listed).toEqual(expected);
    expect(listed[0]).toBe(start);
    // 추석 (the 15th of the 8th lunar month) fell on 6 October 2025 and falls on 25 September 2026.
    expect(listed).toContain('20251006');
    expect(listed).toContain('20260925');
    expect(listed.at(-1)!.startsWith('2035')).toBe(true);
    // Such a reader would add 15 August each year: those days are excluded, the lunar ones never are.
    const excluded = /EXDATE;VALUE=DATE:([\d,]+)/.exec(text)![1]!.split(',');
    expect(excluded).toContain('20250815');
    expect(excluded.every((day) => day.endsWith('0815') && !listed.includes(day))).toBe(true);
  });

  it('gives ical.js, which counts the RSCALE rule in the Gregorian calendar, each lunar date once for ten years', () => {
    for (const { value } of EVENTS.filter(
      ({ value }) => value.calendar === 'lunar' && value.repeat === 'yearly',
    )) {
      const text = exportICalendar([{ id: 'l', value }], { now: NOW });
      const component = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
      const iterator = new ICAL.Event(component).iterator();
      const dates: string[] = [];
      for (let next = iterator.next(); next && next.year <= 2035; next = iterator.next()) {
        dates.push(next.toString().slice(0, 10));
      }
      expect(dates, value.title).toEqual(occurrencesInRange(value, '1900-01-01', '2035-12-31'));
    }
  });

  it('writes a time in its zone with a VTIMEZONE, its end, its rule, a deleted and a changed occurrence', () => {
    const meeting = RICH.find(({ id }) => id === 'new-york')!.value;
    const text = exportICalendar([{ id: 'm', value: meeting }], { now: NOW }).replace(/\r\n /g, '');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(text).toContain(
      [
        'UID:m@mygenie',
        'DTSTAMP:20250301T090000Z',
        'DTSTART;TZID=America/New_York:20250206T180000',
        'DTEND;TZID=America/New_York:20250206T190000',
        'RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20260701T035959Z',
        'EXDATE;TZID=America/New_York:20250313T180000',
        'SUMMARY:NY 주간 통화',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:m@mygenie',
        'DTSTAMP:20250301T090000Z',
        'RECURRENCE-ID;TZID=America/New_York:20251106T180000',
        'DTSTART;TZID=America/Chicago:20251106T170000',
        'DTEND;TZID=America/Chicago:20251106T180000',
        'SUMMARY:NY 주간 통화',
      ].join('\r\n'),
    );
  });

  it('keeps a floating time floating and writes an all-day trip with the day after its last', () => {
    const text = exportICalendar(
      [
        { id: 'w', value: { ...solar('아침 산책', '2025-06-05', '07:30'), duration: 'PT1H' } },
        { id: 't', value: { ...solar('부산 출장', '2025-06-12'), duration: 'P2D' } },
      ],
      { now: NOW },
    );
    expect(text).not.toContain('VTIMEZONE');
    expect(text).toContain('DTSTART:20250605T073000\r\nDTEND:20250605T083000\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20250612\r\nDTEND;VALUE=DATE:20250614\r\n');
  });

  it('lists a start its own rule does not give, which RFC 5545 still counts first', () => {
    // A Tuesday start of a rule on Mondays and Wednesdays.
    const value: ScheduleEvent = {
      ...solar('요가', '2025-03-04', '19:00'),
      rule: { freq: 'weekly', weekdays: [1, 3] },
    };
    const text = exportICalendar([{ id: 'y', value }], { now: NOW });
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\nRDATE:20250304T190000\r\n');
    const synced = exportICalendar([{ id: 'y', value: { ...value, date: '2025-03-03' } }], { now: NOW });
    expect(synced).not.toContain('RDATE');
  });

  it('is read by another iCalendar library as the same events', () => {
    const calendar = new ICAL.Component(ICAL.parse(exportICalendar(EVENTS, { now: NOW })));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.summary)).toEqual(EVENTS.map(({ value }) => value.title));
    expect(events[4]!.description).toBe(LONG_MEMO);
    expect(events[0]!.startDate.toString()).toBe('2025-03-14T15:30:00');
    expect(events[0]!.startDate.zone?.tzid).toBe('floating');
    const leapDay = events[3]!.iterator();
    const firstFive = Array.from({ length: 5 }, () => leapDay.next()!.toString());
    expect(firstFive).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  it.each(['Asia/Seoul', 'America/New_York'])(
    'gives back equal events when imported again, records of the first version with their rule (%s)',
    async (timeZone) => {
      const bytes = new TextEncoder().encode(exportICalendar(EVENTS, { now: NOW }));
      const plan = await importICalendar(bytes, { timeZone, today: '2025-03-01' });
      const expected = EVENTS.map(({ value }) =>
        value.repeat === 'yearly' ? { ...value, rule: { freq: 'yearly' } } : value,
      );
      expect(plan.items.map((item) => item.value)).toEqual(expected);
      expect(plan.skipped).toEqual([]);
    },
  );

  it('names the shared space an event is in as its CATEGORIES, its changed occurrences too; another app reads it', async () => {
    const meeting = RICH.find(({ id }) => id === 'new-york')!.value;
    const events = [
      { id: 'a1', value: EVENTS[0]!.value },
      { id: 'a2', value: EVENTS[1]!.value, space: '우리집' },
      { id: 'm', value: meeting, space: 'Work, team; NY' },
    ];
    const text = exportICalendar(events, { now: NOW });
    const unfolded = text.replace(/\r\n /g, '');
    const categories = (uid: string) =>
      unfolded
        .split('BEGIN:VEVENT')
        .filter((block) => block.includes(`UID:${uid}@mygenie`))
        .map((block) => /\r\nCATEGORIES:(.*)\r\n/.exec(block)?.[1] ?? null);
    expect(categories('a1')).toEqual([null]);
    expect(categories('a2')).toEqual(['우리집']);
    // The series and its changed occurrence, the name's comma and semicolon escaped: one category.
    expect(categories('m')).toEqual(['Work\\, team\\; NY', 'Work\\, team\\; NY']);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const read = calendar
      .getAllSubcomponents('vevent')
      .map((component) =>
        component.getAllProperties('categories').flatMap((property) => property.getValues()),
      );
    expect(read).toEqual([[], ['우리집'], ['Work, team; NY'], ['Work, team; NY']]);

    // Imported again, an event of a space is the member's own: the category is not read.
    const plan = await importICalendar(new TextEncoder().encode(text), {
      timeZone: 'Asia/Seoul',
      today: '2025-03-01',
    });
    expect(plan.items.map((item) => (item.value as ScheduleEvent).title)).toEqual([
      '치과 예약',
      '어린이날',
      'NY 주간 통화',
    ]);
    expect(plan.items.every((item) => !('space' in item.value) && !('categories' in item.value))).toBe(true);
  });

  it('writes an empty calendar for an empty schedule', () => {
    expect(exportICalendar([], { now: NOW, prodId: '-//Test//Test//EN' })).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Test//EN\r\nCALSCALE:GREGORIAN\r\nEND:VCALENDAR\r\n',
    );
  });
});
