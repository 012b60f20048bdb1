// The attacks of the sync routes' security test, each performed as the attacker would and asserted to fail: an
// anonymous body of megabytes, history read whole into memory, storage kept outside the quota, a vault erased and
// published again, a removed device coming back, a second session (a stolen cookie) bending another device's sync,
// registrations without end, and device names that lie. They run on SQLite, and on PostgreSQL across two server
// processes when DATABASE_URL is set.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPost } from '../test/raw-post.js';
import { SYNC_MAX_DEVICES, SYNC_PAGE_BYTES, SYNC_PAGE_CHANGES } from '../../shared/constants.js';
import {
  browserCookies,
  deviceCookie,
  holdsVault,
  signedInMember,
  startTestApp,
  type TestApp,
} from '../test/harness.js';
import {
  chain,
  digest,
  keyName,
  signingPair,
  syncId,
  VAULT_HEADER as HEADER,
} from '../test/sync-fixtures.js';
import { syncKeptFromTables } from '../test/sync-usage.js';
import { HEAD_BYTES, RETIRED_DEVICE_BYTES, vaultBytes } from './store.js';

const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

let t: TestApp;
/** The second server process (PostgreSQL), or the same one (SQLite: one process). */
let other: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
  other = process.env.DATABASE_URL ? await startTestApp({ USER_QUOTA_MB: '64' }, { sharing: t }) : t;
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** A member signed in on one browser (of `home`, the first process by default), with a synced vault to publish. */
async function member(name: string, home = t) {
  const email = `${name}.${crypto.randomUUID()}@example.com`;
  const cookie = await signedInMember(home, email);
  const uid: string = (await home.request({ method: 'GET', url: '/api/session', cookie })).json().user.uid;
  const vault = syncId();
  // The vault's signing key, as its publishing device makes it: its header, registrations and snapshots are signed.
  const key = signingPair();
  const send = (method: Method, url: string, body?: unknown, app = home, as = cookie) =>
    app.request({ method, url, cookie: as, ...(body === undefined ? {} : { body }) });
  /** A snapshot's upload signed over its bytes, as a device of the vault signs it (unless it names a proof). */
  const signed = (url: string, bytes: Buffer) => {
    if (!url.startsWith('/api/sync/snapshots?') || url.includes('proof=')) return url;
    const query = new URLSearchParams(url.split('?')[1]);
    return `${url}&proof=${key.snapshotProof(vault, query.get('device')!, Number(query.get('covers')), bytes)}`;
  };
  const upload = (url: string, bytes: Buffer, app = home, as = cookie, sign = true) =>
    app.app.inject({
      method: 'PUT',
      url: sign ? signed(url, bytes) : url,
      payload: bytes,
      headers: { origin: app.origin, cookie: as, 'content-type': 'application/octet-stream' },
    });
  return {
    email,
    uid,
    cookie,
    vault,
    key,
    send,
    upload,
    /** Publishes the vault (its header at version 1, signed, with its key) or sends it again with `extra`. */
    publish: (extra: Record<string, unknown> = {}) =>
      send('PUT', '/api/sync/vault', { ...key.publication(vault), ...extra }),
    /** Registers `device` with its proof (unless `body` says another, or `proof: undefined`). */
    register: (device: string, body: Record<string, unknown> = {}, as = cookie, app = home) =>
      send(
        'PUT',
        `/api/sync/devices/${device}`,
        { name: 'Laptop', proof: key.deviceProof(vault, device), ...body },
        app,
        as,
      ),
    push: (device: string, changes: unknown[], as = cookie, app = home) =>
      send('POST', '/api/sync/changes', { device, changes }, app, as),
    changes: (after: number, app = home) => send('GET', `/api/sync/changes?after=${after}`, undefined, app),
    state: (app = home) => send('GET', '/api/sync', undefined, app),
    usedBytes: async (app = home): Promise<number> =>
      (await send('GET', '/api/sync', undefined, app)).json().usedBytes,
  };
}

/**
 * A push just under the body limit built to cost the most to parse and check: a hundred changes naming 900 other
 * devices' heads each (about 110 ms a request on a developer's machine when it was parsed before the sign-in check).
 */
function heaviestPush(): Buffer {
  const change = (seq: number) => ({
    seq,
    prev: null,
    rid: keyName(),
    base: null,
    heads: Object.fromEntries(Array.from({ length: 900 }, () => [syncId(), 123_456])),
    hash: digest(),
    mac: digest(),
    payload: 'AAAA',
  });
  return Buffer.from(
    JSON.stringify({ device: syncId(), changes: Array.from({ length: 100 }, (_, i) => change(i + 1)) }),
  );
}

/** The bytes the server counts for a change as a device reads it back (its stored body and 200 for the row). */
function countedSize(change: Record<string, unknown>): number {
  const { prev, rid, base, heads, hash, payload } = change;
  return Buffer.byteLength(JSON.stringify({ prev, rid, base, heads, hash, payload })) + 200;
}

/** Collects the heap's garbage now (for measuring what one request holds). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Another browser of the member's signs in, and the member's first browser confirms it: a second session. */
async function secondSession(m: Awaited<ReturnType<typeof member>>, idleMinutes = 0): Promise<string> {
  const login = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: m.email, password: 'member password 1', idleMinutes },
    headers: {
      'user-agent': `Mozilla/5.0 (Linux; Android 14; Pixel ${crypto.randomInt(1e6)}) Mobile Safari/537.36`,
    },
    ip: `198.51.100.${crypto.randomInt(1, 250)}`,
  });
  expect(login.statusCode).toBe(200);
  const cookie = browserCookies(login);
  const waiting = (await t.request({ method: 'GET', url: '/api/sessions', cookie: m.cookie }))
    .json()
    .sessions.find((session: { pending: boolean }) => session.pending);
  await holdsVault(t, m.cookie);
  const approved = await t.request({
    method: 'POST',
    url: `/api/sessions/${waiting.id}/approve`,
    cookie: m.cookie,
    body: {},
  });
  expect(approved.statusCode).toBe(204);
  return cookie;
}

