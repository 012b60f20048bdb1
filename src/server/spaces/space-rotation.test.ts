// A space's rotation through the real app, database and storage (docs/spaces-plan.md §3 "Rotation", §4, step 8):
// the owner stages the next epoch's snapshot, then rotates — removing a member in the same commit — and the members
// who stay read the new epoch, their wraps and the snapshot, while every row and file of the old epoch is gone with
// the bytes it took. Each forged rotation is performed and refused with nothing changed: an editor's while none is
// due, a bad signature, a replayed entry, another epoch or a stale newest change, wraps missing a member or one too
// many, a wrap the rotating member did not sign, no staged snapshot; and two rotations at once land once.
// SQLite by default, PostgreSQL (two processes) when DATABASE_URL is set.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  codeOf,
  createdSpace,
  joinedSpace,
  memberWithIdentity,
  randomB64url,
  signedWrap,
  spaceEvents,
} from '../test/space-fixtures.js';
import { rotationKit } from '../test/space-rotation-fixtures.js';
import { spaceKeptFromTables, spaceUsageOf } from '../test/space-usage.js';

let t: TestApp;
/** A second server process on PostgreSQL (the same database and live bus); on SQLite, the one process. */
let other: TestApp;
let kit: ReturnType<typeof rotationKit>;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '4' });
  other = process.env.DATABASE_URL ? await startTestApp({ USER_QUOTA_MB: '4' }, { sharing: t }) : t;
  kit = rotationKit(t);
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});

/** A space of a new owner's with an editor and a viewer let in (and a member still joining, when asked). */
async function spaceOfThree(options: { joining?: boolean } = {}) {
  const [owner, editor, viewer] = [
    await memberWithIdentity(t, 'owner'),
    await memberWithIdentity(t, 'editor'),
    await memberWithIdentity(t, 'viewer'),
  ];
  const spaceId = await createdSpace(t, owner);
  await joinedSpace(t, owner, spaceId, editor, 'editor');
  await joinedSpace(t, owner, spaceId, viewer, 'viewer');
  const joining = options.joining ? await memberWithIdentity(t, 'joining') : undefined;
  if (joining) await joinedSpace(t, owner, spaceId, joining, 'viewer', { joining: true });
  return { owner, editor, viewer, joining, spaceId };
}

/** The space's running count of bytes is what its tables keep. */
async function expectUsageKept(spaceId: string) {
  expect(await spaceUsageOf(t, spaceId)).toBe(await spaceKeptFromTables(t, spaceId));
}

