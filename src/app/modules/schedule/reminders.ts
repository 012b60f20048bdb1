// Reminders of events and anniversaries (docs/calendar.md): each record keeps the minutes before its start that it
// reminds at (`reminders`: [0, 10, 60, 1440] …), read here with care since another device or version wrote them;
// how each reads in the form; and the two reminder sources (reminders/sources.ts) the shell lists. A timed event
// reminds before its start, in its own zone or the member's; an all-day event and an anniversary remind at 9:00
// of the day (or of a day or a week before) on the member's clock.
import type { Language } from '../../../shared/constants.js';
import { fill, localeOf } from '../../../shared/text.js';
import { utcFormatter, timeLabel } from '../../format.js';
import { isoOfDay, occurrencesBetween, type Occurrence } from '../../calendar/occurrences.js';
import { ALL_DAY_REMINDER_MINUTE, remindersOf } from '../../calendar/reminder-times.js';
import { clockOf, dayNumber, minutesOf } from '../../calendar/series.js';
import { deviceZoneName, instantOf, timeZone, wallAt, DAY_MINUTES } from '../../calendar/time-zones.js';
import type { ScheduleEvent } from '../../records/event.js';
import { SETTINGS_ID } from '../../settings.js';
import type { DesiredReminder } from '../../reminders/desired.js';
import {
  MINUTES_BEFORE_MAX,
  occurrenceReminders,
  type ReminderRecords,
  type ReminderWindow,
} from '../../reminders/sources.js';
import type { Anniversary } from './anniversaries/model.js';
import { anniversariesByDate } from './anniversary-days.js';
import { reminderText } from './reminder-copy.js';

export { ALL_DAY_REMINDER_MINUTE, REMINDERS_PER_RECORD, remindersOf } from '../../calendar/reminder-times.js';
/** The choices the form offers first, for a timed event and for a day. */
export const TIMED_PRESETS: readonly number[] = [0, 10, 60, 1440];
export const DAY_PRESETS: readonly number[] = [0, 1440, 10080];

export type ReminderUnit = 'minute' | 'hour' | 'day' | 'week';
export const REMINDER_UNITS: readonly ReminderUnit[] = ['minute', 'hour', 'day', 'week'];
const UNIT_MINUTES: Record<ReminderUnit, number> = { minute: 1, hour: 60, day: 1440, week: 10080 };

/** Minutes as the largest whole unit they are: 1440 → 1 day, 90 → 90 minutes. */
export function inUnits(minutes: number): { amount: number; unit: ReminderUnit } {
  for (const unit of ['week', 'day', 'hour'] as const) {
    if (minutes > 0 && minutes % UNIT_MINUTES[unit] === 0)
      return { amount: minutes / UNIT_MINUTES[unit], unit };
  }
  return { amount: minutes, unit: 'minute' };
}

/** The minutes of an amount in a unit, or a problem with it. */
export function customMinutes(
  amount: string,
  unit: ReminderUnit,
): { ok: true; minutes: number } | { ok: false; problem: 'amountInvalid' | 'tooEarly' } {
  if (!/^\s*\d{1,5}\s*$/.test(amount) || Number(amount) < 1) return { ok: false, problem: 'amountInvalid' };
  const minutes = Number(amount) * UNIT_MINUTES[unit];
  return minutes > MINUTES_BEFORE_MAX ? { ok: false, problem: 'tooEarly' } : { ok: true, minutes };
}