/** A member's live event stream, read as text. */
async function eventStream(app: TestApp, cookie: string) {
  const base = await app.listening();
  const controller = new AbortController();
  const stream = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  let received = '';
  let reading: ReturnType<typeof reader.read> | null = null;
  return {
    /** How many `sync` events arrived so far. */
    told: () => received.split('event: sync\n').length - 1,
    /** Reads until `count` sync events arrived, or `withinMs` passed. */
    async until(count: number, withinMs = 20_000): Promise<number> {
      const deadline = Date.now() + withinMs;
      while (this.told() < count && Date.now() < deadline) {
        reading ??= reader.read();
        const chunk = await Promise.race([
          reading,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (chunk === null) break;
        reading = null;
        if (chunk.done) break;
        received += new TextDecoder().decode(chunk.value);
      }
      return this.told();
    },
    close: () => controller.abort(),
  };
}

const listed = async (m: Awaited<ReturnType<typeof member>>, cookie: string, app = t) =>
  (await m.send('GET', '/api/sync', undefined, app, cookie))
    .json()
    .devices.map((device: { id: string; current: boolean }) => [device.id, device.current]);

describe('1. an anonymous body of megabytes', () => {
  it('is refused before it is read: answered 401 while most of it is still unsent, and never parsed', async () => {
    const base = await t.listening();
    const headers = { origin: t.origin, 'content-type': 'application/json' };
    const heavy = heaviestPush();
    expect(heavy.length).toBeGreaterThan(3.5 * 1024 * 1024);
    // A kilobyte sent and the rest held back: a server that read the body before the sign-in check would wait for
    // the rest (parsed and checked, this body cost 0.1–1.6 s), so the answer proves it was refused unread.
    const answer = await rawPost(base, '/api/sync/changes', heavy, headers, 1024);
    expect([answer.status, JSON.parse(answer.body).error.code]).toEqual([401, 'auth/unauthenticated']);
    // Twelve at once (they once took /api/health from 37 ms to 10 s): each answered the same way, unread.
    const flood = await Promise.all(
      Array.from({ length: 12 }, () => rawPost(base, '/api/sync/changes', heavy, headers, 1024)),
    );
    expect(flood.map((each) => each.status)).toEqual(Array.from({ length: 12 }, () => 401));

    // 4 MiB that are not JSON at all: still "sign in", not "malformed" (nothing was parsed); the same for a body
    // with no declared length, and for a pending or signed-out caller's session cookie.
    const garbage = Buffer.alloc(4 * 1024 * 1024 - 16, '{');
    const unparsed = await rawPost(base, '/api/sync/changes', garbage, headers);
    expect([unparsed.status, JSON.parse(unparsed.body).error.code]).toEqual([401, 'auth/unauthenticated']);
    const forged = await rawPost(base, '/api/sync/changes', garbage, {
      ...headers,
      cookie: `mg_session=${crypto.randomBytes(32).toString('base64url')}`,
    });
    expect([forged.status, JSON.parse(forged.body).error.code]).toEqual([401, 'auth/unauthenticated']);
    // Any members' route, a small malformed body too.
    for (const path of ['/api/sync/chunks/held', '/api/sync/vault', '/api/auth/password']) {
      const refused = await t.request({
        method: path === '/api/sync/vault' ? 'PUT' : 'POST',
        url: path,
        body: '{"keys": [',
      });
      expect([path, refused.statusCode, codeOf(refused)]).toEqual([path, 401, 'auth/unauthenticated']);
    }
  });
});

describe('2. a large history read at once', () => {
  it('is paged by bytes in the query: each page at most a page of bodies (one change alone if larger), and no more held', async () => {
    const m = await member('pages');
    await m.publish();
    const device = syncId();
    await m.register(device);
    const c = chain(device);
    // 24 changes of 1.2 MB (two never share a page), then 4,000 small ones (more than a page may count).
    for (let push = 0; push < 8; push++) {
      const pushed = await m.push(device, [c.next(900_000), c.next(900_000), c.next(900_000)]);
      expect(pushed.statusCode).toBe(200);
    }
    for (let push = 0; push < 8; push++) {
      const batch = Array.from({ length: 500 }, () => c.next(100));
      expect((await m.push(device, batch)).statusCode).toBe(200);
    }
    const total = 24 + 4_000;
    const pages: Array<Array<Record<string, unknown>>> = [];
    let after = 0;
    while (after < total) {
      const page = (await m.changes(after, pages.length % 2 ? other : t)).json();
      expect(page.latest).toBe(total);
      expect(page.changes.length).toBeGreaterThan(0);
      pages.push(page.changes);
      after = page.changes.at(-1).at;
    }
    expect(pages.flat().map((change) => change.at)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    for (const [index, page] of pages.entries()) {
      const bytes = page.reduce((sum, change) => sum + countedSize(change), 0);
      expect(page.length).toBeLessThanOrEqual(SYNC_PAGE_CHANGES);
      if (page.length > 1) expect(bytes).toBeLessThanOrEqual(SYNC_PAGE_BYTES);
      // Full: the next change would not have fitted (or the page holds as many as a page may).
      const next = pages[index + 1]?.[0];
      if (next && page.length < SYNC_PAGE_CHANGES) {
        expect(bytes + countedSize(next)).toBeGreaterThan(SYNC_PAGE_BYTES);
      }
    }
    expect(pages.slice(0, 23).every((page) => page.length === 1)).toBe(true);
    expect(pages.map((page) => page.length).slice(24, 25)).toEqual([SYNC_PAGE_CHANGES]);

    // What a request holds: read whole, the first page's request held 34 MB (every row it might send); now about one page's.
    const gc = collector();
    const held: number[] = [];
    for (let trial = 0; trial < 3; trial++) {
      gc();
      const before = process.memoryUsage().heapUsed;
      expect((await m.changes(0)).statusCode).toBe(200);
      held.push(process.memoryUsage().heapUsed - before);
    }
    expect(Math.min(...held), `held ${held.join(', ')} bytes`).toBeLessThan(4 * SYNC_PAGE_BYTES);
  }, 120_000);
});

describe('3. storage kept outside the quota', () => {
  /** A server whose members have 1 MiB each. */
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ USER_QUOTA_MB: '1' });
  });
  afterAll(async () => {
    await small.close();
  });

  it("counts every record's version: 100,000 new records cannot pass the quota on 1-byte changes", async () => {
    const m = await member('heads', small);
    await m.publish();
    const device = syncId();
    await m.register(device);
    const c = chain(device);
    // The smallest changes there are, each of a new record, until the quota refuses them.
    let refused = 0;
    for (let push = 0; push < 10 && refused === 0; push++) {
      const batch = Array.from({ length: 500 }, () => c.next(1));
      const answer = await m.push(device, batch);
      if (answer.statusCode !== 200) {
        expect([answer.statusCode, codeOf(answer)]).toEqual([402, 'storage/quota-exceeded']);
        refused = push;
      }
    }
    expect(refused).toBeGreaterThan(0);
    const heads = Number(
      (
        await small.database.db
          .selectFrom('sync_heads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', m.uid)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(heads).toBe(500 * refused);
    const used = await m.usedBytes();
    expect(used).toBe(await syncKeptFromTables(small, m.uid));
    expect(used).toBeLessThanOrEqual(1024 * 1024);
    expect(used).toBeGreaterThan(heads * HEAD_BYTES);
  });

  it('refuses a new record, a device and a header that only fit if their rows were free', async () => {
    const m = await member('edge', small);
    await m.publish();
    const device = syncId();
    await m.register(device);
    const c = chain(device);
    const rid = keyName();
    expect((await m.push(device, [c.next(10, { rid })])).statusCode).toBe(200);
    // The documents fill the quota to just under what a new record's change and version take.
    const change = c.next(10);
    const edit = { ...c.next(10, { rid, base: `${device}:1` }), seq: change.seq, prev: change.prev };
    const room = 1024 * 1024 - (await m.usedBytes());
    const filler = room - countedSize(change) - HEAD_BYTES + 1;
    expect((await m.upload('/api/documents?name=filler.bin', crypto.randomBytes(filler))).statusCode).toBe(
      201,
    );
    const refused = await m.push(device, [change]);
    expect([refused.statusCode, codeOf(refused)]).toEqual([402, 'storage/quota-exceeded']);
    // An edit of a record synced before takes no new version: it fits in the same room.
    expect(countedSize(edit)).toBeLessThan(countedSize(change) + HEAD_BYTES - 1);
    expect((await m.push(device, [edit])).json()).toMatchObject({ stored: [2], stale: null });
    // Ten bytes left: no room for another device, nor for a longer header.
    const left = 1024 * 1024 - (await m.usedBytes());
    expect((await m.upload('/api/documents?name=rest.bin', crypto.randomBytes(left - 10))).statusCode).toBe(
      201,
    );
    const device2 = await m.register(syncId());
    expect([device2.statusCode, codeOf(device2)]).toEqual([402, 'storage/quota-exceeded']);
    const header = await m.publish(
      m.key.publication(m.vault, 2, { ...HEADER, salt: crypto.randomBytes(48).toString('base64') }),
    );
    expect([header.statusCode, codeOf(header)]).toEqual([402, 'storage/quota-exceeded']);
    expect(await m.usedBytes()).toBe(filler + left - 10 + (await syncKeptFromTables(small, m.uid)));
  });

  it("keeps its running count exact through every insert and delete, at once on both processes, and keeps only the removed devices' markers with the vault erased", async () => {
    const m = await member('count');
    await m.publish();
    const devices = [syncId(), syncId(), syncId()];
    for (const device of devices) await m.register(device);
    const shared = Array.from({ length: 20 }, () => keyName());
    const chunkKeys = Array.from({ length: 6 }, () => keyName());
    // Three devices push at once (new records, and edits of the same ones: some stale), chunks go up twice.
    await Promise.all([
      ...devices.map(async (device, index) => {
        const c = chain(device);
        const app = index % 2 ? other : t;
        const versions = new Map<string, string | null>();
        for (let round = 0; round < 6; round++) {
          const rid = shared[(round * 3 + index) % shared.length]!;
          const change = c.next(500 + round * 100, { rid, base: versions.get(rid) ?? null });
          const answer = (await m.push(device, [change, c.next(300)], m.cookie, app)).json();
          if (answer.stale !== null) {
            // Another device edited the record first: this one stops here (nothing of it stored).
            break;
          }
          versions.set(rid, `${device}:${change.seq}`);
        }
      }),
      ...chunkKeys.flatMap((key, index) => [
        m.upload(`/api/sync/chunks/${key}`, crypto.randomBytes(1000 + index), index % 2 ? other : t),
        m.upload(`/api/sync/chunks/${key}`, crypto.randomBytes(1000 + index), index % 2 ? t : other),
      ]),
    ]);
    expect(await m.usedBytes()).toBe(await syncKeptFromTables(t, m.uid));
    // Compaction, a forgotten chunk, a removed device, a new header.
    const latest = (await m.state()).json().latest;
    const snapshot = await m.upload(
      `/api/sync/snapshots?device=${devices[0]}&covers=${Math.max(1, latest - 2)}`,
      crypto.randomBytes(3000),
    );
    expect(snapshot.statusCode).toBe(201);
    expect(
      (await m.send('POST', '/api/sync/chunks/forget', { keys: chunkKeys.slice(0, 2) })).statusCode,
    ).toBe(204);
    expect((await m.send('DELETE', `/api/sync/devices/${devices[2]}`)).statusCode).toBe(204);
    expect(
      (
        await m.publish(
          m.key.publication(m.vault, 2, { ...HEADER, wrappedKey: crypto.randomBytes(96).toString('base64') }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await m.usedBytes(other)).toBe(await syncKeptFromTables(t, m.uid));
    expect(await m.usedBytes()).toBeGreaterThan(0);

    expect((await m.send('DELETE', '/api/sync/vault')).statusCode).toBe(204);
    expect(await syncKeptFromTables(t, m.uid)).toBe(3 * RETIRED_DEVICE_BYTES);
    expect(await m.usedBytes()).toBe(3 * RETIRED_DEVICE_BYTES);
  });
});

describe('4. a vault erased and published again', () => {
  it('keeps nothing of the erased one: a record synced before is taken as new (base null), not refused as stale', async () => {
    const m = await member('again');
    await m.publish();
    const first = syncId();
    await m.register(first);
    const rid = keyName();
    const c = chain(first);
    expect((await m.push(first, [c.next(200, { rid })])).json()).toMatchObject({ stored: [1], stale: null });
    expect((await m.send('DELETE', '/api/sync/vault')).statusCode).toBe(204);

    expect((await m.publish()).statusCode).toBe(200);
    const second = syncId();
    expect((await m.register(second)).statusCode).toBe(200);
    const again = await m.push(second, [chain(second).next(200, { rid })], m.cookie, other);
    expect(again.json()).toEqual({ stored: [1], latest: 1, stale: null });
    expect((await m.changes(0)).json().changes.map((change: { rid: string }) => change.rid)).toEqual([rid]);
  });
});

describe('5. a removed device registering again under its own id', () => {
  it('is refused for good (409 sync/device-removed), never a 500, removed by the member, after a snapshot, or with the erased vault', async () => {
    const m = await member('comeback');
    await m.publish();
    const expectRemoved = async (device: string, app = t) => {
      const again = await m.register(device, {}, m.cookie, app);
      expect([again.statusCode, codeOf(again)]).toEqual([409, 'sync/device-removed']);
      // Its chain does not restart either: a push from it is refused as from a device unknown.
      const pushed = await m.push(device, [chain(device).next()], m.cookie, app);
      expect([pushed.statusCode, codeOf(pushed)]).toEqual([404, 'sync/unknown-device']);
    };

    // Plain: pushed two changes, removed, then back with a chain starting at 1 (a 500 on device_seq before).
    const plain = syncId();
    await m.register(plain);
    const c = chain(plain);
    await m.push(plain, [c.next(), c.next()]);
    expect((await m.send('DELETE', `/api/sync/devices/${plain}`)).statusCode).toBe(204);
    await expectRemoved(plain);
    await expectRemoved(plain, other);

    // After a snapshot covering its changes (they are deleted: a new chain would repeat their device numbers).
    const compacted = syncId();
    await m.register(compacted);
    const d = chain(compacted);
    await m.push(compacted, [d.next(), d.next()]);
    const latest = (await m.state()).json().latest;
    const snapshot = await m.upload(
      `/api/sync/snapshots?device=${compacted}&covers=${latest}`,
      crypto.randomBytes(100),
    );
    expect(snapshot.statusCode).toBe(201);
    expect((await m.send('DELETE', `/api/sync/devices/${compacted}`, undefined, other)).statusCode).toBe(204);
    await expectRemoved(compacted);

    // With the erased vault: published again under the same id, none of its devices comes back.
    const erased = syncId();
    await m.register(erased);
    expect((await m.send('DELETE', '/api/sync/vault')).statusCode).toBe(204);
    expect((await m.publish()).statusCode).toBe(200);
    await expectRemoved(erased);
    await expectRemoved(plain);
    expect((await m.state()).json().devices).toEqual([]);
    // A new device id joins as ever.
    expect((await m.register(syncId())).statusCode).toBe(200);

    // The markers count against the quota until the member starts over with another vault (another id): none of
    // its devices can know those chains, and a registration's proof names its vault, so they go.
    expect((await m.send('DELETE', '/api/sync/vault')).statusCode).toBe(204);
    expect(await m.usedBytes()).toBe(4 * RETIRED_DEVICE_BYTES);
    const anotherKey = signingPair();
    const another = anotherKey.publication(syncId());
    expect((await m.send('PUT', '/api/sync/vault', another)).statusCode).toBe(200);
    expect(await m.usedBytes()).toBe(await syncKeptFromTables(t, m.uid));
    expect(await syncKeptFromTables(t, m.uid)).toBe(
      vaultBytes({
        header: JSON.stringify(HEADER),
        header_mac: another.headerMac,
        header_proof: another.proof,
        signing_public_key: anotherKey.signing.publicKey,
        signing_sealed_key: anotherKey.signing.sealedKey,
      }),
    );
  });
});

describe('6. a second session (a stolen cookie) bending another device', () => {
  it("cannot push to another session's device, upload a snapshot as it, or register it again; it may remove it", async () => {
    const m = await member('bound');
    await m.publish();
    const laptop = syncId();
    expect((await m.register(laptop)).statusCode).toBe(200);
    const c = chain(laptop);
    expect((await m.push(laptop, [c.next(), c.next()])).json()).toMatchObject({ stored: [1, 2] });
    const thief = await secondSession(m);
    expect(await listed(m, thief)).toEqual([[laptop, false]]);
    expect(await listed(m, m.cookie)).toEqual([[laptop, true]]);

    // A forged change appended to the laptop's chain: refused, nothing stored, the laptop's chain unharmed.
    const forged = c.next();
    for (const app of [t, other]) {
      const refused = await m.push(laptop, [forged], thief, app);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'sync/not-your-device']);
    }
    expect((await m.state()).json().latest).toBe(2);
    expect((await m.push(laptop, [forged])).json()).toMatchObject({ stored: [3], stale: null });

    // A 7-byte junk snapshot "covering everything" as the laptop: refused, the history kept.
    const junk = await m.upload(
      `/api/sync/snapshots?device=${laptop}&covers=3`,
      Buffer.from('garbage'),
      t,
      thief,
    );
    expect([junk.statusCode, codeOf(junk)]).toEqual([403, 'sync/not-your-device']);
    expect((await m.changes(0)).json().changes).toHaveLength(3);
    expect((await m.state()).json().snapshot).toBeNull();

    // Registering the laptop's id again (to take it over): refused; its own session still may.
    const taken = await m.register(laptop, { name: 'Mine now' }, thief, other);
    expect([taken.statusCode, codeOf(taken)]).toEqual([403, 'sync/not-your-device']);
    expect((await m.register(laptop, { name: 'Laptop' })).statusCode).toBe(200);

    // Its own device works as ever; and any session of the member may remove a device (a lost phone).
    const phone = syncId();
    expect((await m.register(phone, { name: 'Phone' }, thief)).json()).toMatchObject({ current: true });
    expect((await m.push(phone, [chain(phone).next()], thief)).json()).toMatchObject({ stored: [4] });
    const takeover = await m.push(phone, [chain(phone).next()], m.cookie);
    expect([takeover.statusCode, codeOf(takeover)]).toEqual([403, 'sync/not-your-device']);
    expect((await m.send('DELETE', `/api/sync/devices/${phone}`)).statusCode).toBe(204);
    expect(await listed(m, thief)).toEqual([[laptop, false]]);
  });

  it('ends a device with the session that registered it — logout, ended elsewhere, refused at the new-device check, expiry, a password change — announced, and its next request refused', async () => {
    const m = await member('ending');
    await m.publish();
    await m.register(syncId());
    const stream = await eventStream(other, m.cookie);
    const sessions = {
      laptop: await secondSession(m),
      tablet: await secondSession(m),
      phone: await secondSession(m),
      kiosk: await secondSession(m, 5),
      spare: await secondSession(m),
    };
    const devices = Object.fromEntries(Object.keys(sessions).map((name) => [name, syncId()])) as Record<
      keyof typeof sessions,
      string
    >;
    for (const name of Object.keys(sessions) as Array<keyof typeof sessions>) {
      expect((await m.register(devices[name], {}, sessions[name])).statusCode).toBe(200);
    }
    const sessionId = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/sessions', cookie }))
        .json()
        .sessions.find((session: { current: boolean }) => session.current).id as string;

    /** Ends a session by `end`, then: its device left the list, the member's stream said so, it never comes back. */
    const endsWith = async (name: keyof typeof sessions, end: () => Promise<unknown>, announced = true) => {
      await stream.until(Number.MAX_SAFE_INTEGER, 300);
      const told = stream.told();
      await end();
      if (announced) expect(await stream.until(told + 1), name).toBeGreaterThan(told);
      expect((await listed(m, m.cookie)).map(([id]: [string]) => id)).not.toContain(devices[name]);
      if (!announced) expect(await stream.until(told + 1), name).toBeGreaterThan(told);
      const again = await m.register(devices[name], {}, m.cookie, other);
      expect([name, again.statusCode, codeOf(again)]).toEqual([name, 409, 'sync/device-removed']);
      // The device's own next request: its session is over, so it is told to sign in, as ever.
      const pushed = await m.push(devices[name], [chain(devices[name]).next()], sessions[name]);
      expect([name, pushed.statusCode, codeOf(pushed)]).toEqual([name, 401, 'auth/unauthenticated']);
    };

    await endsWith('laptop', () =>
      t.request({ method: 'POST', url: '/api/auth/logout', cookie: sessions.laptop }),
    );
    const tablet = await sessionId(sessions.tablet);
    await endsWith('tablet', () =>
      t.request({ method: 'DELETE', url: `/api/sessions/${tablet}`, cookie: m.cookie }),
    );
    // The phone refuses a sign-in waiting for the new-device check: both sessions end (the refusing one too).
    await endsWith('phone', async () => {
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: m.email, password: 'member password 1' },
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1',
        },
        ip: '198.51.100.77',
      });
      const waiting = (await t.request({ method: 'GET', url: '/api/sessions', cookie: sessions.phone }))
        .json()
        .sessions.find((session: { pending: boolean }) => session.pending);
      await holdsVault(t, sessions.phone);
      const blocked = await t.request({
        method: 'POST',
        url: `/api/sessions/${waiting.id}/block`,
        cookie: sessions.phone,
        body: {},
      });
      expect(blocked.statusCode).toBe(204);
    });
    // Expiry announces nothing by itself: the member's next request (the list) retires the device and says so.
    await endsWith('kiosk', async () => t.advance(8 * 60_000), false);
    // A password change ends every other session.
    await endsWith('spare', () =>
      t.request({
        method: 'POST',
        url: '/api/auth/password',
        cookie: m.cookie,
        body: { currentPassword: 'member password 1', newPassword: 'a brand new password 2' },
      }),
    );
    expect((await listed(m, m.cookie)).length).toBe(1);
    stream.close();
  });
});

