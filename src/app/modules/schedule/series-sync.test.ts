// A repeating event edited on two devices at once merges as any record does (docs/sync.md): its changed and
// deleted occurrences are kept by date, so two devices changing different occurrences, or one changing the series
// while the other changes an occurrence, end with both changes on both devices. The app's real vault and sync
// engine on simulated devices (src/app/test/devices.ts) against the in-memory server.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VaultHeader } from '../../vault/crypto.js';
import { newHeader, SimulatedDevice } from '../../test/devices.js';
import { MemorySyncServer } from '../../test/memory-sync-server.js';
import { occurrencesBetween } from '../../calendar/occurrences.js';
import { deleteOccurrence, editOccurrence, occurrenceValue } from '../../calendar/series-edits.js';
import type { ScheduleEvent } from '../../records/event.js';

let header: VaultHeader;
const open: SimulatedDevice[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const device of open.splice(0)) device.close();
});

async function twoDevices(): Promise<[SimulatedDevice, SimulatedDevice]> {
  const server = new MemorySyncServer();
  const [a, b] = ['Laptop', 'Phone'].map((name, index) => {
    const device = new SimulatedDevice(name, 'member-1', server.as(`session-${index + 1}`));
    open.push(device);
    return device;
  }) as [SimulatedDevice, SimulatedDevice];
  await a.openVault(header);
  await a.engine.enable();
  await a.engine.settled();
  expect(await b.join()).toBe('ok');
  return [a, b];
}

/** Pilates on Wednesdays at 19:00 for an hour, from 2026-03-04. */
const pilates: ScheduleEvent = {
  title: 'Pilates',
  memo: '',
  calendar: 'solar',
  date: '2026-03-04',
  time: '19:00',
  duration: 'PT1H',
  repeat: 'none',
  rule: { freq: 'weekly' },
};

/** What a device's schedule shows in March and April 2026: each occurrence's date, time and title. */
function shown(device: SimulatedDevice): string[] {
  const events = device.vault
    .list<ScheduleEvent>('event')
    .filter((entry) => !('conflictOf' in (entry.value as object)))
    .map((entry) => ({ id: entry.id, value: entry.value }));
  return occurrencesBetween(events, '2026-03-01', '2026-04-30', 'Asia/Seoul').map(
    (occurrence) => `${occurrence.date} ${occurrence.time} ${occurrence.title}`,
  );
}

/** An edit made on a device as its form saves it: from the copy it holds, through the vault's merge. */
async function save(device: SimulatedDevice, id: string, change: (series: ScheduleEvent) => ScheduleEvent) {
  const held = device.vault.get<ScheduleEvent>(id)!.value;
  await device.vault.save('event', id, held, change(held));
}

describe('a repeating event edited on two devices at once', () => {
  it('keeps an occurrence moved on one and another deleted on the other, and the series renamed', async () => {
    const [laptop, phone] = await twoDevices();
    await laptop.vault.save('event', 'pilates', undefined, pilates);
    await laptop.sync();
    await phone.sync();
    expect(shown(phone)).toHaveLength(9);

    laptop.online = false;
    phone.online = false;
    // The laptop moves the class of 18 March to Thursday at 20:00, this one only.
    await save(laptop, 'pilates', (series) => {
      const edited = { ...occurrenceValue(series, '2026-03-18'), date: '2026-03-19', time: '20:00' };
      return editOccurrence(series, '2026-03-18', edited, 'one').value!;
    });
    // The phone deletes the class of 25 March, and renames the whole series.
    await save(phone, 'pilates', (series) => deleteOccurrence(series, '2026-03-25', 'one').value!);
    await save(phone, 'pilates', (series) => {
      const edited = { ...occurrenceValue(series, '2026-04-01'), title: 'Reformer Pilates' };
      return editOccurrence(series, '2026-04-01', edited, 'all').value!;
    });

    laptop.online = true;
    phone.online = true;
    await laptop.sync();
    await phone.sync();
    await laptop.sync();

    const expected = [
      '2026-03-04 19:00 Reformer Pilates',
      '2026-03-11 19:00 Reformer Pilates',
      '2026-03-19 20:00 Reformer Pilates',
      '2026-04-01 19:00 Reformer Pilates',
      '2026-04-08 19:00 Reformer Pilates',
      '2026-04-15 19:00 Reformer Pilates',
      '2026-04-22 19:00 Reformer Pilates',
      '2026-04-29 19:00 Reformer Pilates',
    ];
    expect(shown(laptop)).toEqual(expected);
    expect(shown(phone)).toEqual(expected);
    // Merged field by field: no conflict copy was needed.
    expect(laptop.vault.list('event')).toHaveLength(1);
    expect(phone.vault.get('pilates')?.value).toEqual(laptop.vault.get('pilates')?.value);
  });

  it('keeps a series split on one device ("this and following") and renamed on the other', async () => {
    const [laptop, phone] = await twoDevices();
    await laptop.vault.save('event', 'pilates', undefined, pilates);
    await laptop.sync();
    await phone.sync();

    laptop.online = false;
    phone.online = false;
    // From 1 April the class is at 20:00: the laptop ends the series on 31 March and starts a new one.
    const held = laptop.vault.get<ScheduleEvent>('pilates')!.value;
    const edited = { ...occurrenceValue(held, '2026-04-01'), time: '20:00' };
    const split = editOccurrence(held, '2026-04-01', edited, 'following');
    await laptop.vault.save('event', 'pilates', held, split.value!);
    await laptop.vault.save('event', 'pilates-april', undefined, split.added!);
    // Meanwhile the phone adds a memo to the whole series.
    await save(phone, 'pilates', (series) => ({ ...series, memo: 'Bring a mat' }));

    laptop.online = true;
    phone.online = true;
    await laptop.sync();
    await phone.sync();
    await laptop.sync();

    for (const device of [laptop, phone]) {
      expect(shown(device)).toEqual([
        '2026-03-04 19:00 Pilates',
        '2026-03-11 19:00 Pilates',
        '2026-03-18 19:00 Pilates',
        '2026-03-25 19:00 Pilates',
        '2026-04-01 20:00 Pilates',
        '2026-04-08 20:00 Pilates',
        '2026-04-15 20:00 Pilates',
        '2026-04-22 20:00 Pilates',
        '2026-04-29 20:00 Pilates',
      ]);
      expect(device.vault.get<ScheduleEvent>('pilates')?.value).toMatchObject({
        memo: 'Bring a mat',
        rule: { freq: 'weekly', until: '2026-03-31' },
      });
    }
  });
});
