// What the schedule screen reads: the saved events and the public holidays.
import { useEffect, useState } from 'react';
import { useVault, useVaultVersion } from '../../vault/react.js';
import type { Vault } from '../../vault/vault.js';
import type { SavedEvent } from './agenda.js';
import { bundledHolidays, loadHolidayData, type HolidayData } from '../../calendar/holidays.js';
import type { ScheduleEvent } from './event.js';

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

// The event list of each vault version, so the indexes built from it are not rebuilt on every render.
const eventsByVersion = new WeakMap<Vault, { version: number; events: readonly SavedEvent[] }>();

/** The saved events (vault kind 'event'): the same array until the vault changes. */
export function useScheduleEvents(): readonly SavedEvent[] {
  const vault = useVault();
  const version = useVaultVersion();
  let cached = eventsByVersion.get(vault);
  if (cached?.version !== version) {
    const events = vault
      .list<ScheduleEvent>('event')
      .filter((entry) => typeof entry.value === 'object' && entry.value !== null)
      .map((entry) => ({ id: entry.id, value: entry.value }));
    cached = { version, events };
    eventsByVersion.set(vault, cached);
  }
  return cached.events;
}
