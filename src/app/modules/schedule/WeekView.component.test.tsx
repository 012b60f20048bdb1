// The week view in a real Chromium, in Korean and English: the days of the week before Christmas 2026 with a
// dentist's hour, two meetings at once, a night bus across midnight, a trip, Christmas and an anniversary, as a
// person sees them (names, times, where an event sits among the hours) and uses them by keyboard.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../client/styles.css';
import './schedule.css';
import { render } from '../../../client/test/render.js';
import { bundledHolidays } from '../../calendar/holidays.js';
import type { ScheduleEvent } from '../../records/event.js';
import type { EventOccurrence, SavedEvent } from './agenda.js';
import type { SavedAnniversary } from './anniversary-days.js';
import { WeekView } from './WeekView.js';

function saved(id: string, event: Partial<ScheduleEvent> & Pick<ScheduleEvent, 'date'>): SavedEvent {
  return { id, value: { title: id, calendar: 'solar', repeat: 'none', time: '', memo: '', ...event } };
}

const titles = {
  ko: {
    dentist: '치과',
    meeting: '팀 회의',
    review: '디자인 리뷰',
    bus: '야간 버스',
    trip: '제주 여행',
    wedding: '결혼기념일',
  },
  en: {
    dentist: 'Dentist',
    meeting: 'Team meeting',
    review: 'Design review',
    bus: 'Night bus',
    trip: 'Jeju trip',
    wedding: 'Wedding',
  },
} as const;

function eventsIn(lang: 'ko' | 'en'): SavedEvent[] {
  const t = titles[lang];
  return [
    saved(t.dentist, { date: '2026-12-21', time: '14:00', duration: 'PT1H30M' }),
    saved(t.meeting, { date: '2026-12-22', time: '10:00', duration: 'PT1H' }),
    saved(t.review, { date: '2026-12-22', time: '10:30', duration: 'PT1H30M' }),
    saved(t.bus, { date: '2026-12-23', time: '22:00', duration: 'PT3H30M' }),
    saved(t.trip, { date: '2026-12-24', duration: 'P3D' }),
  ];
}

const anniversariesIn = (lang: 'ko' | 'en'): SavedAnniversary[] => [
  {
    id: 'wedding',
    value: {
      name: titles[lang].wedding,
      calendar: 'solar',
      date: '2015-12-24',
      leap: false,
      repeat: 'yearly',
    },
  },
];

interface Calls {
  edited: EventOccurrence[];
  started: Array<[string, string]>;
  opened: string[];
}

/** The view as the schedule screen holds it: the selected day follows what the view asks. */
function Week({ lang, calls, dayCount = 7 }: { lang: 'ko' | 'en'; calls: Calls; dayCount?: number }) {
  const [selected, setSelected] = useState('2026-12-23');
  return (
    <div className="schedule">
      <WeekView
        selected={selected}
        today="2026-12-23"
        dayCount={dayCount}
        events={eventsIn(lang)}
        holidays={bundledHolidays}
        anniversaries={anniversariesIn(lang)}
        onSelect={setSelected}
        onEdit={(occurrence) => calls.edited.push(occurrence)}
        onNew={(date, time) => calls.started.push([date, time])}
        onOpenAnniversary={(id) => calls.opened.push(id)}
      />
    </div>
  );
}

function showWeek(lang: 'ko' | 'en', dayCount = 7): Calls {
  const calls: Calls = { edited: [], started: [], opened: [] };
  render(<Week lang={lang} calls={calls} dayCount={dayCount} />, { lang });
  return calls;
}

/** Where an element is drawn, in the page's pixels. */
const box = async (locator: ReturnType<typeof page.getByRole>) => locator.element().getBoundingClientRect();

