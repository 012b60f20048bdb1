// The week with its hours: seven days from Sunday (three on a phone), an all-day row on top (events of whole days,
// trips as bars across their days, holidays and anniversaries), then the day's 24 hours with each timed event placed
// by its start and end in the member's zone, side by side where they overlap, and a line at the time it is now.
// Each day is a group under its heading; its events are buttons; its hours are slots that start a new event, one of
// them reached by Tab and the others by the arrow keys, as the month grid's days.
import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { timeLabel, weekdayNames } from '../../format.js';
import type { HolidayData } from '../../calendar/holidays.js';
import { toLunarDate } from '../../calendar/lunar.js';
import { isoOfDay, occurrencesBetween } from '../../calendar/occurrences.js';
import { parseIsoDate } from '../../calendar/plain-date.js';
import { weekdayOf } from '../../calendar/rules.js';
import { dayNumber } from '../../calendar/series.js';
import { deviceZoneName } from '../../calendar/time-zones.js';
import { holidaysOn, type EventOccurrence, type SavedEvent } from './agenda.js';
import { anniversariesByDate, type SavedAnniversary } from './anniversary-days.js';
import { AnniversaryMark } from './AnniversaryMark.js';
import { scheduleText, type ScheduleCopy } from './copy.js';
import { dateRangeLabel, dayLabel, hourLabel, lunarLabel, occurrenceWhen } from './labels.js';
import {
  openingHour,
  wallNow,
  weekLayout,
  windowDays,
  windowStart,
  type AllDayBar,
  type TimedBlock,
} from './week-layout.js';

/** The height of an hour and of a lane of the all-day row, in CSS pixels (the stylesheet reads them). */
const HOUR_PX = 48;
const LANE_PX = 24;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** A block shorter than this (minutes) shows its title and start on one line. */
const ONE_LINE_MINUTES = 45;

function shiftDate(iso: string, days: number): string {
  const day = dayNumber(iso);
  return day === null ? iso : isoOfDay(day + days);
}

/** The minute of the day it is now on the device's clock, kept current while today is shown. */
function useNow(watching: boolean): { date: string; minute: number } {
  const [now, setNow] = useState(() => wallNow(Date.now(), deviceZoneName()));
  useEffect(() => {
    if (!watching) return;
    const tick = () => setNow(wallNow(Date.now(), deviceZoneName()));
    tick();
    const timer = window.setInterval(tick, 30_000);
    return () => window.clearInterval(timer);
  }, [watching]);
  return now;
}

