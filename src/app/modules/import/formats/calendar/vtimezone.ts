// A VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, made from what Intl knows of it, so that a TZID in our export
// means the same instants in any calendar: the offsets from the first year the events need, each change written
// as its local onset, and the changes of the latest years that follow one yearly rule (the second Sunday of March
// at 02:00) written as that rule, without end, so that later years read right as well.
import { daysInMonth, epochDay, fromEpochDay } from '../../../../calendar/plain-date.js';
import { RRULE_WEEKDAYS } from '../../../../calendar/rrule-map.js';
import { weekdayOf } from '../../../../calendar/rules.js';
import { DAY_MINUTES, instantOf, timeZone } from '../../../../calendar/time-zones.js';

interface Transition {
  /** Wall minutes (since 1970, read as UTC) of the onset, on the clock before the change. */
  onset: number;
  from: number;
  to: number;
  year: number;
  month: number;
  weekday: number;
  /** Minutes after midnight of the onset. */
  minute: number;
  /** The nth such weekday of its month, and whether it is the last one. */
  nth: number;
  last: boolean;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function wallText(wall: number): string {
  const date = fromEpochDay(Math.floor(wall / DAY_MINUTES));
  const minute = wall - Math.floor(wall / DAY_MINUTES) * DAY_MINUTES;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}${pad(date.month)}${pad(date.day)}T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00`;
}

function transitionOf(at: number, from: number, to: number): Transition {
  const onset = at + from;
  const day = Math.floor(onset / DAY_MINUTES);
  const date = fromEpochDay(day);
  return {
    onset,
    from,
    to,
    year: date.year,
    month: date.month,
    weekday: weekdayOf(day),
    minute: onset - day * DAY_MINUTES,
    nth: Math.ceil(date.day / 7),
    last: date.day + 7 > daysInMonth(date.year, date.month),
  };
}

/** Whether two changes are the same yearly change (the same offsets, month, weekday and time), years apart. */
function sameKind(a: Transition, b: Transition): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.month === b.month &&
    a.weekday === b.weekday &&
    a.minute === b.minute
  );
}

/** The BYDAY of a run of yearly changes: the nth weekday they all are, or the last one; null if neither holds. */
function byDayOf(run: Transition[]): string | null {
  const weekday = RRULE_WEEKDAYS[run[0]!.weekday]!;
  if (run.every((change) => change.nth === run[0]!.nth && change.nth < 5)) return `${run[0]!.nth}${weekday}`;
  if (run.every((change) => change.last)) return `-1${weekday}`;
  return null;
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', first: Transition, rest: string[]): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${wallText(first.onset)}`,
    `TZOFFSETFROM:${offsetText(first.from)}`,
    `TZOFFSETTO:${offsetText(first.to)}`,
    ...rest,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE lines of an IANA zone Intl knows, good for times from the start of `fromYear` on; its changes are
 * read through `toYear`, and a yearly rule the last of them follow goes on from there. Null for an unknown zone.
 */
export function vtimezoneLines(name: string, fromYear: number, toYear: number): string[] | null {
  const zone = timeZone(name);
  if (!zone) return null;
  const from = instantOf(zone, epochDay({ year: fromYear, month: 1, day: 1 }) * DAY_MINUTES);
  const to = instantOf(zone, epochDay({ year: toYear + 1, month: 1, day: 1 }) * DAY_MINUTES);
  const base = zone.offsetAt(from);
  const transitions: Transition[] = [];
  let offset = base;
  for (const change of zone.changesBetween(from, to)) {
    transitions.push(transitionOf(change.at, offset, change.offset));
    offset = change.offset;
  }

  // The changes of the last years that repeat one way each year become rules; each kind of change has its own run.
  // Only a change still made in the last year read goes on for ever: a zone that stopped its summer time stops.
  const ruled = new Set<Transition>();
  const rules: string[][] = [];
  for (let at = transitions.length - 1; at >= 0; at--) {
    const latest = transitions[at]!;
    if (ruled.has(latest) || latest.year !== toYear) continue;
    const run = [latest];
    for (let back = at - 1; back >= 0; back--) {
      const earlier = transitions[back]!;
      if (!sameKind(earlier, latest)) continue;
      if (earlier.year !== run[0]!.year - 1 || byDayOf([earlier, ...run]) === null) break;
      run.unshift(earlier);
    }
    const byDay = byDayOf(run);
    // One year alone is no rule to follow for ever.
    if (run.length < 2 || byDay === null) continue;
    for (const change of run) ruled.add(change);
    const kind = latest.to > latest.from ? 'DAYLIGHT' : 'STANDARD';
    rules.push(observance(kind, run[0]!, [`RRULE:FREQ=YEARLY;BYMONTH=${latest.month};BYDAY=${byDay}`]));
  }

  // The others, each kind with its onsets listed: the first one too, which ical.js takes only from an RDATE, and each
  // in an RDATE of its own, as ical.js reads only the first value of one.
  const listed = new Map<string, Transition[]>();
  for (const change of transitions) {
    if (ruled.has(change)) continue;
    const key = `${change.from}/${change.to}`;
    listed.set(key, [...(listed.get(key) ?? []), change]);
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${name}`, `X-LIC-LOCATION:${name}`];
  const firstKind = transitions[0] && transitions[0].to < transitions[0].from ? 'DAYLIGHT' : 'STANDARD';
  lines.push(
    ...observance(firstKind, transitionOf(from, base, base), []),
    ...[...listed.values()].flatMap((changes) =>
      observance(
        changes[0]!.to > changes[0]!.from ? 'DAYLIGHT' : 'STANDARD',
        changes[0]!,
        changes.map((change) => `RDATE:${wallText(change.onset)}`),
      ),
    ),
    ...rules.reverse().flat(),
    'END:VTIMEZONE',
  );
  return lines;
}