describe('6. a password reset', () => {
  it("retires every device of the member's sessions it ends", async () => {
    const m = await member('reset');
    await m.publish();
    const phone = await secondSession(m);
    const [laptop, tablet] = [syncId(), syncId()];
    expect((await m.register(laptop)).statusCode).toBe(200);
    expect((await m.register(tablet, {}, phone)).statusCode).toBe(200);
    const mails = (await t.mails()).filter((mail) => mail.to === m.email).length;
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { email: m.email },
      ip: '198.51.100.201',
    });
    expect(asked.statusCode).toBe(202);
    const mail = await t.mailTo(m.email, mails);
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: mail.token, newPassword: 'a fresh start here', chosen: false },
    });
    expect(reset.statusCode).toBe(200);
    // Signed in again on the laptop's browser: a new session, and none of the devices of the ended ones.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: m.email, password: 'a fresh start here', idleMinutes: 0 },
      cookie: deviceCookie(m.cookie),
      ip: '198.51.100.202',
    });
    const again = browserCookies(login);
    expect(await listed(m, again, other)).toEqual([]);
    for (const device of [laptop, tablet]) {
      const refused = await m.register(device, {}, again);
      expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'sync/device-removed']);
    }
    expect((await m.register(syncId(), {}, again)).statusCode).toBe(200);
  });
});

