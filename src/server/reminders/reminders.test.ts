// The reminder service's rules on the real database (SQLite, or PostgreSQL with DATABASE_URL), below HTTP: a member
// schedules, lists and withdraws reminders sealed for their own devices only, within caps that requests sent at once
// cannot pass together; the due ones go out once each, through as many server processes as share the database, and
// what is withdrawn, replaced or not yet due does not. The push services are a fake that records what was posted;
// the real protocol is reminders-api.test.ts's.
import nodeCrypto from 'node:crypto';
import Fastify from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  REMINDER_ENDPOINTS_MAX,
  REMINDER_MESSAGE_MAX_BYTES,
  REMINDERS_MAX,
  REMINDERS_MAX_BYTES,
} from '../../shared/constants.js';
import type { ReminderBody } from '../../shared/schemas/reminders.js';
import { sealPushMessage, bytesToBase64Url } from '../../app/reminders/web-push.js';
import type { Caller, SignedIn } from '../accounts/service.js';
import { PushRefused } from '../push/sender.js';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import { reminderService, type ReminderService } from './service.js';

const world = serviceWorlds();
const PHONE: Caller = {
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  deviceKey: null,
};

/** A device's push subscription: its endpoint and keys, and what it received. */
function device(name: string) {
  const ecdh = nodeCrypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.net/${name}/${nodeCrypto.randomBytes(8).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: nodeCrypto.randomBytes(16).toString('base64url'),
    },
  };
}

/** A push service that records what it is handed, answering as `answer` says (201 by default). */
function fakePushServices() {
  const posted: Array<{ endpoint: string; body: string }> = [];
  let refuse: ((endpoint: string) => number | 'unreachable' | null) | null = null;
  return {
    posted,
    refuseWith(rule: typeof refuse) {
      refuse = rule;
    },
    sender: {
      async sendSealed(endpoint: string, body: Uint8Array) {
        const refusal = refuse?.(endpoint) ?? null;
        if (refusal === 'unreachable') throw new Error('connect ECONNREFUSED');
        if (refusal !== null) throw new PushRefused(refusal);
        posted.push({ endpoint, body: Buffer.from(body).toString('base64url') });
      },
    },
  };
}

let w: ServiceWorld;
let push: ReturnType<typeof fakePushServices>;
let reminders: ReminderService;
let member: SignedIn;

const serviceOn = (current: ServiceWorld, pushServices = push, allowPrivate = true) =>
  reminderService({
    store: current.stores.reminders,
    locked: current.stores.quota.locked,
    sender: pushServices.sender,
    clock: current.clock,
    timer: current.timer,
    log: Fastify({ logger: false }).log,
    // The fake push services' addresses are names nobody resolves here; the rule itself is tested on its own.
    allowPrivate,
  });

beforeEach(async () => {
  w = world();
  push = fakePushServices();
  reminders = serviceOn(w);
  member = await w.member('remind@example.com');
});

const inMinutes = (minutes: number) => new Date(w.clock() + minutes * 60_000).toISOString();
const sealFor = async (
  target: { keys: { p256dh: string; auth: string } },
  text = 'a reminder',
  padTo = 256,
) => bytesToBase64Url(await sealPushMessage(target.keys, new TextEncoder().encode(text), { padTo }));
const reminderId = () => nodeCrypto.randomBytes(16).toString('base64url');

async function addDevice(who: SignedIn, name: string) {
  const phone = device(name);
  const added = await reminders.addEndpoint(who.user.uid, { endpoint: phone.endpoint }, PHONE);
  return { ...phone, id: added.id };
}

async function scheduleFor(
  who: SignedIn,
  targets: Array<Awaited<ReturnType<typeof addDevice>>>,
  sendAt: string,
  id = reminderId(),
): Promise<string> {
  const body: ReminderBody = {
    sendAt,
    messages: await Promise.all(targets.map(async (t) => ({ endpoint: t.id, body: await sealFor(t) }))),
  };
  await reminders.schedule(who.user.uid, id, body);
  return id;
}

