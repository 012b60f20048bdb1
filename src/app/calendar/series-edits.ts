// Editing or deleting one occurrence of a repeating event, as "this one", "this and following" or "all", turned into
// the record(s) to save (docs/calendar.md). Pure: the caller saves what comes back through the vault, which merges
// it with any change made meanwhile. Every field the edit does not name — a later version's — is carried along.
import { toLunarDate } from './lunar.js';
import { fromEpochDay, toIsoDate } from './plain-date.js';
import { isoOfDay, type ScheduledEvent } from './occurrences.js';
import { isSeriesDay, occurrencesBefore, seriesStart } from './rules.js';
import {
  dayNumber,
  exceptionsOf,
  legacyRepeat,
  ruleOf,
  type OccurrenceChange,
  type RepeatRule,
} from './series.js';

export type EditScope = 'one' | 'following' | 'all';

export interface EditResult<T> {
  /** What the series' record becomes; null: the record is deleted. */
  value: T | null;
  /** A new record to add beside it: the following occurrences split off as a series of their own. */
  added?: T;
}

/** The fields an occurrence may change on its own; `zone` and `duration` '' say none. */
const OWN_FIELDS = ['title', 'memo', 'time', 'duration', 'zone'] as const;
type OwnField = (typeof OWN_FIELDS)[number];

function own(value: ScheduledEvent, field: OwnField): string {
  const found = value[field];
  return typeof found === 'string' ? found : '';
}

/** Sets the optional fields a form may leave out, or removes them: a record never keeps `undefined`. */
function withOptional<T extends ScheduledEvent>(value: T, optional: Partial<ScheduledEvent>): T {
  const next = { ...value } as Record<string, unknown>;
  for (const [field, content] of Object.entries(optional)) {
    if (content === undefined || content === '' || content === null) delete next[field];
    else next[field] = content;
  }
  return next as T;
}

