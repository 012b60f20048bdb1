// A shared space's records synced between its members' devices (docs/spaces-plan.md §3, step 11): the app's real
// keyed Vault and SyncEngine on simulated devices (test/space-devices.ts) against the real server's space routes
// (Fastify inject; SQLite, or PostgreSQL when DATABASE_URL is set). Two members with two devices each edit offline
// and converge; a conflict copy names the member who made the other side; a viewer's push is refused by the server
// and the viewer still receives; a change the server slips in — a viewer's, or one whose signature is not its
// author's — stops the engine with nothing of it applied; a wrap not holding the log's key opens as nothing.
// Members are made as a member's devices make them: an identity for spaces by the app's own code (identity-keys.ts),
// published through the routes; a space's epoch key drawn, committed to and wrapped by space-keys.ts. The server's
// fixtures sign synchronously, so each identity is also given to them as a node:crypto key (the same private key).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fc from 'fast-check';
import { SPACE_INVITATION_TTL_MS } from '../../shared/constants.js';
import { entryHash, LOG_GENESIS, type LogEntry, type LogKind } from '../../shared/spaces/log.js';
import { keyFingerprint, sha256Hex } from '../../shared/spaces/statements.js';
import {
  browserCookies,
  holdsVault,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../../server/test/harness.js';
import {
  identityBody,
  nextPlace,
  randomB64url,
  randomHex,
  signedEntry,
  signedWrap,
  spaceEvents,
  spaceMember,
  type SpaceMember,
} from '../../server/test/space-fixtures.js';
import { httpApi } from '../sync/browser.js';
import { isConflictCopy } from '../sync/conflicts.js';
import { SyncStore, type SyncOutboxRow } from '../sync/store.js';
import { SpaceDevice } from '../test/space-devices.js';
import { newIdentity } from './identity-keys.js';
import { newEpoch, spaceCommitment, wrapSpaceKey, type SpaceKeyWrap } from './space-keys.js';
import type { SpaceApi } from './space-server.js';
import { SpaceLogBook, type SpaceMe } from './space-sync.js';

let t: TestApp;
const devices: SpaceDevice[] = [];

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
});
afterEach(() => {
  for (const device of devices.splice(0)) device.close();
});
afterAll(async () => {
  await t.close();
});

/** A fetch that reaches the test app's routes (Fastify's inject) as the browser holding `cookie`. */
function injectFetch(t: TestApp, cookie: string): typeof fetch {
  return async (input, init = {}) => {
    const body = init.body;
    const response = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: String(input),
      remoteAddress: '203.0.113.9',
      headers: { origin: t.origin, cookie, ...(init.headers as Record<string, string>) },
      ...(body === null || body === undefined
        ? {}
        : { payload: typeof body === 'string' ? body : Buffer.from(body as Uint8Array) }),
    });
    return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The app's HTTP client of the server's routes, as the browser holding `cookie`. */
const apiAs = (t: TestApp, cookie: string): SpaceApi =>
  httpApi({ fetch: injectFetch(t, cookie), timeoutMs: () => 30_000 });

/** A member as the tests drive them: the server's fixture, the app's identity, and both browsers' cookies. */
interface Person {
  name: string;
  uid: string;
  fixture: SpaceMember;
  me: SpaceMe;
  /** The member's browsers: the first signed in with the password, the second approved from it. */
  cookies: [string, string];
}

