// The schedule's record kinds, declared once for the registry (modules/kinds.ts): events (kind 'event') and
// anniversaries (kind 'anniversaries'), both dated on the solar or the lunar calendar.
import type { Language } from '../../../shared/constants.js';
import { z } from '../../../shared/zod.js';
import { localeOf } from '../../../shared/text.js';
import { parseLunarDate } from '../../calendar/lunar.js';
import { fill } from '../../../shared/text.js';
import { formatCalendarDate, timeLabel } from '../../format.js';
import { firstOccurrenceOf } from '../../calendar/occurrences.js';
import { eventContent, type ScheduleEvent } from '../../records/event.js';
import type { Fields, KindDeclaration, LeafFormat } from '../../records/kind.js';
import { contentKey, mediumDate, text } from '../../records/values.js';
import type { Anniversary } from './anniversaries/model.js';
import { scheduleText } from './copy.js';
import { reminderText } from './reminder-copy.js';
import { reminderLabel, remindersOf } from './reminders.js';
import { durationLabel, fullDate, lunarLabel, occurrenceWhen, ruleLabel } from './labels.js';

const eventDateSchema = z.object({
  calendar: z.enum(['solar', 'lunar']),
  date: z.string(),
  leap: z.boolean().optional(),
  repeat: z.enum(['none', 'yearly']),
});
// The fields after the first version are optional, so an event written before reads as it did; unknown fields (a
// later version's) are kept, so reading a record never drops what this version does not know.
const ruleSchema = z.looseObject({
  freq: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  interval: z.number().int().min(1).optional(),
  weekdays: z.array(z.number().int().min(0).max(6)).optional(),
  nth: z.number().int().min(-5).max(5).optional(),
  weekStart: z.number().int().min(0).max(6).optional(),
  until: z.string().optional(),
  count: z.number().int().min(1).optional(),
});
const changeSchema = z.looseObject({
  deleted: z.boolean().optional(),
  date: z.string().optional(),
  time: z.string().optional(),
  duration: z.string().optional(),
  zone: z.string().optional(),
  title: z.string().optional(),
  memo: z.string().optional(),
});
const eventSchema = z.looseObject({
  ...eventDateSchema.shape,
  title: z.string(),
  time: z.string(),
  memo: z.string(),
  duration: z.string().optional(),
  zone: z.string().optional(),
  rule: ruleSchema.optional(),
  exceptions: z.record(z.string(), changeSchema).optional(),
  // Minutes before each occurrence (modules/schedule/reminders.ts reads them with care).
  reminders: z.array(z.number()).optional(),
});
const anniversarySchema = eventDateSchema.extend({
  name: z.string(),
  reminders: z.array(z.number()).optional(),
  // The shared space a restored anniversary came from (src/app/backup/restore.ts), kept to say "from 우리집".
  fromSpace: z.string().optional(),
});

/** A calendar date of an event or an anniversary: lunar as the schedule writes it, solar in full. */
function eventDate(value: string, record: Fields, lang: Language): string {
  const locale = localeOf(lang);
  if (record.calendar === 'lunar') {
    const lunar = parseLunarDate(value, record.leap === true);
    return lunar ? lunarLabel(scheduleText[lang], lunar, 'withYear') : value;
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? fullDate(value, locale) : value;
}

/**
 * When an event happens, in one line: its date, time and end, and its repeat — a search result's line, an import
 * preview's tag.
 */
function whenLine(event: Fields, lang: Language): string {
  const text = scheduleText[lang];
  const locale = localeOf(lang);
  const value = event as unknown as ScheduleEvent;
  const repeat = ruleLabel(text, value, locale);
  const first = firstOccurrenceOf({ id: 'line', value });
  const when = first
    ? `${mediumDate(first.date, lang)} ${first.allDay ? (first.days > 1 ? occurrenceWhen(text, first, locale) : '') : occurrenceWhen(text, first, locale)}`
    : event.calendar === 'lunar'
      ? `${text.event.lunar} ${String(event.date)}`
      : mediumDate(event.date, lang);
  return [when.trim(), repeat].filter(Boolean).join(' · ');
}

/** How an event's or an anniversary's values read in the conflict list. */
function conflictFormat(lang: Language): LeafFormat {
  const locale = localeOf(lang);
  const text = scheduleText[lang];
  return (path, value, record) => {
    // A repeat rule is one thing to a person, whichever of its parts differ.
    if (path === 'repeat' || path.startsWith('rule')) {
      return ruleLabel(text, record as unknown as ScheduleEvent, locale) || text.form.repeatNone;
    }
    const exception = /^exceptions\.(\d{4}-\d{2}-\d{2})/.exec(path);
    if (exception) {
      const change = (record.exceptions as Record<string, { deleted?: boolean }> | undefined)?.[
        exception[1]!
      ];
      return fill(change?.deleted ? text.occurrence.deleted : text.occurrence.changed, {
        date: fullDate(exception[1]!, locale),
      });
    }
    if (path === 'reminders' || path.startsWith('reminders.')) {
      const minutes = remindersOf(record.reminders);
      const allDay = record.time === '' || record.time === undefined;
      return minutes.length
        ? minutes.map((before) => reminderLabel(before, allDay, lang)).join(', ')
        : reminderText[lang].field.none;
    }
    if (path === 'duration') return durationLabel(text, value, record.time === '', lang);
    if (path === 'zone')
      return typeof value === 'string' && value ? value.replace(/_/g, ' ') : text.zone.floating;
    if (path === 'date' && typeof value === 'string') return eventDate(value, record, lang);
    // Solar or lunar, in the leap month or not: the date itself reads differently.
    if ((path === 'calendar' || path === 'leap') && typeof record.date === 'string') {
      return eventDate(record.date, record, lang);
    }
    if (path === 'time' && typeof value === 'string') return timeLabel(value, locale);
    return String(value);
  };
}

export const eventKind = {
  kind: 'event',
  screen: 'schedule',
  read: (value) => {
    const read = eventSchema.safeParse(value);
    return read.success ? read.data : null;
  },
  search: {
    fields: (event) => [text(event.title), text(event.memo)],
    label: (event, lang) => ({ title: text(event.title), meta: whenLine(event, lang) }),
  },
  conflict: { format: conflictFormat },
  import: {
    key: (event) => contentKey('event', eventContent(event)),
    mayRepeat: false,
    line: (event, lang) => ({
      tag: whenLine(event as unknown as Fields, lang) || formatCalendarDate(event.date, localeOf(lang)),
      text: event.title,
    }),
  },
  export: {
    values: async (source) => source.list<ScheduleEvent>('event').map(({ id, value }) => ({ id, value })),
  },
} satisfies KindDeclaration<ScheduleEvent, { id: string; value: ScheduleEvent }>;

export const anniversaryKind = {
  kind: 'anniversaries',
  screen: 'anniversaries',
  read: (value) => {
    const read = anniversarySchema.safeParse(value);
    return read.success ? read.data : null;
  },
  search: {
    fields: (anniversary) => [text(anniversary.name)],
    label: (anniversary) => ({ title: text(anniversary.name), meta: '' }),
  },
  conflict: { format: conflictFormat },
  import: null,
  export: null,
} satisfies KindDeclaration<Anniversary>;
