// The next epoch's snapshot, staged before a rotation, and who may rotate when (docs/spaces-plan.md §3 "Rotation",
// §4, step 8): only for epoch e+1 with covers=1 from a device of epoch e, proven by its member's identity for e+1;
// one per space, giving way to the same member's newer one, the owner's, or once a day old; its bytes counted
// against the owner's quota. Once a member left, an editor may rotate — wrapping the new key to every member but the
// one still joining, who gets it from the `add` that lets them in. SQLite by default, PostgreSQL when DATABASE_URL
// is set.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  codeOf,
  createdSpace,
  entryAtHead,
  joinedSpace,
  memberWithIdentity,
  signedWrap,
  type SpaceMember,
} from '../test/space-fixtures.js';
import { rotationKit } from '../test/space-rotation-fixtures.js';
import { spaceKeptFromTables, spaceUsageOf } from '../test/space-usage.js';

let t: TestApp;
let kit: ReturnType<typeof rotationKit>;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '4' });
  kit = rotationKit(t);
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60_000;

/** A space with an owner, two editors, a viewer, and one more member still joining (accepted, not let in). */
async function spaceOfFive() {
  const [owner, editor, other, viewer, joining] = [
    await memberWithIdentity(t, 'owner'),
    await memberWithIdentity(t, 'editor'),
    await memberWithIdentity(t, 'other'),
    await memberWithIdentity(t, 'viewer'),
    await memberWithIdentity(t, 'joining'),
  ];
  const spaceId = await createdSpace(t, owner);
  await joinedSpace(t, owner, spaceId, editor, 'editor');
  await joinedSpace(t, owner, spaceId, other, 'editor');
  await joinedSpace(t, owner, spaceId, viewer, 'viewer');
  const invited = await joinedSpace(t, owner, spaceId, joining, 'viewer', { joining: true });
  return { owner, editor, other, viewer, joining, invited, spaceId };
}

async function leaves(who: SpaceMember, spaceId: string) {
  const entry = await entryAtHead(t, who, spaceId, 'leave', {});
  const answer = await kit.send(who, 'POST', `/api/spaces/${spaceId}/leave`, { entry });
  expect(answer.statusCode, answer.body).toBe(204);
}

/** The space's staged snapshots (ids), its usage checked against its tables. */
async function stagedOf(spaceId: string) {
  expect(await spaceUsageOf(t, spaceId)).toBe(await spaceKeptFromTables(t, spaceId));
  const rows = await t.database.db
    .selectFrom('space_snapshots')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('staged', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

describe('a staged snapshot', () => {
  it('is taken only for the next epoch, covering 1, proven, from a device of the rotating member', async () => {
    const { owner, editor, viewer, spaceId } = await spaceOfFive();
    const mine = await kit.device(owner, spaceId, 1);
    const viewing = await kit.device(viewer, spaceId, 1);
    expect((await mine.push()).statusCode).toBe(200);
    const bytes = crypto.randomBytes(500);
    const stage = (who: SpaceMember, query: Parameters<typeof kit.upload>[2]) =>
      kit.upload(who, spaceId, { kind: 'stage', ...query }, bytes);
    for (const [who, query, status, code] of [
      [owner, { epoch: 1, device: mine.id, covers: 1 }, 409, 'space/stale-epoch'],
      [owner, { epoch: 3, device: mine.id, covers: 1 }, 409, 'space/stale-epoch'],
      [owner, { epoch: 2, device: mine.id, covers: 2 }, 400, 'request/invalid'],
      [owner, { epoch: 2, device: mine.id, covers: 1, signer: editor.identity! }, 403, 'sync/unproven'],
      [owner, { epoch: 2, device: viewing.id, covers: 1 }, 404, 'sync/unknown-device'],
      [viewer, { epoch: 2, device: viewing.id, covers: 1 }, 403, 'space/read-only'],
    ] as const) {
      const answer = await stage(who, query);
      expect([answer.statusCode, codeOf(answer)], JSON.stringify(query)).toEqual([status, code]);
    }
    expect(await stagedOf(spaceId)).toEqual([]);
    const staged = await kit.staged(owner, spaceId, mine.id);
    expect(await stagedOf(spaceId)).toEqual([staged.id]);
    // Nobody reads it, nor does the series name it, until the rotation publishes it.
    expect((await kit.syncState(viewer, spaceId)).snapshot).toBeNull();
    const read = await kit.send(viewer, 'GET', `/api/spaces/${spaceId}/snapshots/${staged.id}`);
    expect([read.statusCode, codeOf(read)]).toEqual([404, 'storage/object-not-found']);
  });

  it('is one per space: it gives way to its member’s newer one, the owner’s, or once a day old', async () => {
    const { owner, editor, other, viewer, spaceId } = await spaceOfFive();
    await leaves(viewer, spaceId);
    const [mine, theirs, others] = [
      await kit.device(owner, spaceId, 1),
      await kit.device(editor, spaceId, 1),
      await kit.device(other, spaceId, 1),
    ];
    const fileOf = (id: string) => `spaces/${spaceId}/snapshots/${id}`;
    const first = await kit.staged(editor, spaceId, theirs.id);
    const refused = await kit.upload(
      other,
      spaceId,
      { epoch: 2, device: others.id, covers: 1, kind: 'stage' },
      Buffer.from('x'),
    );
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'space/rotation-busy']);
    const newer = await kit.staged(editor, spaceId, theirs.id);
    expect(await stagedOf(spaceId)).toEqual([newer.id]);
    expect(await t.storage.exists(fileOf(first.id))).toBe(false);
    const owners = await kit.staged(owner, spaceId, mine.id);
    expect(await stagedOf(spaceId)).toEqual([owners.id]);
    expect(await t.storage.exists(fileOf(newer.id))).toBe(false);
    const notYet = await kit.upload(
      editor,
      spaceId,
      { epoch: 2, device: theirs.id, covers: 1, kind: 'stage' },
      Buffer.from('x'),
    );
    expect([notYet.statusCode, codeOf(notYet)]).toEqual([409, 'space/rotation-busy']);
    // A day later, the owner's rotation was abandoned: an editor's takes its place.
    t.advance(DAY_MS + 60_000);
    const later = await kit.staged(other, spaceId, others.id);
    expect(await stagedOf(spaceId)).toEqual([later.id]);
    expect(await t.storage.exists(fileOf(owners.id))).toBe(false);
    expect(await t.storage.exists(fileOf(later.id))).toBe(true);
  });
});

