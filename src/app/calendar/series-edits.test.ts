import { describe, expect, it } from 'vitest';
import { occurrencesBetween, type ScheduledEvent } from './occurrences.js';
import { deleteOccurrence, editOccurrence, occurrenceValue, scopesFor } from './series-edits.js';

const SEOUL = 'Asia/Seoul';

/** Pilates on Wednesdays at 19:00 for an hour, from 2026-03-04. */
const pilates: ScheduledEvent = {
  title: 'Pilates',
  memo: '',
  calendar: 'solar',
  date: '2026-03-04',
  time: '19:00',
  duration: 'PT1H',
  repeat: 'none',
  rule: { freq: 'weekly' },
};

/** What the schedule shows of records: date, time and title of each occurrence. */
function shown(
  values: Array<ScheduledEvent | null | undefined>,
  from = '2026-03-01',
  to = '2026-04-30',
): string[] {
  const saved = values.flatMap((value, index) => (value ? [{ id: `r${index}`, value }] : []));
  return occurrencesBetween(saved, from, to, SEOUL).map(
    (occurrence) => `${occurrence.date} ${occurrence.time} ${occurrence.title}`,
  );
}

describe('editing one occurrence of a series', () => {
  it('"this one" keeps only what differs, under the date the rule gave it; undone, it is the series’ again', () => {
    const edited = { ...occurrenceValue(pilates, '2026-03-18'), date: '2026-03-19', time: '20:00' };
    const { value, added } = editOccurrence(pilates, '2026-03-18', edited, 'one');
    expect(added).toBeUndefined();
    expect(value!.exceptions).toEqual({ '2026-03-18': { date: '2026-03-19', time: '20:00' } });
    expect(shown([value], '2026-03-15', '2026-03-28')).toEqual([
      '2026-03-19 20:00 Pilates',
      '2026-03-25 19:00 Pilates',
    ]);
    // Opened again, it shows where it went; moved back, nothing of it is kept.
    const reopened = occurrenceValue(value!, '2026-03-18');
    expect([reopened.date, reopened.time]).toEqual(['2026-03-19', '20:00']);
    const back = editOccurrence(
      value!,
      '2026-03-18',
      { ...reopened, date: '2026-03-18', time: '19:00' },
      'one',
    );
    expect(back.value!.exceptions).toBeUndefined();
  });

  it('"all" changes the series, and a title kept by one occurrence stays its own', () => {
    const renamed = editOccurrence(
      pilates,
      '2026-03-11',
      { ...occurrenceValue(pilates, '2026-03-11'), title: 'Yoga (Mar 11)' },
      'one',
    ).value!;
    const { value } = editOccurrence(
      renamed,
      '2026-03-18',
      { ...occurrenceValue(renamed, '2026-03-18'), title: 'Yoga', time: '18:30' },
      'all',
    );
    expect(shown([value], '2026-03-01', '2026-03-20')).toEqual([
      '2026-03-04 18:30 Yoga',
      '2026-03-11 18:30 Yoga (Mar 11)',
      '2026-03-18 18:30 Yoga',
    ]);
  });

  it('"all" moved by a day moves the series and its deleted days with it', () => {
    const deleted = deleteOccurrence(pilates, '2026-03-11', 'one').value!;
    const edited = {
      ...occurrenceValue(deleted, '2026-03-18'),
      date: '2026-03-19',
      rule: { freq: 'weekly' as const },
    };
    const { value } = editOccurrence(deleted, '2026-03-18', edited, 'all');
    expect(value).toMatchObject({ date: '2026-03-05', exceptions: { '2026-03-12': { deleted: true } } });
    expect(shown([value], '2026-03-01', '2026-03-20').map((line) => line.slice(0, 10))).toEqual([
      '2026-03-05',
      '2026-03-19',
    ]);
  });

  it('"this and following" ends the series the day before and starts a new one with the later changes', () => {
    const changed = editOccurrence(
      deleteOccurrence(pilates, '2026-03-11', 'one').value!,
      '2026-04-01',
      { ...occurrenceValue(pilates, '2026-04-01'), memo: 'Room B' },
      'one',
    ).value!;
    const edited = { ...occurrenceValue(changed, '2026-03-25'), time: '20:00', duration: 'PT1H30M' };
    const { value, added } = editOccurrence(changed, '2026-03-25', edited, 'following');
    expect(value).toMatchObject({ rule: { freq: 'weekly', until: '2026-03-24' } });
    expect(value!.exceptions).toEqual({ '2026-03-11': { deleted: true } });
    expect(added).toMatchObject({
      date: '2026-03-25',
      time: '20:00',
      duration: 'PT1H30M',
      rule: { freq: 'weekly' },
      exceptions: { '2026-04-01': { memo: 'Room B' } },
    });
    expect(shown([value, added], '2026-03-01', '2026-04-08')).toEqual([
      '2026-03-04 19:00 Pilates',
      '2026-03-18 19:00 Pilates',
      '2026-03-25 20:00 Pilates',
      '2026-04-01 20:00 Pilates',
      '2026-04-08 20:00 Pilates',
    ]);
  });

  it('"this and following" of a counted series shares the count out between the two', () => {
    const counted = { ...pilates, rule: { freq: 'weekly' as const, count: 6 } };
    const { value, added } = editOccurrence(
      counted,
      '2026-03-25',
      { ...occurrenceValue(counted, '2026-03-25'), title: 'Pilates II' },
      'following',
    );
    expect(value!.rule).toEqual({ freq: 'weekly', until: '2026-03-24' });
    expect(added!.rule).toEqual({ freq: 'weekly', count: 3 });
    expect(shown([value, added], '2026-03-01', '2026-05-31')).toHaveLength(6);
  });

  it('offers "this one" only while the repeat stays, and no "following" from the first occurrence', () => {
    expect(scopesFor(pilates, '2026-03-18')).toEqual(['one', 'following', 'all']);
    expect(scopesFor(pilates, '2026-03-04')).toEqual(['one', 'all']);
    const daily = { ...occurrenceValue(pilates, '2026-03-18'), rule: { freq: 'daily' as const } };
    expect(scopesFor(pilates, '2026-03-18', daily)).toEqual(['following', 'all']);
    expect(scopesFor({ ...pilates, rule: undefined }, '2026-03-04')).toEqual([]);
  });

  it('carries fields this version does not know into both records of a split', () => {
    const withGuests = { ...pilates, guests: [{ name: 'Mina' }] } as ScheduledEvent;
    const { value, added } = editOccurrence(
      withGuests,
      '2026-03-25',
      occurrenceValue(withGuests, '2026-03-25'),
      'following',
    );
    expect(value).toMatchObject({ guests: [{ name: 'Mina' }] });
    expect(added).toMatchObject({ guests: [{ name: 'Mina' }] });
  });

  it('keeps reminders for the whole series: changed, they are for all or this and following', () => {
    const reminded: ScheduledEvent = { ...pilates, reminders: [10] };
    const edited = { ...occurrenceValue(reminded, '2026-03-25'), reminders: [10, 60] };
    expect(scopesFor(reminded, '2026-03-25', edited)).toEqual(['following', 'all']);
    expect(editOccurrence(reminded, '2026-03-25', edited, 'all').value).toMatchObject({
      reminders: [10, 60],
    });
    const { value, added } = editOccurrence(reminded, '2026-03-25', edited, 'following');
    expect([value?.reminders, added?.reminders]).toEqual([[10], [10, 60]]);
    const none = { ...occurrenceValue(reminded, '2026-03-25'), reminders: undefined };
    expect(editOccurrence(reminded, '2026-03-25', none, 'all').value).not.toHaveProperty('reminders');
  });
});