describe.each([
  {
    lang: 'ko' as const,
    range: /2026년 12월 20일\s*~\s*26일/,
    dentist: /^치과, 오후 2:00–오후 3:30, 12월 21일 월요일$/,
    bus: /^야간 버스, 오후 10:00–오전 1:30, 12월 23일 수요일 – 12월 24일 목요일$/,
    trip: /^제주 여행, 12월 24일 – 12월 26일$/,
    today: '12월 23일 수요일, 오늘',
    christmas: '12월 25일 금요일, 기독탄신일',
    christmasName: '기독탄신일',
    wedding: '기념일 결혼기념일',
    slot: (date: string, hour: string) => `${date} ${hour}에 새 일정`,
    wednesday: '12월 23일 수요일',
    monday: '12월 21일 월요일',
    two: '오후 2시',
    three: '오후 3시',
    next: '다음 주',
    turn: /2026년 12월 27일\s*~\s*2027년 1월 2일/,
    after: /2027년 1월 3일\s*~\s*9일/,
  },
  {
    lang: 'en' as const,
    range: /Dec 20\s*–\s*26, 2026/,
    dentist: /^Dentist, 2:00\sPM–3:30\sPM, Monday, December 21$/,
    bus: /^Night bus, 10:00\sPM–1:30\sAM, Wednesday, December 23 – Thursday, December 24$/,
    trip: /^Jeju trip, Dec 24 – Dec 26$/,
    today: 'Wednesday, December 23, today',
    christmas: 'Friday, December 25, Christmas Day',
    christmasName: 'Christmas Day',
    wedding: 'Anniversary Wedding',
    slot: (date: string, hour: string) => `New event on ${date} at ${hour}`,
    wednesday: 'Wednesday, December 23',
    monday: 'Monday, December 21',
    two: '2 PM',
    three: '3 PM',
    next: 'Next week',
    turn: /Dec 27, 2026\s*–\s*Jan 2, 2027/,
    after: /Jan 3\s*–\s*9, 2027/,
  },
])('the week in $lang', (words) => {
  const { lang } = words;

  it('shows the days, today, the holiday, the anniversary and each event with its times', async () => {
    const calls = showWeek(lang);
    await expect.element(page.getByRole('heading', { level: 2, name: words.range })).toBeVisible();
    await expect.element(page.getByRole('heading', { level: 3, name: words.today })).toBeInTheDocument();
    await expect
      .element(page.getByRole('group', { name: words.today }))
      .toHaveAttribute('aria-current', 'date');
    await expect.element(page.getByRole('heading', { level: 3, name: words.christmas })).toBeInTheDocument();
    await expect.element(page.getByText(words.christmasName, { exact: true })).toBeVisible();
    await expect.element(page.getByRole('button', { name: words.dentist })).toBeVisible();
    await expect.element(page.getByRole('button', { name: words.trip })).toBeVisible();
    // The night bus is on both of its days: until midnight, and from it.
    await expect.poll(() => page.getByRole('button', { name: words.bus }).elements().length).toBe(2);
    const wedding = page.getByRole('button', { name: words.wedding });
    await expect.element(wedding).toHaveTextContent(titles[lang].wedding);
    await wedding.click();
    expect(calls.opened).toEqual(['wedding']);
    await page.getByRole('button', { name: words.dentist }).click();
    expect(calls.edited.map((occurrence) => occurrence.title)).toEqual([titles[lang].dentist]);
  });

  it('draws an event from its start to its end among the hours, and two at once side by side', async () => {
    showWeek(lang);
    const monday = words.monday;
    const dentist = await box(page.getByRole('button', { name: words.dentist }));
    const two = await box(page.getByRole('button', { name: words.slot(monday, words.two), exact: true }));
    const three = await box(page.getByRole('button', { name: words.slot(monday, words.three), exact: true }));
    const hour = three.top - two.top;
    expect(Math.abs(dentist.top - two.top)).toBeLessThanOrEqual(2);
    expect(Math.abs(dentist.bottom - (three.top + hour / 2))).toBeLessThanOrEqual(2);
    expect(Math.abs(dentist.left - two.left)).toBeLessThanOrEqual(2);

    const meeting = await box(page.getByRole('button', { name: new RegExp(`^${titles[lang].meeting},`) }));
    const review = await box(page.getByRole('button', { name: new RegExp(`^${titles[lang].review},`) }));
    expect(meeting.right).toBeLessThanOrEqual(review.left + 1);
    expect(review.top).toBeGreaterThan(meeting.top);
  });

  it('moves among the hours by keyboard and starts an event at the hour chosen', async () => {
    const calls = showWeek(lang);
    // Tab goes from event to event, day by day; the one hour slot it reaches is in the chosen day, after its events.
    page.getByRole('button', { name: words.dentist }).element().focus();
    let slot: Element | null = null;
    for (let step = 0; step < 12 && !slot; step++) {
      await userEvent.tab();
      if (document.activeElement?.hasAttribute('data-slot-hour')) slot = document.activeElement;
    }
    // Today's hour where the grid opens: 10 the morning of the first event (the meeting on the 22nd, 10:00).
    expect(slot?.getAttribute('data-slot-date')).toBe('2026-12-23');
    expect(slot?.getAttribute('data-slot-hour')).toBe('10');
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .poll(() => document.activeElement?.getAttribute('aria-label'))
      .toBe(words.slot(words.wednesday, lang === 'ko' ? '오전 11시' : '11 AM'));
    await userEvent.keyboard('{Enter}');
    expect(calls.started).toEqual([['2026-12-23', '11:00']]);
    // Past Saturday: the next week, the same hour.
    await userEvent.keyboard('{End}');
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => document.activeElement?.getAttribute('data-slot-date')).toBe('2026-12-27');
    expect(document.activeElement?.getAttribute('data-slot-hour')).toBe('11');
    await expect.element(page.getByRole('heading', { level: 2 })).toHaveTextContent(words.turn);
    await page.getByRole('button', { name: words.next }).click();
    await expect.element(page.getByRole('heading', { level: 2 })).toHaveTextContent(words.after);
  });
});

describe('the week on a phone', () => {
  it('shows three days from the one chosen and pages by three', async () => {
    showWeek('en', 3);
    await expect
      .element(page.getByRole('heading', { level: 2, name: /Dec 23\s*–\s*25, 2026/ }))
      .toBeVisible();
    expect(page.getByRole('heading', { level: 3 }).elements()).toHaveLength(3);
    await page.getByRole('button', { name: 'Next 3 days' }).click();
    await expect
      .element(page.getByRole('heading', { level: 2, name: /Dec 26\s*–\s*28, 2026/ }))
      .toBeVisible();
    await expect.element(page.getByRole('button', { name: /^Jeju trip, / })).toBeVisible();
  });
});