/** A member signed in on two browsers, with a synced vault and a published identity for spaces. */
async function person(t: TestApp, name: string): Promise<Person> {
  const fixture = await spaceMember(t, name);
  const { secret, identity } = await newIdentity();
  const privateKey = crypto.createPrivateKey({
    key: Buffer.from(secret.signPkcs8, 'base64url'),
    format: 'der',
    type: 'pkcs8',
  });
  fixture.identity = {
    key: identity.key,
    sign: (bytes) =>
      crypto.sign('sha256', bytes, { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url'),
  };
  const published = await t.request({
    method: 'PUT',
    url: '/api/spaces/identity',
    cookie: fixture.cookie,
    body: identityBody(fixture, fixture.identity),
  });
  expect(published.statusCode, published.body).toBe(200);
  const second = await approvedBrowser(t, fixture);
  return {
    name,
    uid: fixture.uid,
    fixture,
    me: { uid: fixture.uid, identity },
    cookies: [fixture.cookie, second],
  };
}

/** The member signs in on another browser, which their first browser approves. */
async function approvedBrowser(t: TestApp, member: SpaceMember): Promise<string> {
  const login = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: member.email, password: member.password, idleMinutes: 0 },
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' },
    ip: uniqueIp(),
  });
  const waiting = (await t.request({ method: 'GET', url: '/api/sessions', cookie: member.cookie }))
    .json<{ sessions: Array<{ id: string; pending: boolean }> }>()
    .sessions.find((session) => session.pending);
  expect(waiting).toBeDefined();
  await holdsVault(t, member.cookie);
  const approved = await t.request({
    method: 'POST',
    url: `/api/sessions/${waiting!.id}/approve`,
    cookie: member.cookie,
    body: {},
  });
  expect(approved.statusCode, approved.body).toBeLessThan(300);
  return browserCookies(login);
}

/** A space as its owner made it: its id and its first epoch's key. */
interface TestSpace {
  id: string;
  key: Uint8Array<ArrayBuffer>;
  series: string;
}

