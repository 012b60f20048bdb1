// A space handed over through the real app and database (docs/spaces-plan.md §2, §4, step 8): the owner offers it
// to a member with a signed `handover` entry, that member — and no one else — takes it with a signed
// `handover-accept`, and the space's bytes move from the former owner's quota to the new owner's, only if they
// fit. SQLite by default, PostgreSQL when DATABASE_URL is set.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  codeOf,
  createdSpace,
  entryAtHead,
  joinedSpace,
  memberWithIdentity,
  nextPlace,
  signedEntry,
  type SpaceMember,
} from '../test/space-fixtures.js';
import { rotationKit } from '../test/space-rotation-fixtures.js';
import { spaceKeptFromTables, spaceUsageOf } from '../test/space-usage.js';

let t: TestApp;
let kit: ReturnType<typeof rotationKit>;

beforeAll(async () => {
  // A quota of 1 MiB: two spaces of 600 KB do not fit one member's.
  t = await startTestApp({ USER_QUOTA_MB: '1' });
  kit = rotationKit(t);
});
afterAll(async () => {
  await t.close();
});

/** The bytes counted against a member's quota, as their sync state tells them. */
const usedBytes = async (who: SpaceMember): Promise<number> =>
  (await kit.send(who, 'GET', '/api/sync')).json().usedBytes;

async function spaceOfThree() {
  const [owner, editor, viewer] = [
    await memberWithIdentity(t, 'owner'),
    await memberWithIdentity(t, 'editor'),
    await memberWithIdentity(t, 'viewer'),
  ];
  const spaceId = await createdSpace(t, owner);
  await joinedSpace(t, owner, spaceId, editor, 'editor');
  await joinedSpace(t, owner, spaceId, viewer, 'viewer');
  return { owner, editor, viewer, spaceId };
}

/** Publishes `size` bytes as the space's first snapshot, from a device of `who`'s. */
async function published(who: SpaceMember, spaceId: string, size: number) {
  const device = await kit.device(who, spaceId, 1);
  const answer = await kit.upload(
    who,
    spaceId,
    { epoch: 1, device: device.id, covers: 1, kind: 'publish' },
    crypto.randomBytes(size),
  );
  expect(answer.statusCode, answer.body).toBe(201);
}

const offer = async (by: SpaceMember, spaceId: string, to: SpaceMember) =>
  kit.send(by, 'POST', `/api/spaces/${spaceId}/handover`, {
    entry: await entryAtHead(t, by, spaceId, 'handover', { to: to.uid }),
  });
/** `by`'s signed `handover-accept` at the head (as `reader` reads it: a stranger reads no log). */
const accept = async (by: SpaceMember, spaceId: string, reader = by) =>
  kit.send(by, 'POST', `/api/spaces/${spaceId}/handover-accept`, {
    entry: signedEntry(
      spaceId,
      { ...(await nextPlace(t, reader, spaceId)), kind: 'handover-accept', author: by.uid, body: {} },
      by.identity!,
    ),
  });
const ownerOf = async (spaceId: string) =>
  t.database.db
    .selectFrom('spaces')
    .select(['owner_id', 'handover_to'])
    .where('id', '=', spaceId)
    .executeTakeFirstOrThrow();

describe('a hand-over', () => {
  it('is offered by the owner to a member, taken by that member alone, and moves the bytes', async () => {
    const { owner, editor, viewer, spaceId } = await spaceOfThree();
    await published(owner, spaceId, 50_000);
    // Only the owner offers, only to a full member, only as signed.
    const byEditor = await offer(editor, spaceId, viewer);
    expect([byEditor.statusCode, codeOf(byEditor)]).toEqual([403, 'space/not-owner']);
    const stranger = await memberWithIdentity(t, 'stranger');
    const toStranger = await offer(owner, spaceId, stranger);
    expect([toStranger.statusCode, codeOf(toStranger)]).toEqual([403, 'space/unproven']);
    const offered = await offer(owner, spaceId, editor);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().handoverTo).toBe(editor.uid);
    expect(await ownerOf(spaceId)).toEqual({ owner_id: owner.uid, handover_to: editor.uid });

    // Taken by someone else than the member offered it: the viewer, the owner, a stranger.
    for (const [who, status, code] of [
      [viewer, 403, 'space/unproven'],
      [owner, 403, 'space/unproven'],
      [stranger, 404, 'space/not-found'],
    ] as const) {
      const answer = await accept(who, spaceId, viewer);
      expect([answer.statusCode, codeOf(answer)], who.email).toEqual([status, code]);
    }
    expect(await ownerOf(spaceId)).toEqual({ owner_id: owner.uid, handover_to: editor.uid });

    const before = { owner: await usedBytes(owner), editor: await usedBytes(editor) };
    const usage = await spaceUsageOf(t, spaceId);
    const taken = await accept(editor, spaceId);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ owner: editor.uid, role: 'owner', handoverTo: null });
    expect(await ownerOf(spaceId)).toEqual({ owner_id: editor.uid, handover_to: null });
    const roles = Object.fromEntries(
      (await kit.listed(owner, spaceId))!.members.map((member) => [member.uid, member.role]),
    );
    expect(roles).toEqual({ [owner.uid]: 'editor', [editor.uid]: 'owner', [viewer.uid]: 'viewer' });
    // The space's bytes (the accepting entry's with them) left the former owner's quota for the new owner's.
    const after = await spaceUsageOf(t, spaceId);
    expect(after).toBe(await spaceKeptFromTables(t, spaceId));
    expect(before.owner - (await usedBytes(owner))).toBe(usage);
    expect((await usedBytes(editor)) - before.editor).toBe(after);
    // The new owner manages it now; the former one does not.
    const back = await offer(owner, spaceId, viewer);
    expect([back.statusCode, codeOf(back)]).toEqual([403, 'space/not-owner']);
  });

  it('is refused when the space does not fit the new owner’s quota, changing nothing', async () => {
    const { owner, editor, spaceId } = await spaceOfThree();
    await published(owner, spaceId, 600_000);
    // The editor owns a space of 600 KB of their own: the owner's 600 KB more do not fit in 1 MiB.
    const theirs = await createdSpace(t, editor);
    await published(editor, theirs, 600_000);
    expect((await offer(owner, spaceId, editor)).statusCode).toBe(200);
    const before = { owner: await usedBytes(owner), editor: await usedBytes(editor) };
    const answer = await accept(editor, spaceId);
    expect([answer.statusCode, codeOf(answer)]).toEqual([402, 'storage/quota-exceeded']);
    expect(await ownerOf(spaceId)).toEqual({ owner_id: owner.uid, handover_to: editor.uid });
    expect({ owner: await usedBytes(owner), editor: await usedBytes(editor) }).toEqual(before);
    expect(await spaceUsageOf(t, spaceId)).toBe(await spaceKeptFromTables(t, spaceId));
  });
});