function amountLabel(minutes: number, locale: string): string {
  const { amount, unit } = inUnits(minutes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

/** How a reminder reads in the form: '10분 전', 'At the start', '1 day before at 9:00 AM'. */
export function reminderLabel(minutes: number, allDay: boolean, lang: Language): string {
  const text = reminderText[lang];
  const locale = localeOf(lang);
  if (!allDay)
    return minutes === 0 ? text.atStart : fill(text.before, { amount: amountLabel(minutes, locale) });
  const time = timeLabel(clockOf(ALL_DAY_REMINDER_MINUTE), locale);
  return minutes === 0
    ? fill(text.onTheDay, { time })
    : fill(text.beforeAt, { amount: amountLabel(minutes, locale), time });
}

const capitalized = (words: string) => words.charAt(0).toLocaleUpperCase() + words.slice(1);

/** When, from the reminder's time, the thing starts: 'Now', 'In 10 minutes', '내일'. */
function lead(minutes: number, allDay: boolean, lang: Language): string {
  const relative = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto' });
  if (allDay) return capitalized(relative.format(Math.round(minutes / 1440), 'day'));
  if (minutes === 0) return reminderText[lang].now;
  const { amount, unit } = inUnits(minutes);
  return capitalized(relative.format(amount, unit));
}

function dayLabel(iso: string, locale: string): string {
  return utcFormatter(locale, { month: 'long', day: 'numeric', weekday: 'short' }).format(
    Date.parse(`${iso}T00:00:00Z`),
  );
}

/** The date and time of an occurrence as a reminder says it, in the member's zone. */
function occurrenceLine(
  occurrence: Pick<Occurrence, 'allDay' | 'date' | 'time' | 'endDate' | 'endTime' | 'hasEnd' | 'days'>,
  lang: Language,
): string {
  const text = reminderText[lang];
  const locale = localeOf(lang);
  const from = dayLabel(occurrence.date, locale);
  if (occurrence.allDay) {
    return occurrence.days > 1 ? fill(text.range, { from, to: dayLabel(occurrence.endDate, locale) }) : from;
  }
  const start = `${from} ${timeLabel(occurrence.time, locale)}`;
  if (!occurrence.hasEnd) return start;
  const end = timeLabel(occurrence.endTime, locale);
  return fill(text.range, {
    from: start,
    to: occurrence.endDate === occurrence.date ? end : `${dayLabel(occurrence.endDate, locale)} ${end}`,
  });
}

/** The language reminders are written in: the member's choice (Settings › Reminders), Korean until then. */
export function reminderLanguage(records: ReminderRecords): Language {
  const settings = records.get<{ reminderLanguage?: unknown }>(SETTINGS_ID)?.value;
  return settings?.reminderLanguage === 'en' ? 'en' : 'ko';
}

/** The dates (in `zone`) a window's reminders may remind of: from its start to its end and four weeks after. */
function datesOf(window: ReminderWindow, zone: string): { fromIso: string; toIso: string } {
  const tz = timeZone(zone) ?? timeZone('UTC')!;
  const day = (ms: number) => Math.floor(wallAt(tz, Math.floor(ms / 60_000)) / DAY_MINUTES);
  return {
    fromIso: isoOfDay(day(window.from) - 1),
    toIso: isoOfDay(day(window.to + MINUTES_BEFORE_MAX * 60_000) + 1),
  };
}

/** The instant (ms) a wall time of a day means in `zone`. */
function instantOfDay(zone: string, iso: string, minute: number): number {
  const tz = timeZone(zone) ?? timeZone('UTC')!;
  return instantOf(tz, (dayNumber(iso) ?? 0) * DAY_MINUTES + minute) * 60_000;
}

/** The reminders events ask for within a window, their times and words in `zone` (the device's). */
export function eventReminders(
  records: ReminderRecords,
  window: ReminderWindow,
  zone: string = deviceZoneName(),
): DesiredReminder[] {
  const events = records
    .list<ScheduleEvent>('event')
    .filter((entry) => remindersOf(entry.value?.reminders).length > 0)
    .map((entry) => ({ id: entry.id, value: entry.value }));
  if (events.length === 0) return [];
  const lang = reminderLanguage(records);
  const { fromIso, toIso } = datesOf(window, zone);
  return occurrencesBetween(events, fromIso, toIso, zone).flatMap((occurrence) => {
    const minute = occurrence.allDay ? ALL_DAY_REMINDER_MINUTE : (minutesOf(occurrence.time) ?? 0);
    const line = occurrenceLine(occurrence, lang);
    return occurrenceReminders(
      {
        record: occurrence.id,
        occurrence: occurrence.key,
        startsAt: instantOfDay(zone, occurrence.date, minute),
        minutesBefore: remindersOf(occurrence.event.reminders),
        title: occurrence.title,
        body: (before) => `${lead(before, occurrence.allDay, lang)} · ${line}`,
        url: '/app/?page=schedule',
      },
      window,
    );
  });
}

/** The reminders anniversaries ask for within a window, at 9:00 of their days in `zone`. */
export function anniversaryReminders(
  records: ReminderRecords,
  window: ReminderWindow,
  zone: string = deviceZoneName(),
): DesiredReminder[] {
  const reminding = records
    .list<Anniversary>('anniversaries')
    .filter((entry) => remindersOf(entry.value?.reminders).length > 0);
  if (reminding.length === 0) return [];
  const minutesBefore = new Map(reminding.map(({ id, value }) => [id, remindersOf(value.reminders)]));
  const lang = reminderLanguage(records);
  const text = reminderText[lang];
  const { fromIso, toIso } = datesOf(window, zone);
  return [...anniversariesByDate(reminding, fromIso, toIso)].flatMap(([date, days]) =>
    days.flatMap((day) =>
      occurrenceReminders(
        {
          record: day.id,
          occurrence: date,
          startsAt: instantOfDay(zone, date, ALL_DAY_REMINDER_MINUTE),
          minutesBefore: minutesBefore.get(day.id) ?? [],
          title: day.name,
          body: (before) =>
            `${text.anniversary} · ${lead(before, true, lang)} · ${dayLabel(date, localeOf(lang))}`,
          url: '/app/?page=anniversaries',
        },
        window,
      ),
    ),
  );
}