export function WeekView({
  selected,
  today,
  dayCount,
  events,
  holidays,
  anniversaries,
  onSelect,
  onEdit,
  onNew,
  onOpenAnniversary,
}: {
  selected: string;
  today: string;
  /** 7, or 3 on a phone. */
  dayCount: number;
  events: readonly SavedEvent[];
  holidays: HolidayData;
  anniversaries: readonly SavedAnniversary[];
  onSelect: (date: string) => void;
  onEdit: (occurrence: EventOccurrence) => void;
  /** A new event on a day from an hour ('HH:MM'). */
  onNew: (date: string, time: string) => void;
  onOpenAnniversary: (id: string) => void;
}) {
  const text = useText(scheduleText);
  const { lang, locale } = useLanguage();
  const titleId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const focusSlot = useRef(false);
  // The days shown follow the selected day, a page at a time (as the days shown before make it).
  const [shownStart, setShownStart] = useState<string | null>(null);
  const start = windowStart(selected, dayCount, shownStart);
  if (start !== shownStart) setShownStart(start);

  const days = useMemo(() => windowDays(start, dayCount), [start, dayCount]);
  const first = days[0] ?? start;
  const last = days.at(-1) ?? start;
  const layout = useMemo(
    () =>
      weekLayout(
        days,
        occurrencesBetween(events, first, last),
        days.flatMap((day) => holidaysOn(day, holidays)),
        [...anniversariesByDate(anniversaries, first, last).values()].flat(),
      ),
    [days, first, last, events, holidays, anniversaries],
  );
  const now = useNow(today >= first && today <= last);
  const [cursorHour, setCursorHour] = useState<number | null>(null);
  const slotHour = cursorHour ?? openingHour(layout);
  const slotDate = selected >= first && selected <= last ? selected : first;

  // The hours open at the first event of the days shown (else the morning) each time other days are shown.
  const openedAt = useRef('');
  useLayoutEffect(() => {
    const days = `${start} ${dayCount}`;
    if (!scrollerRef.current || openedAt.current === days) return;
    openedAt.current = days;
    // A little above the hour, so its label shows below the days' heads.
    scrollerRef.current.scrollTop = Math.max(0, openingHour(layout) * HOUR_PX - HOUR_PX / 4);
  }, [start, dayCount, layout]);

  useEffect(() => {
    if (!focusSlot.current) return;
    focusSlot.current = false;
    const slot = scrollerRef.current?.querySelector<HTMLElement>(
      `[data-slot-date="${slotDate}"][data-slot-hour="${slotHour}"]`,
    );
    if (!slot) return;
    slot.focus({ preventScroll: true });
    reveal(scrollerRef.current!, slot);
  }, [slotDate, slotHour]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const date = target.dataset.slotDate;
    const hour = Number(target.dataset.slotHour);
    if (!date || !Number.isInteger(hour)) return;
    const moves: Record<string, () => [string, number]> = {
      ArrowUp: () => [date, Math.max(0, hour - 1)],
      ArrowDown: () => [date, Math.min(23, hour + 1)],
      ArrowLeft: () => [shiftDate(date, -1), hour],
      ArrowRight: () => [shiftDate(date, 1), hour],
      Home: () => [first, hour],
      End: () => [last, hour],
      PageUp: () => [shiftDate(date, -dayCount), hour],
      PageDown: () => [shiftDate(date, dayCount), hour],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const [nextDate, nextHour] = move();
    focusSlot.current = true;
    setCursorHour(nextHour);
    if (nextDate !== selected) onSelect(nextDate);
    else if (nextHour === slotHour) focusSlot.current = false;
  }

  const weekdays = useMemo(() => weekdayNames(locale), [locale]);
  const hours = useMemo(() => HOURS.map((hour) => hourLabel(hour, locale)), [locale]);
  const week = dayCount === 7;
  const style = {
    '--schedule-hour': `${HOUR_PX}px`,
    '--schedule-lane': `${LANE_PX}px`,
    '--schedule-lanes': layout.allDayLanes,
    '--schedule-days': dayCount,
  } as CSSProperties;

  return (
    <div className={week ? 'schedule-week' : 'schedule-week schedule-week--narrow'} style={style}>
      <div className="schedule-month__nav">
        <button
          type="button"
          className="icon-button"
          aria-label={week ? text.week.previous : fill(text.week.previousDays, { count: dayCount })}
          onClick={() => onSelect(shiftDate(selected, -dayCount))}
        >
          ‹
        </button>
        <h2 id={titleId} className="schedule-month__title" aria-live="polite">
          {dateRangeLabel(first, last, locale)}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={week ? text.week.next : fill(text.week.nextDays, { count: dayCount })}
          onClick={() => onSelect(shiftDate(selected, dayCount))}
        >
          ›
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => onSelect(today)}>
          {text.month.today}
        </button>
      </div>
      <div ref={scrollerRef} className="schedule-week__scroller" onKeyDown={onKeyDown}>
        <div className="schedule-week__grid" role="group" aria-labelledby={titleId}>
          <div className="schedule-week__gutter" aria-hidden="true">
            <div className="schedule-week__corner">
              {layout.allDayLanes > 0 && (
                <span className="schedule-week__all-day-label">{text.week.allDay}</span>
              )}
            </div>
            <div className="schedule-week__hour-labels">
              {hours.map((label, hour) => (
                <span key={hour} className="schedule-week__hour-label">
                  {hour > 0 ? label : ''}
                </span>
              ))}
            </div>
          </div>
          {days.map((date, column) => (
            <WeekDay
              key={date}
              date={date}
              column={column}
              dayCount={dayCount}
              weekday={weekdays[weekdayOf(dayNumber(date) ?? 0)] ?? ''}
              today={date === today}
              bars={layout.allDay}
              blocks={layout.timed[column] ?? []}
              nowMinute={date === now.date ? now.minute : null}
              tabbableHour={date === slotDate ? slotHour : null}
              hours={hours}
              text={text}
              lang={lang}
              locale={locale}
              onEdit={onEdit}
              onNew={onNew}
              onSlotFocus={setCursorHour}
              onOpenAnniversary={onOpenAnniversary}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Scrolls the hours so a focused slot is not under the sticky day headings. */
function reveal(scroller: HTMLElement, slot: HTMLElement): void {
  const head = scroller.querySelector<HTMLElement>('.schedule-week__top');
  const covered = head ? head.getBoundingClientRect().bottom : scroller.getBoundingClientRect().top;
  const box = slot.getBoundingClientRect();
  const bottom = scroller.getBoundingClientRect().bottom;
  if (box.top < covered) scroller.scrollTop -= covered - box.top;
  else if (box.bottom > bottom) scroller.scrollTop += box.bottom - bottom;
}

const WeekDay = memo(function WeekDay({
  date,
  column,
  dayCount,
  weekday,
  today,
  bars,
  blocks,
  nowMinute,
  tabbableHour,
  hours,
  text,
  lang,
  locale,
  onEdit,
  onNew,
  onSlotFocus,
  onOpenAnniversary,
}: {
  date: string;
  column: number;
  dayCount: number;
  weekday: string;
  today: boolean;
  bars: readonly AllDayBar[];
  blocks: readonly TimedBlock[];
  nowMinute: number | null;
  tabbableHour: number | null;
  hours: readonly string[];
  text: ScheduleCopy;
  lang: 'ko' | 'en';
  locale: string;
  onEdit: (occurrence: EventOccurrence) => void;
  onNew: (date: string, time: string) => void;
  onSlotFocus: (hour: number) => void;
  onOpenAnniversary: (id: string) => void;
}) {
  const headingId = useId();
  const name = dayLabel(date, locale);
  const plain = parseIsoDate(date);
  const lunar = plain && toLunarDate(plain);
  const weekdayIndex = weekdayOf(dayNumber(date) ?? 0);
  const holidayNames = bars.flatMap((bar) =>
    bar.item.kind === 'holiday' && bar.first === column ? [bar.item.holiday.name[lang]] : [],
  );
  const spoken = [name];
  if (today) spoken.push(text.day.today);
  spoken.push(...holidayNames);

  const classes = ['schedule-week__day'];
  if (today) classes.push('schedule-week__day--today');
  if (weekdayIndex === 0 || holidayNames.length > 0) classes.push('schedule-week__day--red');
  else if (weekdayIndex === 6) classes.push('schedule-week__day--saturday');

  return (
    <div
      className={classes.join(' ')}
      role="group"
      aria-labelledby={headingId}
      aria-current={today ? 'date' : undefined}
      data-week-date={date}
    >
      {/* Painted over the next days' heads where a bar of several days runs on into them. */}
      <div className="schedule-week__top" style={{ zIndex: 3 + dayCount - column }}>
        <h3 id={headingId} className="schedule-week__heading">
          <span className="visually-hidden">{spoken.join(', ')}</span>
          <span className="schedule-week__weekday" aria-hidden="true">
            {weekday}
          </span>
          <span className="schedule-week__number" aria-hidden="true">
            {Number(date.slice(8))}
          </span>
          {lunar && (
            <span className="schedule-week__lunar" aria-hidden="true">
              {lunarLabel(text, lunar, 'short')}
            </span>
          )}
        </h3>
        <div className="schedule-week__all-day">
          {bars
            .filter((bar) => bar.first === column)
            .map((bar) => (
              <AllDayItem
                key={bar.key}
                bar={bar}
                text={text}
                lang={lang}
                locale={locale}
                onEdit={onEdit}
                onOpenAnniversary={onOpenAnniversary}
              />
            ))}
        </div>
      </div>
      <div className="schedule-week__hours">
        {HOURS.map((hour) => (
          <button
            key={hour}
            type="button"
            className="schedule-week__slot"
            data-slot-date={date}
            data-slot-hour={hour}
            tabIndex={hour === tabbableHour ? 0 : -1}
            aria-label={fill(text.week.newAt, { date: name, hour: hours[hour] ?? '' })}
            onFocus={() => onSlotFocus(hour)}
            onClick={() => onNew(date, `${String(hour).padStart(2, '0')}:00`)}
          />
        ))}
        {blocks.map((block) => (
          <TimedEvent key={block.key} block={block} text={text} locale={locale} onEdit={onEdit} />
        ))}
        {nowMinute !== null && (
          <div
            className="schedule-week__now"
            style={{ top: `calc(${nowMinute / 60} * var(--schedule-hour))` }}
            aria-hidden="true"
          />
        )}
      </div>
    </div>
  );
});

function AllDayItem({
  bar,
  text,
  lang,
  locale,
  onEdit,
  onOpenAnniversary,
}: {
  bar: AllDayBar;
  text: ScheduleCopy;
  lang: 'ko' | 'en';
  locale: string;
  onEdit: (occurrence: EventOccurrence) => void;
  onOpenAnniversary: (id: string) => void;
}) {
  const span = bar.last - bar.first + 1;
  const classes = ['schedule-week__bar'];
  if (bar.before) classes.push('schedule-week__bar--before');
  if (bar.after) classes.push('schedule-week__bar--after');
  const style = { top: `calc(${bar.lane} * var(--schedule-lane))`, '--schedule-span': span } as CSSProperties;
  const { item } = bar;
  switch (item.kind) {
    case 'holiday':
      // Spoken with the day's heading.
      return (
        <span
          className={[...classes, 'schedule-week__bar--holiday'].join(' ')}
          style={style}
          aria-hidden="true"
        >
          {item.holiday.name[lang]}
        </span>
      );
    case 'anniversary':
      return (
        <AnniversaryMark
          anniversary={item.anniversary}
          onOpen={onOpenAnniversary}
          className={[...classes, 'schedule-week__bar--anniversary'].join(' ')}
          style={style}
        />
      );
    case 'event': {
      const { occurrence } = item;
      const when = occurrenceWhen(text, occurrence, locale);
      const label =
        occurrence.days > 1
          ? fill(text.week.span, { title: occurrence.title, when })
          : fill(text.week.event, { title: occurrence.title, when, date: dayLabel(occurrence.date, locale) });
      return (
        <button
          type="button"
          className={[
            ...classes,
            'schedule-week__bar--event',
            ...(occurrence.days > 1 ? ['schedule-week__bar--long'] : []),
          ].join(' ')}
          style={style}
          aria-label={label}
          data-event={occurrence.id}
          onClick={() => onEdit(occurrence)}
        >
          {occurrence.title}
        </button>
      );
    }
  }
}

/**
 * A timed event's block: its title and its hours ('오후 10:00–오전 1:30' on each day of a night across midnight),
 * spoken as what it shows and then its day or days, so what is seen is what a voice command names.
 */
function TimedEvent({
  block,
  text,
  locale,
  onEdit,
}: {
  block: TimedBlock;
  text: ScheduleCopy;
  locale: string;
  onEdit: (occurrence: EventOccurrence) => void;
}) {
  const { occurrence } = block;
  const start = timeLabel(occurrence.time, locale);
  const end = occurrence.hasEnd ? `–${timeLabel(occurrence.endTime, locale)}` : '';
  const shown = start + end;
  const days =
    occurrence.days > 1
      ? fill(text.event.range, {
          from: dayLabel(occurrence.date, locale),
          to: dayLabel(occurrence.lastDate, locale),
        })
      : dayLabel(occurrence.date, locale);
  const oneLine = block.to - block.from < ONE_LINE_MINUTES;
  const classes = ['schedule-week__event'];
  if (oneLine) classes.push('schedule-week__event--short');
  if (block.before) classes.push('schedule-week__event--before');
  if (block.after) classes.push('schedule-week__event--after');
  const style = {
    '--schedule-from': block.from,
    '--schedule-length': Math.max(block.to - block.from, 20),
    left: `${(block.lane / block.lanes) * 100}%`,
    width: `${(block.span / block.lanes) * 100}%`,
  } as CSSProperties;
  return (
    <button
      type="button"
      className={classes.join(' ')}
      style={style}
      data-event={occurrence.id}
      data-occurrence={occurrence.key}
      aria-label={fill(text.week.event, { title: occurrence.title, when: shown, date: days })}
      onClick={() => onEdit(occurrence)}
    >
      <span className="schedule-week__event-title">{occurrence.title}</span>{' '}
      <span className="schedule-week__event-time">
        <span>{start}</span>
        {end && <span>{end}</span>}
      </span>
    </button>
  );
}
