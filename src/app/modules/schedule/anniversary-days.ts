// The member's anniversaries (vault kind 'anniversaries', solar or Korean lunar, yearly or once) on the days of a
// range, so the month, the week and the agenda show them beside the events and holidays of those days.
import { occurrencesInRange } from '../../calendar/recurrence.js';
import type { Anniversary } from './anniversaries/model.js';

export interface SavedAnniversary {
  id: string;
  value: Anniversary;
}

/** An anniversary on one date. */
export interface AnniversaryDay {
  id: string;
  name: string;
  date: string;
  /** Kept on the lunar calendar (its solar date moves from year to year). */
  lunar: boolean;
}

const NONE: ReadonlyMap<string, readonly AnniversaryDay[]> = new Map();

/**
 * The anniversaries by each date ('YYYY-MM-DD') of the inclusive range they fall on, each date's by name; dates
 * without one are absent. A record that cannot be read (a damaged or foreign value) is left out.
 */
export function anniversariesByDate(
  anniversaries: readonly SavedAnniversary[],
  fromIso: string,
  toIso: string,
): ReadonlyMap<string, readonly AnniversaryDay[]> {
  if (anniversaries.length === 0) return NONE;
  const byDate = new Map<string, AnniversaryDay[]>();
  for (const { id, value } of anniversaries) {
    if (!value || typeof value !== 'object' || typeof value.date !== 'string') continue;
    const name = typeof value.name === 'string' ? value.name : '';
    for (const date of occurrencesInRange(value, fromIso, toIso)) {
      const day = { id, name, date, lunar: value.calendar === 'lunar' };
      const list = byDate.get(date);
      if (list) list.push(day);
      else byDate.set(date, [day]);
    }
  }
  for (const list of byDate.values())
    list.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return byDate;
}