/** The owner creates a space: a signed `create` naming the first epoch's series and commitment, the key wrapped. */
async function createSpace(t: TestApp, owner: Person): Promise<TestSpace> {
  const id = randomHex();
  const { key, series } = newEpoch();
  const commit = await spaceCommitment(key, id, 1, series);
  const entry = signedEntry(
    id,
    {
      seq: 1,
      prev: LOG_GENESIS,
      kind: 'create',
      author: owner.uid,
      body: { key: owner.me.identity.key, epoch: 1, series, commit },
    },
    owner.fixture.identity!,
  );
  const wrap = await wrapSpaceKey(
    owner.me,
    { spaceId: id, epoch: 1, uid: owner.uid, key: owner.me.identity.key },
    key,
  );
  const created = await t.request({
    method: 'POST',
    url: '/api/spaces',
    cookie: owner.fixture.cookie,
    body: { id, entry, wrap },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id, key, series };
}

/** `author`'s signed entry of `kind` at the log's head. */
async function entryOf<K extends LogKind>(
  t: TestApp,
  author: Person,
  spaceId: string,
  kind: K,
  body: LogEntry<K>['body'],
) {
  return signedEntry(
    spaceId,
    { ...(await nextPlace(t, author.fixture, spaceId)), kind, author: author.uid, body },
    author.fixture.identity!,
  );
}

/**
 * Brings `who` into the owner's space with `role`: invited, accepted, let in by the owner with the epoch's key
 * wrapped to them (`wrap` made otherwise when a test gives one), all through the routes.
 */
async function letIn(
  t: TestApp,
  owner: Person,
  space: TestSpace,
  who: Person,
  role: 'editor' | 'viewer',
  wrap?: SpaceKeyWrap,
): Promise<void> {
  const invitation = randomB64url(16);
  const invite = await entryOf(t, owner, space.id, 'invite', {
    invitation,
    emailHash: await sha256Hex(new TextEncoder().encode(who.fixture.email)),
    role,
    expiresAt: t.now() + SPACE_INVITATION_TTL_MS,
  });
  const send = (member: Person, method: 'POST' | 'PUT', url: string, body: unknown) =>
    t.request({ method, url, cookie: member.fixture.cookie, body });
  const invited = await send(owner, 'POST', `/api/spaces/${space.id}/invitations`, {
    email: who.fixture.email,
    entry: invite,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const key = who.me.identity.key;
  const fingerprint = await keyFingerprint(key);
  // The invitee does not read the log yet: their `accept` follows the head the owner reads.
  const head = await nextPlace(t, owner.fixture, space.id);
  const accepting = signedEntry(
    space.id,
    { ...head, kind: 'accept', author: who.uid, body: { invitation, uid: who.uid, key, fingerprint } },
    who.fixture.identity!,
  );
  const accepted = await send(who, 'POST', `/api/spaces/invitations/${invitation}/accept`, {
    entry: accepting,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const add = await entryOf(t, owner, space.id, 'add', { invitation, uid: who.uid, fingerprint, role });
  const wrapped =
    wrap ?? (await wrapSpaceKey(owner.me, { spaceId: space.id, epoch: 1, uid: who.uid, key }, space.key));
  const completed = await send(owner, 'PUT', `/api/spaces/${space.id}/members/${who.uid}/key`, {
    entry: add,
    wrap: wrapped,
  });
  expect(completed.statusCode, completed.body).toBe(200);
}

interface Memo {
  title: string;
  [field: string]: string;
}

/** `who`'s device on their browser `browser`, the space open on it (its first sync done). */
async function deviceOf(who: Person, space: TestSpace, browser: 0 | 1, snapshotEvery?: number) {
  const device = new SpaceDevice(
    `${who.name}-${browser}`,
    who.me,
    apiAs(t, who.cookies[browser]),
    snapshotEvery ? { snapshotEvery } : {},
  );
  devices.push(device);
  const opened = await device.open(space.id);
  expect(opened).toMatchObject({ ok: true, epoch: 1, series: space.series });
  return device;
}

const memos = (device: SpaceDevice) =>
  Object.fromEntries(device.vault.list<Memo>('memo').map((entry) => [entry.id, entry.value]));

/** The space's changes as the server keeps them: number, author, and whether the space's fields are there. */
async function storedChanges(space: TestSpace) {
  const rows = await t.database.db
    .selectFrom('space_changes')
    .select(['seq', 'author', 'body'])
    .where('space_id', '=', space.id)
    .orderBy('seq')
    .execute();
  return rows.map((row) => {
    const body = JSON.parse(row.body) as Record<string, unknown>;
    return {
      seq: Number(row.seq),
      author: row.author,
      signed: ['madeAt', 'logHead', 'sig'].every((f) => f in body),
    };
  });
}

/** The server slips a change into the space's series as if `author` had sent it from `device` (a malicious server). */
async function inject(space: TestSpace, device: string, author: string, change: SyncOutboxRow['change']) {
  const db = t.database.db;
  const { latest } = await db
    .selectFrom('spaces')
    .select('latest')
    .where('id', '=', space.id)
    .executeTakeFirstOrThrow();
  const at = Number(latest) + 1;
  const { seq, mac, ...rest } = change as SyncOutboxRow['change'] & Record<string, unknown>;
  await db
    .insertInto('space_changes')
    .values({
      space_id: space.id,
      epoch: 1,
      seq: at,
      device,
      device_seq: seq,
      author,
      mac,
      size: 200,
      body: JSON.stringify(rest),
      created_at: new Date(t.now()).toISOString(),
    })
    .execute();
  await db.updateTable('spaces').set({ latest: at }).where('id', '=', space.id).execute();
}

describe("a space's records on its members' devices", () => {
  it('two members with two devices each edit offline and converge, no edit lost', async () => {
    const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const all = [
      await deviceOf(owner, space, 0),
      await deviceOf(owner, space, 1),
      await deviceOf(editor, space, 0),
      await deviceOf(editor, space, 1),
    ];
    const [a1] = all as [SpaceDevice, ...SpaceDevice[]];
    await a1.vault.save<Memo>('memo', 'plan', undefined, { title: 'Weekend' });
    await a1.sync();
    for (const device of all) await device.sync();
    for (const device of all) expect(memos(device)).toEqual({ plan: { title: 'Weekend' } });

    // Offline, each device changes a field of its own in the shared record and adds a record of its own.
    for (const device of all) device.online = false;
    for (const [index, device] of all.entries()) {
      const before = device.vault.get<Memo>('plan')!.value;
      await device.vault.save<Memo>('memo', 'plan', before, { ...before, [`by${index}`]: device.name });
      await device.vault.save<Memo>('memo', `own-${index}`, undefined, { title: device.name });
    }
    for (const device of all) device.online = true;
    for (let round = 0; round < 2; round++) for (const device of all) await device.sync();

    const expected = {
      plan: { title: 'Weekend', by0: 'owner-0', by1: 'owner-1', by2: 'editor-0', by3: 'editor-1' },
      'own-0': { title: 'owner-0' },
      'own-1': { title: 'owner-1' },
      'own-2': { title: 'editor-0' },
      'own-3': { title: 'editor-1' },
    };
    for (const device of all) {
      expect(device.engine.status.state).toBe('synced');
      expect(memos(device)).toEqual(expected);
    }
    // Every change on the server names the member who sent it and carries its author's signature.
    const stored = await storedChanges(space);
    expect(new Set(stored.map((change) => change.author))).toEqual(new Set([owner.uid, editor.uid]));
    expect(stored.every((change) => change.signed)).toBe(true);
  });

  it("any schedule of two members' four devices converges, each device's own fields kept", async () => {
    const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
    const step = fc.oneof(
      fc.record({ t: fc.constant('edit' as const), d: fc.nat(3), r: fc.nat(2), shared: fc.boolean() }),
      fc.record({ t: fc.constant('sync' as const), d: fc.nat(3) }),
      fc.record({ t: fc.constant('offline' as const), d: fc.nat(3) }),
    );
    // One space and its four devices for every schedule (a member makes few spaces an hour): each schedule has
    // records of its own.
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const all = [
      await deviceOf(owner, space, 0),
      await deviceOf(owner, space, 1),
      await deviceOf(editor, space, 0),
      await deviceOf(editor, space, 1),
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 24 }), async (steps) => {
        const prefix = `s${run++}-`;
        for (const r of [0, 1, 2]) {
          await all[0]!.vault.save<Memo>('memo', `${prefix}${r}`, undefined, { title: `${prefix}${r}` });
        }
        for (const device of all) device.online = true;
        for (const device of [...all, all[0]!]) await device.sync();
        // What each device last wrote to its own field of each record: never lost, whatever the others did.
        const own = new Map<string, string>();
        for (const [index, { t: kind, d, ...rest }] of steps.entries()) {
          const device = all[d]!;
          if (kind === 'offline') device.online = !device.online;
          else if (kind === 'sync') await device.sync();
          else {
            const { r, shared } = rest as { r: number; shared: boolean };
            const id = `${prefix}${r}`;
            const before = device.vault.get<Memo>(id)!.value;
            const field = shared ? 'shared' : `f${d}`;
            await device.vault.save<Memo>('memo', id, before, { ...before, [field]: `${d}.${index}` });
            if (!shared) own.set(`${id}/${field}`, `${d}.${index}`);
          }
        }
        for (const device of all) device.online = true;
        for (let round = 0; round < 3; round++) for (const device of all) await device.sync();
        for (const device of all) expect(device.engine.status.state).toBe('synced');
        const final = memos(all[0]!);
        for (const device of all.slice(1)) expect(memos(device)).toEqual(final);
        // In its record, or — where another device changed a field of the same record differently — in the conflict
        // copy of it, which takes the whole edit (docs/sync.md, "Applying a change"), as convergence.test.ts checks.
        const copies = Object.values(final).filter(isConflictCopy);
        for (const [at, value] of own) {
          const [id, field] = at.split('/') as [string, string];
          const kept =
            final[id]?.[field] === value ||
            copies.some((copy) => copy.conflictOf === id && copy[field] === value);
          expect(kept, `${field} = ${value} of ${id} in ${JSON.stringify(final)}`).toBe(true);
        }
      }),
      { numRuns: Number(process.env.SPACE_SCHEDULES ?? 8) },
    );
  }, 300_000);

  it('names who made each side of a conflict: the other member, and the member whose copy it is', async () => {
    const [owner, editor] = [await person(t, 'mum'), await person(t, 'dad')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const mine = await deviceOf(owner, space, 0);
    const theirs = await deviceOf(editor, space, 0);
    await mine.vault.save<Memo>('memo', 'm1', undefined, { title: 'Lunch' });
    await mine.sync();
    await theirs.sync();
    await mine.vault.save<Memo>('memo', 'm1', { title: 'Lunch' }, { title: 'Dinner' });
    await theirs.vault.save<Memo>('memo', 'm1', { title: 'Lunch' }, { title: 'Brunch' });
    await mine.sync();
    await theirs.sync();

    expect(theirs.engine.status.state).toBe('synced');
    expect(theirs.vault.get('m1')?.value).toEqual({ title: 'Dinner' });
    const copies = Object.entries(memos(theirs)).filter(([id]) => id !== 'm1');
    expect(copies.map(([, value]) => value)).toEqual([
      { title: 'Brunch', conflictOf: 'm1', conflictBy: owner.uid, conflictFrom: editor.uid },
    ]);
    // The copy is a record of the space like any other: the other member's device gets it as it is.
    await mine.sync();
    expect(mine.vault.get(copies[0]![0])?.value).toEqual({
      title: 'Brunch',
      conflictOf: 'm1',
      conflictBy: owner.uid,
      conflictFrom: editor.uid,
    });
  });

  it("refuses a viewer's push on the server, and the viewer still receives", async () => {
    const [owner, viewer] = [await person(t, 'owner'), await person(t, 'viewer')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, viewer, 'viewer');
    const mine = await deviceOf(owner, space, 0);
    const theirs = await deviceOf(viewer, space, 0);
    await mine.vault.save<Memo>('memo', 'm1', undefined, { title: 'Rent' });
    await mine.sync();
    await theirs.sync();
    expect(memos(theirs)).toEqual({ m1: { title: 'Rent' } });

    await theirs.vault.save<Memo>('memo', 'v1', undefined, { title: 'Not mine to add' });
    await theirs.sync();
    expect(theirs.engine.status).toMatchObject({ state: 'error', cause: 'space/read-only' });
    // What the owner sends still reaches the viewer, whose own edit stays unsent here.
    await mine.vault.save<Memo>('memo', 'm2', undefined, { title: 'Water' });
    await mine.sync();
    await theirs.sync();
    expect(memos(theirs)).toEqual({
      m1: { title: 'Rent' },
      m2: { title: 'Water' },
      v1: { title: 'Not mine to add' },
    });
    expect((await storedChanges(space)).map((change) => change.author)).toEqual([owner.uid, owner.uid]);
    await mine.sync();
    expect(memos(mine)).toEqual({ m1: { title: 'Rent' }, m2: { title: 'Water' } });
  });

  it('compacts the series into a snapshot its maker proves, which a device new to the space takes', async () => {
    const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const mine = await deviceOf(owner, space, 0, 5);
    for (const title of ['Rent', 'Water', 'Power', 'Phone']) {
      await mine.vault.save<Memo>('memo', title, undefined, { title });
    }
    await mine.sync();
    // The other member changes one of them before the owner's device compacts the series.
    const editing = await deviceOf(editor, space, 0);
    await editing.vault.save<Memo>('memo', 'Water', { title: 'Water' }, { title: 'Water', due: 'monthly' });
    await editing.sync();
    await mine.sync();
    // The server kept it (proven by the owner's identity) and dropped the changes it covers.
    const snapshots = await t.database.db
      .selectFrom('space_snapshots')
      .select(['covers', 'author'])
      .where('space_id', '=', space.id)
      .execute();
    expect(snapshots.map((row) => [Number(row.covers), row.author])).toEqual([[5, owner.uid]]);
    expect(await storedChanges(space)).toEqual([]);

    const theirs = await deviceOf(editor, space, 1);
    expect(theirs.engine.status.state).toBe('synced');
    expect(Object.keys(memos(theirs)).sort()).toEqual(['Phone', 'Power', 'Rent', 'Water']);
    // Who added and who last changed each record came with the snapshot, as the device that made it had them.
    const authors = (device: SpaceDevice) => device.vault.database.authors.orderBy('id').toArray();
    expect(await authors(theirs)).toEqual(await authors(mine));
    expect(await theirs.vault.database.authors.get('Water')).toMatchObject({
      addedBy: owner.uid,
      changedBy: editor.uid,
    });
    await theirs.vault.save<Memo>('memo', 'Rent', { title: 'Rent' }, { title: 'Rent', due: 'the 1st' });
    await theirs.sync();
    await mine.sync();
    expect(mine.vault.get('Rent')?.value).toEqual({ title: 'Rent', due: 'the 1st' });
  });

  it('tells of a newer epoch and stops syncing the old one (rotation takes it from there)', async () => {
    const owner = await person(t, 'owner');
    const space = await createSpace(t, owner);
    const mine = await deviceOf(owner, space, 0);
    await t.database.db
      .updateTable('spaces')
      .set({ epoch: 2, series_id: randomHex() })
      .where('id', '=', space.id)
      .execute();
    await mine.vault.save<Memo>('memo', 'm1', undefined, { title: 'After the rotation' });
    await mine.sync();
    expect(mine.series.identity.epochChanged).toBe(2);
    expect(mine.engine.status).toMatchObject({ state: 'error', cause: 'space/stale-epoch' });
  });

  it('reads only the changes on news that the log did not move, and the log first on news that it did', async () => {
    const [owner, editor, third] = [
      await person(t, 'owner'),
      await person(t, 'editor'),
      await person(t, 'third'),
    ];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const mine = await deviceOf(owner, space, 0);
    await mine.vault.save<Memo>('memo', 'm0', undefined, { title: 'Before' });
    await mine.sync();
    // The editor's device, every route it calls written down.
    const called: string[] = [];
    const api = apiAs(t, editor.cookies[0]);
    const counted: SpaceApi = {
      ...api,
      call: ((name: string, ...args: unknown[]) => {
        called.push(name);
        return (api.call as (name: string, ...args: unknown[]) => Promise<unknown>)(name, ...args);
      }) as SpaceApi['call'],
    };
    const theirs = new SpaceDevice('editor-0', editor.me, counted);
    devices.push(theirs);
    expect(await theirs.open(space.id)).toMatchObject({ ok: true, epoch: 1 });
    const stream = await spaceEvents(t, editor.fixture);
    /** The server's news of the space once it tells `latest`, heard by the editor's device: the routes its run calls. */
    const hear = async (latest: number) => {
      await expect.poll(() => stream.told().some((news) => news.latest === latest)).toBe(true);
      called.length = 0;
      theirs.series.identity.heardNews(stream.told().find((news) => news.latest === latest));
      theirs.engine.syncNow();
      await theirs.engine.settled();
      return [...called];
    };
    try {
      await mine.vault.save<Memo>('memo', 'm1', undefined, { title: 'Rent' });
      await mine.sync();
      expect(await hear(2)).toEqual(['spaceChanges']);
      expect(memos(theirs)).toEqual({ m0: { title: 'Before' }, m1: { title: 'Rent' } });

      // A member let in moves the log: the next run reads the state and the log before the changes.
      await letIn(t, owner, space, third, 'viewer');
      await mine.vault.save<Memo>('memo', 'm2', undefined, { title: 'Water' });
      await mine.sync();
      expect(await hear(3)).toEqual(['spaceSync', 'spaceLog', 'spaceChanges']);
      expect(memos(theirs)).toEqual({
        m0: { title: 'Before' },
        m1: { title: 'Rent' },
        m2: { title: 'Water' },
      });
      expect(theirs.series.book.state?.members[third.uid]).toMatchObject({ role: 'viewer', state: 'member' });
    } finally {
      stream.close();
    }
  });

  it('refuses a log entry the server made up, and syncs nothing after it', async () => {
    const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const theirs = await deviceOf(editor, space, 0);
    // The server says the owner made the editor a viewer: an entry no member signed.
    const place = await nextPlace(t, owner.fixture, space.id);
    const forged = signedEntry(
      space.id,
      { ...place, kind: 'role', author: owner.uid, body: { uid: editor.uid, role: 'viewer' } },
      editor.fixture.identity!,
    );
    await t.database.db
      .insertInto('space_log')
      .values({
        space_id: space.id,
        seq: forged.seq,
        author: forged.author,
        kind: forged.kind,
        body: JSON.stringify(forged.body),
        sig: forged.sig,
        hash: 'f'.repeat(64),
        created_at: new Date(t.now()).toISOString(),
      })
      .execute();
    await theirs.vault.save<Memo>('memo', 'm1', undefined, { title: 'Kept here' });
    await theirs.sync();
    expect(theirs.engine.status).toMatchObject({ state: 'error', cause: 'refused', refused: 'altered' });
    expect(await storedChanges(space)).toEqual([]);
  });

  it('takes a change made at a log head where its author could write, though demoted since', async () => {
    const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const mine = await deviceOf(owner, space, 0);
    const theirs = await deviceOf(editor, space, 0);
    await theirs.vault.save<Memo>('memo', 'e1', undefined, { title: 'Made as an editor' });
    await theirs.sync();
    expect(await storedChanges(space)).toEqual([{ seq: 1, author: editor.uid, signed: true }]);
    const place = await nextPlace(t, owner.fixture, space.id);
    const demoted = await t.request({
      method: 'PATCH',
      url: `/api/spaces/${space.id}/members/${editor.uid}`,
      cookie: owner.fixture.cookie,
      body: {
        entry: signedEntry(
          space.id,
          { ...place, kind: 'role', author: owner.uid, body: { uid: editor.uid, role: 'viewer' } },
          owner.fixture.identity!,
        ),
      },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // The owner's device applies the role entry first, then meets the change made before it: at its log head the
    // editor could write, so it counts (the server refuses a push made at a head older than the author's latest role
    // entry; one stored before the demotion is honest, and refusing it would stall every device for good).
    await mine.sync();
    expect(mine.engine.status.state).not.toBe('error');
    expect(memos(mine)).toEqual({ e1: { title: 'Made as an editor' } });
  });

  it('reads the log from its start when a change names a head older than the one the device kept', async () => {
    const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
    const space = await createSpace(t, owner);
    await letIn(t, owner, space, editor, 'editor');
    const api = apiAs(t, owner.cookies[0]);
    const full = new SpaceLogBook(space.id, api);
    const log = await full.catchUp();
    const { entries } = await api.call('spaceLog', { params: { id: space.id }, query: { after: 0 } });
    const first = await entryHash(entries[0] as LogEntry);
    // A book started from what the device kept (an offline start) holds only the newest state at first.
    const kept = new SpaceLogBook(space.id, api, { seed: log });
    expect(kept.at(first)).toBeUndefined();
    expect(await kept.stateAt(first)).toMatchObject({ seq: 1, owner: owner.uid });
    expect(kept.state?.head).toBe(log.state.head);
    // Kept from another log than the server's: reading it from the start does not pass through it.
    const other = new SpaceLogBook(space.id, api, {
      seed: { ...log, state: { ...log.state, head: 'e'.repeat(64) } },
    });
    await expect(other.stateAt(first)).rejects.toMatchObject({ verdict: 'altered' });
  });

  describe('a change the server slips in is refused, nothing of it applied', () => {
    /** A space of an owner, an editor and a viewer; the viewer's device has signed an edit it could not send. */
    async function withViewersEdit() {
      const [owner, editor, viewer] = [
        await person(t, 'owner'),
        await person(t, 'editor'),
        await person(t, 'viewer'),
      ];
      const space = await createSpace(t, owner);
      await letIn(t, owner, space, editor, 'editor');
      await letIn(t, owner, space, viewer, 'viewer');
      const mine = await deviceOf(owner, space, 0);
      const theirs = await deviceOf(viewer, space, 0);
      await mine.vault.save<Memo>('memo', 'm1', undefined, { title: 'Rent' });
      await mine.sync();
      await theirs.vault.save<Memo>('memo', 'x1', undefined, { title: 'Slipped in' });
      await theirs.sync();
      expect(theirs.engine.status).toMatchObject({ state: 'error', cause: 'space/read-only' });
      const store = new SyncStore(theirs.vault.database);
      const [signed] = await store.outbox();
      const meta = await store.syncMeta();
      expect(signed?.change).toMatchObject({ logHead: expect.any(String), sig: expect.any(String) });
      return { owner, editor, viewer, space, mine, change: signed!.change, device: meta!.device };
    }

    async function expectRefused(mine: SpaceDevice, before: number) {
      await mine.sync();
      expect(mine.engine.status).toMatchObject({ state: 'error', cause: 'refused', refused: 'altered' });
      expect(memos(mine)).toEqual({ m1: { title: 'Rent' } });
      expect((await new SyncStore(mine.vault.database).syncMeta())?.after).toBe(before);
    }

    it("a viewer's change, signed by the viewer", async () => {
      const { viewer, space, mine, change, device } = await withViewersEdit();
      const before = (await new SyncStore(mine.vault.database).syncMeta())!.after;
      await inject(space, device, viewer.uid, change);
      await expectRefused(mine, before);
    });

    it("a change said to be an editor's, not signed by the editor", async () => {
      const { editor, space, mine, change, device } = await withViewersEdit();
      const before = (await new SyncStore(mine.vault.database).syncMeta())!.after;
      await inject(space, device, editor.uid, change);
      await expectRefused(mine, before);
    });

    it('a change naming a log head the log does not hold', async () => {
      const { editor, space, mine, change, device } = await withViewersEdit();
      const before = (await new SyncStore(mine.vault.database).syncMeta())!.after;
      await inject(space, device, editor.uid, { ...change, logHead: 'f'.repeat(64) } as typeof change);
      await mine.sync();
      expect(mine.engine.status).toMatchObject({ state: 'error', cause: 'refused', refused: 'withheld' });
      expect(memos(mine)).toEqual({ m1: { title: 'Rent' } });
      expect((await new SyncStore(mine.vault.database).syncMeta())?.after).toBe(before);
    });
  });

  describe("a wrap of the space's key", () => {
    it("opens as nothing when it does not hold the key the log's commitment names", async () => {
      const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
      const space = await createSpace(t, owner);
      const other = newEpoch().key;
      const wrong = await wrapSpaceKey(
        owner.me,
        { spaceId: space.id, epoch: 1, uid: editor.uid, key: editor.me.identity.key },
        other,
      );
      await letIn(t, owner, space, editor, 'editor', wrong);
      const device = new SpaceDevice('editor', editor.me, apiAs(t, editor.cookies[0]));
      devices.push(device);
      expect(await device.open(space.id)).toEqual({ ok: false, reason: 'commitment' });
    });

    it('opens as nothing when the server put in one no member signed', async () => {
      const [owner, editor] = [await person(t, 'owner'), await person(t, 'editor')];
      const space = await createSpace(t, owner);
      await letIn(t, owner, space, editor, 'editor');
      // The server's own wrap, signed by a key of its own (the editor's identity stands in for it).
      await t.database.db
        .updateTable('space_keys')
        .set({
          wrap: JSON.stringify({ ...signedWrap(space.id, 1, editor.uid, 1, editor.fixture), by: owner.uid }),
        })
        .where('space_id', '=', space.id)
        .where('user_id', '=', editor.uid)
        .execute();
      const device = new SpaceDevice('editor', editor.me, apiAs(t, editor.cookies[0]));
      devices.push(device);
      expect(await device.open(space.id)).toEqual({ ok: false, reason: 'unsigned' });
    });
  });
});
