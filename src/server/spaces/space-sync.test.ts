// A shared space's series through the real app and database (docs/spaces-plan.md §4, step 7): members' devices
// join with their identity keys and push and read in one order, each change naming its author; a viewer's push is
// refused before its body is read (a stranger's and a pending session's too), a stranger hears of no space at all,
// an old epoch is refused; the bytes count against the owner's quota (not the pusher's), even for pushes at once on
// two processes; and a member's live stream hears the space move, a stranger's and a removed member's never.
// Spaces are made by inserting their rows (test/space-fixtures.ts).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPost } from '../test/raw-post.js';
import { SPACE_DEVICE } from '../../shared/spaces/statements.js';
import { browserCookies, holdsVault, signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { chain, syncId } from '../test/sync-fixtures.js';
import { announceMemberships } from './news.js';
import { spaceEvents } from '../test/space-fixtures.js';
import { insertSpace, uidOf, withIdentity, type MemberIdentity } from '../test/space-series-fixtures.js';

let t: TestApp;
/** A second server process on PostgreSQL (the same database and live bus); on SQLite, the one process. */
let other: TestApp;

interface Person {
  email: string;
  uid: string;
  cookie: string;
  identity: MemberIdentity;
}

async function person(name: string): Promise<Person> {
  const email = `${name}-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const cookie = await signedInMember(t, email);
  const uid = await uidOf(t, email);
  return { email, uid, cookie, identity: await withIdentity(t, uid) };
}

const send = (
  who: Person,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  app: TestApp = t,
) => app.request({ method, url, cookie: who.cookie, ...(body === undefined ? {} : { body }) });
const codeOf = (response: { json(): { error?: { code?: string } } }) => response.json().error?.code;

/** A device of `who` in `space`: registered, with its chain of signed changes. */
async function device(who: Person, space: string, epoch = 1) {
  const id = syncId();
  const registered = await send(who, 'PUT', `/api/spaces/${space}/devices/${id}`, {
    epoch,
    proof: who.identity.deviceProof(space, epoch, id),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const changes = chain(id);
  return {
    id,
    next: (payloadBytes = 200, record: { rid?: string; base?: string | null } = {}) =>
      who.identity.spaceChange(space, epoch, id, changes.next(payloadBytes, record)),
    back: () => changes.back(),
    push: (list: unknown[], pushEpoch = epoch, app: TestApp = t) =>
      send(who, 'POST', `/api/spaces/${space}/changes`, { epoch: pushEpoch, device: id, changes: list }, app),
  };
}

/** The bytes counted against a member's quota, as their sync state tells them. */
const usedBytes = async (who: Person): Promise<number> =>
  (await send(who, 'GET', '/api/sync')).json().usedBytes;

let owner: Person;
let editor: Person;
let viewer: Person;
let stranger: Person;
let space: { id: string; series: string };

beforeAll(async () => {
  // A quota of 1 MiB: a push of a megabyte is beyond any member's.
  t = await startTestApp({ USER_QUOTA_MB: '1' });
  other = process.env.DATABASE_URL ? await startTestApp({ USER_QUOTA_MB: '1' }, { sharing: t }) : t;
  [owner, editor, viewer, stranger] = [
    await person('owner'),
    await person('editor'),
    await person('viewer'),
    await person('stranger'),
  ];
  space = await insertSpace(t, owner, [
    { ...editor, role: 'editor' },
    { ...viewer, role: 'viewer' },
  ]);
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});

describe("a space's series", () => {
  it("takes two members' devices' changes in one order, each read back with its author", async () => {
    const mine = await device(owner, space.id);
    const theirs = await device(editor, space.id);
    expect((await mine.push([mine.next(), mine.next()])).json()).toEqual({
      stored: [1, 2],
      latest: 2,
      stale: null,
    });
    const sent = theirs.next();
    expect((await theirs.push([sent])).json()).toEqual({ stored: [3], latest: 3, stale: null });
    expect((await mine.push([mine.next()])).json()).toMatchObject({ stored: [4], latest: 4 });

    // Every member reads them in the series' order, the viewer too, each naming the member who sent it and keeping
    // what a change carries in a space (when it was made, the log head, the author's signature).
    const read = await send(viewer, 'GET', `/api/spaces/${space.id}/changes?epoch=1&after=0`);
    expect(read.statusCode).toBe(200);
    const page = read.json();
    expect(page.latest).toBe(4);
    expect(page.changes.map((change: { at: number; author: string }) => [change.at, change.author])).toEqual([
      [1, owner.uid],
      [2, owner.uid],
      [3, editor.uid],
      [4, owner.uid],
    ]);
    expect(page.changes[2]).toEqual({ ...sent, at: 3, device: theirs.id, author: editor.uid });
    const after = await send(editor, 'GET', `/api/spaces/${space.id}/changes?epoch=1&after=3`);
    expect(after.json().changes.map((change: { at: number }) => change.at)).toEqual([4]);
    // The rows keep the author too.
    const rows = await t.database.db
      .selectFrom('space_changes')
      .select(['seq', 'author'])
      .where('space_id', '=', space.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => [Number(row.seq), row.author])).toEqual([
      [1, owner.uid],
      [2, owner.uid],
      [3, editor.uid],
      [4, owner.uid],
    ]);

    // The state a member's device reads first: the epoch, its series, the newest number, their own devices, and
    // the epoch's key wrapped to them.
    const state = (await send(editor, 'GET', `/api/spaces/${space.id}/sync`)).json();
    expect(state).toMatchObject({
      epoch: 1,
      series: space.series,
      latest: 4,
      snapshot: null,
      wrap: `wrap-for-${editor.uid}`,
    });
    expect(state.devices.map((each: { id: string; current: boolean }) => [each.id, each.current])).toEqual([
      [theirs.id, true],
    ]);
  });

  it('stores a retried push once, and refuses a different change under a number already used', async () => {
    const mine = await device(editor, space.id);
    const batch = [mine.next(), mine.next()];
    const first = (await mine.push(batch)).json();
    expect(first.stale).toBeNull();
    // The answer was lost: the same changes again are answered with the same numbers, nothing stored twice.
    expect((await mine.push(batch)).json()).toEqual(first);
    const count = await t.database.db
      .selectFrom('space_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('space_id', '=', space.id)
      .where('device', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    const forged = { ...batch[1]!, mac: crypto.randomBytes(32).toString('base64') };
    const refused = await mine.push([forged]);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'sync/out-of-order']);
  });

  it("refuses a viewer's push before reading its body, and a stranger's as if there were no space", async () => {
    // A viewer may register a device (to read), never send changes from it.
    const viewing = await device(viewer, space.id);
    const small = await viewing.push([viewing.next()]);
    expect([small.statusCode, codeOf(small)]).toEqual([403, 'space/read-only']);

    // Four megabytes declared, one kilobyte sent and the rest held back: a server that read the body before the
    // policy would wait for the rest, so the answer proves it was refused unread.
    const base = await t.listening();
    const heavy = Buffer.alloc(4 * 1024 * 1024 - 64, '{');
    const headers = { origin: t.origin, 'content-type': 'application/json' };
    for (const [who, status, code] of [
      [viewer, 403, 'space/read-only'],
      [stranger, 404, 'space/not-found'],
    ] as const) {
      const answer = await rawPost(
        base,
        `/api/spaces/${space.id}/changes`,
        heavy,
        { ...headers, cookie: who.cookie },
        1024,
      );
      expect([answer.status, JSON.parse(answer.body).error.code]).toEqual([status, code]);
    }
    // A session of the editor's still waiting for the new-device check is no member's yet: refused unread too.
    await holdsVault(t, editor.cookie);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: editor.email, password: 'member password 1' },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1' },
      ip: '198.51.100.91',
    });
    expect(login.json().pending).toMatchObject({ confirmBy: 'device' });
    const waiting = await rawPost(
      base,
      `/api/spaces/${space.id}/changes`,
      heavy,
      { ...headers, cookie: browserCookies(login) },
      1024,
    );
    expect([waiting.status, JSON.parse(waiting.body).error.code]).toEqual([403, 'session/pending']);
    // An editor's same request is let in and read: its body is not JSON.
    const read = await t.request({
      method: 'POST',
      url: `/api/spaces/${space.id}/changes`,
      cookie: editor.cookie,
      body: '{"epoch": [',
    });
    expect(read.statusCode).toBe(400);
  });

  it('answers a stranger, a member still joining and an unknown space `space/not-found` on every route', async () => {
    const joining = await person('joining');
    const other = await insertSpace(t, owner, [{ ...joining, role: 'editor', state: 'joining' }]);
    const strangerDevice = syncId();
    const snapshot = crypto.randomUUID();
    const routes = (id: string, who: Person) =>
      [
        ['GET', `/api/spaces/${id}/sync`, undefined],
        [
          'PUT',
          `/api/spaces/${id}/devices/${strangerDevice}`,
          { epoch: 1, proof: who.identity.deviceProof(id, 1, strangerDevice) },
        ],
        ['DELETE', `/api/spaces/${id}/devices/${strangerDevice}`, undefined],
        [
          'POST',
          `/api/spaces/${id}/changes`,
          {
            epoch: 1,
            device: strangerDevice,
            changes: [who.identity.spaceChange(id, 1, strangerDevice, chain(strangerDevice).next())],
          },
        ],
        ['GET', `/api/spaces/${id}/changes?epoch=1&after=0`, undefined],
        ['GET', `/api/spaces/${id}/snapshots/${snapshot}`, undefined],
      ] as const;
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [who, id] of [
      [stranger, space.id],
      [joining, other.id],
      [editor, crypto.randomBytes(16).toString('hex')],
      [editor, 'not-a-space'],
    ] as const) {
      for (const [method, url, body] of routes(id, who)) {
        const answer = await send(who, method, url, body);
        seen.push(`${method} ${url} ${answer.statusCode} ${codeOf(answer)}`);
        expected.push(`${method} ${url} 404 space/not-found`);
      }
      const upload = await t.app.inject({
        method: 'PUT',
        url: `/api/spaces/${id}/snapshots?epoch=1&device=${strangerDevice}&covers=1&publish=1&proof=${who.identity.snapshotProof(id, 1, strangerDevice, 1, Buffer.from('x'))}`,
        payload: Buffer.from('x'),
        headers: { origin: t.origin, cookie: who.cookie, 'content-type': 'application/octet-stream' },
      });
      seen.push(`PUT snapshots ${id} ${upload.statusCode} ${codeOf(upload)}`);
      expected.push(`PUT snapshots ${id} 404 space/not-found`);
    }
    expect(seen).toEqual(expected);
  });

  it('refuses another epoch than the current one', async () => {
    const mine = await device(owner, space.id);
    const pushed = await mine.push([mine.next()], 2);
    expect([pushed.statusCode, codeOf(pushed)]).toEqual([409, 'space/stale-epoch']);
    const read = await send(owner, 'GET', `/api/spaces/${space.id}/changes?epoch=2&after=0`);
    expect([read.statusCode, codeOf(read)]).toEqual([409, 'space/stale-epoch']);
    const id = syncId();
    const registered = await send(owner, 'PUT', `/api/spaces/${space.id}/devices/${id}`, {
      epoch: 2,
      proof: owner.identity.deviceProof(space.id, 2, id),
    });
    expect([registered.statusCode, codeOf(registered)]).toEqual([409, 'space/stale-epoch']);
  });

  it("joins a device only with its member's identity signature, and never brings a removed one back", async () => {
    const id = syncId();
    const url = `/api/spaces/${space.id}/devices/${id}`;
    // Signed by another member's key, or over another statement: refused.
    for (const proof of [
      viewer.identity.deviceProof(space.id, 1, id),
      editor.identity.sign([SPACE_DEVICE, space.id, 1, syncId()]),
    ]) {
      const refused = await send(editor, 'PUT', url, { epoch: 1, proof });
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'sync/unproven']);
    }
    const proof = editor.identity.deviceProof(space.id, 1, id);
    expect((await send(editor, 'PUT', url, { epoch: 1, proof })).statusCode).toBe(200);
    // Another member cannot write as it, nor remove it.
    const taken = await send(owner, 'PUT', url, {
      epoch: 1,
      proof: owner.identity.deviceProof(space.id, 1, id),
    });
    expect([taken.statusCode, codeOf(taken)]).toEqual([403, 'sync/not-your-device']);
    const removedByOther = await send(owner, 'DELETE', url);
    expect([removedByOther.statusCode, codeOf(removedByOther)]).toEqual([404, 'sync/unknown-device']);
    expect((await send(editor, 'DELETE', url)).statusCode).toBe(204);
    const again = await send(editor, 'PUT', url, { epoch: 1, proof });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'sync/device-removed']);
  });
});

describe("a space's bytes", () => {
  it("count against its owner's quota, not the pusher's, and a push beyond the owner's quota is refused", async () => {
    const o = await person('payer');
    const e = await person('writer');
    const paid = await insertSpace(t, o, [{ ...e, role: 'editor' }]);
    const ownerBefore = await usedBytes(o);
    const writing = await device(e, paid.id);
    const afterDevice = await usedBytes(o);
    expect(afterDevice).toBe(ownerBefore + 500);
    const pushed = await writing.push([writing.next(2000)]);
    expect(pushed.statusCode).toBe(200);
    const stored = (await send(e, 'GET', `/api/spaces/${paid.id}/changes?epoch=1&after=0`)).json().changes[0];
    const { seq: _seq, mac: _mac, at: _at, device: _device, author: _author, ...body } = stored;
    // The change's stored body and its row, and its record's newest version: what sync counts for one.
    expect(await usedBytes(o)).toBe(afterDevice + Buffer.byteLength(JSON.stringify(body)) + 200 + 200);
    expect(await usedBytes(e)).toBe(0);
    const usage = await t.database.db
      .selectFrom('space_usage')
      .select('bytes')
      .where('space_id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(Number(usage.bytes)).toBe((await usedBytes(o)) - ownerBefore);

    // 800 KB of the owner's own documents: the writer's 300 KB change no longer fits the owner's quota, though the
    // writer's own quota is all but empty.
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/documents?name=big.bin',
      payload: crypto.randomBytes(800_000),
      headers: { origin: t.origin, cookie: o.cookie, 'content-type': 'application/octet-stream' },
    });
    expect(uploaded.statusCode).toBe(201);
    const tooMuch = await writing.push([writing.next(300_000)]);
    expect([tooMuch.statusCode, codeOf(tooMuch)]).toEqual([402, 'storage/quota-exceeded']);
    writing.back();
    expect(await usedBytes(e)).toBe(0);
    // A small one still fits.
    expect((await writing.push([writing.next(100)])).statusCode).toBe(200);
  });

  it("lets two writers' pushes at once on two processes together pass no owner's quota", async () => {
    const o = await person('payer2');
    const [e1, e2] = [await person('writer1'), await person('writer2')];
    const paid = await insertSpace(t, o, [
      { ...e1, role: 'editor' },
      { ...e2, role: 'editor' },
    ]);
    const [d1, d2] = [await device(e1, paid.id), await device(e2, paid.id)];
    // 400 KB of the owner's documents: room for one change of 300 KB (400 KB as base64), not for two.
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/documents?name=big.bin',
      payload: crypto.randomBytes(400_000),
      headers: { origin: t.origin, cookie: o.cookie, 'content-type': 'application/octet-stream' },
    });
    expect(uploaded.statusCode).toBe(201);
    const answers = await Promise.all([
      d1.push([d1.next(300_000)], 1, t),
      d2.push([d2.next(300_000)], 1, other),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await usedBytes(o)).toBeLessThanOrEqual(1024 * 1024);
    const rows = await t.database.db
      .selectFrom('space_changes')
      .select('size')
      .where('space_id', '=', paid.id)
      .execute();
    expect(rows).toHaveLength(1);
    // The space's count is what it keeps: two devices, one change and its record's version.
    const usage = await t.database.db
      .selectFrom('space_usage')
      .select('bytes')
      .where('space_id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(Number(usage.bytes)).toBe(2 * 500 + Number(rows[0]!.size) + 200);
  });

  it('keeps a snapshot a writer proves with their identity, replacing the history, and hands it to members', async () => {
    const writing = await device(editor, space.id);
    const state = (await send(editor, 'GET', `/api/spaces/${space.id}/sync`)).json();
    const bytes = crypto.randomBytes(4000);
    const upload = (who: Person, deviceId: string, covers: number, proof: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/spaces/${space.id}/snapshots?epoch=1&device=${deviceId}&covers=${covers}&proof=${proof}`,
        payload: bytes,
        headers: { origin: t.origin, cookie: who.cookie, 'content-type': 'application/octet-stream' },
      });
    // Signed by another key: refused, nothing kept.
    const forged = await upload(
      editor,
      writing.id,
      state.latest,
      viewer.identity.snapshotProof(space.id, 1, writing.id, state.latest, bytes),
    );
    expect([forged.statusCode, codeOf(forged)]).toEqual([403, 'sync/unproven']);
    const kept = await upload(
      editor,
      writing.id,
      state.latest,
      editor.identity.snapshotProof(space.id, 1, writing.id, state.latest, bytes),
    );
    expect(kept.statusCode, kept.body).toBe(201);
    const { id } = kept.json();
    const read = (await send(viewer, 'GET', `/api/spaces/${space.id}/changes?epoch=1&after=0`)).json();
    expect(read.snapshot).toEqual({ id, covers: state.latest, size: 4000 });
    const file = await send(viewer, 'GET', `/api/spaces/${space.id}/snapshots/${id}`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(bytes)).toBe(true);
    const strangers = await send(stranger, 'GET', `/api/spaces/${space.id}/snapshots/${id}`);
    expect([strangers.statusCode, codeOf(strangers)]).toEqual([404, 'space/not-found']);
    // A viewer's device takes no snapshot.
    const viewing = await device(viewer, space.id);
    const refused = await upload(
      viewer,
      viewing.id,
      state.latest + 1,
      viewer.identity.snapshotProof(space.id, 1, viewing.id, state.latest + 1, bytes),
    );
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'space/read-only']);
  });
});

