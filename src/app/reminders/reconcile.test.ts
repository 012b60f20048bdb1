// The reconciler against a server that keeps the real one's rules in memory: the server ends up holding exactly the
// reminders the vault asks for, each sealed for every device it still sends to (and opened there with that device's
// keys); what is deleted, changed, moved or past is withdrawn; another vault's reminders are left alone; two devices
// of one vault agree; the caps keep the soonest.
import nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Reminder, ReminderBody } from '../../shared/schemas/reminders.js';
import { decryptAes128gcm } from '../../server/test/push-endpoint.js';
import type { DesiredReminder } from './desired.js';
import { reconcileReminders, REMINDER_WINDOW_MS, type ReminderServer } from './reconcile.js';
import type { PushTarget } from './targets.js';
import { base64UrlToBytes } from './web-push.js';

const NOW = Date.UTC(2026, 11, 1, 0, 0);

class Refused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The reminder routes in memory, with the server's rules on endpoints and its count cap. */
class MemoryReminderServer implements ReminderServer {
  endpointIds = new Set<string>();
  held = new Map<string, { sendAt: string; messages: ReminderBody['messages'] }>();
  calls: string[] = [];
  constructor(readonly maxCount = 500) {}

  async endpoints() {
    return [...this.endpointIds].map((id) => ({ id }));
  }
  async list(): Promise<Reminder[]> {
    return [...this.held].map(([id, held]) => ({
      id,
      sendAt: held.sendAt,
      endpoints: held.messages.map((m) => m.endpoint).sort(),
    }));
  }
  async schedule(id: string, body: ReminderBody) {
    this.calls.push(`schedule ${id}`);
    if (body.messages.some((m) => !this.endpointIds.has(m.endpoint)))
      throw new Refused('reminder/unknown-endpoint');
    if (!this.held.has(id) && this.held.size >= this.maxCount) throw new Refused('reminder/too-many');
    this.held.set(id, { sendAt: body.sendAt, messages: body.messages });
  }
  async withdraw(id: string) {
    this.calls.push(`withdraw ${id}`);
    this.held.delete(id);
  }
}

/** A device that turned reminders on: its target as the vault keeps it, and its subscription's private key. */
function device(name: string) {
  const ecdh = nodeCrypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = nodeCrypto.randomBytes(16);
  const target: PushTarget = {
    endpointId: nodeCrypto.randomUUID(),
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    name,
    addedAt: NOW,
  };
  return {
    target,
    open: (body: string) => JSON.parse(decryptAes128gcm(Buffer.from(base64UrlToBytes(body)), ecdh, auth)),
  };
}

async function vaultKey(): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), 'HKDF', false, [
    'deriveKey',
  ]);
}

async function reminderKey(): Promise<CryptoKey> {
  const { deriveReminderKey } = await import('./desired.js');
  return deriveReminderKey(await vaultKey());
}

const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const reminder = (key: string, minutes: number, title = key): DesiredReminder => ({
  key,
  sendAt: at(minutes),
  title,
  body: `${title} body`,
  url: '/app/?page=schedule',
});

