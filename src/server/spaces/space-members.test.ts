// Members of a shared space through the real app (docs/spaces-plan.md §3 "Rotation", §4, step 8): the owner changes a
// member's role with a signed `role` entry; a member leaves with a signed `leave`, the owner removes one with a
// signed `remove` — and what goes with them: their membership, their wraps and devices, their streams' news of the
// space, every later request of theirs on it (`404`), while the space waits for its next rotation. The owner's own
// role is never changed nor left here (`space/last-owner`). SQLite by default, PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACE_INVITATION_TTL_MS } from '../../shared/constants.js';
import type { LogEntry, LogKind } from '../../shared/spaces/log.js';
import {
  keyFingerprint,
  sha256Hex,
  SPACE_CHANGE,
  SPACE_DEVICE,
  statementBytes,
} from '../../shared/spaces/statements.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { chain, syncId } from '../test/sync-fixtures.js';
import {
  codeOf,
  createdSpace,
  nextPlace,
  randomB64url,
  signedEntry,
  signedWrap,
  spaceEvents,
  spaceMember,
  withIdentity,
  type Identity,
  type SpaceMember,
} from '../test/space-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
});
afterAll(async () => {
  await t.close();
});

const send = (
  member: SpaceMember,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => t.request({ method, url, cookie: member.cookie, ...(body === undefined ? {} : { body }) });

async function member(name: string) {
  const who = await spaceMember(t, name);
  await withIdentity(t, who);
  return who;
}

/** `author`'s entry of `kind` at the log's head (signed by `signer`, the author's own identity unless said). */
async function entryOf<K extends LogKind>(
  author: SpaceMember,
  spaceId: string,
  kind: K,
  body: LogEntry<K>['body'],
  signer: Identity = author.identity!,
) {
  return signedEntry(
    spaceId,
    { ...(await nextPlace(t, author, spaceId)), kind, author: author.uid, body },
    signer,
  );
}

/** Brings `who` into the owner's space with `role`: invited, accepted, let in by the owner, all through the routes. */
async function joined(owner: SpaceMember, spaceId: string, who: SpaceMember, role: 'editor' | 'viewer') {
  const invitation = randomB64url(16);
  const invite = await entryOf(owner, spaceId, 'invite', {
    invitation,
    emailHash: await sha256Hex(new TextEncoder().encode(who.email)),
    role,
    expiresAt: t.now() + SPACE_INVITATION_TTL_MS,
  });
  const invited = await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, {
    email: who.email,
    entry: invite,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const head = await nextPlace(t, owner, spaceId);
  const key = who.identity!.key;
  const fingerprint = await keyFingerprint(key);
  const accept = signedEntry(
    spaceId,
    { ...head, kind: 'accept', author: who.uid, body: { invitation, uid: who.uid, key, fingerprint } },
    who.identity!,
  );
  const accepted = await send(who, 'POST', `/api/spaces/invitations/${invitation}/accept`, { entry: accept });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const add = await entryOf(owner, spaceId, 'add', { invitation, uid: who.uid, fingerprint, role });
  const completed = await send(owner, 'PUT', `/api/spaces/${spaceId}/members/${who.uid}/key`, {
    entry: add,
    wrap: signedWrap(spaceId, 1, who.uid, key.version, owner),
  });
  expect(completed.statusCode, completed.body).toBe(200);
}

/** A space of a new owner's with an editor and a viewer let in. */
async function spaceOfThree() {
  const [owner, editor, viewer] = [await member('owner'), await member('editor'), await member('viewer')];
  const spaceId = await createdSpace(t, owner);
  await joined(owner, spaceId, editor, 'editor');
  await joined(owner, spaceId, viewer, 'viewer');
  return { owner, editor, viewer, spaceId };
}

/** The space as `who` lists it (undefined: not among theirs). */
const listed = async (who: SpaceMember, spaceId: string) =>
  (
    (await send(who, 'GET', '/api/spaces')).json().spaces as Array<{
      id: string;
      role: string;
      members: Array<{ uid: string; role: string }>;
    }>
  ).find((space) => space.id === spaceId);

describe("a member's role", () => {
  it('is changed by the owner with a signed `role` entry, and the member sees it', async () => {
    const { owner, viewer, spaceId } = await spaceOfThree();
    const entry = await entryOf(owner, spaceId, 'role', { uid: viewer.uid, role: 'editor' });
    const answer = await send(owner, 'PATCH', `/api/spaces/${spaceId}/members/${viewer.uid}`, { entry });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().members).toContainEqual(
      expect.objectContaining({ uid: viewer.uid, role: 'editor' }),
    );
    expect((await listed(viewer, spaceId))?.role).toBe('editor');
  });

  it('is changed by no one but the owner, never the owner’s own, and only as the owner signed it', async () => {
    const { owner, editor, viewer, spaceId } = await spaceOfThree();
    // An editor, even with an entry of their own signing: not the owner, before the body is read.
    const byEditor = await entryOf(editor, spaceId, 'role', { uid: viewer.uid, role: 'editor' });
    const refused = await send(editor, 'PATCH', `/api/spaces/${spaceId}/members/${viewer.uid}`, {
      entry: byEditor,
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'space/not-owner']);
    // The owner's own role.
    const own = await entryOf(owner, spaceId, 'role', { uid: owner.uid, role: 'editor' });
    const last = await send(owner, 'PATCH', `/api/spaces/${spaceId}/members/${owner.uid}`, { entry: own });
    expect([last.statusCode, codeOf(last)]).toEqual([409, 'space/last-owner']);
    // Signed by another key, naming another member than the path, or another kind.
    const forged = await entryOf(
      owner,
      spaceId,
      'role',
      { uid: viewer.uid, role: 'editor' },
      editor.identity!,
    );
    const elsewhere = await entryOf(owner, spaceId, 'role', { uid: editor.uid, role: 'viewer' });
    const removal = await entryOf(owner, spaceId, 'remove', { uid: viewer.uid });
    for (const entry of [forged, elsewhere, removal]) {
      const answer = await send(owner, 'PATCH', `/api/spaces/${spaceId}/members/${viewer.uid}`, { entry });
      expect([answer.statusCode, codeOf(answer)], answer.body).toEqual([403, 'space/unproven']);
    }
    // A stranger hears of no space.
    const stranger = await member('stranger');
    const strange = await send(stranger, 'PATCH', `/api/spaces/${spaceId}/members/${viewer.uid}`, {
      entry: byEditor,
    });
    expect([strange.statusCode, codeOf(strange)]).toEqual([404, 'space/not-found']);
    expect((await listed(viewer, spaceId))?.role).toBe('viewer');
  });
});

/** A device of `who` in the space at epoch 1, registered with their identity, pushing one signed change at a time. */
async function device(who: SpaceMember, spaceId: string) {
  const id = syncId();
  const sign = who.identity!.sign;
  const registered = await send(who, 'PUT', `/api/spaces/${spaceId}/devices/${id}`, {
    epoch: 1,
    proof: sign(statementBytes([SPACE_DEVICE, spaceId, 1, id])),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const changes = chain(id);
  return {
    id,
    push: () => {
      const change = changes.next();
      const madeAt = new Date(t.now()).toISOString();
      const logHead = 'a'.repeat(64);
      const sig = sign(
        statementBytes([SPACE_CHANGE, spaceId, 1, id, change.seq, change.mac, madeAt, logHead]),
      );
      return send(who, 'POST', `/api/spaces/${spaceId}/changes`, {
        epoch: 1,
        device: id,
        changes: [{ ...change, madeAt, logHead, sig }],
      });
    },
  };
}

/** What the space keeps of a member: membership, wraps, devices; and whether its next rotation is due. */
async function keptOf(spaceId: string, uid: string) {
  const db = t.database.db;
  const where = <T extends 'space_members' | 'space_keys' | 'space_devices'>(table: T) =>
    db
      .selectFrom(table as 'space_members')
      .select('user_id')
      .where('space_id', '=', spaceId)
      .where('user_id', '=', uid)
      .execute();
  const space = await db
    .selectFrom('spaces')
    .select('rotation_due')
    .where('id', '=', spaceId)
    .executeTakeFirst();
  return {
    member: (await where('space_members')).length,
    wraps: (await where('space_keys')).length,
    devices: (await where('space_devices')).length,
    rotationDue: Number(space?.rotation_due),
  };
}

/**
 * What `gone` meets after leaving or being removed, while the others go on: nothing of the space (every request
 * `space/not-found`, their device's push too), and their stream, which heard the space before, hears nothing more.
 */
async function expectGone(
  space: { owner: SpaceMember; viewer: SpaceMember; spaceId: string },
  gone: SpaceMember,
  goneDevice: { push: () => ReturnType<typeof send> },
  streams: { gone: Awaited<ReturnType<typeof spaceEvents>>; viewer: Awaited<ReturnType<typeof spaceEvents>> },
  writing: { push: () => ReturnType<typeof send> },
) {
  const { spaceId } = space;
  expect(await keptOf(spaceId, gone.uid)).toEqual({ member: 0, wraps: 0, devices: 0, rotationDue: 1 });
  expect(await listed(gone, spaceId)).toBeUndefined();
  for (const [method, url] of [
    ['GET', `/api/spaces/${spaceId}/log`],
    ['GET', `/api/spaces/${spaceId}/sync`],
    ['GET', `/api/spaces/${spaceId}/changes?epoch=1&after=0`],
  ] as const) {
    const answer = await send(gone, method, url);
    expect([answer.statusCode, codeOf(answer)], url).toEqual([404, 'space/not-found']);
  }
  const pushed = await goneDevice.push();
  expect([pushed.statusCode, codeOf(pushed)]).toEqual([404, 'space/not-found']);
  // The others write on; the viewer's stream hears it, the one gone hears nothing more of the space.
  expect((await writing.push()).statusCode).toBe(200);
  await expect.poll(() => streams.viewer.told()).toContainEqual({ id: spaceId, epoch: 1, latest: 2, log: 8 });
  // (What it heard before, 0 then 1 or 1 alone, depends on when its stream first read the space.)
  expect(streams.gone.told().filter((event) => event.id === spaceId && event.latest > 1)).toEqual([]);
}

/** A space of three where everyone's stream listens and the owner wrote once; `gone`'s device is registered. */
async function listeningSpace(goneOf: (space: Awaited<ReturnType<typeof spaceOfThree>>) => SpaceMember) {
  const space = await spaceOfThree();
  const gone = goneOf(space);
  const goneDevice = await device(gone, space.spaceId);
  const writing = await device(space.owner, space.spaceId);
  const streams = { gone: await spaceEvents(t, gone), viewer: await spaceEvents(t, space.viewer) };
  expect((await writing.push()).statusCode).toBe(200);
  await expect
    .poll(() => streams.gone.told())
    .toContainEqual({ id: space.spaceId, epoch: 1, latest: 1, log: 7 });
  return { space, gone, goneDevice, writing, streams };
}

describe('leaving a space', () => {
  it("takes the member's membership, wraps and devices, makes a rotation due, and tells their streams", async () => {
    const { space, gone, goneDevice, writing, streams } = await listeningSpace(({ editor }) => editor);
    try {
      const entry = await entryOf(gone, space.spaceId, 'leave', {});
      const answer = await send(gone, 'POST', `/api/spaces/${space.spaceId}/leave`, { entry });
      expect(answer.statusCode, answer.body).toBe(204);
      const retired = await t.database.db
        .selectFrom('space_retired_devices')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .execute();
      expect(retired.map((row) => row.id)).toEqual([goneDevice.id]);
      await expectGone(space, gone, goneDevice, streams, writing);
      expect((await listed(space.owner, space.spaceId))?.members.map((m) => m.uid)).not.toContain(gone.uid);
    } finally {
      streams.gone.close();
      streams.viewer.close();
    }
  });

  it('is not for the owner, nor with an entry the member did not sign', async () => {
    const { owner, viewer, spaceId } = await spaceOfThree();
    const own = await entryOf(owner, spaceId, 'leave', {});
    const refused = await send(owner, 'POST', `/api/spaces/${spaceId}/leave`, { entry: own });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'space/last-owner']);
    const forged = await entryOf(viewer, spaceId, 'leave', {}, owner.identity!);
    const unsigned = await send(viewer, 'POST', `/api/spaces/${spaceId}/leave`, { entry: forged });
    expect([unsigned.statusCode, codeOf(unsigned)]).toEqual([403, 'space/unproven']);
    expect(await keptOf(spaceId, viewer.uid)).toEqual({ member: 1, wraps: 1, devices: 0, rotationDue: 0 });
  });
});

describe('removing a member', () => {
  it('takes what the member kept, refuses their pushes at once, makes a rotation due, and tells their streams', async () => {
    const { space, gone, goneDevice, writing, streams } = await listeningSpace(({ editor }) => editor);
    try {
      const entry = await entryOf(space.owner, space.spaceId, 'remove', { uid: gone.uid });
      const answer = await send(space.owner, 'DELETE', `/api/spaces/${space.spaceId}/members/${gone.uid}`, {
        entry,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      // Members made in the same millisecond are listed by uid: the order is not the test's.
      expect(
        answer
          .json()
          .members.map((m: { uid: string }) => m.uid)
          .sort(),
      ).toEqual([space.owner.uid, space.viewer.uid].sort());
      await expectGone(space, gone, goneDevice, streams, writing);
      // Their device is retired: registering it again brings nothing back.
      const again = await send(gone, 'PUT', `/api/spaces/${space.spaceId}/devices/${goneDevice.id}`, {
        epoch: 1,
        proof: gone.identity!.sign(statementBytes([SPACE_DEVICE, space.spaceId, 1, goneDevice.id])),
      });
      expect([again.statusCode, codeOf(again)]).toEqual([404, 'space/not-found']);
    } finally {
      streams.gone.close();
      streams.viewer.close();
    }
  });

  it('is the owner’s alone, never of the owner, and only as the owner signed it', async () => {
    const { owner, editor, viewer, spaceId } = await spaceOfThree();
    const byEditor = await entryOf(editor, spaceId, 'remove', { uid: viewer.uid });
    const refused = await send(editor, 'DELETE', `/api/spaces/${spaceId}/members/${viewer.uid}`, {
      entry: byEditor,
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'space/not-owner']);
    const self = await entryOf(owner, spaceId, 'remove', { uid: owner.uid });
    const last = await send(owner, 'DELETE', `/api/spaces/${spaceId}/members/${owner.uid}`, { entry: self });
    expect([last.statusCode, codeOf(last)]).toEqual([409, 'space/last-owner']);
    const forged = await entryOf(owner, spaceId, 'remove', { uid: viewer.uid }, viewer.identity!);
    const elsewhere = await entryOf(owner, spaceId, 'remove', { uid: editor.uid });
    for (const entry of [forged, elsewhere]) {
      const answer = await send(owner, 'DELETE', `/api/spaces/${spaceId}/members/${viewer.uid}`, { entry });
      expect([answer.statusCode, codeOf(answer)], answer.body).toEqual([403, 'space/unproven']);
    }
    // An entry replayed: the first removal lands, the same entry again does not (its place is taken).
    const removal = await entryOf(owner, spaceId, 'remove', { uid: viewer.uid });
    const first = await send(owner, 'DELETE', `/api/spaces/${spaceId}/members/${viewer.uid}`, {
      entry: removal,
    });
    expect(first.statusCode, first.body).toBe(200);
    const replayed = await send(owner, 'DELETE', `/api/spaces/${spaceId}/members/${viewer.uid}`, {
      entry: removal,
    });
    expect([replayed.statusCode, codeOf(replayed)]).toEqual([403, 'space/unproven']);
    expect(await keptOf(spaceId, editor.uid)).toEqual({ member: 1, wraps: 1, devices: 0, rotationDue: 1 });
  });
});