describe("a space's live news", () => {
  it("reaches its members' streams, never a stranger's, and stops for a member removed", async () => {
    const a = await person('a');
    const b = await person('b');
    const c = await person('c');
    const shared = await insertSpace(t, a, [
      { ...b, role: 'viewer' },
      { ...c, role: 'viewer' },
    ]);
    // The stranger's own space, whose news shows the stranger's stream was listening all along.
    const elsewhere = await insertSpace(t, stranger, [{ ...c, role: 'editor' }]);
    const [toA, toB, toC, toStranger] = [
      await spaceEvents(t, a),
      await spaceEvents(t, b),
      await spaceEvents(t, c),
      await spaceEvents(t, stranger),
    ];
    try {
      // Each stream first hears where each of its spaces stands.
      await expect.poll(() => toB.told()).toEqual([{ id: shared.id, epoch: 1, latest: 0, log: 1 }]);
      const writing = await device(a, shared.id);
      expect((await writing.push([writing.next()])).statusCode).toBe(200);
      for (const stream of [toA, toB, toC]) {
        await expect.poll(() => stream.told()).toContainEqual({ id: shared.id, epoch: 1, latest: 1, log: 1 });
      }

      // C leaves the space (as the spaces' service will remove a member, then tell their streams).
      await t.database.db
        .deleteFrom('space_members')
        .where('space_id', '=', shared.id)
        .where('user_id', '=', c.uid)
        .execute();
      await announceMemberships(t.live, c.uid);
      expect((await writing.push([writing.next()])).statusCode).toBe(200);
      await expect.poll(() => toB.told()).toContainEqual({ id: shared.id, epoch: 1, latest: 2, log: 1 });
      // Then news of the stranger's space: the streams that hear it heard everything before it.
      const theirs = await device(stranger, elsewhere.id);
      expect((await theirs.push([theirs.next()])).statusCode).toBe(200);
      await expect.poll(() => toC.told()).toContainEqual({ id: elsewhere.id, epoch: 1, latest: 1, log: 1 });
      await expect
        .poll(() => toStranger.told())
        .toContainEqual({ id: elsewhere.id, epoch: 1, latest: 1, log: 1 });
      expect(toStranger.told().filter((event) => event.id === shared.id)).toEqual([]);
      expect(toC.told().filter((event) => event.id === shared.id)).toEqual([
        { id: shared.id, epoch: 1, latest: 0, log: 1 },
        { id: shared.id, epoch: 1, latest: 1, log: 1 },
      ]);
    } finally {
      for (const stream of [toA, toB, toC, toStranger]) stream.close();
    }
  });
});