describe('deleting occurrences of a series', () => {
  it('deletes one, this and following, or all', () => {
    expect(shown([deleteOccurrence(pilates, '2026-03-11', 'one').value], '2026-03-01', '2026-03-20')).toEqual(
      ['2026-03-04 19:00 Pilates', '2026-03-18 19:00 Pilates'],
    );
    expect(shown([deleteOccurrence(pilates, '2026-03-18', 'following').value])).toEqual([
      '2026-03-04 19:00 Pilates',
      '2026-03-11 19:00 Pilates',
    ]);
    expect(deleteOccurrence(pilates, '2026-03-18', 'all').value).toBeNull();
    expect(deleteOccurrence(pilates, '2026-03-04', 'following').value).toBeNull();
  });
});

describe('a lunar yearly series', () => {
  // 음력 2월 30일: a 30th the month lacks in some years is kept on the 29th.
  const rite: ScheduledEvent = {
    title: '제사',
    memo: '',
    calendar: 'lunar',
    date: '2023-02-30',
    time: '',
    repeat: 'yearly',
  };

  it('is opened on the lunar date of the year chosen, and "this and following" keeps its 30th', () => {
    const [in2025] = occurrencesBetween([{ id: 'rite', value: rite }], '2025-01-01', '2025-12-31', SEOUL);
    expect(in2025!.date).toBe('2025-03-28');
    const opened = occurrenceValue(rite, in2025!.key);
    expect(opened).toMatchObject({ calendar: 'lunar', date: '2025-02-29' });
    const { value, added } = editOccurrence(rite, in2025!.key, { ...opened, memo: '큰집에서' }, 'following');
    expect(value).toMatchObject({ rule: { freq: 'yearly', until: '2025-03-27' }, repeat: 'none' });
    expect(added).toMatchObject({
      date: '2025-02-30',
      memo: '큰집에서',
      repeat: 'yearly',
      rule: { freq: 'yearly' },
    });
  });

  it('moves one year’s rite to a solar day of its own', () => {
    const key = occurrencesBetween([{ id: 'rite', value: rite }], '2026-01-01', '2026-12-31', SEOUL)[0]!.key;
    const opened = occurrenceValue(rite, key);
    const { value } = editOccurrence(rite, key, { ...opened, date: '2026-02-25' }, 'one');
    expect(shown([value], '2026-01-01', '2026-12-31')).toEqual(['2026-04-12  제사']);
  });
});
