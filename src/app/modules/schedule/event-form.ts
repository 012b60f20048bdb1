// The event form's fields as typed (strings), checked and turned into a ScheduleEvent only when all is well,
// so a bad entry is never written and never lost: the start and end (or the days of an all-day event), the time
// zone, and the repeat rule (docs/calendar.md).
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
import { epochDay, fromEpochDay, parseIsoDate, toIsoDate } from '../../calendar/plain-date.js';
import { seriesStart, weekdayOf } from '../../calendar/rules.js';
import {
  allDayLength,
  dayNumber,
  durationMinutes,
  formatDuration,
  legacyRepeat,
  minutesOf,
  ruleOf,
  clockOf,
  type Frequency,
  type RepeatRule,
} from '../../calendar/series.js';
import { EVENT_MEMO_MAX, EVENT_TITLE_MAX, type ScheduleEvent } from '../../records/event.js';
import { remindersOf } from './reminders.js';

export type RepeatChoice = 'none' | Frequency;
/** A monthly or yearly rule repeats on the start's day of the month, its nth weekday, or its last such weekday. */
export type RepeatBy = 'date' | 'nth' | 'last';

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
  allDay: boolean;
  /** The start, 'HH:MM' (a timed event). */
  time: string;
  /** The last day of an all-day event, or the day a timed one ends on: solar 'YYYY-MM-DD'; '' for its start day. */
  endDate: string;
  /** 'HH:MM', or empty for a timed event shown as its start only. */
  endTime: string;
  /** An IANA zone, or empty for floating. */
  zone: string;
  repeat: RepeatChoice;
  interval: string;
  /** Weekly: the days (0 Sunday). */
  weekdays: number[];
  /**
   * The weekly days are the start's weekday, not chosen: they follow the start when it moves, and the rule keeps
   * none of its own (RFC 5545's default), so moving one occurrence leaves the rule as it was.
   */
  weekdaysFollowStart: boolean;
  repeatBy: RepeatBy;
  ends: 'never' | 'until' | 'count';
  until: string;
  count: string;
  /** The rule's week start as stored (set by an import, not by the form): kept as it was. */
  weekStart?: number;
  /** Minutes before the start each reminder comes (all day: before 9:00 of the day), soonest first. */
  reminders: number[];
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
  time?: 'invalid' | 'required';
  end?: 'invalid' | 'beforeStart';
  interval?: 'invalid';
  weekdays?: 'required';
  until?: 'invalid';
  count?: 'invalid';
  memo?: 'tooLong';
}

export type DraftCheck = { ok: true; event: ScheduleEvent } | { ok: false; problems: DraftProblems };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WHOLE_NUMBER = /^\s*\d{1,4}\s*$/;
/** A new timed event starts at 9 and lasts an hour, until the member says otherwise. */
const DEFAULT_START = '09:00';
const DEFAULT_END = '10:00';
const REPEAT_MAX = 999;

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

const NO_REPEAT = {
  repeat: 'none',
  interval: '1',
  weekdays: [],
  weekdaysFollowStart: true,
  repeatBy: 'date',
  ends: 'never',
  until: '',
  count: '10',
} as const satisfies Partial<EventDraft>;

/**
 * A new event on a day (solar), its lunar fields filled in too so switching to lunar keeps the day: all day, or
 * from `time` ('HH:MM', an hour chosen in the week view) for an hour, past midnight onto the next day if need be.
 */
export function newDraft(dateIso: string, time = ''): EventDraft {
  const solar = parseIsoDate(dateIso);
  const lunar = solar && toLunarDate(solar);
  const day = solar ? epochDay(solar) : null;
  const start = minutesOf(time);
  const end = day !== null && start !== null ? day * 1440 + start + 60 : null;
  const endDay = end === null ? null : Math.floor(end / 1440);
  return {
    title: '',
    calendar: 'solar',
    solarDate: solar ? dateIso : '',
    ...(lunar ? lunarFields(lunar) : { lunarYear: '', lunarMonth: '', lunarDay: '', leap: false }),
    allDay: end === null,
    time: end === null ? '' : time,
    endDate: endDay !== null && endDay !== day ? toIsoDate(fromEpochDay(endDay)) : '',
    endTime: end === null ? '' : clockOf(end),
    zone: '',
    ...NO_REPEAT,
    weekdays: solar ? [weekdayOf(epochDay(solar))] : [],
    reminders: [],
    memo: '',
  };
}

