// The event form's fields as typed (strings), checked and turned into a ScheduleEvent only when all is well,
// so a bad entry is never written and never lost.
import {
  LUNAR_FIRST_YEAR,
  LUNAR_LAST_YEAR,
  leapMonthOf,
  lunarMonthLength,
  parseLunarDate,
  toLunarDate,
  toSolarDate,
  type LunarDate,
} from '../../calendar/lunar.js';
import { parseIsoDate, toIsoDate } from '../../calendar/plain-date.js';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX, type ScheduleEvent } from '../../records/event.js';

export interface EventDraft {
  title: string;
  calendar: 'solar' | 'lunar';
  /** 'YYYY-MM-DD' from the date input, used when the calendar is solar. */
  solarDate: string;
  lunarYear: string;
  lunarMonth: string;
  lunarDay: string;
  /** Asked for; it counts only when that lunar year has that leap month (see `leapAvailable`). */
  leap: boolean;
  repeat: 'none' | 'yearly';
  /** 'HH:MM', or empty for all day. */
  time: string;
  memo: string;
}

/** The date part of a draft, shared by the event and the anniversary forms. */
export type DateDraft = Pick<
  EventDraft,
  'calendar' | 'solarDate' | 'lunarYear' | 'lunarMonth' | 'lunarDay' | 'leap'
>;

export type DateProblem = 'required' | 'invalid' | 'outOfRange' | 'dayTooLarge';

export interface DraftProblems {
  title?: 'required' | 'tooLong';
  date?: DateProblem;
  time?: 'invalid';
  memo?: 'tooLong';
}

export type DraftCheck = { ok: true; event: ScheduleEvent } | { ok: false; problems: DraftProblems };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WHOLE_NUMBER = /^\s*\d{1,4}\s*$/;

function wholeNumber(value: string): number | null {
  return WHOLE_NUMBER.test(value) ? Number(value) : null;
}

function lunarFields(lunar: LunarDate): Pick<EventDraft, 'lunarYear' | 'lunarMonth' | 'lunarDay' | 'leap'> {
  return {
    lunarYear: String(lunar.year),
    lunarMonth: String(lunar.month),
    lunarDay: String(lunar.day),
    leap: lunar.leap,
  };
}

/** A new event on a day (solar), its lunar fields filled in too so switching to lunar keeps the day. */
export function newDraft(dateIso: string): EventDraft {
  const solar = parseIsoDate(dateIso);
  const lunar = solar && toLunarDate(solar);
  return {
    title: '',
    calendar: 'solar',
    solarDate: solar ? dateIso : '',
    ...(lunar ? lunarFields(lunar) : { lunarYear: '', lunarMonth: '', lunarDay: '', leap: false }),
    repeat: 'none',
    time: '',
    memo: '',
  };
}

export function draftFromEvent(event: ScheduleEvent): EventDraft {
  const time = typeof event.time === 'string' ? event.time : '';
  const common = {
    title: String(event.title ?? ''),
    repeat: event.repeat === 'yearly' ? 'yearly' : 'none',
    time,
    memo: typeof event.memo === 'string' ? event.memo : '',
  } as const;
  if (event.calendar === 'lunar') {
    const lunar = parseLunarDate(event.date, event.leap ?? false);
    const solar = lunar && toSolarDate(lunar);
    return {
      ...common,
      calendar: 'lunar',
      solarDate: solar ? toIsoDate(solar) : '',
      ...(lunar ? lunarFields(lunar) : { lunarYear: '', lunarMonth: '', lunarDay: '', leap: false }),
    };
  }
  return { ...newDraft(event.date), ...common };
}

/** Whether the lunar year typed has a leap month of the month typed (so the leap box may be ticked). */
export function leapAvailable(draft: Pick<EventDraft, 'lunarYear' | 'lunarMonth'>): boolean {
  const year = wholeNumber(draft.lunarYear);
  const month = wholeNumber(draft.lunarMonth);
  return year !== null && month !== null && leapMonthOf(year) === month;
}

type LunarCheck = { ok: true; lunar: LunarDate; solar: string } | { ok: false; problem: DateProblem };

function checkLunar(draft: DateDraft): LunarCheck {
  if (!draft.lunarYear.trim() || !draft.lunarMonth.trim() || !draft.lunarDay.trim())
    return { ok: false, problem: 'required' };
  const year = wholeNumber(draft.lunarYear);
  const month = wholeNumber(draft.lunarMonth);
  const day = wholeNumber(draft.lunarDay);
  if (year === null || month === null || day === null || month < 1 || month > 12 || day < 1)
    return { ok: false, problem: 'invalid' };
  if (year < LUNAR_FIRST_YEAR || year > LUNAR_LAST_YEAR) return { ok: false, problem: 'outOfRange' };
  const leap = draft.leap && leapAvailable(draft);
  const length = lunarMonthLength(year, month, leap);
  if (length === null) return { ok: false, problem: 'invalid' };
  if (day > length) return { ok: false, problem: 'dayTooLarge' };
  const lunar = { year, month, day, leap };
  const solar = toSolarDate(lunar);
  // The tables end on solar 2050-12-31, a little before the end of lunar 2050.
  if (!solar) return { ok: false, problem: 'outOfRange' };
  return { ok: true, lunar, solar: toIsoDate(solar) };
}

/** The solar date the form's date means, when it is complete and valid: the lunar form's hint. */
export function solarDateOf(draft: DateDraft): string | null {
  if (draft.calendar === 'solar') return parseIsoDate(draft.solarDate) ? draft.solarDate : null;
  const checked = checkLunar(draft);
  return checked.ok ? checked.solar : null;
}

/** The lunar date of the form's solar date, for the solar form's hint. */
export function lunarDateOf(draft: DateDraft): LunarDate | null {
  const solar = parseIsoDate(draft.solarDate);
  return solar && toLunarDate(solar);
}

/** Switches the calendar, carrying over the day already chosen when it converts. */
export function switchCalendar<T extends DateDraft>(draft: T, calendar: DateDraft['calendar']): T {
  if (calendar === draft.calendar) return draft;
  if (calendar === 'lunar') {
    const lunar = lunarDateOf(draft);
    return { ...draft, calendar, ...(lunar ? lunarFields(lunar) : {}) };
  }
  const checked = checkLunar(draft);
  return { ...draft, calendar, ...(checked.ok ? { solarDate: checked.solar } : {}) };
}

export function checkDraft(draft: EventDraft): DraftCheck {
  const problems: DraftProblems = {};
  const title = draft.title.trim();
  if (!title) problems.title = 'required';
  else if (title.length > EVENT_TITLE_MAX) problems.title = 'tooLong';
  if (draft.time && !TIME.test(draft.time)) problems.time = 'invalid';
  if (draft.memo.length > EVENT_MEMO_MAX) problems.memo = 'tooLong';

  let date: Pick<ScheduleEvent, 'calendar' | 'date' | 'leap'> | null = null;
  if (draft.calendar === 'solar') {
    if (!draft.solarDate) problems.date = 'required';
    else if (!parseIsoDate(draft.solarDate)) problems.date = 'invalid';
    else date = { calendar: 'solar', date: draft.solarDate };
  } else {
    const checked = checkLunar(draft);
    if (!checked.ok) problems.date = checked.problem;
    else date = { calendar: 'lunar', date: toIsoDate(checked.lunar), leap: checked.lunar.leap };
  }

  if (!date || Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    event: { title, ...date, repeat: draft.repeat, time: draft.time, memo: draft.memo },
  };
}
