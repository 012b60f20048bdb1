// Time zones for the calendar reader: a file's own VTIMEZONE definitions, else the IANA zone through Intl. Times
// are seconds since 1970: an instant (UTC), or a wall clock read as if it were UTC.
import { daysInMonth, epochDay } from '../../../../calendar/plain-date.js';
import { timeZone } from '../../../../calendar/time-zones.js';
import { isGregorian, type RRuleParts } from '../../../../calendar/rrule-map.js';
import { DAY_SECONDS, expandRule, parseRule } from './rrule.js';
import type { Component } from './ics-text.js';
import { WINDOWS_ZONES } from './windows-zones.js';

export interface Zone {
  /** Seconds east of UTC at an instant. */
  offsetAt(instant: number): number;
}

/** A zone Intl knows by its IANA name ('Asia/Seoul'), or null. */
export function intlZone(name: string): Zone | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  } catch {
    return null;
  }
  return {
    offsetAt(instant) {
      const parts: Record<string, string> = {};
      for (const part of format.formatToParts(new Date(instant * 1000))) parts[part.type] = part.value;
      const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
      const day = epochDay({ year, month: Number(parts.month), day: Number(parts.day) });
      const wall =
        day * DAY_SECONDS + Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
      return wall - instant;
    },
  };
}

export const UTC_ZONE: Zone = { offsetAt: () => 0 };

export function wallAt(zone: Zone, instant: number): number {
  return instant + zone.offsetAt(instant);
}

/** The instant a wall time means in a zone; a time skipped by a clock change lands after it, as calendars do. */
export function instantOf(zone: Zone, wall: number): number {
  const guess = wall - zone.offsetAt(wall);
  return wall - zone.offsetAt(guess);
}

/** '+0900', '-0330', '+053000' in seconds, or null. */
function parseOffset(value: string): number | null {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

/** A local DATE-TIME without zone ('19870510T020000') as wall seconds, or null. */
export function parseWall(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59 || second! > 60)
    return null;
  const date = { year: year!, month: month!, day: day! };
  if (day! > daysInMonth(date.year, date.month)) return null;
  return epochDay(date) * DAY_SECONDS + hour! * 3600 + minute! * 60 + Math.min(second!, 59);
}

interface Observance {
  start: number;
  offsetFrom: number;
  offsetTo: number;
  rule: RRuleParts | null;
  until: number | null;
  dates: number[];
}

/**
 * A VTIMEZONE as a zone: at an instant, the observance (STANDARD or DAYLIGHT) whose latest onset came last.
 * Onsets are worked out year by year as they are asked for. Null when the definition is unusable.
 */
export function vtimezoneZone(component: Component, budget?: { left: number }): Zone | null {
  const observances: Observance[] = [];
  for (const part of component.components) {
    if (part.name !== 'STANDARD' && part.name !== 'DAYLIGHT') continue;
    const get = (name: string) => part.properties.find((property) => property.name === name)?.value;
    const start = parseWall(get('DTSTART') ?? '');
    const offsetFrom = parseOffset(get('TZOFFSETFROM') ?? '');
    const offsetTo = parseOffset(get('TZOFFSETTO') ?? '');
    if (start === null || offsetFrom === null || offsetTo === null) continue;
    const ruleText = get('RRULE');
    const parsed = ruleText ? parseRule(ruleText) : null;
    const rule = parsed && isGregorian(parsed) ? parsed : null;
    const untilText = rule?.until?.replace(/Z$/i, '');
    const untilUtc = untilText ? parseWall(untilText) : null;
    const dates = part.properties
      .filter((property) => property.name === 'RDATE')
      .flatMap((property) => property.value.split(','))
      .map((value) => parseWall(value.replace(/Z$/i, '')))
      .filter((wall): wall is number => wall !== null);
    observances.push({
      start,
      offsetFrom,
      offsetTo,
      rule,
      until: untilUtc === null ? null : untilUtc + offsetFrom,
      dates,
    });
  }
  if (observances.length === 0) return null;
  const earliest = observances.reduce((a, b) => (b.start < a.start ? b : a));

  // Onsets (instants) of each observance up to the end of a year, kept and widened as later years are asked for.
  const onsets = new Map<Observance, { through: number; instants: number[] }>();
  const onsetsThrough = (observance: Observance, through: number): number[] => {
    const known = onsets.get(observance);
    if (known && known.through >= through) return known.instants;
    const reach = Math.max(through, (known?.through ?? 0) + 20 * 365 * DAY_SECONDS);
    const end = observance.until === null ? reach : Math.min(reach, observance.until);
    const walls = observance.rule
      ? expandRule({ ...observance.rule, until: undefined }, observance.start, {
          end,
          max: 5000,
          dateOnly: false,
          budget,
        })
      : [observance.start];
    const instants = [...walls, ...observance.dates]
      .map((wall) => wall - observance.offsetFrom)
      .sort((a, b) => a - b);
    onsets.set(observance, { through: reach, instants });
    return instants;
  };

  return {
    offsetAt(instant) {
      let latest = -Infinity;
      let offset = earliest.offsetFrom;
      for (const observance of observances) {
        const instants = onsetsThrough(observance, instant + 366 * DAY_SECONDS);
        let low = 0;
        let high = instants.length - 1;
        let found = -1;
        while (low <= high) {
          const middle = (low + high) >> 1;
          if (instants[middle]! <= instant) {
            found = middle;
            low = middle + 1;
          } else high = middle - 1;
        }
        if (found >= 0 && instants[found]! > latest) {
          latest = instants[found]!;
          offset = observance.offsetTo;
        }
      }
      return offset;
    },
  };
}