/** A timed draft's start and end when All day is turned off: 9 to 10 unless times were typed before. */
export function withAllDay(draft: EventDraft, allDay: boolean): EventDraft {
  if (allDay || draft.time) return { ...draft, allDay };
  return { ...draft, allDay, time: DEFAULT_START, endTime: draft.endTime || DEFAULT_END };
}

/** The repeat part of a draft from an event's rule. */
function repeatFields(rule: RepeatRule | null, startDay: number | null): Partial<EventDraft> {
  const weekday = startDay === null ? null : weekdayOf(startDay);
  const fields: Partial<EventDraft> = {
    ...NO_REPEAT,
    weekdays: weekday === null ? [] : [weekday],
  };
  if (!rule) return fields;
  fields.repeat = rule.freq;
  fields.interval = String(rule.interval ?? 1);
  if (rule.freq === 'weekly' && rule.weekdays) {
    fields.weekdays = [...rule.weekdays];
    fields.weekdaysFollowStart = false;
  }
  if (rule.nth !== undefined) fields.repeatBy = rule.nth < 0 ? 'last' : 'nth';
  if (rule.until) Object.assign(fields, { ends: 'until', until: rule.until });
  else if (rule.count !== undefined) Object.assign(fields, { ends: 'count', count: String(rule.count) });
  if (rule.weekStart !== undefined) fields.weekStart = rule.weekStart;
  return fields;
}

/**
 * The form's fields for an event as stored (for an occurrence of a series: `occurrenceValue`), reading each field
 * with care: an all-day event's last day, a timed one's end from its duration.
 */
export function draftFromEvent(event: ScheduleEvent): EventDraft {
  const start = minutesOf(event.time);
  const first = seriesStart(event);
  let endDay = first?.day ?? null;
  let endTime = '';
  if (first && start === null) {
    endDay = first.day + allDayLength(event.duration) - 1;
  } else if (first && start !== null) {
    const length = durationMinutes(event.duration);
    if (length !== null) {
      const end = first.day * 1440 + start + length;
      endDay = Math.floor(end / 1440);
      endTime = clockOf(end);
    }
  }
  // The end on the start's day is left '': it follows the start when that changes.
  const endDate = first && endDay !== null && endDay !== first.day ? toIsoDate(fromEpochDay(endDay)) : '';
  const common = {
    title: String(event.title ?? ''),
    allDay: start === null,
    time: start === null ? '' : clockOf(start),
    endDate,
    endTime,
    zone: start !== null && typeof event.zone === 'string' ? event.zone : '',
    ...repeatFields(ruleOf(event), first?.day ?? null),
    reminders: remindersOf(event.reminders),
    memo: typeof event.memo === 'string' ? event.memo : '',
  };
  if (event.calendar === 'lunar') {
    const lunar = parseLunarDate(event.date, event.leap ?? false);
    const solar = lunar && toSolarDate(lunar);
    return {
      ...newDraft(solar ? toIsoDate(solar) : ''),
      ...common,
      calendar: 'lunar',
      solarDate: solar ? toIsoDate(solar) : '',
      ...(lunar ? lunarFields(lunar) : { lunarYear: '', lunarMonth: '', lunarDay: '', leap: false }),
    } as EventDraft;
  }
  return { ...newDraft(event.date), ...common } as EventDraft;
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
    // A lunar date repeats yearly only.
    const repeat = (draft as Partial<EventDraft>).repeat;
    const yearly = repeat !== undefined && repeat !== 'none' ? { repeat: 'yearly', repeatBy: 'date' } : {};
    return { ...draft, calendar, ...(lunar ? lunarFields(lunar) : {}), ...yearly };
  }
  const checked = checkLunar(draft);
  return { ...draft, calendar, ...(checked.ok ? { solarDate: checked.solar } : {}) };
}

/**
 * What the start date becomes when it changes: an end on the same day or a trip's days move with it, and a weekly
 * rule still on the old weekday alone moves to the new one.
 */
export function moveStart(draft: EventDraft, solarDate: string): EventDraft {
  const before = dayNumber(draft.solarDate);
  const after = dayNumber(solarDate);
  const next = { ...draft, solarDate };
  if (before === null || after === null) return next;
  const end = dayNumber(draft.endDate);
  if (end !== null && end >= before) next.endDate = toIsoDate(fromEpochDay(end + after - before));
  if (draft.weekdaysFollowStart) next.weekdays = [weekdayOf(after)];
  return next;
}

function wholeIn(value: string, min: number, max: number): number | null {
  const number = wholeNumber(value);
  return number !== null && number >= min && number <= max ? number : null;
}

