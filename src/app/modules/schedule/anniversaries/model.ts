// Anniversaries (kind 'anniversaries'): the member picks anniversary 1 and 2; anniversary 3 is automatic, the
// nearest upcoming date among everything saved (anniversaries and schedule events) other than those two.
import type { VaultEntry } from '../../../vault/vault.js';
import { nextEventDate, nextOccurrence, type ScheduleEvent } from '../../../records/event.js';
import type { ScheduleEventDate } from '../../../calendar/recurrence.js';

export interface Anniversary extends ScheduleEventDate {
  name: string;
  repeat: 'yearly' | 'none';
  /** Minutes before 9:00 of its day that it reminds at (modules/schedule/reminders.ts). */
  reminders?: number[];
  /** The shared space a restored anniversary came from ("from 우리집"); absent on every other. */
  fromSpace?: string;
}

/** Which anniversaries are 1 and 2, kept in the settings record. */
export type MainAnniversaries = [string | null, string | null];

export interface DDay {
  id: string;
  name: string;
  date: string;
  days: number;
  slot: 1 | 2 | 3;
}

function daysFrom(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

export function mainDDays(
  today: string,
  anniversaries: VaultEntry<Anniversary>[],
  events: VaultEntry<ScheduleEvent>[],
  main: MainAnniversaries,
): DDay[] {
  const result: DDay[] = [];
  main.forEach((id, index) => {
    const entry = anniversaries.find((candidate) => candidate.id === id);
    if (!entry) return;
    const date = nextOccurrence(entry.value, today);
    if (date)
      result.push({
        id: entry.id,
        name: entry.value.name,
        date,
        days: daysFrom(today, date),
        slot: (index + 1) as 1 | 2,
      });
  });
  const chosen = new Set(main.filter(Boolean));
  let nearest: DDay | null = null;
  const candidates = [
    ...anniversaries
      .filter((entry) => !chosen.has(entry.id))
      .map((entry) => ({
        id: entry.id,
        name: entry.value.name,
        next: () => nextOccurrence(entry.value, today),
      })),
    // An event's next day by its own rule (weekly, monthly …), as the schedule shows it.
    ...events.map((entry) => ({
      id: entry.id,
      name: entry.value.title,
      next: () => nextEventDate(entry.id, entry.value, today),
    })),
  ];
  for (const candidate of candidates) {
    const date = candidate.next();
    if (!date) continue;
    const days = daysFrom(today, date);
    if (!nearest || days < nearest.days)
      nearest = { id: candidate.id, name: candidate.name, date, days, slot: 3 };
  }
  if (nearest) result.push(nearest);
  return result;
}
