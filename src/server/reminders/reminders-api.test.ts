// Reminders through the API and the real Web Push protocol: the app seals a reminder for each of the member's
// devices (RFC 8291, src/app/reminders/web-push.ts), the server holds a time and those bytes, and at the time it posts
// them with its VAPID key to the test push endpoint, which checks the JWT and opens each message with its
// subscription's private key — finding the app's words, which the server's database and logs never held. A
// reminder withdrawn or replaced is not sent, and two server processes sharing the database send each once.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64Url, sealPushMessage } from '../../app/reminders/web-push.js';
import { databaseDump, signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { startPushEndpoint, TEST_CA, type PushEndpoint } from '../test/push-endpoint.js';

const TITLE = '치과 예약 — Dr. Kim, 3rd floor';
const BODY = '오후 3시 · 강남역 2번 출구';
const EVENT_KEY = 'event-5f1c2b7a/2026-12-01/60';

let t: TestApp;
let phone: PushEndpoint;
let laptop: PushEndpoint;
const lines: string[] = [];

beforeAll(async () => {
  phone = await startPushEndpoint();
  laptop = await startPushEndpoint();
  t = await startTestApp(
    { ALLOW_PRIVATE_ADDRESSES: 'true' },
    {
      outboundCa: TEST_CA,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    },
  );
});
afterAll(async () => {
  await t.close();
  await phone.close();
  await laptop.close();
});

/** What the app does for one reminder: its words as JSON, sealed for each device with that device's keys. */
async function sealed(message: object, devices: Array<{ id: string; endpoint: PushEndpoint }>) {
  const bytes = new TextEncoder().encode(JSON.stringify(message));
  return Promise.all(
    devices.map(async (device) => ({
      endpoint: device.id,
      body: bytesToBase64Url(await sealPushMessage(device.endpoint.subscription.keys, bytes, { padTo: 256 })),
    })),
  );
}

async function addEndpoint(cookie: string, endpoint: PushEndpoint) {
  const added = await t.request({
    method: 'PUT',
    url: '/api/reminders/endpoints',
    cookie,
    body: { endpoint: endpoint.subscription.endpoint },
  });
  expect(added.statusCode).toBe(201);
  return { id: added.json().id as string, endpoint };
}

const at = (ms: number) => new Date(ms).toISOString();
const randomId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');

/** Moves the clock a second at a time until `arrived` holds or `limitMs` passed; answers the time it took. */
async function stepUntil(apps: TestApp[], arrived: () => boolean, limitMs: number): Promise<number> {
  const start = apps[0]!.now();
  while (!arrived() && apps[0]!.now() - start < limitMs) {
    for (const app of apps) app.advance(1000);
    await Promise.all(apps.map((app) => app.settleNotifications()));
  }
  return apps[0]!.now() - start;
}

describe('reminders through Web Push', () => {
  it('sends the app’s sealed words at their time, within a minute, to each device — the server never reading them', async () => {
    const member = await signedInMember(t, 'remind-api@example.com');
    const devices = [await addEndpoint(member, phone), await addEndpoint(member, laptop)];
    const message = { title: TITLE, body: BODY, url: '/app/?page=schedule', tag: 'r1' };
    const sendAt = t.now() + 10 * 60_000;
    const id = randomId();
    const scheduled = await t.request({
      method: 'PUT',
      url: `/api/reminders/${id}`,
      cookie: member,
      body: { sendAt: at(sendAt), messages: await sealed(message, devices) },
    });
    expect(scheduled.statusCode).toBe(200);
    const listed = (await t.request({ method: 'GET', url: '/api/reminders', cookie: member })).json();
    expect(listed.reminders).toEqual([
      { id, sendAt: at(sendAt), endpoints: devices.map((device) => device.id).sort() },
    ]);

    // Nothing before its time.
    t.advance(sendAt - t.now() - 1000);
    await t.settleNotifications();
    expect([phone.received, laptop.received]).toEqual([[], []]);

    const took = await stepUntil(
      [t],
      () => phone.received.length > 0 && laptop.received.length > 0,
      5 * 60_000,
    );
    expect(t.now()).toBeGreaterThanOrEqual(sendAt);
    expect(took).toBeLessThanOrEqual(61_000);
    for (const device of [phone, laptop]) {
      expect(device.refused).toEqual([]);
      expect(device.received).toHaveLength(1);
      expect(JSON.parse(device.received[0]!.payload)).toEqual(message);
      expect(device.received[0]!.claims.aud).toBe(new URL(device.subscription.endpoint).origin);
    }

    // Sent, it is gone from the server.
    expect(
      (await t.request({ method: 'GET', url: '/api/reminders', cookie: member })).json().reminders,
    ).toEqual([]);
    const rows = await t.database.db.selectFrom('reminder_messages').selectAll().execute();
    expect(rows).toEqual([]);

    // Neither the database (every table, and on SQLite the files themselves, deleted rows included) nor the log
    // ever held the words or the event's key.
    const dump = await databaseDump(t);
    const log = lines.join('\n');
    expect(log).toContain('/api/reminders');
    for (const secret of [TITLE, BODY, EVENT_KEY, '치과']) {
      expect(dump).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    if (t.database.dialect === 'sqlite') {
      const files = (await fs.readdir(t.config.dataDir)).filter((name) => name.startsWith('mygenie.db'));
      expect(files.length).toBeGreaterThan(0);
      for (const name of files) {
        const bytes = await fs.readFile(path.join(t.config.dataDir, name));
        for (const secret of [TITLE, BODY, EVENT_KEY])
          expect(bytes.includes(Buffer.from(secret))).toBe(false);
      }
    }
  });

  it('sends neither a withdrawn reminder nor the words a reminder was replaced with before, and refuses another’s device', async () => {
    const member = await signedInMember(t, 'remind-change@example.com');
    const device = await addEndpoint(member, phone);
    const before = phone.received.length;
    const sendAt = at(t.now() + 60_000);
    const put = async (id: string, message: object) =>
      t.request({
        method: 'PUT',
        url: `/api/reminders/${id}`,
        cookie: member,
        body: { sendAt, messages: await sealed(message, [device]) },
      });

    const withdrawn = randomId();
    expect((await put(withdrawn, { title: 'withdrawn' })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/reminders/${withdrawn}`, cookie: member })).statusCode,
    ).toBe(204);
    const changed = randomId();
    expect((await put(changed, { title: 'before the change' })).statusCode).toBe(200);
    expect((await put(changed, { title: 'after the change' })).statusCode).toBe(200);

    // Another member cannot see, withdraw or seal for this member's device.
    const stranger = await signedInMember(t, 'remind-stranger@example.com');
    expect(
      (await t.request({ method: 'GET', url: '/api/reminders', cookie: stranger })).json().reminders,
    ).toEqual([]);
    const theirs = await t.request({ method: 'DELETE', url: `/api/reminders/${changed}`, cookie: stranger });
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'reminder/not-found']);
    const foreign = await t.request({
      method: 'PUT',
      url: `/api/reminders/${randomId()}`,
      cookie: stranger,
      body: { sendAt, messages: await sealed({ title: 'not yours' }, [device]) },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'reminder/unknown-endpoint']);
    const visitor = await t.request({ method: 'GET', url: '/api/reminders' });
    expect(visitor.statusCode).toBe(401);

    await stepUntil([t], () => phone.received.length > before, 5 * 60_000);
    await stepUntil([t], () => false, 2 * 60_000);
    expect(phone.received.slice(before).map((push) => JSON.parse(push.payload))).toEqual([
      { title: 'after the change' },
    ]);
  });

  it('is sent once by two server processes sharing the database', async () => {
    const other = await startTestApp(
      { ALLOW_PRIVATE_ADDRESSES: 'true' },
      { sharing: t, outboundCa: TEST_CA },
    );
    try {
      // The two processes' clocks read alike (each test app's clock started when it did).
      if (t.now() > other.now()) other.advance(t.now() - other.now());
      else t.advance(other.now() - t.now());
      const member = await signedInMember(t, 'remind-twice@example.com');
      const device = await addEndpoint(member, laptop);
      const before = laptop.received.length;
      const sendAt = at(t.now() + 60_000);
      const titles = Array.from({ length: 12 }, (_, i) => `reminder ${i}`);
      for (const title of titles) {
        const response = await t.request({
          method: 'PUT',
          url: `/api/reminders/${randomId()}`,
          cookie: member,
          body: { sendAt, messages: await sealed({ title }, [device]) },
        });
        expect(response.statusCode).toBe(200);
      }
      // Both fall due at once, and both processes send what is due at the same moment.
      for (const app of [t, other]) app.advance(60_000);
      const sent = await Promise.all([t.reminders.run(), other.reminders.run()]);
      await Promise.all([t.settleNotifications(), other.settleNotifications()]);
      expect(sent[0] + sent[1]).toBeLessThanOrEqual(titles.length);
      await stepUntil([t, other], () => laptop.received.length >= before + titles.length, 5 * 60_000);
      // Both processes went on looking a while longer: nothing came twice.
      await stepUntil([t, other], () => false, 60_000);
      const received = laptop.received.slice(before).map((push) => JSON.parse(push.payload).title as string);
      expect(received.sort()).toEqual([...titles].sort());
      expect(laptop.refused).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
