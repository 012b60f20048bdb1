// A change signed before its author's role changed, pushed after (docs/spaces-plan.md §3, "Change format"), through
// the real app and database: an editor's device signs a change at the log's head, the owner demotes them, and the
// push is refused — as read-only while they view, and still (`space/role-changed`) once they edit again, until the
// change is signed at a head that holds their latest role entry. Others' role entries do not hold anyone else's
// changes back, and a retry of a change stored before is answered as stored. SQLite by default, PostgreSQL when
// DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncChangeBody } from '../../shared/schemas/sync.js';
import { SPACE_CHANGE, SPACE_DEVICE, statementBytes } from '../../shared/spaces/statements.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { chain, syncId } from '../test/sync-fixtures.js';
import {
  codeOf,
  createdSpace,
  entryAtHead,
  joinedSpace,
  memberWithIdentity,
  nextPlace,
  type SpaceMember,
} from '../test/space-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
});
afterAll(async () => {
  await t.close();
});

const send = (member: SpaceMember, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  t.request({ method, url, cookie: member.cookie, ...(body === undefined ? {} : { body }) });

/** The log's head as the member reads it now: what a change made now names as its `logHead`. */
const headNow = async (member: SpaceMember, spaceId: string) => (await nextPlace(t, member, spaceId)).prev;

/** A device of `who` in the space at epoch 1: its chain's changes, each signed at the log head given. */
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
    next: () => changes.next(),
    /** `change` as its author signs it at `logHead`. */
    signed: (change: SyncChangeBody, logHead: string) => {
      const madeAt = new Date(t.now()).toISOString();
      const sig = sign(
        statementBytes([SPACE_CHANGE, spaceId, 1, id, change.seq, change.mac, madeAt, logHead]),
      );
      return { ...change, madeAt, logHead, sig };
    },
    push: (list: unknown[]) =>
      send(who, 'POST', `/api/spaces/${spaceId}/changes`, { epoch: 1, device: id, changes: list }),
  };
}

/** The changes the space's series holds, as the owner reads them: each one's author. */
async function authorsStored(owner: SpaceMember, spaceId: string): Promise<string[]> {
  const answer = await send(owner, 'GET', `/api/spaces/${spaceId}/changes?epoch=1&after=0`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { changes: Array<{ author: string }> }).changes.map((change) => change.author);
}

/** The owner sets `who`'s role with a signed `role` entry (answered 200). */
async function setRole(owner: SpaceMember, spaceId: string, who: SpaceMember, role: 'editor' | 'viewer') {
  const entry = await entryAtHead(t, owner, spaceId, 'role', { uid: who.uid, role });
  const answer = await send(owner, 'PATCH', `/api/spaces/${spaceId}/members/${who.uid}`, { entry });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('a change signed before its author’s role changed', () => {
  it('is refused at the push: read-only while they view, role-changed once they edit again', async () => {
    const owner = await memberWithIdentity(t, 'owner');
    const editor = await memberWithIdentity(t, 'editor');
    const spaceId = await createdSpace(t, owner);
    await joinedSpace(t, owner, spaceId, editor, 'editor');
    const phone = await device(editor, spaceId);
    const before = await headNow(editor, spaceId);
    const change = phone.next();

    await setRole(owner, spaceId, editor, 'viewer');
    // Made as an editor, sent as a viewer: refused.
    const early = await phone.push([phone.signed(change, before)]);
    expect([early.statusCode, codeOf(early)], early.body).toEqual([403, 'space/read-only']);
    // Signed again once the device caught up with the demotion: a viewer's, refused as read-only.
    const demoted = await headNow(editor, spaceId);
    const caughtUp = await phone.push([phone.signed(change, demoted)]);
    expect([caughtUp.statusCode, codeOf(caughtUp)], caughtUp.body).toEqual([403, 'space/read-only']);

    await setRole(owner, spaceId, editor, 'editor');
    // An editor again: a change signed before the latest role entry (at either older head) still does not count.
    for (const head of [before, demoted]) {
      const late = await phone.push([phone.signed(change, head)]);
      expect([late.statusCode, codeOf(late)], late.body).toEqual([403, 'space/role-changed']);
    }
    expect(await authorsStored(owner, spaceId)).toEqual([]);

    // Signed at the head that holds the promotion: stored, as theirs.
    const promoted = await headNow(editor, spaceId);
    const stored = await phone.push([phone.signed(change, promoted)]);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().stored).toEqual([1]);
    expect(await authorsStored(owner, spaceId)).toEqual([editor.uid]);

    // The owner's change signed before the editor's role entries: theirs did not change, so it counts.
    const laptop = await device(owner, spaceId);
    const owners = await laptop.push([laptop.signed(laptop.next(), before)]);
    expect(owners.statusCode, owners.body).toBe(200);
    expect(await authorsStored(owner, spaceId)).toEqual([editor.uid, owner.uid]);

    // The editor demoted and promoted again: a retry of the change stored before is answered as stored, never
    // refused nor stored twice; a new one at the old head is refused with the rest of its push.
    await setRole(owner, spaceId, editor, 'viewer');
    await setRole(owner, spaceId, editor, 'editor');
    const retried = await phone.push([phone.signed(change, promoted)]);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().stored).toEqual([1]);
    const mixed = await phone.push([
      phone.signed(phone.next(), await headNow(editor, spaceId)),
      phone.signed(phone.next(), promoted),
    ]);
    expect([mixed.statusCode, codeOf(mixed)], mixed.body).toEqual([403, 'space/role-changed']);
    expect(await authorsStored(owner, spaceId)).toEqual([editor.uid, owner.uid]);
  });
});
