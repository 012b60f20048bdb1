// The schedule written as .ics and read again: by our own importer, the same records and so the same occurrences;
// by another iCalendar library (ical.js, Thunderbird's), the same instants, our VTIMEZONEs and all.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { isoOfDay, occurrencesBetween, type ScheduledEvent } from '../../../../calendar/occurrences.js';
import { dayNumber } from '../../../../calendar/series.js';
import type { ScheduleEvent } from '../../../../records/event.js';
import type { VaultEntry } from '../../../../vault/vault.js';
import { splitAlreadyThere } from '../../prepare.js';
import { exportICalendar } from './export-ics.js';
import { importICalendar } from './icalendar.js';

const NOW = new Date('2025-03-01T09:00:00Z');
const FROM = '2025-01-01';
const TO = '2027-12-31';

const event = (value: Partial<ScheduleEvent> & Pick<ScheduleEvent, 'title' | 'date'>): ScheduleEvent => ({
  calendar: 'solar',
  repeat: 'none',
  time: '',
  memo: '',
  ...value,
});

/** One of each thing the schedule's event holds. */
export const RICH: Array<{ id: string; value: ScheduleEvent }> = [
  {
    id: 'dentist',
    value: event({
      title: '치과 예약',
      date: '2025-03-14',
      time: '15:30',
      duration: 'PT1H30M',
      zone: 'Asia/Seoul',
      memo: '스케일링, 충치 검사; 보험증 지참',
    }),
  },
  { id: 'walk', value: event({ title: '아침 산책', date: '2025-06-05', time: '07:30', duration: 'PT1H' }) },
  { id: 'trip', value: event({ title: '제주 가족 여행', date: '2025-05-01', duration: 'P5D' }) },
  { id: 'busan', value: event({ title: '부산 출장', date: '2025-06-12', duration: 'P2D' }) },
  {
    id: 'dinner',
    value: event({
      title: '가족 저녁',
      date: '2025-04-10',
      time: '19:00',
      duration: 'PT2H',
      zone: 'Asia/Seoul',
    }),
  },
  {
    id: 'late',
    value: event({
      title: '야간 작업',
      date: '2025-04-11',
      time: '23:00',
      duration: 'PT3H',
      zone: 'Asia/Seoul',
    }),
  },
  {
    id: 'yoga',
    value: event({
      title: '요가',
      date: '2025-03-03',
      time: '19:00',
      duration: 'PT1H',
      zone: 'Asia/Seoul',
      rule: { freq: 'weekly', weekdays: [1, 3], count: 10 },
    }),
  },
  {
    id: 'volunteer',
    value: event({
      title: '셋째 토요일 봉사',
      date: '2025-03-15',
      time: '10:00',
      duration: 'PT3H',
      zone: 'Asia/Seoul',
      rule: { freq: 'monthly', nth: 3 },
    }),
  },
  {
    id: 'last-friday',
    value: event({ title: '월말 회식', date: '2025-01-31', rule: { freq: 'monthly', nth: -1 } }),
  },
  { id: 'rent', value: event({ title: '관리비', date: '2025-01-31', rule: { freq: 'monthly' } }) },
  {
    id: 'anniversary',
    value: event({ title: '결혼기념일', date: '2015-10-24', repeat: 'yearly', rule: { freq: 'yearly' } }),
  },
  {
    id: 'leap-day',
    value: event({ title: '윤일 생일', date: '2024-02-29', repeat: 'yearly', rule: { freq: 'yearly' } }),
  },
  {
    id: 'swim',
    value: event({
      title: '수영 강습',
      date: '2025-03-04',
      time: '06:30',
      duration: 'PT1H',
      zone: 'Asia/Seoul',
      memo: '구민체육센터',
      rule: { freq: 'weekly', interval: 2, until: '2025-12-31' },
      exceptions: {
        '2025-03-18': { deleted: true },
        '2025-04-01': { date: '2025-04-02', time: '07:00', title: '수영 강습 (수요일)', memo: '' },
        '2025-04-15': { time: '', duration: 'P2D', title: '수영 대회' },
      },
    }),
  },
  {
    id: 'grandma',
    value: {
      title: '할머니 생신',
      calendar: 'lunar',
      date: '1940-08-15',
      leap: false,
      repeat: 'yearly',
      time: '',
      memo: '',
      rule: { freq: 'yearly' },
    },
  },
  {
    id: 'nephew',
    value: {
      title: '윤달에 태어난 조카 생일',
      calendar: 'lunar',
      date: '2023-02-05',
      leap: true,
      repeat: 'yearly',
      time: '',
      memo: '',
      rule: { freq: 'yearly' },
    },
  },
  {
    id: 'rite',
    value: {
      title: '제사',
      calendar: 'lunar',
      // The 30th of the second month, kept on the 29th in the years that month has 29 days (2025, 2026).
      date: '2024-02-30',
      leap: false,
      repeat: 'yearly',
      time: '19:00',
      duration: 'PT2H',
      zone: 'Asia/Seoul',
      memo: '큰집',
      rule: { freq: 'yearly' },
      exceptions: { '2026-04-16': { time: '18:00' } },
    },
  },
  {
    id: 'new-york',
    value: event({
      title: 'NY 주간 통화',
      date: '2025-02-06',
      time: '18:00',
      duration: 'PT1H',
      zone: 'America/New_York',
      rule: { freq: 'weekly', until: '2026-06-30' },
      exceptions: {
        '2025-03-13': { deleted: true },
        '2025-11-06': { time: '17:00', zone: 'America/Chicago' },
      },
    }),
  },
  {
    id: 'utc',
    value: event({ title: 'UTC 점검', date: '2025-07-01', time: '00:00', duration: 'PT30M', zone: 'UTC' }),
  },
];