function sameRule(a: RepeatRule | null, b: RepeatRule | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The day of an occurrence, moved or not. */
function shownDay(event: ScheduledEvent, key: string): number | null {
  const change = exceptionsOf(event).get(key);
  return dayNumber(change?.date ?? key);
}

/**
 * One occurrence as the event form edits it: the series' values with the occurrence's own changes, dated on its
 * day (for a lunar series, the lunar date of that day), the rule kept and the other occurrences' changes left out.
 */
export function occurrenceValue<T extends ScheduledEvent>(event: T, key: string): T {
  const change = exceptionsOf(event).get(key) ?? {};
  const day = shownDay(event, key) ?? dayNumber(key)!;
  const value = { ...event } as T;
  delete (value as Partial<ScheduledEvent>).exceptions;
  const changes: Partial<ScheduledEvent> = {};
  for (const field of OWN_FIELDS) {
    if (typeof change[field] === 'string') changes[field] = change[field];
  }
  const date = fromEpochDay(day);
  if (event.calendar === 'lunar') {
    const lunar = toLunarDate(date);
    if (lunar) {
      Object.assign(value, { date: toIsoDate(lunar), leap: lunar.leap });
      return withOptional(value, changes);
    }
  }
  Object.assign(value, { calendar: 'solar', date: toIsoDate(date) });
  delete (value as Partial<ScheduledEvent>).leap;
  return withOptional(value, changes);
}

/** The key of a series' first occurrence (its start's solar date), or null when its date cannot be read. */
export function firstOccurrenceKey(event: ScheduledEvent): string | null {
  const start = seriesStart(event);
  return start ? isoOfDay(start.day) : null;
}

/** Whether an edit changes what only the whole series has (its calendar, repeat, reminders): not "this one" only. */
function changesSeries(event: ScheduledEvent, edited: ScheduledEvent): boolean {
  return (
    event.calendar !== edited.calendar ||
    !sameRule(ruleOf(event), ruleOf(edited)) ||
    JSON.stringify(event.reminders ?? []) !== JSON.stringify(edited.reminders ?? [])
  );
}

/**
 * The choices an edit of the occurrence `key` offers: none for an event that does not repeat; no "this one" when the
 * repeat, the calendar or the reminders change; no "this and following" on the first occurrence (it is "all" there).
 */
export function scopesFor(event: ScheduledEvent, key: string, edited?: ScheduledEvent): EditScope[] {
  const start = seriesStart(event);
  if (!ruleOf(event) || !start) return [];
  const first = dayNumber(key) === start.day;
  const scopes: EditScope[] = [];
  if (!edited || !changesSeries(event, edited)) scopes.push('one');
  if (!first) scopes.push('following');
  scopes.push('all');
  return scopes;
}

function changeOf(series: ScheduledEvent, key: string, edited: ScheduledEvent, before: OccurrenceChange) {
  const change: Record<string, unknown> = { ...before };
  delete change.deleted;
  for (const field of OWN_FIELDS) {
    if (own(edited, field) !== own(series, field)) change[field] = own(edited, field);
    else delete change[field];
  }
  const day = seriesStart(edited)?.day ?? null;
  if (day !== null && day !== dayNumber(key)) change.date = isoOfDay(day);
  else delete change.date;
  return change as OccurrenceChange;
}

function withExceptions<T extends ScheduledEvent>(value: T, exceptions: Map<string, OccurrenceChange>): T {
  const next = { ...value };
  if (exceptions.size > 0) next.exceptions = Object.fromEntries(exceptions);
  else delete next.exceptions;
  return next;
}

/** The series' fields an edit sets: content, timing and the repeat, with the first version's `repeat` to match. */
function withSeriesFields<T extends ScheduledEvent>(
  value: T,
  edited: ScheduledEvent,
  rule: RepeatRule | null,
  start: Pick<ScheduledEvent, 'date' | 'leap'>,
): T {
  const next = {
    ...value,
    title: edited.title,
    memo: edited.memo,
    time: edited.time,
    calendar: edited.calendar,
    date: start.date,
    repeat: legacyRepeat(rule),
  };
  return withOptional(next, {
    leap: next.calendar === 'lunar' ? start.leap : undefined,
    duration: edited.duration,
    zone: edited.zone,
    rule: rule ?? undefined,
    reminders: edited.reminders?.length ? edited.reminders : undefined,
  });
}

/**
 * Where the series an edit makes starts. The form's date left as the occurrence's: on the day the rule gave the
 * occurrence (`keyDay`; for a lunar series its stored day of that lunar year, so a 30th kept on the 29th this year
 * stays the 30th), or for "all" the series' own start. Changed: moved by as many days (a lunar series by years).
 */
function newStart(
  series: ScheduledEvent,
  keyDay: number,
  occurrenceDay: number,
  edited: ScheduledEvent,
  scope: 'following' | 'all',
): Pick<ScheduledEvent, 'date' | 'leap'> & { shift: number } {
  const editedDay = seriesStart(edited)?.day ?? occurrenceDay;
  const shift = editedDay - occurrenceDay;
  if (series.calendar !== edited.calendar) return { date: edited.date, leap: edited.leap, shift };
  if (scope === 'following') {
    if (shift !== 0) return { date: edited.date, leap: edited.leap, shift };
    if (series.calendar === 'lunar') {
      const year = toLunarDate(fromEpochDay(keyDay))?.year;
      if (year === undefined) return { date: edited.date, leap: edited.leap, shift };
      return { date: `${String(year).padStart(4, '0')}${series.date.slice(4)}`, leap: series.leap, shift };
    }
    return { date: isoOfDay(keyDay), leap: undefined, shift };
  }
  if (shift === 0) return { date: series.date, leap: series.leap, shift };
  if (series.calendar === 'lunar') {
    const shown = toLunarDate(fromEpochDay(occurrenceDay));
    const moved = /^(\d{4})-(\d{2}-\d{2})$/.exec(edited.date);
    if (!shown || !moved) return { date: edited.date, leap: edited.leap, shift };
    const year = Number(series.date.slice(0, 4)) + Number(moved[1]) - shown.year;
    return { date: `${String(year).padStart(4, '0')}-${moved[2]}`, leap: edited.leap, shift };
  }
  return { date: isoOfDay(seriesStart(series)!.day + shift), leap: undefined, shift };
}

/**
 * The occurrences' changes carried to a new series: moved by `shift` days, kept where its rule still has a day. The
 * edited occurrence's own change keeps only its move: the series now has the values the member saw in it.
 */
function carried(
  exceptions: Map<string, OccurrenceChange>,
  target: ScheduledEvent,
  shift: number,
  editedKey: string,
): Map<string, OccurrenceChange> {
  const start = seriesStart(target);
  const rule = ruleOf(target);
  const kept = new Map<string, OccurrenceChange>();
  if (!start || !rule) return kept;
  for (const [key, change] of exceptions) {
    const moved = dayNumber(key)! + shift;
    if (!isSeriesDay(start, rule, moved)) continue;
    if (key !== editedKey) kept.set(isoOfDay(moved), change);
    else if (shift === 0 && change.date && !change.deleted) kept.set(key, { date: change.date });
  }
  return kept;
}

/**
 * Saves `edited` — the occurrence `key` as the form left it (`occurrenceValue` changed) — into the series `event`:
 * - `one`: the occurrence keeps what differs from the series under its key (or nothing, when it is the series' again);
 * - `all`: the series takes the edit, moved by as many days as the occurrence was; the occurrences' changes go along
 *   where the new rule still has their day;
 * - `following`: the series ends the day before (its COUNT becomes an UNTIL), and the edit starts a new series on
 *   the occurrence's day (`added`, with what is left of a COUNT and the later occurrences' changes).
 */
export function editOccurrence<T extends ScheduledEvent>(
  event: T,
  key: string,
  edited: T,
  scope: EditScope,
): EditResult<T> {
  const start = seriesStart(event);
  const keyDay = dayNumber(key);
  const rule = ruleOf(event);
  const occurrenceDay = shownDay(event, key) ?? keyDay;
  const editedRule = ruleOf(edited);
  if (!start || keyDay === null || occurrenceDay === null || !rule) {
    const plain = withSeriesFields(event, edited, editedRule, edited);
    return { value: withExceptions(plain, new Map()) };
  }
  const exceptions = exceptionsOf(event);

  if (scope === 'one') {
    const change = changeOf(event, key, edited, exceptions.get(key) ?? {});
    if (Object.keys(change).length > 0) exceptions.set(key, change);
    else exceptions.delete(key);
    return { value: withExceptions(event, exceptions) };
  }

  if (scope === 'all' || keyDay <= start.day) {
    const moved = newStart(event, keyDay, occurrenceDay, edited, 'all');
    const value = withSeriesFields(event, edited, editedRule, moved);
    return {
      value: withExceptions(value, editedRule ? carried(exceptions, value, moved.shift, key) : new Map()),
    };
  }

  // This and following: the series stops the day before; the rest becomes a series of its own.
  const before = new Map([...exceptions].filter(([day]) => dayNumber(day)! < keyDay));
  const ended: RepeatRule = { ...rule, until: isoOfDay(keyDay - 1) };
  delete ended.count;
  const value = withExceptions(withOptional(event, { rule: ended, repeat: legacyRepeat(ended) }), before);

  let nextRule = editedRule;
  if (nextRule && rule.count !== undefined && nextRule.count === rule.count) {
    nextRule = { ...nextRule, count: Math.max(1, rule.count - occurrencesBefore(start, rule, keyDay)) };
  }
  const base = { ...event } as Record<string, unknown>;
  delete base.conflictOf;
  delete base.conflictBy;
  delete base.conflictFrom;
  const moved = newStart(event, keyDay, occurrenceDay, edited, 'following');
  const added = withSeriesFields(base as T, edited, nextRule, moved);
  const later = new Map([...exceptions].filter(([day]) => dayNumber(day)! >= keyDay));
  return {
    value,
    added: withExceptions(added, nextRule ? carried(later, added, moved.shift, key) : new Map()),
  };
}

/**
 * Deletes the occurrence `key` of the series `event`: `one` marks it deleted (EXDATE), `following` ends the series
 * the day before, `all` (or "following" from the first occurrence) deletes the record.
 */
export function deleteOccurrence<T extends ScheduledEvent>(
  event: T,
  key: string,
  scope: EditScope,
): EditResult<T> {
  const start = seriesStart(event);
  const keyDay = dayNumber(key);
  const rule = ruleOf(event);
  if (
    !start ||
    keyDay === null ||
    !rule ||
    scope === 'all' ||
    (scope === 'following' && keyDay <= start.day)
  ) {
    return { value: null };
  }
  const exceptions = exceptionsOf(event);
  if (scope === 'one') {
    exceptions.set(key, { deleted: true });
    return { value: withExceptions(event, exceptions) };
  }
  const ended: RepeatRule = { ...rule, until: isoOfDay(keyDay - 1) };
  delete ended.count;
  const before = new Map([...exceptions].filter(([day]) => dayNumber(day)! < keyDay));
  return { value: withExceptions(withOptional(event, { rule: ended, repeat: legacyRepeat(ended) }), before) };
}
