// The sync routes (docs/sync.md, "On the server") on SQLite, and on PostgreSQL across two server processes when
// DATABASE_URL is set: a vault published once, each device's chain kept contiguous and stored once however often
// it is sent, one series of numbers per member however many devices push at once, the quota counting what sync
// keeps, compaction, the live `sync` event, and who may reach what. The attacks on these routes are in
// sync-attacks.test.ts.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsVault, signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import {
  chain,
  digest,
  keyName,
  signingPair,
  syncId,
  VAULT_HEADER as HEADER,
} from '../test/sync-fixtures.js';
import { HEAD_BYTES, RETIRED_DEVICE_BYTES } from './store.js';

const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

let t: TestApp;
/** The second server process (PostgreSQL), or the same one (SQLite: one process). */
let other: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '8' });
  other = process.env.DATABASE_URL ? await startTestApp({ USER_QUOTA_MB: '8' }, { sharing: t }) : t;
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});

async function member(name: string) {
  const cookie = await signedInMember(t, `${name}.${crypto.randomUUID()}@example.com`);
  const vault = syncId();
  // The vault's signing key, as its publishing device makes it: registrations and snapshots are signed with it.
  const key = signingPair();
  const send = (app: TestApp, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    app.request({ method, url, cookie, ...(body === undefined ? {} : { body }) });
  /** A snapshot's upload signed over its bytes, as a device of the vault signs it (unless it names a proof). */
  const signed = (url: string, payload: Buffer) => {
    if (!url.startsWith('/api/sync/snapshots?') || url.includes('proof=')) return url;
    const query = new URLSearchParams(url.split('?')[1]);
    const proof = key.snapshotProof(vault, query.get('device')!, Number(query.get('covers')), payload);
    return `${url}&proof=${proof}`;
  };
  return {
    cookie,
    vault,
    key,
    send,
    publish: () => send(t, 'PUT', '/api/sync/vault', key.publication(vault)),
    register: (device: string, app = t) =>
      send(app, 'PUT', `/api/sync/devices/${device}`, {
        name: 'Laptop',
        proof: key.deviceProof(vault, device),
      }),
    push: (device: string, changes: unknown[], app = t) =>
      send(app, 'POST', '/api/sync/changes', { device, changes }),
    changes: (after: number, app = t) => send(app, 'GET', `/api/sync/changes?after=${after}`),
    raw: (method: 'PUT' | 'GET', url: string, payload?: Buffer, app = t) =>
      app.app.inject({
        method,
        url: payload ? signed(url, payload) : url,
        headers: {
          origin: app.origin,
          cookie,
          ...(payload ? { 'content-type': 'application/octet-stream' } : {}),
        },
        ...(payload ? { payload } : {}),
      }),
  };
}

describe('sync', () => {
  it('starts empty; a vault is published once, its header replaced only by the same vault', async () => {
    const m = await member('publish');
    const empty = (await m.send(t, 'GET', '/api/sync')).json();
    expect(empty).toMatchObject({ vault: null, devices: [], latest: 0, snapshot: null, usedBytes: 0 });
    expect(codeOf(await m.push(syncId(), [chain(syncId()).next()]))).toBe('sync/no-vault');
    expect(codeOf(await m.register(syncId()))).toBe('sync/no-vault');
    expect((await m.changes(0)).json()).toEqual({ changes: [], latest: 0, snapshot: null });

    expect((await m.publish()).statusCode).toBe(200);
    // A new master password's header: the next version, signed; the member signed in moments ago (a fresh proof).
    const rewrapped = { ...HEADER, wrappedKey: crypto.randomBytes(48).toString('base64') };
    const replacing = m.key.publication(m.vault, 2, rewrapped);
    const again = await m.send(t, 'PUT', '/api/sync/vault', replacing);
    expect(again.json()).toMatchObject({
      id: m.vault,
      header: rewrapped,
      headerMac: replacing.headerMac,
      version: 2,
    });
    const another = await m.send(t, 'PUT', '/api/sync/vault', signingPair().publication(syncId()));
    expect([another.statusCode, codeOf(another)]).toEqual([409, 'sync/other-vault']);
    expect((await m.send(other, 'GET', '/api/sync')).json().vault).toMatchObject({
      id: m.vault,
      header: rewrapped,
      headerMac: replacing.headerMac,
      version: 2,
    });

    const good = m.key.publication(m.vault, 3);
    for (const bad of [
      { ...good, id: 'x' },
      { ...good, header: { ...HEADER, iterations: 1000 } },
      { ...good, header: { ...HEADER, extra: 1 } },
      { ...good, headerMac: 'short' },
      { ...good, version: 0 },
      { ...good, version: 1.5 },
      { ...good, proof: 'not base64!' },
      { ...good, proof: undefined },
      { ...good, version: undefined },
    ]) {
      const refused = await m.send(t, 'PUT', '/api/sync/vault', bad);
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'request/invalid']);
    }
  });

  it('lists the devices holding the vault, telling the caller its own', async () => {
    const m = await member('devices');
    await m.publish();
    const laptop = syncId();
    const phone = syncId();
    expect((await m.register(laptop)).json()).toMatchObject({ id: laptop, name: 'Laptop', current: true });
    // Another browser of the same member (its own device cookie) adds itself.
    const phoneCookie = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: {
        email: (await t.request({ method: 'GET', url: '/api/session', cookie: m.cookie })).json().user.email,
        password: 'member password 1',
      },
      ip: '198.51.100.9',
    });
    expect(phoneCookie.statusCode).toBe(200);
    const { devices } = (await m.send(t, 'GET', '/api/sync')).json();
    expect(devices.map((device: { id: string }) => device.id)).toEqual([laptop]);
    await m.send(t, 'PUT', `/api/sync/devices/${phone}`, {
      name: '  Phone  ',
      proof: m.key.deviceProof(m.vault, phone),
    });
    const listed = (await m.send(other, 'GET', '/api/sync')).json().devices;
    expect(listed).toHaveLength(2);
    expect(listed.find((device: { id: string }) => device.id === phone).name).toBe('Phone');

    expect((await m.send(t, 'DELETE', `/api/sync/devices/${phone}`)).statusCode).toBe(204);
    expect(codeOf(await m.send(t, 'DELETE', `/api/sync/devices/${phone}`))).toBe('sync/unknown-device');
    expect(codeOf(await m.push(phone, [chain(phone).next()]))).toBe('sync/unknown-device');
    expect(codeOf(await m.send(t, 'PUT', `/api/sync/devices/${laptop}`, { name: '\u0000' }))).toBe(
      'request/invalid',
    );
  });

  it("keeps each device's chain contiguous and stores a change once however often it is sent", async () => {
    const m = await member('chain');
    await m.publish();
    const device = syncId();
    await m.register(device);
    const c = chain(device);
    const [one, two, three] = [c.next(), c.next(), c.next()];
    expect((await m.push(device, [one, two])).json()).toEqual({ stored: [1, 2], latest: 2, stale: null });
    // The answer was lost: the same changes again, and the next one with them.
    expect((await m.push(device, [one, two, three], other)).json()).toEqual({
      stored: [1, 2, 3],
      latest: 3,
      stale: null,
    });
    expect((await m.push(device, [three])).json()).toEqual({ stored: [3], latest: 3, stale: null });
    const listed = (await m.changes(0)).json();
    expect(listed.changes.map((change: { at: number; seq: number }) => [change.at, change.seq])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(listed.changes[2]).toEqual({ ...three, at: 3, device });

    // A different change under a number already used, a gap, a broken link: refused, nothing stored.
    const refusals = [
      [{ ...two, mac: digest() }],
      [{ ...c.next(), seq: 6 }],
      [{ ...chain(device).next(), seq: 4, prev: digest() }],
    ];
    for (const changes of refusals) {
      const refused = await m.push(device, changes);
      expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'sync/out-of-order']);
    }
    expect((await m.changes(0)).json().latest).toBe(3);
    const rows = await t.database.db
      .selectFrom('sync_changes')
      .select('seq')
      .where('device', '=', device)
      .execute();
    expect(rows).toHaveLength(3);

    for (const bad of [
      { device, changes: [] },
      { device, changes: [{ ...three, seq: 0 }] },
      { device, changes: [{ ...three, rid: 'no/slash' }] },
      { device, changes: [{ ...three, payload: 'not base64!' }] },
      { device, changes: [{ ...three, base: 'x:1' }] },
      { device: 'nope', changes: [three] },
    ]) {
      expect(codeOf(await m.send(t, 'POST', '/api/sync/changes', bad))).toBe('request/invalid');
    }
  });

  it("stores a change only when made from its record's newest version: of two made at once, the second merges first", async () => {
    const m = await member('heads');
    await m.publish();
    const [laptop, phone] = [syncId(), syncId()];
    await m.register(laptop);
    await m.register(phone);
    const [a, b] = [chain(laptop), chain(phone)];
    const rid = keyName();
    // Both devices add an edit of the same record from the version they last saw (none).
    expect((await m.push(laptop, [a.next(200, { rid })])).json()).toEqual({
      stored: [1],
      latest: 1,
      stale: null,
    });
    const second = b.next(200, { rid });
    const other2 = b.next(200);
    expect((await m.push(phone, [second, other2], other)).json()).toEqual({
      stored: [],
      latest: 1,
      stale: 1,
    });
    // The phone merges and sends its change again from the laptop's version, and its next one after it.
    b.back();
    b.back();
    const merged = b.next(200, { rid, base: `${laptop}:1` });
    expect((await m.push(phone, [merged, b.next(200)], other)).json()).toEqual({
      stored: [2, 3],
      latest: 3,
      stale: null,
    });
    // Now the laptop's next edit from its own version is the stale one; a chain of edits in one push is fine.
    const stale = await m.push(laptop, [a.next(200, { rid, base: `${laptop}:1` })]);
    expect(stale.json()).toEqual({ stored: [], latest: 3, stale: 2 });
    a.back();
    const first = a.next(200, { rid, base: `${phone}:1` });
    const then = a.next(200, { rid, base: `${laptop}:2` });
    expect((await m.push(laptop, [first, then])).json()).toEqual({ stored: [4, 5], latest: 5, stale: null });
  });

  it('gives one series of numbers however many devices push at once, on either process', async () => {
    const m = await member('race');
    await m.publish();
    const devices = [syncId(), syncId(), syncId()];
    for (const device of devices) await m.register(device);
    const chains = devices.map(chain);
    await Promise.all(
      chains.map(async (c, index) => {
        for (let round = 0; round < 8; round++) {
          const pushed = await m.push(c.device, [c.next(), c.next()], index % 2 ? other : t);
          expect(pushed.statusCode).toBe(200);
        }
      }),
    );
    const all = [];
    let after = 0;
    for (;;) {
      const page = (await m.changes(after)).json();
      all.push(...page.changes);
      if (page.changes.length === 0 || page.changes.at(-1).at >= page.latest) break;
      after = page.changes.at(-1).at;
    }
    expect(all.map((change: { at: number }) => change.at)).toEqual(
      Array.from({ length: 48 }, (_, i) => i + 1),
    );
    for (const device of devices) {
      const own = all.filter((change: { device: string }) => change.device === device);
      expect(own.map((change: { seq: number }) => change.seq)).toEqual(
        Array.from({ length: 16 }, (_, i) => i + 1),
      );
    }
  });

  it('pages by size, each page at least one change; a push past the body limit is refused whole', async () => {
    const m = await member('pages');
    await m.publish();
    const device = syncId();
    await m.register(device);
    const c = chain(device);
    const big = () => c.next(1_100_000);
    const tooMany = await m.push(device, [big(), big(), big()]);
    expect([tooMany.statusCode, codeOf(tooMany)]).toEqual([400, 'request/too-large']);
    expect((await m.changes(0)).json().latest).toBe(0);
    const fresh = chain(device);
    for (let batch = 0; batch < 2; batch++) {
      const pushed = await m.push(device, [fresh.next(1_100_000), fresh.next(1_100_000)]);
      expect(pushed.statusCode).toBe(200);
    }
    const pages: number[][] = [];
    let after = 0;
    while (after < 4) {
      const page = (await m.changes(after, other)).json();
      pages.push(page.changes.map((change: { at: number }) => change.at));
      after = page.changes.at(-1).at;
    }
    // 2 MiB a page: one change of 1.5 MB each.
    expect(pages).toEqual([[1], [2], [3], [4]]);
  });

  it('counts changes, snapshots and chunks against the quota, atomically', async () => {
    const m = await member('quota');
    await m.publish();
    const devices = [syncId(), syncId()];
    for (const device of devices) await m.register(device);
    const chains = devices.map(chain);
    // 8 MiB of quota; each push is about 1.5 MB: both devices push at once, four times each, in order.
    const answers = (
      await Promise.all(
        chains.map(async (c, index) => {
          const mine = [];
          for (let round = 0; round < 4; round++) {
            const change = c.next(1_100_000);
            const answer = await m.push(c.device, [change], index ? other : t);
            // A refused change is not in the chain: the device sends its next one in its place.
            if (answer.statusCode !== 200) c.back();
            mine.push(answer);
          }
          return mine;
        }),
      )
    ).flat();
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200).length).toBe(5);
    expect(answers.filter((answer) => codeOf(answer) === 'storage/quota-exceeded').length).toBeGreaterThan(0);
    const state = (await m.send(t, 'GET', '/api/sync')).json();
    expect(state.usedBytes).toBeLessThanOrEqual(state.quotaBytes);
    expect(state.latest).toBe(5);
    // What room is left takes a document; then neither a chunk nor another document fits.
    const room = state.quotaBytes - state.usedBytes;
    expect(
      (await m.raw('PUT', '/api/documents?name=a.bin', crypto.randomBytes(room - 1000))).statusCode,
    ).toBe(201);
    const chunk = await m.raw('PUT', `/api/sync/chunks/${keyName()}`, crypto.randomBytes(2000));
    expect(codeOf(chunk)).toBe('storage/quota-exceeded');
    const document = await m.raw('PUT', '/api/documents?name=b.bin', crypto.randomBytes(2000));
    expect(codeOf(document)).toBe('storage/quota-exceeded');
    const snapshot = await m.raw(
      'PUT',
      `/api/sync/snapshots?device=${devices[0]}&covers=1`,
      crypto.randomBytes(2000),
    );
    expect(codeOf(snapshot)).toBe('storage/quota-exceeded');
  });

  it('takes a vault published whole as its first snapshot: the series starts there, its records from the origin', async () => {
    const m = await member('publication');
    await m.publish();
    const laptop = syncId();
    await m.register(laptop);
    const published = crypto.randomBytes(5000);
    // Before any change: the snapshot is the series' first number.
    const stored = await m.raw('PUT', `/api/sync/snapshots?device=${laptop}&covers=1&publish=1`, published);
    expect(stored.statusCode).toBe(201);
    expect((await m.send(t, 'GET', '/api/sync')).json()).toMatchObject({
      latest: 1,
      snapshot: { covers: 1 },
    });
    // A new device is sent to it; a second publication is refused.
    expect((await m.changes(0)).json()).toMatchObject({ changes: [], latest: 1, snapshot: { covers: 1 } });
    const again = await m.raw('PUT', `/api/sync/snapshots?device=${laptop}&covers=1&publish=1`, published);
    expect(codeOf(again)).toBe('sync/stale-snapshot');
    // A published record first changes from the vault's origin version; a change from nothing is another record's.
    const c = chain(laptop);
    const rid = keyName();
    const first = await m.push(laptop, [c.next(200, { rid, base: `${m.vault}:0` })]);
    expect(first.json()).toMatchObject({ stored: [2], latest: 2, stale: null });
    // Once it changed, the origin is an older version: stale.
    const late = await m.push(laptop, [c.next(200, { rid, base: `${m.vault}:0` })]);
    expect(late.json()).toMatchObject({ stored: [], stale: 2 });
    c.back();
    expect((await m.changes(1)).json().changes.map((change: { at: number }) => change.at)).toEqual([2]);

    // A vault that already has changes cannot be published whole any more (it would pass for a snapshot of them).
    const other = await member('publication-late');
    await other.publish();
    const device = syncId();
    await other.register(device);
    await other.push(device, [chain(device).next()]);
    const late2 = await other.raw(
      'PUT',
      `/api/sync/snapshots?device=${device}&covers=1&publish=1`,
      published,
    );
    expect(codeOf(late2)).toBe('sync/stale-snapshot');
  });

  it('compacts: a snapshot replaces the changes it covers, and a device behind it is sent to it', async () => {
    const m = await member('snapshot');
    await m.publish();
    const device = syncId();
    await m.register(device);
    // The vault and the device: what the quota counts before any change.
    const kept = (await m.send(t, 'GET', '/api/sync')).json().usedBytes;
    const c = chain(device);
    await m.push(device, [c.next(), c.next(), c.next(), c.next()]);
    const bytes = crypto.randomBytes(5000);
    expect(codeOf(await m.raw('PUT', `/api/sync/snapshots?device=${device}&covers=9`, bytes))).toBe(
      'request/invalid',
    );
    expect(codeOf(await m.raw('PUT', `/api/sync/snapshots?device=${syncId()}&covers=3`, bytes))).toBe(
      'sync/unknown-device',
    );
    const stored = await m.raw('PUT', `/api/sync/snapshots?device=${device}&covers=3`, bytes);
    expect(stored.statusCode).toBe(201);
    const snapshot = stored.json();
    expect(snapshot).toMatchObject({ covers: 3, size: 5000 });
    expect(codeOf(await m.raw('PUT', `/api/sync/snapshots?device=${device}&covers=3`, bytes))).toBe(
      'sync/stale-snapshot',
    );

    expect((await m.changes(1, other)).json()).toEqual({ changes: [], latest: 4, snapshot });
    expect((await m.changes(3)).json().changes.map((change: { at: number }) => change.at)).toEqual([4]);
    const read = await m.raw('GET', `/api/sync/snapshots/${snapshot.id}`, undefined, other);
    expect(Buffer.from(read.rawPayload).equals(bytes)).toBe(true);
    const state = (await m.send(t, 'GET', '/api/sync')).json();
    expect(state.snapshot).toEqual(snapshot);
    const rows = await t.database.db
      .selectFrom('sync_changes')
      .select('seq')
      .where('device', '=', device)
      .execute();
    expect(rows.map((row) => Number(row.seq))).toEqual([4]);

    // A retry of a compacted change stores nothing; the chain goes on.
    expect((await m.push(device, [c.next()])).json()).toEqual({ stored: [5], latest: 5, stale: null });
    const newer = await m.raw(
      'PUT',
      `/api/sync/snapshots?device=${device}&covers=5`,
      crypto.randomBytes(100),
    );
    expect(newer.statusCode).toBe(201);
    expect((await m.raw('GET', `/api/sync/snapshots/${snapshot.id}`)).statusCode).toBe(404);
    // Counted: the newest snapshot (it covers every change), the five records' versions, the vault and the device.
    expect((await m.send(t, 'GET', '/api/sync')).json().usedBytes).toBe(kept + 100 + 5 * HEAD_BYTES);
  });

  it("stores documents' chunks once per key, says which it holds, and forgets them", async () => {
    const m = await member('chunks');
    await m.publish();
    const vault = (await m.send(t, 'GET', '/api/sync')).json().usedBytes;
    const [a, b] = [keyName(), keyName()];
    const bytes = crypto.randomBytes(40_000);
    expect((await m.raw('PUT', `/api/sync/chunks/${a}`, bytes)).statusCode).toBe(204);
    expect((await m.raw('PUT', `/api/sync/chunks/${a}`, bytes, other)).statusCode).toBe(204);
    expect((await m.send(t, 'POST', '/api/sync/chunks/held', { keys: [a, b, a] })).json()).toEqual({
      held: [a],
    });
    expect(
      Buffer.from((await m.raw('GET', `/api/sync/chunks/${a}`, undefined, other)).rawPayload).equals(bytes),
    ).toBe(true);
    expect((await m.send(t, 'GET', '/api/sync')).json().usedBytes).toBe(vault + 40_000);
    expect(codeOf(await m.raw('PUT', `/api/sync/chunks/${b}`, crypto.randomBytes(1024 * 1024 + 2048)))).toBe(
      'storage/too-large',
    );
    expect((await m.send(t, 'POST', '/api/sync/chunks/forget', { keys: [a] })).statusCode).toBe(204);
    expect((await m.raw('GET', `/api/sync/chunks/${a}`)).statusCode).toBe(404);
    expect((await m.send(t, 'GET', '/api/sync')).json().usedBytes).toBe(vault);
  });

  it('keeps each member to their own: another member reaches none of it', async () => {
    const m = await member('owner');
    const stranger = await member('stranger');
    await m.publish();
    const device = syncId();
    await m.register(device);
    const c = chain(device);
    await m.push(device, [c.next()]);
    const key = keyName();
    await m.raw('PUT', `/api/sync/chunks/${key}`, crypto.randomBytes(100));
    const snapshot = (
      await m.raw('PUT', `/api/sync/snapshots?device=${device}&covers=1`, crypto.randomBytes(10))
    ).json();

    expect((await stranger.send(t, 'GET', '/api/sync')).json()).toMatchObject({
      vault: null,
      devices: [],
      latest: 0,
    });
    expect((await stranger.changes(0)).json().changes).toEqual([]);
    expect((await stranger.raw('GET', `/api/sync/chunks/${key}`)).statusCode).toBe(404);
    expect((await stranger.raw('GET', `/api/sync/snapshots/${snapshot.id}`)).statusCode).toBe(404);
    expect((await stranger.send(t, 'POST', '/api/sync/chunks/held', { keys: [key] })).json().held).toEqual(
      [],
    );
    await stranger.publish();
    expect(codeOf(await stranger.push(device, [chain(device).next()]))).toBe('sync/unknown-device');
    expect(codeOf(await stranger.send(t, 'DELETE', `/api/sync/devices/${device}`))).toBe(
      'sync/unknown-device',
    );
    await stranger.send(t, 'POST', '/api/sync/chunks/forget', { keys: [key] });
    await stranger.send(t, 'DELETE', '/api/sync/vault');
    expect((await m.raw('GET', `/api/sync/chunks/${key}`)).statusCode).toBe(200);
    expect((await m.send(t, 'GET', '/api/sync')).json()).toMatchObject({
      latest: 1,
      devices: [{ id: device }],
    });

    // A visitor: every sync route asks to sign in.
    for (const route of t.routes.filter((item) => item.url.startsWith('/api/sync'))) {
      const url = route.url.replace(':id', syncId()).replace(':key', keyName());
      const answer = await t.request({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      expect([route.method, route.url, answer.statusCode]).toEqual([route.method, route.url, 401]);
    }
  });

  it('erases everything synced, files included, when the member asks', async () => {
    const m = await member('erase');
    await m.publish();
    const device = syncId();
    await m.register(device);
    await m.push(device, [chain(device).next()]);
    await m.raw('PUT', `/api/sync/chunks/${keyName()}`, crypto.randomBytes(100));
    await m.raw('PUT', `/api/sync/snapshots?device=${device}&covers=1`, crypto.randomBytes(10));
    const userId = (
      await t.database.db
        .selectFrom('sync_vaults')
        .select('user_id')
        .where('vault_id', '=', m.vault)
        .executeTakeFirstOrThrow()
    ).user_id;
    const keys = [
      ...(await t.database.db
        .selectFrom('sync_chunks')
        .select('storage_key')
        .where('user_id', '=', userId)
        .execute()),
      ...(await t.database.db
        .selectFrom('sync_snapshots')
        .select('storage_key')
        .where('user_id', '=', userId)
        .execute()),
    ].map((row) => row.storage_key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await t.storage.exists(key)).toBe(true);
    expect((await m.send(t, 'DELETE', '/api/sync/vault')).statusCode).toBe(204);
    expect((await m.send(other, 'GET', '/api/sync')).json()).toMatchObject({
      vault: null,
      devices: [],
      latest: 0,
      snapshot: null,
      // What stays: the erased vault's device, as a marker its id never registers again by.
      usedBytes: RETIRED_DEVICE_BYTES,
    });
    for (const key of keys) expect(await t.storage.exists(key)).toBe(false);
  });
});

