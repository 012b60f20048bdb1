// The schedule's record kinds, declared once for the registry (modules/kinds.ts): events (kind 'event') and
// anniversaries (kind 'anniversaries'), both dated on the solar or the lunar calendar.
import type { Language } from '../../../shared/constants.js';
import { z } from '../../../shared/zod.js';
import { localeOf } from '../../../shared/text.js';
import { parseLunarDate } from '../../calendar/lunar.js';
import { formatCalendarDate, timeLabel } from '../../format.js';
import type { ScheduleEvent } from '../../records/event.js';
import type { Fields, KindDeclaration, LeafFormat } from '../../records/kind.js';
import { contentKey, mediumDate, text } from '../../records/values.js';
import type { Anniversary } from './anniversaries/model.js';
import { scheduleText } from './copy.js';
import { fullDate, lunarLabel } from './labels.js';

const eventDateSchema = z.object({
  calendar: z.enum(['solar', 'lunar']),
  date: z.string(),
  leap: z.boolean().optional(),
  repeat: z.enum(['none', 'yearly']),
});
const eventSchema = eventDateSchema.extend({ title: z.string(), time: z.string(), memo: z.string() });
const anniversarySchema = eventDateSchema.extend({ name: z.string() });

/** A calendar date of an event or an anniversary: lunar as the schedule writes it, solar in full. */
function eventDate(value: string, record: Fields, lang: Language): string {
  const locale = localeOf(lang);
  if (record.calendar === 'lunar') {
    const lunar = parseLunarDate(value, record.leap === true);
    return lunar ? lunarLabel(scheduleText[lang], lunar, 'withYear') : value;
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? fullDate(value, locale) : value;
}

/** How an event's or an anniversary's values read in the conflict list. */
function conflictFormat(lang: Language): LeafFormat {
  const locale = localeOf(lang);
  return (path, value, record) => {
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
    label: (event, lang) => ({
      title: text(event.title),
      meta:
        event.calendar === 'lunar'
          ? `${scheduleText[lang].event.lunar} ${text(event.date)}`
          : [mediumDate(event.date, lang), text(event.time)].filter(Boolean).join(' '),
    }),
  },
  conflict: { format: conflictFormat },
  import: {
    key: (event) => contentKey('event', event),
    mayRepeat: false,
    line: (event, lang) => ({
      tag: `${formatCalendarDate(event.date, localeOf(lang))} ${event.time}`,
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
