// What the schedule screen reads: the saved events, the anniversaries and the public holidays.
import { useEffect, useState } from 'react';
import { useRecords } from '../../vault/react.js';
import type { VaultEntry } from '../../vault/vault.js';
import type { SavedEvent } from './agenda.js';
import { bundledHolidays, loadHolidayData, type HolidayData } from '../../calendar/holidays.js';
import type { ScheduleEvent } from '../../records/event.js';
import type { Anniversary } from './anniversaries/model.js';
import type { SavedAnniversary } from './anniversary-days.js';

let loadedHolidays: HolidayData | null = null;
let loadingHolidays: Promise<HolidayData> | null = null;

/** Fetched once per page load; loadHolidayData itself falls back to the bundled data offline. */
function holidayDataOnce(): Promise<HolidayData> {
  loadingHolidays ??= loadHolidayData().then((data) => (loadedHolidays = data));
  return loadingHolidays;
}

/** The bundled holidays at once, the fetched ones when they arrive. */
export function useHolidayData(): HolidayData {
  const [data, setData] = useState<HolidayData>(() => loadedHolidays ?? bundledHolidays);
  useEffect(() => {
    let mounted = true;
    void holidayDataOnce().then((fetched) => {
      if (mounted) setData(fetched);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return data;
}

// The events of each list the vault hands out (the same list until an entry changes), so the indexes built from
// them are not rebuilt on every render.
const eventsOfList = new WeakMap<readonly VaultEntry<ScheduleEvent>[], readonly SavedEvent[]>();

/** The saved events (vault kind 'event'): the same array until an entry changes. */
export function useScheduleEvents(): readonly SavedEvent[] {
  const list = useRecords<ScheduleEvent>('event');
  let events = eventsOfList.get(list);
  if (!events) {
    events = list
      .filter((entry) => typeof entry.value === 'object' && entry.value !== null)
      .map((entry) => ({ id: entry.id, value: entry.value }));
    eventsOfList.set(list, events);
  }
  return events;
}

const anniversariesOfList = new WeakMap<readonly VaultEntry<Anniversary>[], readonly SavedAnniversary[]>();

/** The saved anniversaries (vault kind 'anniversaries'): the same array until an entry changes. */
export function useAnniversaries(): readonly SavedAnniversary[] {
  const list = useRecords<Anniversary>('anniversaries');
  let anniversaries = anniversariesOfList.get(list);
  if (!anniversaries) {
    anniversaries = list
      .filter((entry) => typeof entry.value === 'object' && entry.value !== null)
      .map((entry) => ({ id: entry.id, value: entry.value }));
    anniversariesOfList.set(list, anniversaries);
  }
  return anniversaries;
}