describe('a rotation once due', () => {
  it('is an editor’s too, wraps to every member but one still joining, who is let in with the new key', async () => {
    const { owner, editor, viewer, joining, invited, spaceId } = await spaceOfFive();
    await leaves(viewer, spaceId);
    const theirs = await kit.device(editor, spaceId, 1);
    expect((await theirs.push()).statusCode).toBe(200);
    const staged = await kit.staged(editor, spaceId, theirs.id);
    const { body } = await kit.rotationOf(editor, spaceId, { snapshot: staged.id });
    expect(body.wraps.map((wrap) => wrap.uid)).not.toContain(joining.uid);
    const answer = await kit.rotate(editor, spaceId, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await t.database.db
      .selectFrom('spaces')
      .select(['epoch', 'rotation_due'])
      .where('id', '=', spaceId)
      .executeTakeFirstOrThrow();
    expect([Number(row.epoch), Number(row.rotation_due)]).toEqual([2, 0]);
    expect((await kit.syncState(owner, spaceId)).wrap).toBe(
      JSON.stringify(body.wraps.find((wrap) => wrap.uid === owner.uid)!.wrap),
    );
    // Due no more: the editor stages nothing for epoch 3.
    const next = await kit.device(editor, spaceId, 2);
    const notDue = await kit.upload(
      editor,
      spaceId,
      { epoch: 3, device: next.id, covers: 1, kind: 'stage' },
      Buffer.from('x'),
    );
    expect([notDue.statusCode, codeOf(notDue)]).toEqual([403, 'space/not-owner']);

    // The member still joining is let in now, with epoch 2's key.
    const add = await entryAtHead(t, owner, spaceId, 'add', {
      invitation: invited.invitation,
      uid: joining.uid,
      fingerprint: invited.fingerprint,
      role: 'viewer',
    });
    const wrap = signedWrap(spaceId, 2, joining.uid, joining.identity!.key.version, owner);
    const completed = await kit.send(owner, 'PUT', `/api/spaces/${spaceId}/members/${joining.uid}/key`, {
      entry: add,
      wrap,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await kit.syncState(joining, spaceId)).toMatchObject({ epoch: 2, wrap: JSON.stringify(wrap) });
    expect(await spaceUsageOf(t, spaceId)).toBe(await spaceKeptFromTables(t, spaceId));
  });
});
