// What the schedule screen reads: the saved events, the anniversaries and the public holidays.
import { useEffect, useState } from 'react';
import { useRecords, useVault } from '../../vault/react.js';
import type { Vault, VaultEntry } from '../../vault/vault.js';
import { useListedRecords, type ListedEntry } from '../../ui/spaces/listed.js';
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

/**
 * The saved events (vault kind 'event'), the member's own and those of every shared space open on the device: the
 * same array until an entry changes.
 */
export function useScheduleEvents(): readonly SavedEvent[] {
  const list = useListedRecords<ScheduleEvent>('event');
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

type EventPlace = Pick<ListedEntry<ScheduleEvent>, 'space' | 'writable' | 'vault'>;
const placesOfList = new WeakMap<readonly ListedEntry<ScheduleEvent>[], Map<string, EventPlace>>();

/** Where each listed event lives: its space (null: the member's own), whether the member may change it, its store. */
export function useEventPlace(): (id: string) => EventPlace | undefined {
  const list = useListedRecords<ScheduleEvent>('event');
  let places = placesOfList.get(list);
  if (!places) {
    places = new Map(list.map(({ id, space, writable, vault }) => [id, { space, writable, vault }]));
    placesOfList.set(list, places);
  }
  const found = places;
  return (id) => found.get(id);
}

/** The store an event lives in: a space's, or the member's own (a new event, or one not listed). */
export function useEventVault(): (id: string | null) => Vault {
  const member = useVault();
  const placeOf = useEventPlace();
  return (id) => (id === null ? undefined : placeOf(id)?.vault) ?? member;
}