/** The rule a draft asks for (null: none), or the problems of its parts. */
function ruleOfDraft(
  draft: EventDraft,
  startDay: number,
  problems: DraftProblems,
  lunar: boolean,
): RepeatRule | null {
  if (draft.repeat === 'none') return null;
  const rule: RepeatRule = { freq: lunar ? 'yearly' : draft.repeat };
  const interval = wholeIn(draft.interval, 1, REPEAT_MAX);
  if (interval === null) problems.interval = 'invalid';
  else if (interval > 1) rule.interval = interval;
  if (rule.freq === 'weekly') {
    const days = [...new Set(draft.weekdays)].filter((day) => day >= 0 && day <= 6).sort((a, b) => a - b);
    if (days.length === 0) problems.weekdays = 'required';
    else if (!draft.weekdaysFollowStart && !(days.length === 1 && days[0] === weekdayOf(startDay))) {
      rule.weekdays = days;
    }
  }
  if (!lunar && (rule.freq === 'monthly' || rule.freq === 'yearly') && draft.repeatBy !== 'date') {
    const day = fromEpochDay(startDay).day;
    rule.nth = draft.repeatBy === 'last' ? -1 : Math.ceil(day / 7);
  }
  if (draft.weekStart !== undefined) rule.weekStart = draft.weekStart;
  if (draft.ends === 'until') {
    const until = dayNumber(draft.until);
    if (until === null || until < startDay) problems.until = 'invalid';
    else rule.until = draft.until;
  } else if (draft.ends === 'count') {
    const count = wholeIn(draft.count, 1, REPEAT_MAX);
    if (count === null) problems.count = 'invalid';
    else rule.count = count;
  }
  return rule;
}

export function checkDraft(draft: EventDraft): DraftCheck {
  const problems: DraftProblems = {};
  const title = draft.title.trim();
  if (!title) problems.title = 'required';
  else if (title.length > EVENT_TITLE_MAX) problems.title = 'tooLong';
  if (!draft.allDay) {
    if (!draft.time) problems.time = 'required';
    else if (!TIME.test(draft.time)) problems.time = 'invalid';
  }
  if (draft.memo.length > EVENT_MEMO_MAX) problems.memo = 'tooLong';

  let date: Pick<ScheduleEvent, 'calendar' | 'date' | 'leap'> | null = null;
  let startIso: string | null = null;
  if (draft.calendar === 'solar') {
    if (!draft.solarDate) problems.date = 'required';
    else if (!parseIsoDate(draft.solarDate)) problems.date = 'invalid';
    else {
      date = { calendar: 'solar', date: draft.solarDate };
      startIso = draft.solarDate;
    }
  } else {
    const checked = checkLunar(draft);
    if (!checked.ok) problems.date = checked.problem;
    else {
      date = { calendar: 'lunar', date: toIsoDate(checked.lunar), leap: checked.lunar.leap };
      startIso = checked.solar;
    }
  }

  const startDay = dayNumber(startIso);
  let duration: string | undefined;
  if (startDay !== null) {
    const endDay = draft.endDate ? dayNumber(draft.endDate) : startDay;
    if (endDay === null || (draft.endTime && !TIME.test(draft.endTime))) problems.end = 'invalid';
    else if (draft.allDay) {
      if (endDay < startDay) problems.end = 'beforeStart';
      else if (endDay > startDay) duration = formatDuration((endDay - startDay + 1) * 1440, true);
    } else if (draft.endTime && !problems.time) {
      const minutes = endDay * 1440 + minutesOf(draft.endTime)! - (startDay * 1440 + minutesOf(draft.time)!);
      if (minutes <= 0) problems.end = 'beforeStart';
      else duration = formatDuration(minutes, false);
    }
  }
  const rule = startDay === null ? null : ruleOfDraft(draft, startDay, problems, draft.calendar === 'lunar');

  if (!date || Object.keys(problems).length > 0) return { ok: false, problems };
  const event: ScheduleEvent = {
    title,
    ...date,
    repeat: legacyRepeat(rule),
    time: draft.allDay ? '' : draft.time,
    memo: draft.memo,
  };
  if (duration) event.duration = duration;
  if (!draft.allDay && draft.zone) event.zone = draft.zone;
  if (rule) event.rule = rule;
  const reminders = remindersOf(draft.reminders);
  if (reminders.length > 0) event.reminders = reminders;
  return { ok: true, event };
}

/** The end date the form shows: the one typed, else the start's day. */
export function shownEndDate(draft: EventDraft): string {
  return draft.endDate || solarDateOf(draft) || '';
}
