// How the schedule writes a repeat, a length and an occurrence's time, in Korean and in English.
import { describe, expect, it } from 'vitest';
import { occurrencesBetween, type ScheduledEvent } from '../../calendar/occurrences.js';
import { scheduleText } from './copy.js';
import { durationLabel, occurrenceWhen, occurrenceWhenParts, ruleLabel } from './labels.js';

const event = (fields: Partial<ScheduledEvent>): ScheduledEvent => ({
  title: 't',
  memo: '',
  calendar: 'solar',
  date: '2026-03-04',
  time: '',
  repeat: 'none',
  ...fields,
});

describe('the schedule’s words for repeats and lengths', () => {
  it('writes each kind of rule, with its end, in both languages', () => {
    const cases: Array<[Partial<ScheduledEvent>, string, string]> = [
      [{ rule: { freq: 'daily', interval: 3 } }, '3일마다', 'Every 3 days'],
      [{ rule: { freq: 'weekly', weekdays: [1, 3] } }, '매주 월, 수', 'Weekly on Mon, Wed'],
      [{ rule: { freq: 'monthly', nth: -1 } }, '매월 마지막 수요일', 'Monthly on the last Wednesday'],
      [{ rule: { freq: 'monthly', count: 6 } }, '매월 4일, 6회', 'Monthly on day 4, 6 times'],
      [
        { rule: { freq: 'yearly', until: '2030-03-04' } },
        '매년 3월 4일, 2030. 3. 4.까지',
        'Yearly on March 4, until Mar 4, 2030',
      ],
      [
        { calendar: 'lunar', date: '2025-06-10', leap: true, repeat: 'yearly' },
        '매년 음력 윤6월 10일',
        'Yearly on lunar leap month 6/10',
      ],
      [{}, '', ''],
    ];
    for (const [fields, ko, en] of cases) {
      expect(ruleLabel(scheduleText.ko, event(fields), 'ko-KR')).toBe(ko);
      expect(ruleLabel(scheduleText.en, event(fields), 'en-US')).toBe(en);
    }
  });

  it('writes a length, and an end that is not there', () => {
    expect(durationLabel(scheduleText.en, 'PT1H30M', false, 'en')).toBe('1 hour 30 minutes');
    expect(durationLabel(scheduleText.ko, 'P3D', true, 'ko')).toBe('3일간');
    expect(durationLabel(scheduleText.en, undefined, false, 'en')).toBe('no end time');
  });

  it('writes when an occurrence happens: all day, a start and end, a trip, a night', () => {
    const when = (fields: Partial<ScheduledEvent>, lang: 'ko' | 'en') => {
      const [first] = occurrencesBetween(
        [{ id: 'e', value: event(fields) }],
        '2026-03-04',
        '2026-03-04',
        'UTC',
      );
      const locale = lang === 'ko' ? 'ko-KR' : 'en-US';
      return [
        occurrenceWhen(scheduleText[lang], first!, locale),
        occurrenceWhenParts(scheduleText[lang], first!, locale).join('|'),
      ];
    };
    expect(when({}, 'en')).toEqual(['All day', 'All day|']);
    expect(when({ time: '14:00', duration: 'PT90M' }, 'en')).toEqual(['2:00 PM–3:30 PM', '2:00 PM|–3:30 PM']);
    expect(when({ time: '14:00' }, 'ko')).toEqual(['오후 2:00', '오후 2:00|']);
    expect(when({ duration: 'P3D' }, 'ko')).toEqual(['3월 4일 – 3월 6일', '3월 4일| – 3월 6일']);
    expect(when({ time: '22:00', duration: 'PT4H' }, 'en')).toEqual([
      'Mar 4 10:00 PM – Mar 5 2:00 AM',
      'Mar 4 10:00 PM| – Mar 5 2:00 AM',
    ]);
  });
});
