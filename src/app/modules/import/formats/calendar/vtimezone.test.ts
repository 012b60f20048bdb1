// The VTIMEZONEs our export writes, read back by ical.js and by our own importer: a wall time on the zone's clock
// means the instant Intl gives it, each day of the years written and of five years after them (where the last
// yearly rule goes on).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { timeZone } from '../../../../calendar/time-zones.js';
import { readCalendars } from './ics-text.js';
import { vtimezoneLines } from './vtimezone.js';
import { instantOf, vtimezoneZone } from './zones.js';

const DAY = 86_400;

function calendarOf(lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:test', ...lines, 'END:VCALENDAR', ''].join('\r\n');
}

/** One instant a day from the second of `from` to the end of `to`, at an hour that moves on by one each day. */
function instants(from: number, to: number): number[] {
  const list: number[] = [];
  for (let day = Date.UTC(from, 0, 2) / 1000 / DAY; day < Date.UTC(to + 1, 0, 1) / 1000 / DAY; day++) {
    list.push(day * DAY + (day % 24) * 3600);
  }
  return list;
}

describe('a VTIMEZONE made from Intl', () => {
  it.each([
    ['America/New_York', 1990, 2026],
    ['Europe/Berlin', 2020, 2026],
    ['Australia/Sydney', 2024, 2026],
    ['Asia/Seoul', 1985, 2026],
    ['Europe/Moscow', 2008, 2026],
    ['America/Sao_Paulo', 2015, 2026],
    ['Asia/Tehran', 2019, 2026],
  ])('%s from %i gives ical.js and our reader Intl’s instants', (name, from, to) => {
    const lines = vtimezoneLines(name, from, to)!;
    const component = new ICAL.Component(ICAL.parse(calendarOf(lines))).getFirstSubcomponent('vtimezone')!;
    const ical = new ICAL.Timezone(component);
    const ours = vtimezoneZone(
      readCalendars(new TextEncoder().encode(calendarOf(lines)))[0]!.components[0]!,
    )!;
    const intl = timeZone(name)!;
    const wrong: string[] = [];
    for (const instant of instants(from, to + 5)) {
      // Our reader's offset at each instant, the hours around a change too.
      if (ours.offsetAt(instant) !== intl.offsetAt(instant / 60) * 60) wrong.push(`offset at ${instant}`);
      // A wall time on the zone's clock, as an event's DTSTART writes it, must mean the same instant to each reader.
      // The hours around a change are left out: a wall time the clock shows twice may be read as either (RFC 5545
      // takes the first, ical.js the second), and one it skips means nothing.
      const wall = instant + intl.offsetAt(instant / 60) * 60;
      if (intl.offsetAt(instant / 60 - 180) !== intl.offsetAt(instant / 60 + 180)) continue;
      const date = new Date(wall * 1000);
      const local = new ICAL.Time(
        {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: date.getUTCHours(),
          minute: date.getUTCMinutes(),
          second: 0,
        },
        ical,
      );
      if (local.toUnixTime() !== instant || instantOf(ours, wall) !== instant) {
        wrong.push(`${date.toISOString()} ${instant} ${local.toUnixTime()} ${instantOf(ours, wall)}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('writes a zone that keeps its summer time as a rule without end, and one that stopped as dates', () => {
    const newYork = vtimezoneLines('America/New_York', 2020, 2026)!.join('\n');
    expect(newYork).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(newYork).toContain('RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU');
    const saoPaulo = vtimezoneLines('America/Sao_Paulo', 2015, 2026)!.join('\n');
    expect(saoPaulo).not.toContain('RRULE');
    expect(vtimezoneLines('Nowhere/Atlantis', 2020, 2026)).toBeNull();
  });
});