/** What an occurrence is, independent of zones: an instant in UTC for a zoned time, the wall for a floating one. */
function shown(events: ReadonlyArray<{ id: string; value: ScheduledEvent }>): string[] {
  return occurrencesBetween(events, FROM, TO, 'UTC')
    .filter((occurrence) => occurrence.date >= FROM)
    .map((occurrence) => {
      const mark = occurrence.zone ? 'Z' : '';
      const start = occurrence.allDay ? occurrence.date : `${occurrence.date}T${occurrence.time}${mark}`;
      const end = occurrence.allDay
        ? isoOfDay(dayNumber(occurrence.lastDate)! + 1)
        : `${occurrence.endDate}T${occurrence.endTime}${mark}`;
      return `${start}/${end} ${occurrence.title}`;
    })
    .sort();
}

/** The occurrences ical.js expands from the file, in the same words. */
function icalShown(text: string): string[] {
  const root = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = root.getAllSubcomponents('vevent');
  const found: string[] = [];
  const words = (time: ICAL.Time) => {
    if (time.isDate) return time.toString();
    const floating = time.zone?.tzid === 'floating';
    const at = floating ? time : time.convertToZone(ICAL.Timezone.utcTimezone);
    return `${at.toString().slice(0, 16)}${floating ? '' : 'Z'}`;
  };
  for (const component of components.filter((one) => !one.hasProperty('recurrence-id'))) {
    const master = new ICAL.Event(component);
    for (const other of components) {
      if (other.hasProperty('recurrence-id') && other.getFirstPropertyValue('uid') === master.uid) {
        master.relateException(other);
      }
    }
    const iterator = master.iterator();
    for (let next = iterator.next(), count = 0; next && count < 5000; next = iterator.next(), count++) {
      const details = master.getOccurrenceDetails(next);
      const start = words(details.startDate);
      if (start.slice(0, 10) > TO) break;
      if (start.slice(0, 10) < FROM) continue;
      found.push(`${start}/${words(details.endDate)} ${details.item.summary}`);
    }
  }
  return found.sort();
}

describe('the schedule written as .ics', () => {
  it.each(['Asia/Seoul', 'America/New_York'])(
    'comes back as the same records through our importer (member in %s)',
    async (timeZone) => {
      const bytes = new TextEncoder().encode(exportICalendar(RICH, { now: NOW }));
      const plan = await importICalendar(bytes, { timeZone, today: '2025-03-01' });
      expect(plan.skipped).toEqual([]);
      expect(plan.items.map((item) => item.value)).toEqual(RICH.map(({ value }) => value));
      const imported = plan.items.map((item, index) => ({
        id: RICH[index]!.id,
        value: item.value as ScheduleEvent,
      }));
      expect(shown(imported)).toEqual(shown(RICH));
    },
  );

  it('gives ical.js the same occurrences over three years, at the same instants', () => {
    const text = exportICalendar(RICH, { now: NOW });
    const ours = shown(RICH);
    expect(ours.length).toBeGreaterThan(200);
    // Spot checks that the comparison is of what was meant: New York's clocks move, the lunar 30th falls back.
    expect(ours).toContain('2025-03-06T23:00Z/2025-03-07T00:00Z NY 주간 통화');
    expect(ours).toContain('2025-03-20T22:00Z/2025-03-20T23:00Z NY 주간 통화');
    expect(ours).toContain('2025-03-28T10:00Z/2025-03-28T12:00Z 제사');
    expect(ours).toContain('2026-04-16T09:00Z/2026-04-16T11:00Z 제사');
    expect(icalShown(text)).toEqual(ours);
  });

  it('is found already there when imported again, records of the first version and of other spellings too', async () => {
    const others: Array<{ id: string; value: ScheduleEvent }> = [
      // The first version kept a yearly repeat as `repeat` alone; a day's length may be written out; a zone spelt so.
      { id: 'v1', value: event({ title: '어머니 생신', date: '1962-03-15', repeat: 'yearly' }) },
      { id: 'day', value: event({ title: '대청소', date: '2025-04-05', duration: 'P1D' }) },
      { id: 'etc', value: event({ title: '서버 점검', date: '2025-04-06', time: '03:00', zone: 'Etc/UTC' }) },
    ];
    const all = [...RICH, ...others];
    const bytes = new TextEncoder().encode(exportICalendar(all, { now: NOW }));
    const plan = await importICalendar(bytes, { timeZone: 'Asia/Seoul', today: '2025-03-01' });
    const stored: VaultEntry[] = all.map(({ id, value }) => ({ id, kind: 'event', value, updatedAt: 1 }));
    const split = splitAlreadyThere(plan.items, stored);
    expect(split.fresh.map((item) => (item.value as ScheduleEvent).title)).toEqual([]);
    expect(split.already).toHaveLength(all.length);
  });
});
