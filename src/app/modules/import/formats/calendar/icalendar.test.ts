import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_MEMO_MAX, type ScheduleEvent } from '../../../../records/event.js';
import { ImportError, recordKey, type ImportOptions, type ImportPlan } from '../../plan.js';
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

function event(...lines: string[]): string[] {
  return ['BEGIN:VEVENT', 'UID:test-1', 'DTSTAMP:20250301T000000Z', ...lines, 'END:VEVENT'];
}

const events = (plan: ImportPlan) => plan.items.map((item) => item.value as ScheduleEvent);

/** Each event as the schedule would list it: date, time, title. */
const shown = (plan: ImportPlan) =>
  events(plan).map(({ title, date, time }) => `${date} ${time || 'all-day'} ${title}`);

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
  it('gives the weekly meeting as its dates, without the removed one and with the moved one moved', async () => {
    const plan = await importICalendar(fixture('google.ics'), SEOUL);
    expect(plan.format).toBe('icalendar');
    expect(shown(plan).filter((line) => line.includes('회의') && !line.includes('NY'))).toEqual([
      '2025-01-06 10:00 팀 주간 회의',
      '2025-01-13 10:00 팀 주간 회의',
      '2025-01-20 10:00 팀 주간 회의',
      '2025-02-03 10:00 팀 주간 회의',
      '2025-02-11 14:00 팀 주간 회의 (화요일)',
      '2025-02-17 10:00 팀 주간 회의',
    ]);
    const first = plan.items[0]!;
    expect(first).toMatchObject({ kind: 'event', line: 18 });
    expect(first.value).toEqual({
      title: '팀 주간 회의',
      calendar: 'solar',
      date: '2025-01-06',
      repeat: 'none',
      time: '10:00',
      memo: MEETING_MEMO,
    });
    expect(first.key).toBe(recordKey('event', first.value));
    expect(events(plan)[4]!).toMatchObject({
      memo: '설 연휴 뒤라 화요일로 옮깁니다.\n📍 본사 3층 대회의실',
    });
    expect(plan.skipped).toEqual([
      { reason: 'repeat-simplified', what: '팀 주간 회의', line: 18 },
      { reason: 'cancelled', what: '동창 모임', line: 97 },
    ]);
  });

  it('keeps a birthday yearly, an all-day trip as one event with its days, and a UTC time in the member’s zone', async () => {
    const plan = await importICalendar(fixture('google.ics'), SEOUL);
    const byTitle = (title: string) => events(plan).find((value) => value.title === title);
    expect(byTitle('엄마 생신')).toEqual({
      title: '엄마 생신',
      calendar: 'solar',
      date: '1962-03-15',
      repeat: 'yearly',
      time: '',
      memo: '',
    });
    expect(byTitle('제주 가족 여행')).toMatchObject({
      date: '2025-05-01',
      time: '',
      memo: '2025-05-01 – 2025-05-05\n항공편 KE1201, 숙소: 서귀포',
    });
    // Google writes descriptions edited on its web page as HTML.
    expect(byTitle('NY 지사 화상 회의')).toMatchObject({
      date: '2025-03-20',
      time: '22:30',
      memo: 'Quarterly sync with the New York office\nAgenda: budget & hiring\n📍 https://meet.google.com/abc-defg-hij',
    });
  });

  it('shows the times in New York when the member lives there', async () => {
    const plan = await importICalendar(fixture('google.ics'), NEW_YORK);
    expect(shown(plan)).toEqual([
      '2025-01-05 20:00 팀 주간 회의',
      '2025-01-12 20:00 팀 주간 회의',
      '2025-01-19 20:00 팀 주간 회의',
      '2025-02-02 20:00 팀 주간 회의',
      '2025-02-11 00:00 팀 주간 회의 (화요일)',
      '2025-02-16 20:00 팀 주간 회의',
      '1962-03-15 all-day 엄마 생신',
      '2025-03-20 09:30 NY 지사 화상 회의',
      '2025-05-01 all-day 제주 가족 여행',
    ]);
  });
});