describe('reminder endpoints', () => {
  it('keeps one per push endpoint, named by its device, and refuses what the server must not post to', async () => {
    const phone = device('phone');
    const first = await reminders.addEndpoint(member.user.uid, { endpoint: phone.endpoint }, PHONE);
    const again = await reminders.addEndpoint(member.user.uid, { endpoint: phone.endpoint }, PHONE);
    expect(again).toEqual(first);
    expect(first.deviceName).toBe('Mobile Device');
    expect((await reminders.endpoints(member.user.uid)).endpoints).toEqual([first]);

    const strict = serviceOn(w, push, false);
    for (const endpoint of [
      'http://push.example.net/plain',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://user:pass@push.example.net/x',
    ]) {
      expect(await answer(strict.addEndpoint(member.user.uid, { endpoint }, PHONE)), endpoint).toBe(
        'push/invalid-subscription',
      );
    }
    expect((await reminders.endpoints(member.user.uid)).endpoints).toHaveLength(1);
  }, 20_000);

  it('lets a member keep at most REMINDER_ENDPOINTS_MAX, however many are added at once', async () => {
    const adding = Array.from({ length: REMINDER_ENDPOINTS_MAX + 10 }, (_, i) =>
      answer(reminders.addEndpoint(member.user.uid, { endpoint: device(`d${i}`).endpoint }, PHONE)),
    );
    const answers = await Promise.all(adding);
    expect(answers.filter((code) => code === 'done')).toHaveLength(REMINDER_ENDPOINTS_MAX);
    expect(answers.filter((code) => code === 'reminder/too-many-endpoints')).toHaveLength(10);
    expect((await reminders.endpoints(member.user.uid)).endpoints).toHaveLength(REMINDER_ENDPOINTS_MAX);
  }, 30_000);

  it('removes an endpoint with its messages, and a reminder left with none; never another member’s', async () => {
    const phone = await addDevice(member, 'phone');
    const laptop = await addDevice(member, 'laptop');
    const both = await scheduleFor(member, [phone, laptop], inMinutes(30));
    await scheduleFor(member, [phone], inMinutes(40));

    const stranger = await w.member('stranger@example.com');
    expect(await answer(reminders.removeEndpoint(stranger.user.uid, phone.id))).toBe(
      'reminder/unknown-endpoint',
    );
    expect((await reminders.list(member.user.uid)).reminders).toHaveLength(2);

    await reminders.removeEndpoint(member.user.uid, phone.id);
    expect((await reminders.list(member.user.uid)).reminders).toEqual([
      { id: both, sendAt: inMinutes(30), endpoints: [laptop.id] },
    ]);
    expect((await reminders.endpoints(member.user.uid)).endpoints.map((e) => e.id)).toEqual([laptop.id]);
  }, 20_000);
});