describe('the sync event', () => {
  /** Reads a server-sent event stream as text. */
  async function eventStream(app: TestApp, cookie: string) {
    const base = await app.listening();
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = '';
    let ended = false;
    // A read outlasting one wait is met by the next (dropping it would drop what it brings).
    let reading: ReturnType<typeof reader.read> | null = null;
    return {
      get received() {
        return received;
      },
      /** Reads until `pattern` shows, the stream ends, or `withinMs` pass. */
      async until(pattern: RegExp, withinMs = 20_000): Promise<string> {
        const deadline = Date.now() + withinMs;
        while (!pattern.test(received) && !ended && Date.now() < deadline) {
          reading ??= reader.read();
          const chunk = await Promise.race([
            reading,
            new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
          ]);
          if (chunk === null) break;
          reading = null;
          if (chunk.done) ended = true;
          else received += new TextDecoder().decode(chunk.value);
        }
        return received;
      },
      get ended() {
        return ended;
      },
      close: () => controller.abort(),
    };
  }

  it("tells the member's devices the newest number at once, on either process; a pending sign-in hears none; an ended session stops", async () => {
    const m = await member('events');
    await m.publish();
    const device = syncId();
    await m.register(device);
    const email = (await m.send(t, 'GET', '/api/session')).json().user.email;
    // A second browser of the member's, confirmed; and a stranger's sign-in waiting for the new-device check.
    const login = (ip: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: 'member password 1' },
        ip,
      });
    const pendingLogin = await login('198.51.100.20');
    const pending = `mg_session=${pendingLogin.cookies.find((c) => c.name === 'mg_session')!.value}`;
    expect(
      (await t.request({ method: 'GET', url: '/api/session', cookie: pending })).json().pending,
    ).toBeTruthy();
    expect(
      codeOf(await t.request({ method: 'GET', url: '/api/sync/changes?after=0', cookie: pending })),
    ).toBe('session/pending');

    const mine = await eventStream(other, m.cookie);
    const waiting = await eventStream(t, pending);
    expect(await mine.until(/event: sync\ndata: \{"latest":0\}/)).toContain('"latest":0');
    // The app's clock stands still, so the stream's safety poll never runs: what arrives came over the live bus.
    const c = chain(device);
    await m.push(device, [c.next(), c.next()]);
    expect(await mine.until(/"latest":2/)).toContain('event: sync\ndata: {"latest":2}');
    await waiting.until(/event: sync/, 500);
    expect(waiting.received).not.toContain('event: sync');
    // A device removed (no new change, the same number): told too, so the removed device stops, once.
    const told = () => mine.received.split('event: sync\ndata: {"latest":2}').length - 1;
    expect(told()).toBe(1);
    const spare = syncId();
    await m.register(spare);
    const nth = (count: number) => new RegExp(`(event: sync\ndata: \\{"latest":2\\}[\\s\\S]*){${count}}`);
    await mine.until(nth(2));
    expect(told()).toBe(2);
    expect((await m.send(t, 'DELETE', `/api/sync/devices/${spare}`)).statusCode).toBe(204);
    await mine.until(nth(3));
    expect(told()).toBe(3);

    // The member ends the pending sign-in from the other browser: its stream says so and ends.
    const sessions = (await t.request({ method: 'GET', url: '/api/sessions', cookie: m.cookie })).json()
      .sessions;
    const stranger = sessions.find((session: { pending: boolean }) => session.pending);
    await holdsVault(t, m.cookie);
    await t.request({
      method: 'POST',
      url: `/api/sessions/${stranger.id}/block`,
      cookie: m.cookie,
      body: {},
    });
    // Blocking ends the refusing browser's session too: its stream stops at once, and so do its requests.
    expect(await mine.until(/event: signed-out/)).toContain('event: signed-out');
    await mine.until(/never/);
    expect(mine.ended).toBe(true);
    expect((await m.changes(0, other)).statusCode).toBe(401);
    mine.close();
    waiting.close();
  });
});
