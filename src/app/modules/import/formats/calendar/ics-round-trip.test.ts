// The schedule written as .ics and read again: by our own importer, the same records and so the same occurrences;
// by another iCalendar library (ical.js, Thunderbird's), the same instants, our VTIMEZONEs and all.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { isoOfDay, occurrencesBetween, type ScheduledEvent } from '../../../../calendar/occurrences.js';
import { dayNumber } from '../../../../calendar/series.js';
import type { ScheduleEvent } from '../../../../records/event.js';
import type { VaultEntry } from '../../../../vault/vault.js';
import { splitAlreadyThere } from '../../prepare.js';
import { RICH, solarEvent } from '../../fixtures/calendar/schedule.js';
import { exportICalendar } from './export-ics.js';
import { importICalendar } from './icalendar.js';

const NOW = new Date('2025-03-01T09:00:00Z');
const FROM = '2025-01-01';
const TO = '2027-12-31';

/** What an occurrence is, independent of zones: an instant in UTC for a zoned time, the wall for a floating one. */
function shown(events: ReadonlyArray<{ id: string; value: ScheduledEvent }>): string[] {
  return occurrencesBetween(events, FROM, TO, 'UTC')
    .filter((occurrence) => occurrence.date >= FROM)
    .map((occurrence) => {
      const mark = occurrence.zone ? 'Z' : '';
      const start = occurrence.allDay ? occurrence.date : `${occurrence.date}T${occurrence.time}${mark}`;
      const end = occurrence.allDay
        ? isoOfDay(dayNumber(occurrence.lastDate)! + 1)
        : `${occurrence.endDate}T${occurrence.endTime}${mark}`;
      return `${start}/${end} ${occurrence.title}`;
    })
    .sort();
}

/** The occurrences ical.js expands from the file, in the same words. */
function icalShown(text: string): string[] {
  const root = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = root.getAllSubcomponents('vevent');
  const found: string[] = [];
  const words = (time: ICAL.Time) => {
    if (time.isDate) return time.toString();
    const floating = time.zone?.tzid === 'floating';
    const at = floating ? time : time.convertToZone(ICAL.Timezone.utcTimezone);
    return `${at.toString().slice(0, 16)}${floating ? '' : 'Z'}`;
  };
  for (const component of components.filter((one) => !one.hasProperty('recurrence-id'))) {
    const master = new ICAL.Event(component);
    for (const other of components) {
      if (other.hasProperty('recurrence-id') && other.getFirstPropertyValue('uid') === master.uid) {
        master.relateException(other);
      }
    }
    const iterator = master.iterator();
    for (let next = iterator.next(), count = 0; next && count < 5000; next = iterator.next(), count++) {
      const details = master.getOccurrenceDetails(next);
      const start = words(details.startDate);
      if (start.slice(0, 10) > TO) break;
      if (start.slice(0, 10) < FROM) continue;
      found.push(`${start}/${words(details.endDate)} ${details.item.summary}`);
    }
  }
  return found.sort();
}

describe('the schedule written as .ics', () => {
  it.each(['Asia/Seoul', 'America/New_York'])(
    'comes back as the same records through our importer (member in %s)',
    async (timeZone) => {
      const bytes = new TextEncoder().encode(exportICalendar(RICH, { now: NOW }));
      const plan = await importICalendar(bytes, { timeZone, today: '2025-03-01' });
      expect(plan.skipped).toEqual([]);
      expect(plan.items.map((item) => item.value)).toEqual(RICH.map(({ value }) => value));
      const imported = plan.items.map((item, index) => ({
        id: RICH[index]!.id,
        value: item.value as ScheduleEvent,
      }));
      expect(shown(imported)).toEqual(shown(RICH));
    },
  );

  it('gives ical.js the same occurrences over three years, at the same instants', () => {
    const text = exportICalendar(RICH, { now: NOW });
    const ours = shown(RICH);
    expect(ours.length).toBeGreaterThan(200);
    // Spot checks that the comparison is of what was meant: New York's clocks move, the lunar 30th falls back.
    expect(ours).toContain('2025-03-06T23:00Z/2025-03-07T00:00Z NY 주간 통화');
    expect(ours).toContain('2025-03-20T22:00Z/2025-03-20T23:00Z NY 주간 통화');
    expect(ours).toContain('2025-03-28T10:00Z/2025-03-28T12:00Z 제사');
    expect(ours).toContain('2026-04-16T09:00Z/2026-04-16T11:00Z 제사');
    expect(icalShown(text)).toEqual(ours);
  });

  it('is found already there when imported again, records of the first version and of other spellings too', async () => {
    const others: Array<{ id: string; value: ScheduleEvent }> = [
      // The first version kept a yearly repeat as `repeat` alone; a day's length may be written out; a zone spelt so.
      { id: 'v1', value: solarEvent({ title: '어머니 생신', date: '1962-03-15', repeat: 'yearly' }) },
      { id: 'day', value: solarEvent({ title: '대청소', date: '2025-04-05', duration: 'P1D' }) },
      {
        id: 'etc',
        value: solarEvent({ title: '서버 점검', date: '2025-04-06', time: '03:00', zone: 'Etc/UTC' }),
      },
    ];
    const all = [...RICH, ...others];
    const bytes = new TextEncoder().encode(exportICalendar(all, { now: NOW }));
    const plan = await importICalendar(bytes, { timeZone: 'Asia/Seoul', today: '2025-03-01' });
    const stored: VaultEntry[] = all.map(({ id, value }) => ({ id, kind: 'event', value, updatedAt: 1 }));
    const split = splitAlreadyThere(plan.items, stored);
    expect(split.fresh.map((item) => (item.value as ScheduleEvent).title)).toEqual([]);
    expect(split.already).toHaveLength(all.length);
  });
});
