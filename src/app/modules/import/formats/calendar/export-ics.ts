// The schedule as an iCalendar file (RFC 5545) for any calendar app. Timed events are written in floating local
// time: the schedule keeps wall-clock times with no zone, and a floating time is exactly that, shown at the same
// hour wherever the file is opened (a TZID would need a VTIMEZONE we would have to invent for the member's zone).
// A lunar yearly date has no RRULE in the Gregorian calendar, so it is written as its solar dates (RDATE), with
// X-MYGENIE-LUNAR so that our importer gives it back as the lunar event it is.
import { parseLunarDate, toSolarDate } from '../../../../calendar/lunar.js';
import { addDays, parseIsoDate, toIsoDate, type PlainDate } from '../../../../calendar/plain-date.js';
import { occurrencesInRange } from '../../../../calendar/recurrence.js';
import type { ScheduleEvent } from '../../../../records/event.js';
import { LUNAR_PROPERTY, escapeText, foldLine } from './ics-text.js';

/** A lunar yearly event's solar dates are listed up to this many years after the export. */
const LUNAR_YEARS_AHEAD = 10;

export function exportICalendar(
  events: Array<{ id: string; value: ScheduleEvent }>,
  options: { now: Date; prodId?: string },
): string {
  const stamp = options.now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.prodId ?? '-//MyGenie//Schedule//KO'}`,
    'CALSCALE:GREGORIAN',
  ];
  for (const { id, value } of events) {
    const dates = solarDates(value, options.now.getUTCFullYear() + LUNAR_YEARS_AHEAD);
    const first = dates[0];
    if (!first) continue;
    const time = /^\d{2}:\d{2}$/.test(value.time) ? value.time.replace(':', '') + '00' : '';
    const at = (date: PlainDate) => compact(date) + (time ? `T${time}` : '');
    lines.push('BEGIN:VEVENT', `UID:${escapeText(`${id}@mygenie`)}`, `DTSTAMP:${stamp}`);
    if (time) lines.push(`DTSTART:${at(first)}`);
    else lines.push(`DTSTART;VALUE=DATE:${at(first)}`, `DTEND;VALUE=DATE:${compact(addDays(first, 1))}`);
    if (value.calendar === 'lunar') {
      if (dates.length > 1) {
        lines.push(`RDATE${time ? '' : ';VALUE=DATE'}:${dates.slice(1).map(at).join(',')}`);
      }
      const params = [
        `X-MYGENIE-LEAP=${value.leap ? 'TRUE' : 'FALSE'}`,
        `X-MYGENIE-REPEAT=${value.repeat.toUpperCase()}`,
      ];
      lines.push(`${LUNAR_PROPERTY};${params.join(';')}:${value.date}`);
    } else if (value.repeat === 'yearly') {
      // The schedule keeps 29 February on the 28th in common years: the last day of February says the same.
      const leapDay = first.month === 2 && first.day === 29;
      lines.push(leapDay ? 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' : 'RRULE:FREQ=YEARLY');
    }
    lines.push(`SUMMARY:${escapeText(value.title)}`);
    if (value.memo) lines.push(`DESCRIPTION:${escapeText(value.memo)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('');
}

function compact(date: PlainDate): string {
  return toIsoDate(date).replace(/-/g, '');
}

/**
 * The solar dates to write: a solar event's own date; a lunar one's date, or for a yearly lunar date each of its
 * solar dates from its year to `lastYear` (computed as the schedule computes them). Empty for a stored date that
 * does not exist, which no form lets through.
 */
function solarDates(event: ScheduleEvent, lastYear: number): PlainDate[] {
  if (event.calendar === 'solar') {
    const date = parseIsoDate(event.date);
    return date ? [date] : [];
  }
  const lunar = parseLunarDate(event.date, event.leap ?? false);
  const first = lunar && toSolarDate(lunar);
  if (!lunar || !first) return [];
  if (event.repeat !== 'yearly') return [first];
  const dates = occurrencesInRange(event, toIsoDate(first), `${Math.max(lastYear, first.year)}-12-31`);
  return dates.map((iso) => parseIsoDate(iso)!).filter(Boolean);
}
