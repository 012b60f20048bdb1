import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { occurrencesBetween } from '../../../../calendar/occurrences.js';
import { EVENT_MEMO_MAX, type ScheduleEvent } from '../../../../records/event.js';
import type { VaultEntry } from '../../../../vault/vault.js';
import { ImportError, recordKey, type ImportOptions, type ImportPlan } from '../../plan.js';
import { splitAlreadyThere } from '../../prepare.js';
import { OCCURRENCES_MAX, importICalendar } from './icalendar.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/calendar/${name}`, import.meta.url)));
const SEOUL: ImportOptions = { timeZone: 'Asia/Seoul', today: '2025-03-01' };
const NEW_YORK: ImportOptions = { timeZone: 'America/New_York', today: '2025-03-01' };

/** A calendar file from its lines, with CRLF as RFC 5545 writes it. */
function calendar(...lines: string[]): Uint8Array {
  return new TextEncoder().encode(
    ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n'),
  );
}

/** A VTIMEZONE of observances: STANDARD or DAYLIGHT, DTSTART, TZOFFSETFROM, TZOFFSETTO and an RRULE or none. */
function vtimezone(tzid: string, ...observances: Array<[string, string, string, string, string?]>): string[] {
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    ...observances.flatMap(([kind, start, from, to, rule]) => [
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${from}`,
      `TZOFFSETTO:${to}`,
      ...(rule ? [`RRULE:${rule}`] : []),
      `END:${kind}`,
    ]),
    'END:VTIMEZONE',
  ];
}

function event(...lines: string[]): string[] {
  return ['BEGIN:VEVENT', 'UID:test-1', 'DTSTAMP:20250301T000000Z', ...lines, 'END:VEVENT'];
}

const events = (plan: ImportPlan) => plan.items.map((item) => item.value as ScheduleEvent);
const byTitle = (plan: ImportPlan, title: string) => events(plan).find((value) => value.title === title);

/** What the schedule shows of the plan's events in a zone, day by day: date, time and title of each occurrence. */
function shown(plan: ImportPlan, zone: string, from: string, to: string): string[] {
  const saved = events(plan).map((value, index) => ({ id: `i${index}`, value }));
  return occurrencesBetween(saved, from, to, zone).map(
    ({ date, time, title }) => `${date} ${time || 'all-day'} ${title}`,
  );
}

async function refusal(bytes: Uint8Array, options: ImportOptions = SEOUL): Promise<ImportError> {
  const error = await importICalendar(bytes, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

const MEETING_MEMO =
  "매주 월요일 팀 회의입니다. 안건: 1) 지난주 실적, 2) 이번 주 일정; 3) 기타 공지. 회의록은 공유 드라이브의 '주간회의' " +
  '폴더에 올려 주세요.\n준비물: 노트북, 충전기\n📍 본사 3층 대회의실';

describe('a Google Calendar export', () => {
  it('keeps the weekly meeting as one series, with its removed and its moved occurrence', async () => {
    const plan = await importICalendar(fixture('google.ics'), SEOUL);
    expect(plan.format).toBe('icalendar');
    const first = plan.items[0]!;
    expect(first).toMatchObject({ kind: 'event', line: 18 });
    expect(first.value).toEqual({
      title: '팀 주간 회의',
      calendar: 'solar',
      date: '2025-01-06',
      repeat: 'none',
      time: '10:00',
      memo: MEETING_MEMO,
      duration: 'PT1H',
      zone: 'Asia/Seoul',
      // UNTIL is 2025-02-24 09:59:59 in Seoul, before that Monday's 10:00.
      rule: { freq: 'weekly', until: '2025-02-23' },
      exceptions: {
        '2025-01-27': { deleted: true },
        '2025-02-10': {
          date: '2025-02-11',
          time: '14:00',
          title: '팀 주간 회의 (화요일)',
          memo: '설 연휴 뒤라 화요일로 옮깁니다.\n📍 본사 3층 대회의실',
        },
      },
      // Its alarm ten minutes before (TRIGGER:-P0DT0H10M0S) is a reminder of the series.
      reminders: [10],
    });
    expect(first.key).toBe(recordKey('event', first.value));
    expect(
      shown(plan, 'Asia/Seoul', '2025-01-01', '2025-03-01').filter((line) => line.includes('팀')),
    ).toEqual([
      '2025-01-06 10:00 팀 주간 회의',
      '2025-01-13 10:00 팀 주간 회의',
      '2025-01-20 10:00 팀 주간 회의',
      '2025-02-03 10:00 팀 주간 회의',
      '2025-02-11 14:00 팀 주간 회의 (화요일)',
      '2025-02-17 10:00 팀 주간 회의',
    ]);
    // Nothing is left out but the cancelled event: the repeat, its exceptions and every end are kept.
    expect(plan.skipped).toEqual([{ reason: 'cancelled', what: '동창 모임', line: 97 }]);
  });

  it('keeps a birthday yearly, trips as one event over their days, an evening with its end, a UTC time in the member’s zone', async () => {
    const plan = await importICalendar(fixture('google.ics'), SEOUL);
    expect(byTitle(plan, '엄마 생신')).toEqual({
      title: '엄마 생신',
      calendar: 'solar',
      date: '1962-03-15',
      repeat: 'yearly',
      time: '',
      memo: '',
      rule: { freq: 'yearly' },
    });
    expect(byTitle(plan, '제주 가족 여행')).toMatchObject({
      date: '2025-05-01',
      time: '',
      duration: 'P5D',
      memo: '항공편 KE1201, 숙소: 서귀포',
    });
    // DTEND two days after DTSTART: both days, one event.
    expect(byTitle(plan, '부산 출장')).toMatchObject({ date: '2025-06-12', time: '', duration: 'P2D' });
    expect(shown(plan, 'Asia/Seoul', '2025-06-13', '2025-06-14')).toEqual(['2025-06-12 all-day 부산 출장']);
    expect(byTitle(plan, '가족 저녁')).toMatchObject({
      date: '2025-04-12',
      time: '19:00',
      duration: 'PT2H',
      zone: 'Asia/Seoul',
      memo: '📍 을지로 평양냉면',
    });
    expect(byTitle(plan, '셋째 토요일 봉사')).toMatchObject({
      date: '2025-03-15',
      rule: { freq: 'monthly', nth: 3, count: 6 },
      duration: 'PT3H',
    });
    // Google writes descriptions edited on its web page as HTML.
    expect(byTitle(plan, 'NY 지사 화상 회의')).toMatchObject({
      date: '2025-03-20',
      time: '22:30',
      duration: 'PT1H',
      zone: 'Asia/Seoul',
      memo: 'Quarterly sync with the New York office\nAgenda: budget & hiring\n📍 https://meet.google.com/abc-defg-hij',
    });
  });

  it('shows the same instants in New York when the member lives there', async () => {
    const seoul = await importICalendar(fixture('google.ics'), SEOUL);
    const newYork = await importICalendar(fixture('google.ics'), NEW_YORK);
    const expected = [
      '2025-01-05 20:00 팀 주간 회의',
      '2025-01-12 20:00 팀 주간 회의',
      '2025-01-19 20:00 팀 주간 회의',
      '2025-02-02 20:00 팀 주간 회의',
      '2025-02-11 00:00 팀 주간 회의 (화요일)',
      '2025-02-16 20:00 팀 주간 회의',
      '2025-03-14 21:00 셋째 토요일 봉사',
      '2025-03-15 all-day 엄마 생신',
      '2025-03-20 09:30 NY 지사 화상 회의',
    ];
    expect(shown(seoul, 'America/New_York', '2025-01-01', '2025-03-31')).toEqual(expected);
    expect(shown(newYork, 'America/New_York', '2025-01-01', '2025-03-31')).toEqual(expected);
    // The meeting in UTC is kept in New York's own zone by a member there.
    expect(byTitle(newYork, 'NY 지사 화상 회의')).toMatchObject({ time: '09:30', zone: 'America/New_York' });
  });

  it('finds every event of the file already there when it is imported again', async () => {
    const first = await importICalendar(fixture('google.ics'), SEOUL);
    const stored: VaultEntry[] = first.items.map((item, index) => ({
      id: `e${index}`,
      kind: 'event',
      value: JSON.parse(JSON.stringify(item.value)) as unknown,
      updatedAt: 1,
    }));
    const again = await importICalendar(fixture('google.ics'), SEOUL);
    const split = splitAlreadyThere(again.items, stored);
    expect(split.fresh).toEqual([]);
    expect(split.already).toHaveLength(first.items.length);
  });
});

describe('an Apple Calendar export', () => {
  it('reads its VTIMEZONE, with Korea’s summer time of 1987', async () => {
    const plan = await importICalendar(fixture('apple.ics'), SEOUL);
    expect(shown(plan, 'Asia/Seoul', '1987-06-15', '1987-06-15')).toEqual([
      '1987-06-15 09:00 아빠 입사 첫날',
    ]);
    expect(shown(plan, 'Asia/Seoul', '2025-03-01', '2025-03-21')).toEqual([
      '2025-03-04 06:30 수영 강습',
      '2025-03-05 17:00 피아노 레슨',
      '2025-03-06 06:30 수영 강습',
      '2025-03-12 17:00 피아노 레슨',
      '2025-03-12 18:00 결혼기념일 저녁',
      '2025-03-18 06:30 수영 강습',
      '2025-03-19 17:00 피아노 레슨',
      '2025-03-20 06:30 수영 강습',
    ]);
    // 09:00 at UTC+10 (Korean summer time then) is 19:00 the day before in New York (EDT); at UTC+9 it would be 20:00.
    expect(shown(plan, 'America/New_York', '1987-06-14', '1987-06-14')).toEqual([
      '1987-06-14 19:00 아빠 입사 첫날',
    ]);
    // New York moves its clocks on 9 March 2025: the swimming lessons move by an hour there.
    expect(
      shown(plan, 'America/New_York', '2025-03-01', '2025-03-18').filter((line) => line.includes('수영')),
    ).toEqual(['2025-03-03 16:30 수영 강습', '2025-03-05 16:30 수영 강습', '2025-03-17 17:30 수영 강습']);
    // A floating time is the member's own wall clock wherever they are.
    expect(shown(plan, 'America/New_York', '2025-06-05', '2025-06-05')).toEqual([
      '2025-06-05 07:30 아침 산책',
    ]);
    expect(byTitle(plan, '아침 산책')).toMatchObject({ time: '07:30', duration: 'PT1H' });
    expect(byTitle(plan, '아침 산책')!.zone).toBeUndefined();
  });

  it('keeps escaped commas, a location with quoted parameters, the yearly birthday and the swimming rule', async () => {
    const plan = await importICalendar(fixture('apple.ics'), SEOUL);
    expect(events(plan)[0]!.memo).toBe(
      '10주년! 꽃다발 찾아 가기 (성산동 꽃집, 6시 전)\n📍 작은 부엌, 서울 마포구 연남동',
    );
    expect(byTitle(plan, '우리 강아지 생일 🐶')).toMatchObject({
      repeat: 'yearly',
      rule: { freq: 'yearly' },
    });
    expect(byTitle(plan, '수영 강습')).toMatchObject({
      rule: { freq: 'weekly', interval: 2, weekdays: [2, 4], count: 6 },
    });
    expect(plan.skipped).toEqual([]);
  });

  it('splits a series changed from one occurrence on (RANGE=THISANDFUTURE) as "this and following" does', async () => {
    const plan = await importICalendar(fixture('apple.ics'), SEOUL);
    const piano = events(plan).filter((value) => value.title.startsWith('피아노'));
    expect(piano).toEqual([
      expect.objectContaining({
        date: '2025-03-05',
        time: '17:00',
        rule: { freq: 'weekly', until: '2025-04-01' },
      }),
      expect.objectContaining({
        title: '피아노 레슨 (저녁반)',
        date: '2025-04-02',
        time: '18:00',
        duration: 'PT1H',
        rule: { freq: 'weekly', until: '2025-04-30' },
      }),
    ]);
    expect(
      shown(plan, 'Asia/Seoul', '2025-03-24', '2025-04-10').filter((line) => line.includes('피아노')),
    ).toEqual([
      '2025-03-26 17:00 피아노 레슨',
      '2025-04-02 18:00 피아노 레슨 (저녁반)',
      '2025-04-09 18:00 피아노 레슨 (저녁반)',
    ]);
  });
});

describe('repeats', () => {
  it('keeps a yearly rule as one event, every other year and with a count too', async () => {
    const plan = await importICalendar(
      calendar(
        ...event(
          'DTSTART;VALUE=DATE:20200315',
          'RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15',
          'SUMMARY:결혼기념일',
        ),
        ...event(
          'DTSTART;VALUE=DATE:20240101',
          'RRULE:FREQ=YEARLY;INTERVAL=2;COUNT=3',
          'SUMMARY:격년 건강검진',
        ),
      ),
      SEOUL,
    );
    expect(events(plan).map(({ rule, repeat }) => ({ rule, repeat }))).toEqual([
      { rule: { freq: 'yearly' }, repeat: 'yearly' },
      { rule: { freq: 'yearly', interval: 2, count: 3 }, repeat: 'none' },
    ]);
    expect(
      shown(plan, 'Asia/Seoul', '2024-01-01', '2030-12-31').filter((line) => line.includes('검진')),
    ).toEqual([
      '2024-01-01 all-day 격년 건강검진',
      '2026-01-01 all-day 격년 건강검진',
      '2028-01-01 all-day 격년 건강검진',
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it('gives a rule the schedule cannot hold as its dates to a year after today, and says so', async () => {
    const plan = await importICalendar(
      calendar(
        // The first Monday or Tuesday of each month: BYSETPOS over two weekdays.
        ...event(
          'DTSTART;TZID=Asia/Seoul:20250106T190000',
          'RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1',
          'SUMMARY:독서 모임',
        ),
      ),
      SEOUL,
    );
    expect(events(plan)[0]).toMatchObject({ date: '2025-01-06', time: '19:00', zone: 'Asia/Seoul' });
    expect(events(plan).at(-1)!.date).toBe('2026-02-02');
    expect(plan.items).toHaveLength(14);
    expect(events(plan).every((value) => value.rule === undefined)).toBe(true);
    expect(plan.skipped).toEqual([{ reason: 'repeat-simplified', what: '독서 모임', line: 3 }]);
  });

  it('keeps at most 500 occurrences, also of a SECONDLY rule without end or a rule no date meets', async () => {
    const hourly = await importICalendar(
      calendar(...event('DTSTART:20100101T070000', 'RRULE:FREQ=HOURLY', 'SUMMARY:알림')),
      SEOUL,
    );
    expect(hourly.items).toHaveLength(OCCURRENCES_MAX);
    const hostile = await importICalendar(
      calendar(
        ...event('DTSTART:20250101T000000Z', 'RRULE:FREQ=SECONDLY', 'SUMMARY:flood'),
        ...event('DTSTART:20250101T000000Z', 'RRULE:FREQ=SECONDLY;INTERVAL=2;BYSECOND=1', 'SUMMARY:never'),
        ...event(
          'DTSTART:20250101T000000Z',
          'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
          'SUMMARY:impossible',
        ),
      ),
      SEOUL,
    );
    // 500 seconds are nine distinct minutes: the schedule keeps minutes, so they are nine events.
    expect(events(hostile).filter((value) => value.title === 'flood')).toHaveLength(9);
    expect(
      events(hostile)
        .filter((value) => value.title !== 'flood')
        .map((value) => value.title),
    ).toEqual(['never', 'impossible']);
  });

  it('keeps a yearly event’s removed and moved occurrences in it', async () => {
    const plan = await importICalendar(
      calendar(
        ...event(
          'DTSTART;VALUE=DATE:20200505',
          'RRULE:FREQ=YEARLY',
          'EXDATE;VALUE=DATE:20230505',
          'SUMMARY:어린이날 가족 나들이',
        ),
        'BEGIN:VEVENT',
        'UID:test-1',
        'RECURRENCE-ID;VALUE=DATE:20240505',
        'DTSTART;VALUE=DATE:20240506',
        'SUMMARY:어린이날 가족 나들이 (대체)',
        'END:VEVENT',
      ),
      SEOUL,
    );
    expect(events(plan)).toHaveLength(1);
    expect(events(plan)[0]!.exceptions).toEqual({
      '2023-05-05': { deleted: true },
      '2024-05-05': { date: '2024-05-06', title: '어린이날 가족 나들이 (대체)' },
    });
    expect(shown(plan, 'Asia/Seoul', '2022-01-01', '2025-12-31')).toEqual([
      '2022-05-05 all-day 어린이날 가족 나들이',
      '2024-05-06 all-day 어린이날 가족 나들이 (대체)',
      '2025-05-05 all-day 어린이날 가족 나들이',
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it('keeps a cancelled occurrence as deleted, and an occurrence whose series is not in the file apart', async () => {
    const plan = await importICalendar(
      calendar(
        ...event('DTSTART:20250106T090000', 'RRULE:FREQ=DAILY;COUNT=3', 'SUMMARY:워크숍'),
        'BEGIN:VEVENT',
        'UID:test-1',
        'RECURRENCE-ID:20250107T090000',
        'DTSTART:20250107T090000',
        'STATUS:CANCELLED',
        'SUMMARY:워크숍',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:someone-elses-series',
        'RECURRENCE-ID:20250110T150000Z',
        'DTSTART:20250110T150000Z',
        'SUMMARY:초대받은 회의',
        'END:VEVENT',
      ),
      SEOUL,
    );
    expect(events(plan)[0]!).toMatchObject({
      rule: { freq: 'daily', count: 3 },
      exceptions: { '2025-01-07': { deleted: true } },
    });
    expect(shown(plan, 'Asia/Seoul', '2025-01-01', '2025-01-31')).toEqual([
      '2025-01-06 09:00 워크숍',
      '2025-01-08 09:00 워크숍',
      '2025-01-11 00:00 초대받은 회의',
    ]);
  });

  it('reads a lunar date repeating in the Korean calendar (RFC 7529) from another app as a lunar event', async () => {
    const plan = await importICalendar(
      calendar(
        ...event('DTSTART;VALUE=DATE:20250129', 'RRULE:RSCALE=DANGI;FREQ=YEARLY', 'SUMMARY:설날'),
        // 'KOREAN', as some writers name it, is the same calendar.
        ...event('DTSTART;VALUE=DATE:20250929', 'RRULE:FREQ=YEARLY;RSCALE=KOREAN', 'SUMMARY:엄마 생신'),
        // The Chinese calendar is not Korea's: it stays the one date, said so.
        ...event('DTSTART;VALUE=DATE:20250129', 'RRULE:RSCALE=CHINESE;FREQ=YEARLY', 'SUMMARY:春节'),
      ),
      SEOUL,
    );
    expect(events(plan)[0]).toMatchObject({
      calendar: 'lunar',
      date: '2025-01-01',
      leap: false,
      rule: { freq: 'yearly' },
    });
    expect(events(plan)[1]).toMatchObject({
      calendar: 'lunar',
      date: '2025-08-08',
      rule: { freq: 'yearly' },
    });
    expect(
      shown(plan, 'Asia/Seoul', '2026-01-01', '2027-12-31').filter((line) => line.includes('설날')),
    ).toEqual(['2026-02-17 all-day 설날', '2027-02-07 all-day 설날']);
    expect(plan.skipped).toEqual([{ reason: 'repeat-simplified', what: '春节', line: 17 }]);
  });
});

describe('a lunar series changed from one year on', () => {
  it('is split in two lunar series, the later one at its new time', async () => {
    const plan = await importICalendar(
      calendar(
        ...event(
          'DTSTART;TZID=Asia/Seoul:20250129T190000',
          'RRULE:RSCALE=DANGI;FREQ=YEARLY',
          'SUMMARY:설 저녁',
        ),
        'BEGIN:VEVENT',
        'UID:test-1',
        'RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Seoul:20270207T190000',
        'DTSTART;TZID=Asia/Seoul:20270207T180000',
        'SUMMARY:설 저녁',
        'END:VEVENT',
      ),
      SEOUL,
    );
    expect(events(plan)).toEqual([
      expect.objectContaining({
        calendar: 'lunar',
        date: '2025-01-01',
        time: '19:00',
        rule: { freq: 'yearly', until: '2027-02-06' },
      }),
      expect.objectContaining({
        calendar: 'lunar',
        date: '2027-01-01',
        time: '18:00',
        rule: { freq: 'yearly' },
      }),
    ]);
    expect(shown(plan, 'Asia/Seoul', '2026-01-01', '2028-12-31')).toEqual([
      '2026-02-17 19:00 설 저녁',
      '2027-02-07 18:00 설 저녁',
      '2028-01-27 18:00 설 저녁',
    ]);
    expect(plan.skipped).toEqual([]);
  });
});

describe('time zones', () => {
  it('names a zone without a VTIMEZONE through Intl, also behind a prefix, and reads an unknown one as floating', async () => {
    const plan = await importICalendar(
      calendar(
        ...event('DTSTART;TZID=America/New_York:20250704T210000', 'SUMMARY:불꽃놀이 생중계'),
        ...event('DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20250801T120000', 'SUMMARY:베를린 점심'),
        ...event('DTSTART;TZID=Nowhere Standard Time:20250801T120000', 'SUMMARY:어딘가'),
      ),
      SEOUL,
    );
    expect(events(plan).map((value) => value.zone)).toEqual(['America/New_York', 'Europe/Berlin', undefined]);
    expect(shown(plan, 'Asia/Seoul', '2025-07-01', '2025-08-31')).toEqual([
      '2025-07-05 10:00 불꽃놀이 생중계',
      '2025-08-01 12:00 어딘가',
      '2025-08-01 19:00 베를린 점심',
    ]);
  });

  it('prefers the file’s own VTIMEZONE, as Outlook names it', async () => {
    const plan = await importICalendar(
      calendar(
        ...vtimezone('Korea Standard Time', ['STANDARD', '16010101T000000', '+0900', '+0900']),
        ...event('DTSTART;TZID=Korea Standard Time:20250310T083000', 'SUMMARY:출근'),
      ),
      NEW_YORK,
    );
    expect(events(plan)[0]).toMatchObject({ time: '08:30', zone: 'Asia/Seoul' });
    expect(shown(plan, 'America/New_York', '2025-03-01', '2025-03-31')).toEqual(['2025-03-09 19:30 출근']);
    // Even over what Intl knows of the same name: the file says what its times meant.
    const own = await importICalendar(
      calendar(
        ...vtimezone('Asia/Seoul', ['STANDARD', '19700101T000000', '+0800', '+0800']),
        ...event('DTSTART;TZID=Asia/Seoul:20250310T083000', 'SUMMARY:출근'),
      ),
      NEW_YORK,
    );
    expect(events(own)[0]).toMatchObject({ time: '08:30', zone: 'Etc/GMT-8' });
    expect(shown(own, 'America/New_York', '2025-03-01', '2025-03-31')).toEqual(['2025-03-09 20:30 출근']);
  });

  it('keeps an Outlook series in the zone its Windows name stands for, summer time and all', async () => {
    const plan = await importICalendar(
      calendar(
        ...vtimezone(
          'Pacific Standard Time',
          ['STANDARD', '16010101T020000', '-0700', '-0800', 'FREQ=YEARLY;BYDAY=1SU;BYMONTH=11'],
          ['DAYLIGHT', '16010101T020000', '-0800', '-0700', 'FREQ=YEARLY;BYDAY=2SU;BYMONTH=3'],
        ),
        ...event(
          'DTSTART;TZID=Pacific Standard Time:20250303T090000',
          'DTEND;TZID=Pacific Standard Time:20250303T093000',
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3',
          'SUMMARY:스탠드업',
        ),
      ),
      SEOUL,
    );
    expect(events(plan)[0]).toMatchObject({
      time: '09:00',
      duration: 'PT30M',
      zone: 'America/Los_Angeles',
      rule: { freq: 'weekly', count: 3 },
    });
    expect(shown(plan, 'Asia/Seoul', '2025-03-01', '2025-03-31')).toEqual([
      '2025-03-04 02:00 스탠드업',
      '2025-03-11 01:00 스탠드업',
      '2025-03-18 01:00 스탠드업',
    ]);
  });

  it('keeps a series in UTC in the member’s zone where that zone keeps one offset and the same days, else in UTC', async () => {
    const file = calendar(
      ...event(
        'DTSTART:20250106T010000Z',
        'DTEND:20250106T020000Z',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'SUMMARY:점검',
      ),
    );
    expect(events(await importICalendar(file, SEOUL))[0]).toMatchObject({
      date: '2025-01-06',
      time: '10:00',
      zone: 'Asia/Seoul',
      duration: 'PT1H',
    });
    // New York changes its clocks: the series stays in UTC, so each occurrence keeps its instant.
    expect(events(await importICalendar(file, NEW_YORK))[0]).toMatchObject({ time: '01:00', zone: 'UTC' });
    const late = calendar(...event('DTSTART:20250106T200000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO', 'SUMMARY:점검'));
    // 20:00 UTC on Monday is Tuesday in Seoul: the Mondays of the rule would not hold there.
    expect(events(await importICalendar(late, SEOUL))[0]).toMatchObject({ date: '2025-01-06', zone: 'UTC' });
  });
});

describe('text', () => {
  it('unfolds a value folded inside a UTF-8 character, and reads a BOM and bare LF lines', async () => {
    const title = new TextEncoder().encode('SUMMARY:한가위 성묘');
    // Fold after the first byte of '가' (EA B0 80).
    const cutAt = title.indexOf(0xea);
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:20251006\n'),
      ...title.subarray(0, cutAt + 1),
      ...new TextEncoder().encode('\n '),
      ...title.subarray(cutAt + 1),
      ...new TextEncoder().encode('\nEND:VEVENT\nEND:VCALENDAR\n'),
    ]);
    expect(shown(await importICalendar(bytes, SEOUL), 'Asia/Seoul', '2025-10-06', '2025-10-06')).toEqual([
      '2025-10-06 all-day 한가위 성묘',
    ]);
  });

  it('reads a file in CP949', async () => {
    // '설날' in CP949 (EUC-KR): BC B3 B3 AF.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(
        'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260217\r\nSUMMARY:',
      ),
      0xbc,
      0xb3,
      0xb3,
      0xaf,
      ...new TextEncoder().encode('\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
    ]);
    expect(shown(await importICalendar(bytes, SEOUL), 'Asia/Seoul', '2026-02-17', '2026-02-17')).toEqual([
      '2026-02-17 all-day 설날',
    ]);
  });

  it('cuts a 10 MB folded description to the memo’s length, and says so', async () => {
    const huge = '가나다라마바사아자차카타파하 '.repeat(700_000).slice(0, 3_500_000);
    const folded = `DESCRIPTION:${huge}`.match(/.{1,24}/gsu)!.join('\r\n ');
    const plan = await importICalendar(
      calendar(...event('DTSTART:20250301T100000', 'SUMMARY:긴 메모', folded)),
      SEOUL,
    );
    expect(events(plan)[0]!.memo).toHaveLength(EVENT_MEMO_MAX);
    expect(events(plan)[0]!.memo.startsWith('가나다라')).toBe(true);
    expect(plan.skipped).toEqual([{ reason: 'shortened', what: '긴 메모', line: 3 }]);
    const unfolded = await importICalendar(
      calendar(...event('DTSTART:20250301T100000', 'SUMMARY:한 줄', `DESCRIPTION:${'x'.repeat(10_000_000)}`)),
      SEOUL,
    );
    expect(events(unfolded)[0]!.memo).toHaveLength(EVENT_MEMO_MAX);
  });

  it('skips to-dos, journal entries and events with nothing to call them', async () => {
    const plan = await importICalendar(
      calendar(
        'BEGIN:VTODO',
        'UID:todo-1',
        'SUMMARY:장보기',
        'END:VTODO',
        'BEGIN:VJOURNAL',
        'UID:journal-1',
        'SUMMARY:오늘의 일기',
        'END:VJOURNAL',
        ...event('DTSTART;VALUE=DATE:20250301'),
      ),
      SEOUL,
    );
    expect(plan.items).toEqual([]);
    expect(plan.skipped).toEqual([
      { reason: 'unsupported-type', what: '장보기', line: 3 },
      { reason: 'unsupported-type', what: '오늘의 일기', line: 7 },
      { reason: 'empty', what: '', line: 11 },
    ]);
  });
});

describe('files that are not calendars, or broken ones', () => {
  it('refuses what is not iCalendar', async () => {
    const vcard = new TextEncoder().encode('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:홍길동\r\nEND:VCARD\r\n');
    expect((await refusal(vcard)).code).toBe('unsupported');
    expect((await refusal(new TextEncoder().encode('date,title\n2025-01-01,설날\n'))).code).toBe(
      'unsupported',
    );
    expect((await refusal(new Uint8Array())).code).toBe('empty');
  });

  it('says where a file is cut or broken', async () => {
    const cut = new TextEncoder().encode(
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20250101T090000\r\nSUMM',
    );
    expect(await refusal(cut)).toMatchObject({ code: 'damaged', line: 4 });
    const crossed = calendar('BEGIN:VEVENT', 'DTSTART:20250101T090000', 'END:VTODO');
    expect(await refusal(crossed)).toMatchObject({ code: 'damaged', line: 5 });
    const badDate = calendar(...event('DTSTART:20251345T250000', 'SUMMARY:잘못된 날짜'));
    expect(await refusal(badDate)).toMatchObject({ code: 'bad-row', line: 6, detail: 'DTSTART' });
    const noStart = calendar(...event('SUMMARY:날짜 없음'));
    expect(await refusal(noStart)).toMatchObject({ code: 'bad-row', line: 3, detail: 'DTSTART' });
    const badExdate = calendar(...event('DTSTART:20250101T090000', 'RRULE:FREQ=DAILY', 'EXDATE:yesterday'));
    expect(await refusal(badExdate)).toMatchObject({ code: 'bad-row', line: 8, detail: 'EXDATE' });
    const nested = calendar(...Array.from({ length: 20 }, () => 'BEGIN:X-DEEP'));
    expect(await refusal(nested)).toMatchObject({ code: 'damaged' });
  });
});

describe('alarms', () => {
  it('keeps an alarm counted back from the start as a reminder, and leaves out one it cannot keep', async () => {
    const alarm = (...lines: string[]) => ['BEGIN:VALARM', 'ACTION:DISPLAY', ...lines, 'END:VALARM'];
    const plan = await importICalendar(
      calendar(
        ...event(
          'DTSTART;TZID=Asia/Seoul:20250312T180000',
          'SUMMARY:결혼기념일 저녁',
          ...alarm('TRIGGER:-PT1H'),
          ...alarm('TRIGGER;RELATED=START:-P1D'),
          // After the start, from the end, at a set time: none is a reminder before the start.
          ...alarm('TRIGGER:PT5M'),
          ...alarm('TRIGGER;RELATED=END:-PT5M'),
          ...alarm('TRIGGER;VALUE=DATE-TIME:20250312T080000Z'),
        ),
        // An all-day event's alarms count from its midnight: Google's "the day before at 9:00" is -PT15H.
        ...event(
          'DTSTART;VALUE=DATE:20250401',
          'SUMMARY:제주 여행',
          ...alarm('TRIGGER:-PT15H'),
          ...alarm('TRIGGER:PT9H'),
        ),
      ),
      SEOUL,
    );
    expect(events(plan).map((value) => [value.title, value.reminders])).toEqual([
      ['결혼기념일 저녁', [60, 1440]],
      ['제주 여행', [0, 1440]],
    ]);
  });
});