describe('6. proof of the vault key', () => {
  it('takes the signing key with the vault, never a vault without one; another one is another vault; only an ECDSA P-256 key', async () => {
    const m = await member('signing');
    const key = m.key;
    const spki = (generated: crypto.KeyObject) =>
      generated.export({ format: 'der', type: 'spki' }).toString('base64');
    for (const publicKey of [
      crypto.randomBytes(91).toString('base64'),
      spki(crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey),
      spki(crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey),
      spki(crypto.generateKeyPairSync('ed25519').publicKey),
    ]) {
      const refused = await m.publish({ signing: { ...key.signing, publicKey } });
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'request/invalid']);
    }
    const oversized = await m.publish({ signing: { ...key.signing, sealedKey: 'A'.repeat(4100) } });
    expect([oversized.statusCode, codeOf(oversized)]).toEqual([400, 'request/invalid']);
    // No vault is published without a key now (issue 43: another session could otherwise claim it), nor under
    // another key's signature of its header.
    const keyless = await m.publish({ signing: undefined });
    expect([keyless.statusCode, codeOf(keyless)]).toEqual([403, 'sync/unproven']);
    const signedByAnother = await m.publish({ signing: signingPair().signing });
    expect([signedByAnother.statusCode, codeOf(signedByAnother)]).toEqual([403, 'sync/unproven']);
    expect((await m.state()).json().vault).toBeNull();

    expect((await m.publish()).json()).toMatchObject({ id: m.vault, signing: key.signing, version: 1 });
    // The same again is nothing new; none sent keeps it; another is another vault's.
    expect((await m.publish()).statusCode).toBe(409);
    expect((await m.publish(key.publication(m.vault, 2, HEADER, { keyed: false }))).json()).toMatchObject({
      signing: key.signing,
      version: 2,
    });
    for (const signing of [
      signingPair().signing,
      { ...key.signing, sealedKey: crypto.randomBytes(180).toString('base64') },
    ]) {
      const swapped = await m.publish({ ...key.publication(m.vault, 3), signing });
      expect([swapped.statusCode, codeOf(swapped)]).toEqual([409, 'sync/other-vault']);
    }
    expect((await m.state(other)).json().vault).toMatchObject({ signing: key.signing, version: 2 });
    // Counted with the vault.
    expect(await m.usedBytes()).toBe(await syncKeptFromTables(t, m.uid));
  });

  it('gives a vault an older app published without a key its key only with the member’s password, and lets no snapshot empty its history before', async () => {
    const m = await member('keyless');
    // As an older app left it: no signing key, a header of before versions (its MAC covers none).
    const at = new Date().toISOString();
    await t.database.db
      .insertInto('sync_vaults')
      .values({
        user_id: m.uid,
        vault_id: m.vault,
        header: JSON.stringify(HEADER),
        header_mac: digest(),
        header_version: 0,
        header_proof: null,
        signing_public_key: null,
        signing_sealed_key: null,
        latest: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect((await m.state()).json().vault).toMatchObject({ signing: null, version: 0 });
    // Its devices join without a proof, as before.
    const laptop = syncId();
    expect((await m.register(laptop, { proof: undefined })).statusCode).toBe(200);
    const c = chain(laptop);
    expect((await m.push(laptop, [c.next(), c.next(), c.next()])).statusCode).toBe(200);

    // A stolen cookie: a session approved from the member's device, which never typed the password.
    const thief = await secondSession(m);
    const thiefKey = signingPair();
    const stolenDevice = syncId();
    expect((await m.register(stolenDevice, { proof: undefined }, thief)).statusCode).toBe(200);
    // It cannot replace the history with a snapshot of its own: no snapshot without the vault's key.
    const emptied = await m.upload(
      `/api/sync/snapshots?device=${stolenDevice}&covers=3&proof=${thiefKey.snapshotProof(m.vault, stolenDevice, 3, Buffer.from('{}'))}`,
      Buffer.from('{}'),
      t,
      thief,
    );
    expect([emptied.statusCode, codeOf(emptied)]).toEqual([403, 'sync/unproven']);
    // Nor claim the vault with a key of its own: that takes the member's password.
    const claim = (extra: { currentPassword?: string } = {}) =>
      m.send('PUT', '/api/sync/vault', thiefKey.publication(m.vault, 1, HEADER, extra), t, thief);
    const unproven = await claim();
    expect([unproven.statusCode, codeOf(unproven)]).toEqual([403, 'auth/reauth-required']);
    const guessed = await claim({ currentPassword: 'not the password 1' });
    expect([guessed.statusCode, codeOf(guessed)]).toEqual([403, 'auth/wrong-password']);
    expect((await m.state()).json()).toMatchObject({ vault: { signing: null, version: 0 }, latest: 3 });
    expect((await m.changes(0)).json().changes).toHaveLength(3);

    // The member's own device, signed in moments ago, gives it its key: from then on every device proves itself.
    const given = await m.publish(m.key.publication(m.vault, 1));
    expect(given.json()).toMatchObject({ signing: m.key.signing, version: 1 });
    const unprovenDevice = await m.register(syncId(), { proof: undefined }, thief);
    expect([unprovenDevice.statusCode, codeOf(unprovenDevice)]).toEqual([403, 'sync/unproven']);
    const late = await claim({ currentPassword: 'member password 1' });
    expect([late.statusCode, codeOf(late)]).toEqual([409, 'sync/other-vault']);
  });

  it('lets only a device that opened the vault join: a stranger session without a proof, with a bad one, or replaying one is refused', async () => {
    const m = await member('proof');
    const key = m.key;
    await m.publish();
    const laptop = syncId();
    const missing = await m.register(laptop, { proof: undefined });
    expect([missing.statusCode, codeOf(missing)]).toEqual([403, 'sync/unproven']);
    const proof = key.deviceProof(m.vault, laptop);
    expect((await m.register(laptop, { proof })).statusCode).toBe(200);
    const c = chain(laptop);
    expect((await m.push(laptop, [c.next(), c.next()])).json()).toMatchObject({ stored: [1, 2] });

    // A stolen cookie: a session of the member's, with no vault key.
    const thief = await secondSession(m);
    const mine = syncId();
    const attempts: Array<[string, string | undefined]> = [
      ['no proof', undefined],
      ['random bytes', crypto.randomBytes(64).toString('base64')],
      ['a signature of another key', signingPair().deviceProof(m.vault, mine)],
      ["the laptop's proof", proof],
      ['a proof for another vault', key.deviceProof(syncId(), mine)],
      [
        'a proof of another kind',
        key.snapshotProof(m.vault, mine, 1, Buffer.from('x')).replace(/-/g, '+').replace(/_/g, '/') + '==',
      ],
      ['too short', crypto.randomBytes(32).toString('base64')],
    ];
    for (const [what, sent] of attempts) {
      const refused = await m.register(mine, { proof: sent }, thief, other);
      expect([what, refused.statusCode, codeOf(refused)]).toEqual([what, 403, 'sync/unproven']);
    }
    // The laptop's own proof replayed for the laptop's id, from another session: not the thief's device.
    const replayed = await m.register(laptop, { proof }, thief);
    expect([replayed.statusCode, codeOf(replayed)]).toEqual([403, 'sync/not-your-device']);
    // Nor can it push as the laptop, nor swap the vault's key for one of its own.
    const pushed = await m.push(laptop, [c.next()], thief);
    expect([pushed.statusCode, codeOf(pushed)]).toEqual([403, 'sync/not-your-device']);
    const swapped = await m.publish({ ...key.publication(m.vault, 2), signing: signingPair().signing });
    expect([swapped.statusCode, codeOf(swapped)]).toEqual([409, 'sync/other-vault']);
    // Once the laptop is removed, its proof registers nothing ever again.
    expect((await m.send('DELETE', `/api/sync/devices/${laptop}`, undefined, t, thief)).statusCode).toBe(204);
    const after = await m.register(laptop, { proof }, thief);
    expect([after.statusCode, codeOf(after)]).toEqual([409, 'sync/device-removed']);
    expect((await m.state()).json().devices).toEqual([]);
    expect((await m.state()).json().latest).toBe(2);
  });

  it('replaces the history only with a snapshot signed over its very bytes; a junk one is refused and removed', async () => {
    const m = await member('signed.snapshot');
    const key = m.key;
    await m.publish();
    const laptop = syncId();
    await m.register(laptop, { proof: key.deviceProof(m.vault, laptop) });
    const c = chain(laptop);
    await m.push(laptop, [c.next(), c.next(), c.next()]);
    const used = await m.usedBytes();
    const bytes = crypto.randomBytes(4000);
    const junk = Buffer.from('garbage');
    const upload = (proof: string | null, body = bytes, covers = 3, as = m.cookie) =>
      m.upload(
        `/api/sync/snapshots?device=${laptop}&covers=${covers}${proof === null ? '' : `&proof=${proof}`}`,
        body,
        t,
        as,
        false,
      );
    const refusals: Array<[string, Promise<Awaited<ReturnType<typeof upload>>>]> = [
      ['no proof', upload(null)],
      [
        'a junk body under a proof of other bytes',
        upload(key.snapshotProof(m.vault, laptop, 3, bytes), junk),
      ],
      ['another count covered', upload(key.snapshotProof(m.vault, laptop, 2, bytes))],
      ['another device', upload(key.snapshotProof(m.vault, syncId(), 3, bytes))],
      ['another key', upload(signingPair().snapshotProof(m.vault, laptop, 3, bytes))],
      ['random bytes', upload(crypto.randomBytes(64).toString('base64url'))],
    ];
    for (const [what, answer] of refusals) {
      const refused = await answer;
      expect([what, refused.statusCode, codeOf(refused)]).toEqual([what, 403, 'sync/unproven']);
    }
    // A session that is not the laptop's, even with the laptop's valid proof.
    const thief = await secondSession(m);
    const stolen = await upload(key.snapshotProof(m.vault, laptop, 3, bytes), bytes, 3, thief);
    expect([stolen.statusCode, codeOf(stolen)]).toEqual([403, 'sync/not-your-device']);
    // Nothing of the history went, nothing was kept of the refused uploads, nothing counted.
    expect((await m.changes(0)).json().changes).toHaveLength(3);
    expect((await m.state()).json().snapshot).toBeNull();
    expect(await m.usedBytes()).toBe(used);
    const folder = path.join(t.config.dataDir, 'files', 'sync', m.uid, 'snapshots');
    expect(await fs.readdir(folder).catch(() => [])).toEqual([]);

    const stored = await upload(key.snapshotProof(m.vault, laptop, 3, bytes));
    expect(stored.statusCode).toBe(201);
    expect((await m.changes(0, other)).json()).toMatchObject({
      changes: [],
      snapshot: { covers: 3, size: 4000 },
    });
    expect(await fs.readdir(folder)).toEqual([stored.json().id]);
    expect(await m.usedBytes()).toBe(await syncKeptFromTables(t, m.uid));
  });
});