describe('a rotation', () => {
  it('removes a member and moves the others to the next epoch; nothing of the old one stays', async () => {
    const { owner, editor, viewer, spaceId } = await spaceOfThree();
    const { send, syncState } = kit;
    const mine = await kit.device(owner, spaceId, 1);
    const theirs = await kit.device(editor, spaceId, 1);
    const viewing = await kit.device(viewer, spaceId, 1);
    expect((await mine.push(2)).statusCode).toBe(200);
    expect((await theirs.push()).statusCode).toBe(200);
    // A snapshot of epoch 1, more changes after it, and a device retired: every kind of row the epoch keeps.
    const old = await kit.upload(
      owner,
      spaceId,
      { epoch: 1, device: mine.id, covers: 3 },
      crypto.randomBytes(900),
    );
    expect(old.statusCode, old.body).toBe(201);
    expect((await theirs.push()).statusCode).toBe(200);
    expect((await send(viewer, 'DELETE', `/api/spaces/${spaceId}/devices/${viewing.id}`)).statusCode).toBe(
      204,
    );
    const oldFile = `spaces/${spaceId}/snapshots/${old.json().id}`;
    expect(await t.storage.exists(oldFile)).toBe(true);
    const streams = { viewer: await spaceEvents(t, viewer), editor: await spaceEvents(t, editor) };
    try {
      await expect
        .poll(() => streams.editor.told())
        .toContainEqual({ id: spaceId, epoch: 1, latest: 4, log: 7 });
      const staged = await kit.staged(owner, spaceId, mine.id);
      // Staged, it is nobody's to read yet: the series still names epoch 1's snapshot.
      expect((await syncState(viewer, spaceId)).snapshot?.id).toBe(old.json().id);
      const early = await send(viewer, 'GET', `/api/spaces/${spaceId}/snapshots/${staged.id}`);
      expect([early.statusCode, codeOf(early)]).toEqual([404, 'storage/object-not-found']);
      await expectUsageKept(spaceId);

      const { body, series } = await kit.rotationOf(owner, spaceId, { snapshot: staged.id, remove: editor });
      const answer = await kit.rotate(owner, spaceId, body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ epoch: 2, series });
      expect(
        answer
          .json()
          .members.map((m: { uid: string }) => m.uid)
          .sort(),
      ).toEqual([owner.uid, viewer.uid].sort());

      // The viewer reads the new epoch: its series, its publication, and the wrap the owner made for them.
      const wrapOfViewer = body.wraps.find((wrap) => wrap.uid === viewer.uid)!.wrap;
      expect(await syncState(viewer, spaceId)).toEqual({
        epoch: 2,
        series,
        latest: 1,
        snapshot: { id: staged.id, covers: 1, size: staged.bytes.length },
        devices: [],
        wrap: JSON.stringify(wrapOfViewer),
      });
      const file = await send(viewer, 'GET', `/api/spaces/${spaceId}/snapshots/${staged.id}?epoch=2`);
      expect(Buffer.from(file.rawPayload).equals(staged.bytes)).toBe(true);
      const first = await send(viewer, 'GET', `/api/spaces/${spaceId}/changes?epoch=2&after=0`);
      expect(first.json()).toMatchObject({ changes: [], latest: 1, snapshot: { id: staged.id, covers: 1 } });

      // Nothing of epoch 1 stays: no row, no file, and the count of bytes is what remains.
      expect(await kit.rowsOfEpoch(spaceId, 1)).toEqual({
        changes: 0,
        heads: 0,
        devices: 0,
        retired: 0,
        snapshots: 0,
        wraps: 0,
      });
      expect(await kit.rowsOfEpoch(spaceId, 2)).toEqual({
        changes: 0,
        heads: 0,
        devices: 0,
        retired: 0,
        snapshots: 1,
        wraps: 2,
      });
      expect(await t.storage.exists(oldFile)).toBe(false);
      expect(await t.storage.exists(`spaces/${spaceId}/snapshots/${staged.id}`)).toBe(true);
      await expectUsageKept(spaceId);

      // Epoch 1 is over for every device: its pushes, reads and snapshots.
      const pushed = await mine.push();
      expect([pushed.statusCode, codeOf(pushed)]).toEqual([409, 'space/stale-epoch']);
      for (const url of [
        `/api/spaces/${spaceId}/changes?epoch=1&after=0`,
        `/api/spaces/${spaceId}/snapshots/${staged.id}?epoch=1`,
      ]) {
        const read = await send(viewer, 'GET', url);
        expect([read.statusCode, codeOf(read)], url).toEqual([409, 'space/stale-epoch']);
      }
      const gone = await send(viewer, 'GET', `/api/spaces/${spaceId}/snapshots/${old.json().id}`);
      expect([gone.statusCode, codeOf(gone)]).toEqual([404, 'storage/object-not-found']);

      // The member removed reads and pushes nothing more, and their stream hears nothing of the new epoch.
      for (const url of [`/api/spaces/${spaceId}/sync`, `/api/spaces/${spaceId}/log`]) {
        const read = await send(editor, 'GET', url);
        expect([read.statusCode, codeOf(read)], url).toEqual([404, 'space/not-found']);
      }
      const theirsAfter = await theirs.push();
      expect([theirsAfter.statusCode, codeOf(theirsAfter)]).toEqual([404, 'space/not-found']);
      expect(
        (
          await t.database.db
            .selectFrom('space_keys')
            .select('user_id')
            .where('space_id', '=', spaceId)
            .execute()
        )
          .map((row) => row.user_id)
          .sort(),
      ).toEqual([owner.uid, viewer.uid].sort());
      await expect
        .poll(() => streams.viewer.told())
        .toContainEqual({ id: spaceId, epoch: 2, latest: 1, log: 9 });

      // The new epoch's devices join and write on after its publication.
      const next = await kit.device(owner, spaceId, 2);
      expect((await next.push()).json()).toMatchObject({ stored: [2], latest: 2 });
      await expect
        .poll(() => streams.viewer.told())
        .toContainEqual({ id: spaceId, epoch: 2, latest: 2, log: 9 });
      expect(streams.editor.told().filter((event) => event.epoch === 2)).toEqual([]);
      await expectUsageKept(spaceId);
    } finally {
      streams.viewer.close();
      streams.editor.close();
    }
  });

  it('refuses every forged rotation, changing nothing, then takes the true one once', async () => {
    const { owner, editor, viewer, joining, spaceId } = await spaceOfThree({ joining: true });
    const mine = await kit.device(owner, spaceId, 1);
    const theirs = await kit.device(editor, spaceId, 1);
    expect((await mine.push()).statusCode).toBe(200);
    const staged = await kit.staged(owner, spaceId, mine.id);
    const unchanged = async () => {
      expect((await kit.syncState(owner, spaceId)).epoch).toBe(1);
      expect((await kit.rowsOfEpoch(spaceId, 2)).wraps).toBe(0);
      const row = await t.database.db
        .selectFrom('space_snapshots')
        .select('staged')
        .where('id', '=', staged.id)
        .executeTakeFirst();
      expect(Number(row?.staged)).toBe(1);
      await expectUsageKept(spaceId);
    };
    const refused = async (status: number, code: string, body: unknown, by = owner) => {
      const answer = await kit.rotate(by, spaceId, body);
      expect([answer.statusCode, codeOf(answer)], answer.body).toEqual([status, code]);
    };
    const snapshot = staged.id;

    // Who: an editor while no rotation is due (their staging too), a viewer, a stranger.
    await refused(403, 'space/not-owner', (await kit.rotationOf(editor, spaceId, { snapshot })).body, editor);
    const editorStages = await kit.upload(
      editor,
      spaceId,
      { epoch: 2, device: theirs.id, covers: 1, kind: 'stage' },
      Buffer.from('x'),
    );
    expect([editorStages.statusCode, codeOf(editorStages)]).toEqual([403, 'space/not-owner']);
    await refused(403, 'space/read-only', (await kit.rotationOf(viewer, spaceId, { snapshot })).body, viewer);
    const stranger = await memberWithIdentity(t, 'stranger');
    await refused(
      404,
      'space/not-found',
      (await kit.rotationOf(owner, spaceId, { snapshot })).body,
      stranger,
    );

    // Signatures: random, or another member's key.
    const random = (await kit.rotationOf(owner, spaceId, { snapshot })).body;
    random.entries[0]!.sig = randomB64url(64);
    await refused(403, 'space/unproven', random);
    await refused(
      403,
      'space/unproven',
      (await kit.rotationOf(owner, spaceId, { snapshot, signer: editor.identity! })).body,
    );

    // Another epoch, or a newest change the rotating device had not applied.
    await refused(
      409,
      'space/stale-epoch',
      (await kit.rotationOf(owner, spaceId, { snapshot, epoch: 2 })).body,
    );
    const behind = (await kit.rotationOf(owner, spaceId, { snapshot })).body;
    expect((await theirs.push()).statusCode).toBe(200);
    await refused(409, 'space/stale-epoch', behind);

    // Wraps: one missing, one too many (to the member still joining, or twice the same), one not signed by the
    // rotating member, one of another epoch's key.
    const wrapsOf = (wraps: Parameters<typeof kit.rotationOf>[2]['wraps']) =>
      kit.rotationOf(owner, spaceId, { snapshot, wraps }).then((made) => made.body);
    const wrap = (uid: string, epoch: number, version = 1, by = owner) => ({
      uid,
      wrap: signedWrap(spaceId, epoch, uid, version, by),
    });
    await refused(
      403,
      'space/unproven',
      await wrapsOf((staying, next) =>
        staying.filter((m) => m.uid !== viewer.uid).map((m) => wrap(m.uid, next)),
      ),
    );
    await refused(
      403,
      'space/unproven',
      await wrapsOf((staying, next) => [...staying.map((m) => wrap(m.uid, next)), wrap(joining!.uid, next)]),
    );
    await refused(
      403,
      'space/unproven',
      await wrapsOf((staying, next) => [...staying.map((m) => wrap(m.uid, next)), wrap(owner.uid, next)]),
    );
    await refused(
      403,
      'space/unproven',
      await wrapsOf((staying, next) =>
        staying.map((m) =>
          m.uid === viewer.uid
            ? { uid: m.uid, wrap: { ...wrap(m.uid, next, 1, viewer).wrap, by: owner.uid } }
            : wrap(m.uid, next),
        ),
      ),
    );
    await refused(403, 'space/unproven', await wrapsOf((staying) => staying.map((m) => wrap(m.uid, 1))));

    // No staged snapshot of the rotating member's for the next epoch.
    await refused(
      409,
      'space/rotation-busy',
      (await kit.rotationOf(owner, spaceId, { snapshot: crypto.randomUUID() })).body,
    );
    await unchanged();

    // The true one lands, once: sent again it is stale, and its entry replayed at the new head is refused.
    const { body } = await kit.rotationOf(owner, spaceId, { snapshot });
    expect((await kit.rotate(owner, spaceId, body)).statusCode).toBe(200);
    await refused(409, 'space/stale-epoch', body);
    const next = await kit.device(owner, spaceId, 2);
    const again = await kit.staged(owner, spaceId, next.id);
    const fresh = (await kit.rotationOf(owner, spaceId, { snapshot: again.id })).body;
    await refused(403, 'space/unproven', { ...fresh, entries: body.entries });
    expect((await kit.syncState(viewer, spaceId)).epoch).toBe(2);
    await expectUsageKept(spaceId);
  });

  it('lands once when two are sent at once, and streams hear the new epoch at the same number', async () => {
    const { owner, viewer, spaceId } = await spaceOfThree();
    const mine = await kit.device(owner, spaceId, 1);
    expect((await mine.push()).statusCode).toBe(200);
    const stream = await spaceEvents(t, viewer);
    try {
      await expect.poll(() => stream.told()).toContainEqual({ id: spaceId, epoch: 1, latest: 1, log: 7 });
      const staged = await kit.staged(owner, spaceId, mine.id);
      const [a, b] = [
        await kit.rotationOf(owner, spaceId, { snapshot: staged.id }),
        await kit.rotationOf(owner, spaceId, { snapshot: staged.id }),
      ];
      const answers = await Promise.all([
        kit.rotate(owner, spaceId, a.body, t),
        kit.rotate(owner, spaceId, b.body, other),
      ]);
      expect(answers.map((answer) => [answer.statusCode, codeOf(answer)]).sort()).toEqual([
        [200, undefined],
        [409, 'space/stale-epoch'],
      ]);
      const landed = answers[0]!.statusCode === 200 ? a : b;
      expect(await kit.syncState(owner, spaceId)).toMatchObject({
        epoch: 2,
        series: landed.series,
        latest: 1,
      });
      expect((await kit.rowsOfEpoch(spaceId, 2)).wraps).toBe(3);
      await expectUsageKept(spaceId);
      // Epoch 2 begins at 1 too: the news tells it apart by its epoch.
      await expect.poll(() => stream.told()).toContainEqual({ id: spaceId, epoch: 2, latest: 1, log: 8 });
    } finally {
      stream.close();
    }
  });
});