describe('reconciling reminders', () => {
  it('makes the server hold exactly what the vault asks for, sealed for each device', async () => {
    const server = new MemoryReminderServer();
    const phone = device('phone');
    const laptop = device('laptop');
    server.endpointIds = new Set([phone.target.endpointId, laptop.target.endpointId]);
    const key = await reminderKey();
    const desired = [reminder('dentist', 60, '치과'), reminder('meeting', 120, 'Meeting')];
    const first = await reconcileReminders({
      desired,
      targets: [phone.target, laptop.target],
      server,
      key,
      now: NOW,
    });
    expect(first).toMatchObject({ scheduled: 2, withdrawn: 0, kept: 0, left: 0, gone: [] });
    const held = await server.list();
    expect(held.map((r) => r.sendAt).sort()).toEqual([at(60), at(120)]);
    for (const [id, entry] of server.held) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{30}$/);
      expect(entry.messages.map((m) => m.endpoint).sort()).toEqual(
        [phone.target.endpointId, laptop.target.endpointId].sort(),
      );
      const forPhone = phone.open(entry.messages.find((m) => m.endpoint === phone.target.endpointId)!.body);
      const forLaptop = laptop.open(
        entry.messages.find((m) => m.endpoint === laptop.target.endpointId)!.body,
      );
      expect(forPhone).toEqual(forLaptop);
      expect(forPhone.tag).toBe(id);
      expect(forPhone.url).toBe('/app/?page=schedule');
    }
    const words = [...server.held.values()].map((entry) => phone.open(entry.messages[0]!.body).title).sort();
    expect(words).toEqual(['Meeting', '치과']);
    // The ids say nothing of the reminders' keys.
    expect(JSON.stringify(await server.list())).not.toMatch(/dentist|meeting/);

    // Asked again for the same: nothing to do.
    server.calls = [];
    const again = await reconcileReminders({
      desired,
      targets: [phone.target, laptop.target],
      server,
      key,
      now: NOW,
    });
    expect(again).toMatchObject({ scheduled: 0, withdrawn: 0, kept: 2 });
    expect(server.calls).toEqual([]);
  });

  it('withdraws what was deleted, changed or moved, and seals anew for a device added or gone', async () => {
    const server = new MemoryReminderServer();
    const phone = device('phone');
    const tablet = device('tablet');
    server.endpointIds = new Set([phone.target.endpointId]);
    const key = await reminderKey();
    const run = (desired: DesiredReminder[], targets: PushTarget[]) =>
      reconcileReminders({ desired, targets, server, key, now: NOW });

    await run([reminder('a', 30), reminder('b', 40), reminder('c', 50)], [phone.target]);
    expect(server.held.size).toBe(3);
    // b deleted, c moved, a's words changed.
    await run([reminder('a', 30, 'renamed'), reminder('c', 55)], [phone.target]);
    const titles = () =>
      [...server.held.values()]
        .map((entry) => [entry.sendAt, phone.open(entry.messages[0]!.body).title])
        .sort();
    expect(titles()).toEqual([
      [at(30), 'renamed'],
      [at(55), 'c'],
    ]);

    // A tablet turns reminders on: every reminder is sealed for it too.
    server.endpointIds.add(tablet.target.endpointId);
    await run([reminder('a', 30, 'renamed'), reminder('c', 55)], [phone.target, tablet.target]);
    expect([...server.held.values()].map((entry) => entry.messages.length)).toEqual([2, 2]);
    expect(
      tablet.open(
        [...server.held.values()][0]!.messages.find((m) => m.endpoint === tablet.target.endpointId)!.body,
      ).title,
    ).toBeTruthy();

    // The phone's endpoint is gone from the server: its target is reported gone, and nothing is sealed for it.
    server.endpointIds.delete(phone.target.endpointId);
    const after = await run([reminder('a', 30, 'renamed')], [phone.target, tablet.target]);
    expect(after.gone).toEqual([phone.target.endpointId]);
    expect([...server.held.values()].map((entry) => entry.messages.map((m) => m.endpoint))).toEqual([
      [tablet.target.endpointId],
    ]);

    // No device left: nothing is held.
    server.endpointIds.clear();
    const none = await run([reminder('a', 30)], [phone.target, tablet.target]);
    expect(server.held.size).toBe(0);
    expect(none.left).toBe(1);
  });

  it('hands over only what falls in the window, leaves another vault’s reminders, and agrees across devices', async () => {
    const server = new MemoryReminderServer();
    const phone = device('phone');
    server.endpointIds = new Set([phone.target.endpointId]);
    const key = await reminderKey();
    const otherVault = await reminderKey();
    await reconcileReminders({
      desired: [reminder('theirs', 20)],
      targets: [phone.target],
      server,
      key: otherVault,
      now: NOW,
    });
    const theirs = [...server.held.keys()];
    const desired = [
      reminder('past', -1),
      reminder('soon', 10),
      reminder('far', REMINDER_WINDOW_MS / 60_000 + 1),
    ];
    const result = await reconcileReminders({ desired, targets: [phone.target], server, key, now: NOW });
    expect(result).toMatchObject({ scheduled: 1, withdrawn: 0 });
    expect(server.held.size).toBe(2);
    expect([...server.held.keys()]).toEqual(expect.arrayContaining(theirs));

    // Another device of the same vault, asked for the same, changes nothing.
    server.calls = [];
    const otherDevice = await reconcileReminders({ desired, targets: [phone.target], server, key, now: NOW });
    expect(otherDevice).toMatchObject({ scheduled: 0, withdrawn: 0, kept: 1 });
    expect(server.calls).toEqual([]);
  });

  it('keeps the soonest when the server’s cap is reached', async () => {
    const server = new MemoryReminderServer(3);
    const phone = device('phone');
    server.endpointIds = new Set([phone.target.endpointId]);
    const key = await reminderKey();
    const desired = [50, 10, 40, 20, 30].map((minutes) => reminder(`r${minutes}`, minutes));
    const result = await reconcileReminders({ desired, targets: [phone.target], server, key, now: NOW });
    expect(result).toMatchObject({ scheduled: 3, left: 2 });
    expect((await server.list()).map((r) => r.sendAt).sort()).toEqual([at(10), at(20), at(30)]);
  });
});