describe('6. the synced vault’s header (issue 43)', () => {
  it('cannot be swapped by a second session, nor put back after a master password’s change', async () => {
    const m = await member('header');
    await m.publish();
    const laptop = syncId();
    await m.register(laptop);
    const thief = await secondSession(m);
    const sent = (body: unknown, as = thief) => m.send('PUT', '/api/sync/vault', body, t, as);
    const junk = { ...HEADER, wrappedKey: crypto.randomBytes(48).toString('base64') };
    // Any header under any MAC, as the attack sent it: no version, no signature.
    const bare = await sent({ id: m.vault, header: junk, headerMac: digest() });
    expect([bare.statusCode, codeOf(bare)]).toEqual([400, 'request/invalid']);
    // Signed with a key of its own, with or without the member's password (should it have guessed it).
    const forged = (extra: { currentPassword?: string } = {}) =>
      sent(signingPair().publication(m.vault, 2, junk, { keyed: false, ...extra }));
    const unproven = await forged();
    expect([unproven.statusCode, codeOf(unproven)]).toEqual([403, 'auth/reauth-required']);
    // Even the vault's own signature needs a fresh proof of the member from this session.
    const genuine = m.key.publication(m.vault, 2, junk, { keyed: false });
    const unprovenGenuine = await sent(genuine);
    expect([unprovenGenuine.statusCode, codeOf(unprovenGenuine)]).toEqual([403, 'auth/reauth-required']);
    // Knowing the password (which proves the member in this session from then on) is not enough either.
    const wrongKey = await forged({ currentPassword: 'member password 1' });
    expect([wrongKey.statusCode, codeOf(wrongKey)]).toEqual([403, 'sync/unproven']);
    expect((await m.state(other)).json().vault).toMatchObject({ header: HEADER, version: 1 });

    // The member changes the master password on the laptop, proven by their sign-in moments ago.
    const first = (await m.state()).json().vault;
    const rewrapped = { ...HEADER, wrappedKey: crypto.randomBytes(48).toString('base64') };
    const changed = m.key.publication(m.vault, 2, rewrapped, { keyed: false });
    expect((await sent(changed, m.cookie)).json()).toMatchObject({ header: rewrapped, version: 2 });
    // The old header put back — its MAC read earlier, its signature replayed — is refused from any session, even
    // one that proves the member: its version does not go up. So is another one at the same version.
    const oldOne = {
      id: m.vault,
      header: first.header,
      headerMac: first.headerMac,
      version: 1,
      proof: m.key.publication(m.vault, 1).proof,
    };
    for (const [as, body, code] of [
      [thief, oldOne, 'sync/stale-header'],
      [thief, { ...oldOne, currentPassword: 'member password 1' }, 'sync/stale-header'],
      [m.cookie, oldOne, 'sync/stale-header'],
      [m.cookie, m.key.publication(m.vault, 2, HEADER, { keyed: false }), 'sync/stale-header'],
    ] as const) {
      const refused = await sent(body, as);
      expect([refused.statusCode, codeOf(refused)]).toEqual([code === 'sync/stale-header' ? 409 : 403, code]);
    }
    // The member's proof lasts five minutes; after it, the password.
    t.advance(6 * 60_000);
    const next = { ...HEADER, wrappedKey: crypto.randomBytes(48).toString('base64') };
    const stale = await sent(m.key.publication(m.vault, 3, next, { keyed: false }), m.cookie);
    expect([stale.statusCode, codeOf(stale)]).toEqual([403, 'auth/reauth-required']);
    const proven = await sent(
      m.key.publication(m.vault, 3, next, { keyed: false, currentPassword: 'member password 1' }),
      m.cookie,
    );
    expect(proven.json()).toMatchObject({ header: next, version: 3 });
    expect((await m.state(other)).json().vault).toMatchObject({ header: next, version: 3 });
  });
});