/** A zone by its IANA name as the schedule follows it (src/app/calendar/time-zones.ts), in seconds; null if unknown. */
export function namedZone(name: string): Zone | null {
  const zone = timeZone(name);
  return zone && { offsetAt: (instant) => zone.offsetAt(Math.floor(instant / 60)) * 60 };
}

/**
 * A zone name as the schedule keeps it, or null for one Intl does not know: as written ('Etc/UTC' stays so, as a file
 * of ours wrote it), its letters' case put right ('asia/seoul' is 'Asia/Seoul').
 */
export function ianaName(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    const kept = resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
    return timeZone(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** A TZID of a file: the offsets its times are read with, and the IANA zones it may be named as. */
export interface FileZone {
  zone: Zone;
  /** The file defines it in a VTIMEZONE: a name stands for it only where their offsets agree. */
  defined: boolean;
  /** IANA names it says it is (the TZID itself, X-LIC-LOCATION, a Windows name's zone), most likely first. */
  names: string[];
  /** Names that merely share its offsets (the member's zone, a fixed-offset zone): they must agree for a year. */
  lookalikes: string[];
  /** Its times are in UTC ('Z'). */
  utc?: boolean;
}

export const UTC_FILE_ZONE: FileZone = {
  zone: UTC_ZONE,
  defined: false,
  names: ['UTC'],
  lookalikes: [],
  utc: true,
};

/** The names a TZID (and its VTIMEZONE's X-LIC-LOCATION) spells out, IANA ones first, then a Windows one's zone. */
export function namesOfTzid(id: string, location: string | undefined): string[] {
  // Some writers prefix the IANA name ('/mozilla.org/20050126_1/Asia/Seoul').
  const suffix = /([A-Za-z_]+\/[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)?)$/.exec(id)?.[1];
  const windows = WINDOWS_ZONES[id];
  const names = [id, suffix, location, windows]
    .filter((name): name is string => Boolean(name))
    .map((name) => ianaName(name))
    .filter((name): name is string => name !== null);
  return [...new Set(names)];
}

/** The IANA zones whose offsets stay one fixed offset's ('Etc/GMT-9' is UTC+9; Etc counts the other way round). */
export function fixedOffsetName(offsetSeconds: number): string | null {
  if (offsetSeconds === 0) return 'UTC';
  const hours = offsetSeconds / 3600;
  if (!Number.isInteger(hours) || Math.abs(hours) > 14) return null;
  return ianaName(`Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`);
}

const YEAR_SECONDS = 365 * DAY_SECONDS;

function agreesAt(file: Zone, named: Zone, instant: number): boolean {
  return Math.round(file.offsetAt(instant) / 60) === Math.round(named.offsetAt(instant) / 60);
}

/**
 * The IANA name a file's zone is kept under for a time at `instant`: the first name it says it is whose offset
 * agrees with the file's definition then, else the first lookalike that agrees a whole year from then; null when
 * none does (the caller places the time in the member's zone instead).
 */
export function nameAt(file: FileZone, instant: number): string | null {
  for (const name of file.names) {
    const named = namedZone(name);
    if (named && (!file.defined || agreesAt(file.zone, named, instant))) return name;
  }
  if (!file.defined) return null;
  for (const name of file.lookalikes) {
    const named = namedZone(name);
    if (!named) continue;
    let agrees = true;
    for (let at = instant; at <= instant + YEAR_SECONDS && agrees; at += DAY_SECONDS) {
      agrees = agreesAt(file.zone, named, at);
    }
    if (agrees) return name;
  }
  return null;
}