describe('scheduling reminders', () => {
  it('schedules, lists, replaces and withdraws a member’s own; another member sees none and withdraws none', async () => {
    const phone = await addDevice(member, 'phone');
    const laptop = await addDevice(member, 'laptop');
    const id = await scheduleFor(member, [phone, laptop], inMinutes(60));
    const listed = await reminders.list(member.user.uid);
    expect(listed.reminders).toEqual([
      { id, sendAt: inMinutes(60), endpoints: [phone.id, laptop.id].sort() },
    ]);
    expect(listed.usage).toMatchObject({ count: 1, maxCount: REMINDERS_MAX, maxBytes: REMINDERS_MAX_BYTES });
    expect(listed.usage.bytes).toBeGreaterThan(2 * 256);

    // Scheduled again under its id: the one reminder, at its new time and for its new devices.
    await scheduleFor(member, [laptop], inMinutes(90), id);
    expect((await reminders.list(member.user.uid)).reminders).toEqual([
      { id, sendAt: inMinutes(90), endpoints: [laptop.id] },
    ]);

    const stranger = await w.member('stranger@example.com');
    expect((await reminders.list(stranger.user.uid)).reminders).toEqual([]);
    expect(await answer(reminders.withdraw(stranger.user.uid, id))).toBe('reminder/not-found');
    // The same id is the stranger's own to use: it touches nothing of the member's.
    const strangerPhone = await addDevice(stranger, 'stranger-phone');
    await scheduleFor(stranger, [strangerPhone], inMinutes(10), id);
    expect((await reminders.list(member.user.uid)).reminders).toHaveLength(1);

    await reminders.withdraw(member.user.uid, id);
    expect((await reminders.list(member.user.uid)).reminders).toEqual([]);
    expect(await answer(reminders.withdraw(member.user.uid, id))).toBe('reminder/not-found');
    expect((await reminders.list(stranger.user.uid)).reminders.map((r) => r.id)).toEqual([id]);
  }, 20_000);

  it('refuses a reminder sealed for a device that is not the member’s, storing nothing', async () => {
    const phone = await addDevice(member, 'phone');
    const stranger = await w.member('stranger@example.com');
    const theirs = await addDevice(stranger, 'their-phone');
    const unknown = { ...phone, id: nodeCrypto.randomUUID() };
    expect(await answer(scheduleFor(member, [phone, theirs], inMinutes(5)))).toBe(
      'reminder/unknown-endpoint',
    );
    expect(await answer(scheduleFor(member, [unknown], inMinutes(5)))).toBe('reminder/unknown-endpoint');
    expect((await reminders.list(member.user.uid)).reminders).toEqual([]);
    expect((await reminders.list(stranger.user.uid)).reminders).toEqual([]);
  }, 20_000);

  it('refuses times past or too far, and bodies that are not a sealed message', async () => {
    const phone = await addDevice(member, 'phone');
    const body = await sealFor(phone);
    const schedule = (sendAt: string, sealed = body) =>
      answer(
        reminders.schedule(member.user.uid, reminderId(), {
          sendAt,
          messages: [{ endpoint: phone.id, body: sealed }],
        }),
      );
    expect(await schedule(inMinutes(-11))).toBe('reminder/invalid-time');
    expect(await schedule(inMinutes(401 * 24 * 60))).toBe('reminder/invalid-time');
    expect(await schedule(inMinutes(-5))).toBe('done');

    const bytes = Buffer.from(body, 'base64url');
    const otherKeyLength = Buffer.from(bytes);
    otherKeyLength[20] = 64;
    expect(await schedule(inMinutes(5), 'A'.repeat(200))).toBe('reminder/invalid-message');
    expect(await schedule(inMinutes(5), otherKeyLength.toString('base64url'))).toBe(
      'reminder/invalid-message',
    );
    expect(await schedule(inMinutes(5), bytes.subarray(0, 90).toString('base64url'))).toBe(
      'reminder/invalid-message',
    );
    const large = await sealFor(phone, 'x'.repeat(REMINDER_MESSAGE_MAX_BYTES), 1);
    expect(await schedule(inMinutes(5), large)).toBe('reminder/too-large');
    expect((await reminders.list(member.user.uid)).reminders).toHaveLength(1);
  }, 20_000);

  it('keeps the count cap when many reminders are scheduled at once', async () => {
    const phone = await addDevice(member, 'phone');
    const body = await sealFor(phone);
    // The member has all but 3 of their reminders already (written straight to the tables, for speed).
    const sendAt = inMinutes(60);
    const earlier = Array.from({ length: REMINDERS_MAX - 3 }, () => reminderId());
    await w.database.db
      .insertInto('reminders')
      .values(
        earlier.map((id) => ({
          user_id: member.user.uid,
          id,
          send_at: sendAt,
          claimed_at: null,
          attempts: 0,
          created_at: sendAt,
        })),
      )
      .execute();
    await w.database.db
      .insertInto('reminder_messages')
      .values(
        earlier.map((id) => ({
          user_id: member.user.uid,
          reminder_id: id,
          endpoint_id: phone.id,
          body,
          bytes: Buffer.from(body, 'base64url').length,
        })),
      )
      .execute();

    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        answer(
          reminders.schedule(member.user.uid, reminderId(), {
            sendAt,
            messages: [{ endpoint: phone.id, body }],
          }),
        ),
      ),
    );
    expect(answers.filter((code) => code === 'done')).toHaveLength(3);
    expect(answers.filter((code) => code === 'reminder/too-many')).toHaveLength(27);
    const listed = await reminders.list(member.user.uid);
    expect(listed.usage.count).toBe(REMINDERS_MAX);
    expect(listed.reminders).toHaveLength(REMINDERS_MAX);
    // Replacing one the member has is no new one: it still fits.
    expect(
      await answer(
        reminders.schedule(member.user.uid, earlier[0]!, {
          sendAt,
          messages: [{ endpoint: phone.id, body }],
        }),
      ),
    ).toBe('done');
  }, 30_000);

  it('keeps the bytes cap when large reminders are scheduled at once', async () => {
    const targets = await Promise.all(
      Array.from({ length: REMINDER_ENDPOINTS_MAX }, (_, i) => addDevice(member, `d${i}`)),
    );
    // About 2 KiB for each of 20 devices: 40 KiB a reminder, so the cap holds a known number of them.
    const messages = await Promise.all(
      targets.map(async (t) => ({ endpoint: t.id, body: await sealFor(t, 'x'.repeat(1900), 1) })),
    );
    const perReminder = messages.reduce((sum, m) => sum + Buffer.from(m.body, 'base64url').length, 0);
    const fitting = Math.floor(REMINDERS_MAX_BYTES / perReminder);
    const answers = await Promise.all(
      Array.from({ length: fitting + 8 }, () =>
        answer(reminders.schedule(member.user.uid, reminderId(), { sendAt: inMinutes(30), messages })),
      ),
    );
    expect(answers.filter((code) => code === 'done')).toHaveLength(fitting);
    expect(answers.filter((code) => code === 'reminder/too-large')).toHaveLength(8);
    expect((await reminders.list(member.user.uid)).usage.bytes).toBeLessThanOrEqual(REMINDERS_MAX_BYTES);
  }, 60_000);
});