describe('6. erasing the synced vault', () => {
  it('needs a fresh proof of the member: the current password, or one moments ago in this session — else nothing goes', async () => {
    const m = await member('erase.proof');
    const key = m.key;
    await m.publish();
    const laptop = syncId();
    await m.register(laptop, { proof: key.deviceProof(m.vault, laptop) });
    await m.push(laptop, [chain(laptop).next()]);
    await m.upload(`/api/sync/chunks/${keyName()}`, crypto.randomBytes(100));
    const kept = async () => {
      const state = (await m.state()).json();
      return [state.vault?.id, state.latest, state.devices.length, state.usedBytes];
    };
    const before = await kept();
    expect(before.slice(0, 3)).toEqual([m.vault, 1, 1]);

    // A session approved from another device has proven nothing itself (a stolen cookie): it must type the password.
    const thief = await secondSession(m);
    const erase = (body?: unknown, as = m.cookie) => m.send('DELETE', '/api/sync/vault', body, t, as);
    for (const [as, body] of [
      [thief, undefined],
      [thief, {}],
    ] as const) {
      const refused = await erase(body, as);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'auth/reauth-required']);
    }
    const wrong = await erase({ currentPassword: 'not the password' }, thief);
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([403, 'auth/wrong-password']);
    // The member's own sign-in was a proof, for five minutes.
    t.advance(6 * 60_000);
    const stale = await erase();
    expect([stale.statusCode, codeOf(stale)]).toEqual([403, 'auth/reauth-required']);
    expect(await kept()).toEqual(before);

    // Wrong passwords count against the account's login limit, as any password check does.
    let limited = null;
    for (let guess = 0; guess < 12 && !limited; guess++) {
      const refused = await erase({ currentPassword: `guess ${guess}` }, thief);
      if (codeOf(refused) === 'auth/too-many-requests') limited = guess;
      else expect(codeOf(refused)).toBe('auth/wrong-password');
    }
    expect(limited).toBe(9);
    expect(await kept()).toEqual(before);
    t.advance(16 * 60_000);

    expect((await erase({ currentPassword: 'member password 1' })).statusCode).toBe(204);
    expect((await m.state()).json()).toMatchObject({ vault: null, devices: [], latest: 0 });
    // That proof holds a few minutes in this session: erasing again after publishing again needs no password.
    await m.publish();
    expect((await erase()).statusCode).toBe(204);
  });
});

