// IANA time zones for the schedule, fast enough to place thousands of occurrences per view: a zone's offsets are
// read from Intl once per year-sized block (a sample a week, each change then found to the minute) and looked up
// afterwards. Times are whole minutes since 1970-01-01 00:00: an instant (UTC), or a wall clock read as if UTC.

/** Minutes in a day. */
export const DAY_MINUTES = 1440;
/** A block of the offset tables: about a year (2^19 minutes). */
const BLOCK = 2 ** 19;
/** Offsets are sampled a week apart: no zone changes its clock twice within a week. */
const STEP = 7 * DAY_MINUTES;

interface Block {
  /** The offset (minutes east of UTC) at the block's start. */
  first: number;
  /** The instants where the offset changes inside the block, and the offset from then on. */
  changes: Array<{ at: number; offset: number }>;
}

export interface TimeZone {
  readonly name: string;
  /** Minutes east of UTC at an instant. */
  offsetAt(instant: number): number;
  /** Where the offset changes after `from` up to `to` (instants), with the offset from then on, in order. */
  changesBetween(from: number, to: number): Array<{ at: number; offset: number }>;
}

function offsetReader(name: string): ((instant: number) => number) | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' });
  } catch {
    return null;
  }
  return (instant) => {
    const text = format.format(new Date(instant * 60_000));
    const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?/.exec(text);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0) + Math.round(Number(match[4] ?? 0) / 60);
    return match[1] === '-' ? -minutes : minutes;
  };
}

class IanaZone implements TimeZone {
  private readonly blocks = new Map<number, Block>();

  constructor(
    readonly name: string,
    private readonly read: (instant: number) => number,
  ) {}

  offsetAt(instant: number): number {
    const index = Math.floor(instant / BLOCK);
    let block = this.blocks.get(index);
    if (!block) this.blocks.set(index, (block = this.tableOf(index)));
    let offset = block.first;
    for (const change of block.changes) {
      if (change.at > instant) break;
      offset = change.offset;
    }
    return offset;
  }

  changesBetween(from: number, to: number): Array<{ at: number; offset: number }> {
    const found: Array<{ at: number; offset: number }> = [];
    for (let index = Math.floor(from / BLOCK); index <= Math.floor(to / BLOCK); index++) {
      let block = this.blocks.get(index);
      if (!block) this.blocks.set(index, (block = this.tableOf(index)));
      // A change may also fall on a block's first minute: the table keeps it as the block's starting offset.
      const previous = this.offsetAt(index * BLOCK - 1);
      if (block.first !== previous && index * BLOCK > from && index * BLOCK <= to) {
        found.push({ at: index * BLOCK, offset: block.first });
      }
      for (const change of block.changes) {
        if (change.at > from && change.at <= to) found.push(change);
      }
    }
    return found;
  }

  private tableOf(index: number): Block {
    const start = index * BLOCK;
    const end = start + BLOCK;
    const first = this.read(start);
    const changes: Block['changes'] = [];
    let before = first;
    for (let at = start; at < end; at += STEP) {
      const next = Math.min(at + STEP, end);
      const after = this.read(next);
      if (after === before) continue;
      // The change lies in (at, next]: halve until the minute it happens.
      let low = at;
      let high = next;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (this.read(middle) === before) low = middle;
        else high = middle;
      }
      if (high < end) changes.push({ at: high, offset: after });
      before = after;
    }
    return { first, changes };
  }
}

const zones = new Map<string, TimeZone | null>();

/** The zone of an IANA name ('Asia/Seoul', 'America/New_York'), made once; null for a name Intl does not know. */
export function timeZone(name: string): TimeZone | null {
  let zone = zones.get(name);
  if (zone === undefined) {
    const read = offsetReader(name);
    zone = read ? new IanaZone(name, read) : null;
    zones.set(name, zone);
  }
  return zone;
}

/** The zone the device is in (what the member sees times in). */
export function deviceZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone this browser knows, for the event form's choice. */
export function knownZoneNames(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** The wall clock in a zone at an instant. */
export function wallAt(zone: TimeZone, instant: number): number {
  return instant + zone.offsetAt(instant);
}

/**
 * The instant a wall time means in a zone, as RFC 5545 reads a local time: a time the clock skipped (02:30 when
 * it jumps from 02:00 to 03:00) is read with the offset before the jump, so it lands after it (03:30); a time the
 * clock passed twice (01:30 when it falls back) is the first of the two.
 */
export function instantOf(zone: TimeZone, wall: number): number {
  const before = zone.offsetAt(wall - DAY_MINUTES);
  const after = zone.offsetAt(wall + DAY_MINUTES);
  const early = wall - before;
  if (before === after) return early;
  const late = wall - after;
  const earlyHolds = wallAt(zone, early) === wall;
  const lateHolds = wallAt(zone, late) === wall;
  if (earlyHolds && lateHolds) return Math.min(early, late);
  if (lateHolds) return late;
  return early;
}