describe('sending reminders', () => {
  it('posts each due reminder’s messages once, as sealed, and deletes it; not what is withdrawn or not due', async () => {
    const phone = await addDevice(member, 'phone');
    const laptop = await addDevice(member, 'laptop');
    const due = await scheduleFor(member, [phone, laptop], inMinutes(10));
    const withdrawn = await scheduleFor(member, [phone], inMinutes(10));
    await scheduleFor(member, [phone], inMinutes(30));
    const sealed = Object.fromEntries(
      (
        await w.database.db
          .selectFrom('reminder_messages')
          .select(['endpoint_id', 'body'])
          .where('reminder_id', '=', due)
          .execute()
      ).map((row) => [row.endpoint_id, row.body]),
    );
    await reminders.withdraw(member.user.uid, withdrawn);

    w.advance(9 * 60_000);
    expect(await reminders.run()).toBe(0);
    expect(push.posted).toEqual([]);
    w.advance(60_000);
    expect(await reminders.run()).toBe(1);
    expect(push.posted.sort((a, b) => a.endpoint.localeCompare(b.endpoint))).toEqual(
      [
        { endpoint: phone.endpoint, body: sealed[phone.id] },
        { endpoint: laptop.endpoint, body: sealed[laptop.id] },
      ].sort((a, b) => a.endpoint.localeCompare(b.endpoint)),
    );
    expect(await reminders.run()).toBe(0);
    expect(push.posted).toHaveLength(2);
    expect((await reminders.list(member.user.uid)).reminders.map((r) => r.sendAt)).toEqual([inMinutes(20)]);
  }, 20_000);

  it('sends each reminder once however many server processes share the database', async () => {
    const phone = await addDevice(member, 'phone');
    const ids = await Promise.all(
      Array.from({ length: 40 }, () => scheduleFor(member, [phone], inMinutes(5))),
    );
    const processes = [reminders, serviceOn(w), serviceOn(w), serviceOn(w)];
    w.advance(5 * 60_000);
    const sent = await Promise.all(processes.map((process) => process.run()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(ids.length);
    expect(push.posted).toHaveLength(ids.length);
    expect(new Set(push.posted.map((p) => p.body)).size).toBe(ids.length);
    expect((await reminders.list(member.user.uid)).reminders).toEqual([]);
  }, 30_000);

  it('removes an endpoint the push service says is gone, retries one that did not answer, and takes up a stopped claim', async () => {
    const phone = await addDevice(member, 'phone');
    const laptop = await addDevice(member, 'laptop');
    await scheduleFor(member, [phone, laptop], inMinutes(1));
    push.refuseWith((endpoint) => (endpoint === phone.endpoint ? 410 : 'unreachable'));
    w.advance(60_000);
    expect(await reminders.run()).toBe(0);
    expect((await reminders.endpoints(member.user.uid)).endpoints.map((e) => e.id)).toEqual([laptop.id]);
    // The laptop's push service did not answer: the reminder waits a minute and goes then.
    const waiting = (await reminders.list(member.user.uid)).reminders;
    expect(waiting).toEqual([{ id: expect.any(String), sendAt: inMinutes(1), endpoints: [laptop.id] }]);
    push.refuseWith(null);
    expect(await reminders.run()).toBe(0);
    w.advance(60_000);
    expect(await reminders.run()).toBe(1);
    expect(push.posted.map((p) => p.endpoint)).toEqual([laptop.endpoint]);

    // A process that claimed a reminder and stopped: after a while another sends it.
    const stuck = await scheduleFor(member, [laptop], inMinutes(1));
    await w.database.db
      .updateTable('reminders')
      .set({ claimed_at: new Date(w.clock()).toISOString() })
      .where('id', '=', stuck)
      .execute();
    w.advance(60_000);
    expect(await reminders.run()).toBe(0);
    w.advance(5 * 60_000);
    expect(await reminders.run()).toBe(1);
    expect(push.posted).toHaveLength(2);
  }, 20_000);

  it('polls on the clock while started, sending within a minute of the time, and not after it stops', async () => {
    const phone = await addDevice(member, 'phone');
    const at = w.clock() + 60_000;
    await scheduleFor(member, [phone], new Date(at).toISOString());
    reminders.start();
    while (push.posted.length === 0 && w.clock() < at + 5 * 60_000) {
      w.advance(1000);
      await reminders.settle();
    }
    expect(push.posted).toHaveLength(1);
    expect(w.clock() - at).toBeLessThanOrEqual(60_000);
    expect(w.clock()).toBeGreaterThanOrEqual(at);

    await reminders.stop();
    await scheduleFor(member, [phone], inMinutes(1));
    for (let i = 0; i < 10; i++) {
      w.advance(15_000);
      await reminders.settle();
    }
    expect(push.posted).toHaveLength(1);
  }, 20_000);
});
