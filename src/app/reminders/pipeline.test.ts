// The reminder pipeline end to end: two devices of a member (the app's real vault and sync engine, simulated in Node)
// each turn reminders on — their endpoint registered with the real server, their subscription's keys kept in the
// vault — and sync carries each device's keys to the other. One device's runner asks the real server to hold a
// reminder sealed for both — the schedule's own, from an event with a reminder — and at its time the server posts it
// by Web Push to both test push endpoints, which open the record's words with their own private keys. Edited on the
// other device, the reminder is withdrawn and the new one sent instead, within a minute of its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderBody } from '../../shared/schemas/reminders.js';
import { databaseDump, signedInMember, startTestApp, type TestApp } from '../../server/test/harness.js';
import { startPushEndpoint, TEST_CA, type PushEndpoint } from '../../server/test/push-endpoint.js';
import { newHeader, SimulatedDevice } from '../test/devices.js';
import { MemorySyncServer } from '../test/memory-sync-server.js';
import type { ReminderServer } from './reconcile.js';
import { ReminderRunner } from './runner.js';
import { seoulTime } from '../../server/push/service.js';
import { REMINDER_SOURCES } from '../shell/reminder-sources.js';
import type { ScheduleEvent } from '../records/event.js';
import { keepPushTarget, pushTargets } from './targets.js';

let t: TestApp;
let cookie: string;
let phoneEndpoint: PushEndpoint;
let laptopEndpoint: PushEndpoint;
const devices: SimulatedDevice[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  phoneEndpoint = await startPushEndpoint();
  laptopEndpoint = await startPushEndpoint();
  t = await startTestApp(
    { ALLOW_PRIVATE_ADDRESSES: 'true' },
    {
      outboundCa: TEST_CA,
      logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
    },
  );
  cookie = await signedInMember(t, 'pipeline@example.com');
});
afterAll(async () => {
  for (const device of devices) device.close();
  await t.close();
  await phoneEndpoint.close();
  await laptopEndpoint.close();
});

/** The reminder routes of the real server, as the app calls them (browser.ts does the same with fetch). */
const realServer: ReminderServer = {
  async endpoints() {
    return (await t.request({ method: 'GET', url: '/api/reminders/endpoints', cookie })).json().endpoints;
  },
  async list() {
    return (await t.request({ method: 'GET', url: '/api/reminders', cookie })).json().reminders;
  },
  async schedule(id: string, body: ReminderBody) {
    const answer = await t.request({ method: 'PUT', url: `/api/reminders/${id}`, cookie, body });
    if (answer.statusCode !== 200)
      throw Object.assign(new Error(answer.body), { code: answer.json().error.code });
  },
  async withdraw(id: string) {
    const answer = await t.request({ method: 'DELETE', url: `/api/reminders/${id}`, cookie });
    if (answer.statusCode !== 204 && answer.statusCode !== 404) throw new Error(answer.body);
  },
};

/** An event in Seoul starting at `startsAt` (a whole minute), reminding 10 minutes before. */
function dentistAt(startsAt: number, title: string): ScheduleEvent {
  const [date, clock] = seoulTime(new Date(startsAt)).split(' ') as [string, string];
  return {
    title,
    calendar: 'solar',
    date,
    time: clock.slice(0, 5),
    duration: 'PT1H',
    zone: 'Asia/Seoul',
    repeat: 'none',
    memo: '',
    reminders: [10],
  };
}

function runnerOn(device: SimulatedDevice): ReminderRunner {
  return new ReminderRunner(device.vault, {
    server: realServer,
    sources: REMINDER_SOURCES,
    ready: async () => true,
    watchReady: () => () => undefined,
    clock: {
      now: () => t.now(),
      setTimeout: (work, ms) => device.clock.setTimeout(work, ms),
      clearTimeout: (timer) => device.clock.clearTimeout(timer),
    },
    exclusive: (_name, work) => work(),
    online: () => true,
  });
}

/** This device turns reminders on: its endpoint registered with the server, its keys kept in the vault. */
async function turnOn(device: SimulatedDevice, endpoint: PushEndpoint) {
  const added = await t.request({
    method: 'PUT',
    url: '/api/reminders/endpoints',
    cookie,
    body: { endpoint: endpoint.subscription.endpoint },
  });
  expect(added.statusCode).toBe(201);
  await keepPushTarget(device.vault, {
    endpointId: added.json().id,
    ...endpoint.subscription.keys,
    name: device.name,
    addedAt: t.now(),
  });
}