describe('7. registrations without end', () => {
  it('caps the devices a member syncs at 20, however many are sent at once; a device of an ended session does not count', async () => {
    const m = await member('cap');
    await m.publish();
    const tablet = await secondSession(m);
    const tablets = Array.from({ length: 5 }, () => syncId());
    for (const device of tablets) expect((await m.register(device, {}, tablet)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => m.register(syncId(), {}, m.cookie, index % 2 ? other : t)),
    );
    const codes = answers.map((answer) => `${answer.statusCode} ${codeOf(answer) ?? ''}`.trim());
    expect(codes.filter((code) => code === '200')).toHaveLength(SYNC_MAX_DEVICES - tablets.length);
    expect(codes.filter((code) => code === '409 sync/too-many-devices')).toHaveLength(
      40 - (SYNC_MAX_DEVICES - tablets.length),
    );
    const state = (await m.state()).json();
    expect(state.devices).toHaveLength(SYNC_MAX_DEVICES);
    // Renaming a device that is there is no new device.
    expect((await m.register(tablets[0]!, { name: 'Tablet' }, tablet)).statusCode).toBe(200);

    // The tablet's session ends: its five devices go first, five new ones fit, and no more.
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', cookie: tablet })).statusCode).toBe(
      204,
    );
    for (let index = 0; index < tablets.length; index++) {
      expect((await m.register(syncId(), {}, m.cookie, other)).statusCode).toBe(200);
    }
    const over = await m.register(syncId());
    expect([over.statusCode, codeOf(over)]).toEqual([409, 'sync/too-many-devices']);
    expect((await m.state()).json().devices).toHaveLength(SYNC_MAX_DEVICES);
  });
});