describe('an Apple Calendar export', () => {
  it('reads its VTIMEZONE, with Korea’s summer time of 1987', async () => {
    const seoul = await importICalendar(fixture('apple.ics'), SEOUL);
    expect(shown(seoul)).toEqual([
      '2025-03-12 18:00 결혼기념일 저녁',
      '1987-06-15 09:00 아빠 입사 첫날',
      '2025-03-04 06:30 수영 강습',
      '2025-03-06 06:30 수영 강습',
      '2025-03-18 06:30 수영 강습',
      '2025-03-20 06:30 수영 강습',
      '2025-04-01 06:30 수영 강습',
      '2025-04-03 06:30 수영 강습',
      '2020-09-09 all-day 우리 강아지 생일 🐶',
      '2025-06-05 07:30 아침 산책',
    ]);
    const newYork = await importICalendar(fixture('apple.ics'), NEW_YORK);
    // 09:00 at UTC+10 (Korean summer time then) is 19:00 the day before in New York (EDT); at UTC+9 it would be 20:00.
    expect(shown(newYork)[1]).toBe('1987-06-14 19:00 아빠 입사 첫날');
    // New York moves its clocks on 9 March 2025: the swimming lessons move by an hour there.
    expect(shown(newYork).slice(2, 5)).toEqual([
      '2025-03-03 16:30 수영 강습',
      '2025-03-05 16:30 수영 강습',
      '2025-03-17 17:30 수영 강습',
    ]);
    // A floating time is the member's own wall clock wherever they are.
    expect(shown(newYork).at(-1)).toBe('2025-06-05 07:30 아침 산책');
  });

  it('keeps escaped commas, a location with quoted parameters, and the yearly birthday', async () => {
    const plan = await importICalendar(fixture('apple.ics'), SEOUL);
    expect(events(plan)[0]!.memo).toBe(
      '10주년! 꽃다발 찾아 가기 (성산동 꽃집, 6시 전)\n📍 작은 부엌, 서울 마포구 연남동',
    );
    expect(events(plan).at(-2)!).toMatchObject({ repeat: 'yearly', memo: '' });
    expect(plan.skipped).toEqual([{ reason: 'repeat-simplified', what: '수영 강습', line: 59 }]);
  });
});

describe('repeats', () => {
  it('takes FREQ=YEARLY on DTSTART’s own month and day as yearly, and any other yearly rule as dates', async () => {
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
    expect(shown(plan)).toEqual([
      '2020-03-15 all-day 결혼기념일',
      '2024-01-01 all-day 격년 건강검진',
      '2026-01-01 all-day 격년 건강검진',
      '2028-01-01 all-day 격년 건강검진',
    ]);
    expect(events(plan)[0]!.repeat).toBe('yearly');
    expect(plan.skipped).toEqual([{ reason: 'repeat-simplified', what: '격년 건강검진', line: 10 }]);
  });

  it('follows an endless rule to a year after today', async () => {
    const plan = await importICalendar(
      calendar(...event('DTSTART;TZID=Asia/Seoul:20250103T190000', 'RRULE:FREQ=WEEKLY', 'SUMMARY:독서 모임')),
      SEOUL,
    );
    expect(events(plan)[0]!.date).toBe('2025-01-03');
    expect(events(plan).at(-1)!.date).toBe('2026-02-27');
    expect(plan.items).toHaveLength(61);
  });

  it('keeps at most 500 occurrences, also of a SECONDLY rule without end or a rule no date meets', async () => {
    const daily = await importICalendar(
      calendar(...event('DTSTART:20100101T070000', 'RRULE:FREQ=DAILY', 'SUMMARY:아침 운동')),
      SEOUL,
    );
    expect(daily.items).toHaveLength(OCCURRENCES_MAX);
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

  it('lists an exception to a yearly event it cannot keep apart', async () => {
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
    expect(shown(plan)).toEqual(['2020-05-05 all-day 어린이날 가족 나들이']);
    expect(plan.skipped).toEqual([
      { reason: 'exception', what: '어린이날 가족 나들이', line: 8 },
      { reason: 'exception', what: '어린이날 가족 나들이 (대체)', line: 11 },
    ]);
  });

  it('drops a cancelled occurrence and keeps an occurrence whose series is not in the file', async () => {
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
    expect(shown(plan)).toEqual([
      '2025-01-06 09:00 워크숍',
      '2025-01-08 09:00 워크숍',
      '2025-01-11 00:00 초대받은 회의',
    ]);
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
    expect(shown(plan)).toEqual([
      '2025-07-05 10:00 불꽃놀이 생중계',
      '2025-08-01 19:00 베를린 점심',
      '2025-08-01 12:00 어딘가',
    ]);
  });

  it('prefers the file’s own VTIMEZONE, as Outlook names it', async () => {
    const plan = await importICalendar(
      calendar(
        'BEGIN:VTIMEZONE',
        'TZID:Korea Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0900',
        'TZOFFSETTO:+0900',
        'END:STANDARD',
        'END:VTIMEZONE',
        ...event('DTSTART;TZID=Korea Standard Time:20250310T083000', 'SUMMARY:출근'),
      ),
      NEW_YORK,
    );
    expect(shown(plan)).toEqual(['2025-03-09 19:30 출근']);
    // Even over what Intl knows of the same name: the file says what its times meant.
    const own = await importICalendar(
      calendar(
        'BEGIN:VTIMEZONE',
        'TZID:Asia/Seoul',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0800',
        'TZOFFSETTO:+0800',
        'END:STANDARD',
        'END:VTIMEZONE',
        ...event('DTSTART;TZID=Asia/Seoul:20250310T083000', 'SUMMARY:출근'),
      ),
      NEW_YORK,
    );
    expect(shown(own)).toEqual(['2025-03-09 20:30 출근']);
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
    expect(shown(await importICalendar(bytes, SEOUL))).toEqual(['2025-10-06 all-day 한가위 성묘']);
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
    expect(shown(await importICalendar(bytes, SEOUL))).toEqual(['2026-02-17 all-day 설날']);
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
