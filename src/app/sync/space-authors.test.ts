// Who added and who last changed each record of a shared space (docs/spaces-plan.md §3, "Who, when, conflicts"):
// the app's real keyed vaults and sync engines of two members (test/space-devices.ts) against the real server's
// space routes (SQLite, or PostgreSQL when DATABASE_URL is set). A save here notes this member at the record's
// stamp; a verified change received notes its author at the time it was made (`madeAt`), in the transaction that
// applies it; a deletion takes the note away; the member's own vault notes nothing.
// Members are made as src/app/spaces/space-sync.test.ts makes them (one browser each).
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPACE_INVITATION_TTL_MS } from '../../shared/constants.js';
import { LOG_GENESIS, type LogEntry, type LogKind } from '../../shared/spaces/log.js';
import { keyFingerprint, sha256Hex } from '../../shared/spaces/statements.js';
import { startTestApp, type TestApp } from '../../server/test/harness.js';
import {
  identityBody,
  nextPlace,
  randomB64url,
  randomHex,
  signedEntry,
  spaceMember,
  type SpaceMember,
} from '../../server/test/space-fixtures.js';
import { newIdentity } from '../spaces/identity-keys.js';
import { newEpoch, spaceCommitment, wrapSpaceKey } from '../spaces/space-keys.js';
import type { SpaceApi } from '../spaces/space-server.js';
import type { SpaceMe } from '../spaces/space-sync.js';
import { SpaceDevice } from '../test/space-devices.js';
import { recordAuthors } from '../vault/use-authors.js';
import { httpApi } from './browser.js';

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

interface Person {
  name: string;
  uid: string;
  fixture: SpaceMember;
  me: SpaceMe;
}

/** A member signed in, with a synced vault and a published identity for spaces. */
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
  return { name, uid: fixture.uid, fixture, me: { uid: fixture.uid, identity } };
}

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

/** Brings `who` into the owner's space with `role`: invited, accepted, let in with the epoch's key wrapped to them. */
async function letIn(
  t: TestApp,
  owner: Person,
  space: TestSpace,
  who: Person,
  role: 'editor' | 'viewer',
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
  const wrap = await wrapSpaceKey(owner.me, { spaceId: space.id, epoch: 1, uid: who.uid, key }, space.key);
  const completed = await send(owner, 'PUT', `/api/spaces/${space.id}/members/${who.uid}/key`, {
    entry: add,
    wrap,
  });
  expect(completed.statusCode, completed.body).toBe(200);
}

/** `who`'s device with the space open on it (its first sync done); `opened` collects it for closing. */
async function deviceOf(t: TestApp, who: Person, space: TestSpace, opened: SpaceDevice[]) {
  const device = new SpaceDevice(who.name, who.me, apiAs(t, who.fixture.cookie));
  opened.push(device);
  const result = await device.open(space.id);
  expect(result).toMatchObject({ ok: true, epoch: 1, series: space.series });
  return device;
}

const DAY = 24 * 60 * 60 * 1000;

describe("a space's records name their authors", () => {
  it('as each member saved them here, and as the changes received say who made them and when', async () => {
    const [mum, jimin] = [await person(t, 'mum'), await person(t, 'jimin')];
    const space = await createSpace(t, mum);
    await letIn(t, mum, space, jimin, 'editor');
    const mine = await deviceOf(t, mum, space, devices);
    const theirs = await deviceOf(t, jimin, space, devices);

    const before = Date.now();
    await mine.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    const saved = mine.vault.get('m1')!.updatedAt;
    expect(await recordAuthors(mine.vault, 'm1')).toEqual({
      id: 'm1',
      addedBy: mum.uid,
      addedAt: saved,
      changedBy: mum.uid,
      changedAt: saved,
    });
    expect(saved).toBeGreaterThanOrEqual(before);
    // Sent at the device's clock's time: the change's `madeAt`, which the other device notes.
    const madeAt = mine.clock.now();
    await mine.sync();
    await theirs.sync();
    expect(theirs.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
    expect(await recordAuthors(theirs.vault, 'm1')).toEqual({
      id: 'm1',
      addedBy: mum.uid,
      addedAt: madeAt,
      changedBy: mum.uid,
      changedAt: madeAt,
    });

    // Jimin changes it a day later: his device notes him, Mum's notes him at his change's time.
    theirs.clock.advance(DAY);
    await theirs.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Dinner' });
    const changedAt = theirs.clock.now();
    await theirs.sync();
    await mine.sync();
    expect(mine.vault.get('m1')?.value).toEqual({ title: 'Dinner' });
    expect(await recordAuthors(mine.vault, 'm1')).toEqual({
      id: 'm1',
      addedBy: mum.uid,
      addedAt: saved,
      changedBy: jimin.uid,
      changedAt,
    });
    expect(await recordAuthors(theirs.vault, 'm1')).toMatchObject({
      addedBy: mum.uid,
      addedAt: madeAt,
      changedBy: jimin.uid,
    });

    // A deletion received takes the record's note with it.
    await theirs.vault.remove('m1');
    expect(await recordAuthors(theirs.vault, 'm1')).toBeUndefined();
    await theirs.sync();
    await mine.sync();
    expect(mine.vault.get('m1')).toBeUndefined();
    expect(await recordAuthors(mine.vault, 'm1')).toBeUndefined();
  });
});