/** Moves the server's clock a second at a time until both endpoints received `count` pushes (two minutes at most). */
async function untilReceived(count: number) {
  const start = t.now();
  while (
    (phoneEndpoint.received.length < count || laptopEndpoint.received.length < count) &&
    t.now() - start < 120_000
  ) {
    t.advance(1000);
    await t.settleNotifications();
  }
}

describe('the reminder pipeline across a member’s devices', () => {
  it('seals on one device for every device, whose keys came through sync; the server sends at the time; an edit elsewhere replaces it', async () => {
    const sync = new MemorySyncServer();
    const laptop = new SimulatedDevice('Laptop', 'member-1', sync.as('session-1'));
    const phone = new SimulatedDevice('Phone', 'member-1', sync.as('session-2'));
    devices.push(laptop, phone);
    await laptop.openVault(await newHeader());
    await laptop.engine.enable();
    await laptop.engine.settled();
    expect(await phone.join()).toBe('ok');

    await turnOn(laptop, laptopEndpoint);
    await turnOn(phone, phoneEndpoint);
    await laptop.sync();
    await phone.sync();
    await laptop.sync();
    // Each device's keys reached the other through sync.
    expect(
      pushTargets(phone.vault)
        .map((target) => target.name)
        .sort(),
    ).toEqual(['Laptop', 'Phone']);
    expect(pushTargets(laptop.vault)).toEqual(pushTargets(phone.vault));

    // The schedule's own reminders: an event 15 minutes from now reminding 10 minutes before.
    const startsAt = Math.ceil((t.now() + 15 * 60_000) / 60_000) * 60_000;
    const remindAt = startsAt - 10 * 60_000;
    const first = dentistAt(startsAt, '치과 예약 3시');
    await laptop.vault.save('event', 'dentist', undefined, first);
    await laptop.sync();
    await phone.sync();

    // The phone's runner makes the server hold it, sealed for both devices.
    const onPhone = runnerOn(phone);
    expect(await onPhone.runNow()).toMatchObject({ scheduled: 1, withdrawn: 0 });
    const held = await realServer.list();
    expect(held).toHaveLength(1);
    expect(held[0]!.endpoints).toHaveLength(2);
    // What the server keeps, and what it logged, names neither the event nor its words.
    const kept = (await databaseDump(t)) + logLines.join('\n');
    for (const words of ['치과', '예약', '10분 후']) expect(kept).not.toContain(words);
    // The laptop, asked for the same, agrees.
    const onLaptop = runnerOn(laptop);
    expect(await onLaptop.runNow()).toMatchObject({ scheduled: 0, withdrawn: 0, kept: 1 });

    // Edited on the laptop: a new time and new words. The laptop's run withdraws the old and sends the new.
    await laptop.vault.save(
      'event',
      'dentist',
      first,
      dentistAt(startsAt + 60 * 60_000, '치과 예약 4시로 변경'),
    );
    expect(await onLaptop.runNow(true)).toMatchObject({ scheduled: 1, withdrawn: 1 });
    expect(await realServer.list()).toHaveLength(1);

    t.advance(remindAt - t.now());
    await t.settleNotifications();
    await untilReceived(1);
    expect([phoneEndpoint.received, laptopEndpoint.received]).toEqual([[], []]);
    t.advance(remindAt + 60 * 60_000 - t.now());
    await t.settleNotifications();
    await untilReceived(1);
    // It arrived within a minute of its time.
    expect(t.now() - (remindAt + 60 * 60_000)).toBeLessThanOrEqual(60_000);
    for (const endpoint of [phoneEndpoint, laptopEndpoint]) {
      expect(endpoint.refused).toEqual([]);
      const payloads = endpoint.received.map((push) => JSON.parse(push.payload));
      expect(payloads).toEqual([
        {
          title: '치과 예약 4시로 변경',
          body: expect.stringMatching(/^10분 후 · /),
          url: '/app/?page=schedule',
          tag: expect.any(String),
        },
      ]);
      expect(payloads[0].tag).not.toBe(held[0]!.id);
    }
    expect(await realServer.list()).toEqual([]);
  });
});
