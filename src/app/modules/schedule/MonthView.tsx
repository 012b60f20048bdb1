// The month grid: a table of weeks from Sunday, each day with its lunar date, holidays, anniversaries, solar term
// and the first events, an event of several days as a bar across them (kept on one line through its week); arrow keys
// move the selected day as in an ARIA grid.
import { memo, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { formatMonth, weekdayNames } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { plural } from '../../../shared/plural.js';
import { eventsByDate, type AgendaEntry, type SavedEvent } from './agenda.js';
import type { HolidayData } from '../../calendar/holidays.js';
import { monthGrid, type MonthCell } from '../../calendar/month-grid.js';
import {
  addDays,
  dayOfWeek,
  daysInMonth,
  epochDay,
  parseIsoDate,
  toIsoDate,
} from '../../calendar/plain-date.js';
import { scheduleText, type ScheduleCopy } from './copy.js';
import { fullDate, lunarLabel } from './labels.js';
import { anniversariesByDate, type AnniversaryDay, type SavedAnniversary } from './anniversary-days.js';

/** Event lines a day cell shows before '+N'. */
const TITLES_IN_CELL = 2;
const NO_LINES: readonly CellLine[] = [];
const NO_ANNIVERSARIES: readonly AnniversaryDay[] = [];

/** One line of a day cell: an event (a bar's piece for one of several days), or a gap keeping a bar's line. */
interface CellLine {
  entry: AgendaEntry | null;
  /** A bar's piece shows its title where it starts and at the start of each week. */
  titled: boolean;
}

const identity = (entry: AgendaEntry) => `${entry.occurrence.id} ${entry.occurrence.key}`;

/**
 * The lines of each day of a week: events of several days first, each on the same line on all its days of the
 * week (the lowest line free for all of them), then the day's other events.
 */
function weekLines(week: readonly MonthCell[], byDate: Map<string, AgendaEntry[]>): Map<string, CellLine[]> {
  const lanes: Array<Array<string | undefined>> = [];
  const laneOf = new Map<string, number>();
  const lines = new Map<string, CellLine[]>();
  week.forEach((cell, index) => {
    const entries = byDate.get(cell.date) ?? [];
    const spans: CellLine[] = [];
    for (const entry of entries) {
      if (entry.occurrence.days === 1) continue;
      const id = identity(entry);
      let lane = laneOf.get(id);
      if (lane === undefined) {
        const through = Math.min(week.length - 1, index + entry.occurrence.lastDay - dayOfCell(cell));
        lane = 0;
        while (lanes[lane]?.slice(index, through + 1).some(Boolean)) lane++;
        lanes[lane] ??= [];
        for (let day = index; day <= through; day++) lanes[lane]![day] = id;
        laneOf.set(id, lane);
      }
      spans[lane] = { entry, titled: entry.starts || index === 0 };
    }
    const dayLines: CellLine[] = Array.from(spans, (line) => line ?? { entry: null, titled: false });
    for (const entry of entries) if (entry.occurrence.days === 1) dayLines.push({ entry, titled: true });
    if (dayLines.length > 0) lines.set(cell.date, dayLines);
  });
  return lines;
}

/**
 * The lines a week's days give their holidays, anniversaries and solar terms: as many in each day as the day with
 * most, so the events under them, a trip's bar above all, stay on one line across the week.
 */
function markLines(
  week: readonly MonthCell[],
  anniversaries: ReadonlyMap<string, readonly AnniversaryDay[]>,
): number {
  return Math.max(
    ...week.map(
      (cell) => cell.holidays.length + (anniversaries.get(cell.date)?.length ?? 0) + (cell.solarTerm ? 1 : 0),
    ),
  );
}

function dayOfCell(cell: MonthCell): number {
  const date = parseIsoDate(cell.date);
  return date ? epochDay(date) : 0;
}

// A month's cells depend only on the month and the holiday data: worked out once, reused when coming back.
const gridsByData = new WeakMap<HolidayData, Map<string, MonthCell[][]>>();

function cachedMonthGrid(year: number, month: number, holidays: HolidayData): MonthCell[][] {
  let grids = gridsByData.get(holidays);
  if (!grids) gridsByData.set(holidays, (grids = new Map()));
  const key = `${year}-${month}`;
  let grid = grids.get(key);
  if (!grid) grids.set(key, (grid = monthGrid(year, month, { holidays })));
  return grid;
}

/** The date `days` away, or the same date when it cannot be read. */
function shiftDate(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  return date ? toIsoDate(addDays(date, days)) : iso;
}

/** The same day of the month `months` away, kept within that month (31 January → 28 February). */
function shiftMonth(iso: string, months: number): string {
  const date = parseIsoDate(iso);
  if (!date) return iso;
  const index = date.year * 12 + date.month - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIsoDate({ year, month, day: Math.min(date.day, daysInMonth(year, month)) });
}

export function MonthView({
  year,
  month,
  selected,
  today,
  events,
  holidays,
  anniversaries,
  onSelect,
  onShowMonth,
}: {
  year: number;
  month: number;
  selected: string;
  today: string;
  events: readonly SavedEvent[];
  holidays: HolidayData;
  anniversaries: readonly SavedAnniversary[];
  onSelect: (date: string) => void;
  onShowMonth: (year: number, month: number) => void;
}) {
  const text = useText(scheduleText);
  const { lang, locale } = useLanguage();
  const titleId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const focusSelected = useRef(false);

  const weeks = useMemo(() => cachedMonthGrid(year, month, holidays), [year, month, holidays]);
  const first = weeks[0]?.[0]?.date ?? '';
  const last = weeks.at(-1)?.at(-1)?.date ?? '';
  // Each event's occurrences are worked out once for the whole visible range, not per cell.
  const lines = useMemo(() => {
    const byDate = eventsByDate(events, first, last);
    const all = new Map<string, CellLine[]>();
    for (const week of weeks) for (const [date, dayLines] of weekLines(week, byDate)) all.set(date, dayLines);
    return all;
  }, [events, first, last, weeks]);
  const anniversariesOn = useMemo(
    () => anniversariesByDate(anniversaries, first, last),
    [anniversaries, first, last],
  );
  const weekdays = useMemo(() => weekdayNames(locale), [locale]);
  // One day is reachable by Tab: the selected one, else the first of the month.
  const tabbable = selected >= first && selected <= last ? selected : toIsoDate({ year, month, day: 1 });

  useEffect(() => {
    if (!focusSelected.current) return;
    focusSelected.current = false;
    tableRef.current?.querySelector<HTMLElement>(`[data-date="${selected}"]`)?.focus();
  }, [selected, year, month]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const weekday = dayOfWeek(parseIsoDate(selected) ?? { year, month, day: 1 });
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shiftDate(selected, -1),
      ArrowRight: () => shiftDate(selected, 1),
      ArrowUp: () => shiftDate(selected, -7),
      ArrowDown: () => shiftDate(selected, 7),
      Home: () => shiftDate(selected, -weekday),
      End: () => shiftDate(selected, 6 - weekday),
      PageUp: () => shiftMonth(selected, -1),
      PageDown: () => shiftMonth(selected, 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusSelected.current = true;
      onSelect(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      const date = (event.target as HTMLElement).dataset.date;
      if (date) {
        event.preventDefault();
        onSelect(date);
      }
    }
  }

  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

  return (
    <div className="schedule-month">
      <div className="schedule-month__nav">
        <button
          type="button"
          className="icon-button"
          aria-label={text.month.previous}
          data-month-step="previous"
          onClick={() => onShowMonth(previous.year, previous.month)}
        >
          ‹
        </button>
        <h2 id={titleId} className="schedule-month__title" aria-live="polite">
          {formatMonth(year, month, locale)}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={text.month.next}
          data-month-step="next"
          onClick={() => onShowMonth(next.year, next.month)}
        >
          ›
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => onSelect(today)}>
          {text.month.today}
        </button>
      </div>
      <table
        ref={tableRef}
        className="schedule-grid"
        role="grid"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weekdays.map((name, index) => (
              <th
                key={index}
                scope="col"
                className={
                  index === 0
                    ? 'schedule-grid__weekday schedule-grid__weekday--sunday'
                    : index === 6
                      ? 'schedule-grid__weekday schedule-grid__weekday--saturday'
                      : 'schedule-grid__weekday'
                }
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => {
            const marks = markLines(week, anniversariesOn);
            return (
              <tr key={week[0]?.date}>
                {week.map((cell) => (
                  <DayCell
                    key={cell.date}
                    cell={cell}
                    lines={lines.get(cell.date) ?? NO_LINES}
                    anniversaries={anniversariesOn.get(cell.date) ?? NO_ANNIVERSARIES}
                    markLines={marks}
                    selected={cell.date === selected}
                    tabbable={cell.date === tabbable}
                    today={cell.date === today}
                    text={text}
                    lang={lang}
                    locale={locale}
                    onSelect={onSelect}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const DayCell = memo(function DayCell({
  cell,
  lines,
  anniversaries,
  markLines,
  selected,
  tabbable,
  today,
  text,
  lang,
  locale,
  onSelect,
}: {
  cell: MonthCell;
  lines: readonly CellLine[];
  anniversaries: readonly AnniversaryDay[];
  /** The lines its week gives holidays, anniversaries and solar terms (the day's own, then blank ones). */
  markLines: number;
  selected: boolean;
  tabbable: boolean;
  today: boolean;
  text: ScheduleCopy;
  lang: 'ko' | 'en';
  locale: string;
  onSelect: (date: string) => void;
}) {
  const count = lines.filter((line) => line.entry).length;
  const label = [fullDate(cell.date, locale)];
  if (cell.lunar) label.push(lunarLabel(text, cell.lunar, 'long'));
  for (const holiday of cell.holidays) label.push(holiday.name[lang]);
  for (const anniversary of anniversaries)
    label.push(fill(text.anniversary.named, { name: anniversary.name }));
  if (cell.solarTerm) label.push(cell.solarTerm.name[lang]);
  if (count > 0) label.push(plural(text.day.eventCount, count, lang));
  if (today) label.push(text.day.today);

  const classes = ['schedule-day'];
  if (!cell.inMonth) classes.push('schedule-day--outside');
  if (cell.dayOfWeek === 0 || cell.holidays.length > 0) classes.push('schedule-day--red');
  else if (cell.dayOfWeek === 6) classes.push('schedule-day--saturday');
  if (today) classes.push('schedule-day--today');
  if (selected) classes.push('schedule-day--selected');

  const shown = lines.slice(0, TITLES_IN_CELL);
  const hidden = count - shown.filter((line) => line.entry).length;
  return (
    <td
      role="gridcell"
      className={classes.join(' ')}
      data-date={cell.date}
      aria-selected={selected}
      aria-current={today ? 'date' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(cell.date)}
    >
      <span className="visually-hidden">{label.join(', ')}</span>
      <span className="schedule-day__head" aria-hidden="true">
        <span className="schedule-day__number">{Number(cell.date.slice(8))}</span>
        {cell.lunar && <span className="schedule-day__lunar">{lunarLabel(text, cell.lunar, 'short')}</span>}
      </span>
      {cell.holidays.map((holiday) => (
        <span
          key={holiday.key + String(holiday.substitute)}
          className="schedule-day__holiday"
          aria-hidden="true"
        >
          {holiday.name[lang]}
        </span>
      ))}
      {anniversaries.map((anniversary) => (
        <span
          key={anniversary.id}
          className="schedule-day__anniversary"
          data-anniversary={anniversary.id}
          aria-hidden="true"
        >
          ♥ {anniversary.name}
        </span>
      ))}
      {cell.solarTerm && (
        <span className="schedule-day__term" aria-hidden="true">
          {cell.solarTerm.name[lang]}
        </span>
      )}
      {Array.from(
        { length: markLines - cell.holidays.length - anniversaries.length - (cell.solarTerm ? 1 : 0) },
        (_, index) => (
          <span key={`mark ${index}`} className="schedule-day__mark-gap" aria-hidden="true">
            {'\u00a0'}
          </span>
        ),
      )}
      {shown.map((line, index) => {
        if (!line.entry) {
          return (
            <span
              key={`gap ${index}`}
              className="schedule-day__event schedule-day__event--gap"
              aria-hidden="true"
            >
              {'\u00a0'}
            </span>
          );
        }
        const { occurrence, starts, ends } = line.entry;
        const classes = ['schedule-day__event'];
        if (occurrence.days > 1) {
          classes.push('schedule-day__event--span');
          if (!starts) classes.push('schedule-day__event--continues');
          if (!ends) classes.push('schedule-day__event--goes-on');
        }
        return (
          <span
            key={identity(line.entry)}
            className={classes.join(' ')}
            data-event={occurrence.id}
            aria-hidden="true"
          >
            {line.titled ? occurrence.title : '\u00a0'}
          </span>
        );
      })}
      {hidden > 0 && (
        <span className="schedule-day__more" aria-hidden="true">
          {plural(text.day.more, hidden, lang)}
        </span>
      )}
    </td>
  );
});