describe('8. device names that lie', () => {
  const LYING = [
    'abc\u202egnp.exe',
    'a\u202ab',
    'a\u202db',
    'a\u2066b',
    'a\u2069b',
    'a\u200eb',
    'a\u200fb',
    'a\u061cb',
    'zero\u200bwidth',
    'soft\u00adhyphen',
    'a\u0000b',
    'line\nbreak',
    'a\u2028b',
    'a\ud800b',
    '<img src=x onerror=alert(1)>',
    'a>b',
    '',
    '   ',
    'x'.repeat(65),
  ];

  it('refuses bidi and format controls, other controls and markup, when registering and renaming; any session renames', async () => {
    const m = await member('names');
    await m.publish();
    const device = syncId();
    for (const name of LYING) {
      const refused = await m.register(device, { name });
      expect([JSON.stringify(name), refused.statusCode, codeOf(refused)]).toEqual([
        JSON.stringify(name),
        400,
        'request/invalid',
      ]);
    }
    expect((await m.state()).json().devices).toEqual([]);
    expect((await m.register(device, { name: '  Chrome on Windows  ' })).json()).toMatchObject({
      name: 'Chrome on Windows',
    });

    // Renaming: from another of the member's sessions too (the app names devices by browser and system, the
    // member renames them); the same rules.
    const phone = await secondSession(m);
    for (const name of LYING) {
      const refused = await m.send('PATCH', `/api/sync/devices/${device}`, { name }, other, phone);
      expect([JSON.stringify(name), refused.statusCode, codeOf(refused)]).toEqual([
        JSON.stringify(name),
        400,
        'request/invalid',
      ]);
    }
    for (const name of ['내 노트북', '📱 Phone (2)', 'Firefox – Ubuntu', 'ｆｕｌｌ']) {
      const renamed = await m.send('PATCH', `/api/sync/devices/${device}`, { name }, other, phone);
      expect(renamed.json()).toEqual({
        id: device,
        name,
        current: false,
        added: expect.any(String),
        lastSeen: expect.any(String),
      });
      expect((await m.state()).json().devices).toMatchObject([{ id: device, name, current: true }]);
    }
    // The member's devices hear of a new name.
    const stream = await eventStream(t, m.cookie);
    await stream.until(Number.MAX_SAFE_INTEGER, 300);
    const told = stream.told();
    await m.send('PATCH', `/api/sync/devices/${device}`, { name: 'Work laptop' }, other, phone);
    expect(await stream.until(told + 1)).toBe(told + 1);
    stream.close();
    await m.send('PATCH', `/api/sync/devices/${device}`, { name: 'ｆｕｌｌ' }, other, phone);

    const missing = await m.send('PATCH', `/api/sync/devices/${syncId()}`, { name: 'x' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'sync/unknown-device']);
    // Another member's device is no device of this member's.
    const stranger = await member('names.stranger');
    await stranger.publish();
    const theirs = await stranger.send('PATCH', `/api/sync/devices/${device}`, { name: 'Mine' });
    expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, 'sync/unknown-device']);
    expect((await m.state()).json().devices[0].name).toBe('ｆｕｌｌ');
  });
});

describe('9. one member slowing everyone (issue 43)', () => {
  /** A push sent on a connection of its own with only a kilobyte of its body: held open until `abort`. */
  async function heldPush(base: string, cookie: string, body: Buffer) {
    const request = http.request(`${base}/api/sync/changes`, {
      method: 'POST',
      agent: false,
      headers: {
        origin: fair.origin,
        cookie,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    const answered = new Promise<number>((resolve) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
    });
    request.write(body.subarray(0, 1024));
    return { answered, abort: () => request.destroy() };
  }

  // A server of its own with the server's own share (the other tests push as much as their rule needs).
  let fair: TestApp;
  beforeAll(async () => {
    fair = await startTestApp({}, { fairShare: 'server' });
  });
  afterAll(async () => {
    await fair.close();
  });

  it('keeps each member to a fair share: two pushes in flight, a budget of bytes, refused before they are read', async () => {
    const base = await fair.listening();
    const m = await member('fair.heavy', fair);
    await m.publish();
    const laptop = syncId();
    await m.register(laptop);
    const heavy = heaviestPush();
    // Two of its pushes held open, their bodies unsent: a third is refused at once, unread, with a wait.
    const small = Buffer.from(JSON.stringify({ device: laptop, changes: [chain(laptop).next(50_000)] }));
    const held = [await heldPush(base, m.cookie, small), await heldPush(base, m.cookie, small)];
    await expect
      .poll(async () => {
        const third = await rawPost(base, '/api/sync/changes', small, {
          origin: fair.origin,
          cookie: m.cookie,
          'content-type': 'application/json',
        });
        return [third.status, JSON.parse(third.body).error?.code];
      })
      .toEqual([429, 'sync/busy']);
    // Another member is not kept waiting by it.
    const other = await member('fair.other', fair);
    await other.publish();
    const phone = syncId();
    await other.register(phone);
    const phoneChain = chain(phone);
    expect((await other.push(phone, [phoneChain.next()])).statusCode).toBe(200);
    // Let go: a push of the member's is taken again.
    held[0]!.abort();
    held[1]!.abort();
    expect(await Promise.all(held.map((each) => each.answered))).toEqual([0, 0]);
    const first = chain(laptop).next();
    await expect.poll(async () => (await m.push(laptop, [first])).statusCode).toBe(200);

    // Megabytes over and over: the member's budget (4 MiB at once, 512 KiB a second after) runs out, and the answer
    // says how long to wait; the refusal cost nothing, and the budget comes back with time.
    const sendHeavy = () =>
      fair.app.inject({
        method: 'POST',
        url: '/api/sync/changes',
        payload: heavy,
        headers: { origin: fair.origin, cookie: m.cookie, 'content-type': 'application/json' },
      });
    const answers: number[] = [];
    let retryAfter = '';
    for (let round = 0; round < 2; round++) {
      const answer = await sendHeavy();
      answers.push(answer.statusCode);
      if (answer.statusCode === 429) retryAfter = String(answer.headers['retry-after']);
    }
    expect(answers[0]).not.toBe(429);
    expect(answers[1]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await other.push(phone, [phoneChain.next()])).statusCode).toBe(200);
    // The answer came after a pause of up to a second (fair-share.ts): the wait it names starts from then.
    fair.advance((Number(retryAfter) + 1) * 1000);
    expect((await sendHeavy()).statusCode).not.toBe(429);
  });
});
