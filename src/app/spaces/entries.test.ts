// The entries a member's device signs, read back by the log's reducer (the server runs the same one): a whole life of
// a space — made, an invitation, its acceptance and the member let in, a role change, a hand-over offered and taken,
// a member leaving, one removed, the space deleted — with real identities (WebCrypto). The hand-over's routes are
// the server's to add; its entries are checked here.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPACE_INVITATION_TTL_MS } from '../../shared/constants.js';
import { applyEntry, reduceLog, type LogEntry, type SpaceState } from '../../shared/spaces/log.js';
import {
  INVITATION_CLOCK_MARGIN_MS,
  acceptEntry,
  addEntry,
  createSpace,
  deleteEntry,
  emailHash,
  handoverAcceptEntry,
  handoverEntry,
  inviteEntry,
  leaveEntry,
  removeEntry,
  roleEntry,
  type Signer,
} from './entries.js';
import { newIdentity, verifyStatement } from './identity-keys.js';
import { openSpaceKey } from './space-keys.js';

const signer = async (uid: string): Promise<Signer> => ({ uid, identity: (await newIdentity()).identity });

/** Applies an entry to the state, or fails the test with the reducer's reason. */
async function then(state: SpaceState, entry: LogEntry): Promise<SpaceState> {
  const result = await applyEntry(state.spaceId, state, entry, verifyStatement);
  if (!result.ok) throw new Error(`${entry.kind} refused: ${result.reason}`);
  return result.state;
}

/** `invitee` invited by `owner` and let in by `by`; answers the state after. */
async function letIn(
  state: SpaceState,
  owner: Signer,
  invitee: Signer,
  by: Signer,
  key: Uint8Array<ArrayBuffer>,
) {
  const { invitation, entry } = await inviteEntry(owner, state, `${invitee.uid}@example.com`, 'editor', 0);
  state = await then(state, entry);
  state = await then(
    state,
    await acceptEntry(invitee, {
      id: invitation,
      space: state.spaceId,
      log: { seq: state.seq, head: state.head },
    }),
  );
  const added = await addEntry(by, state, invitee.uid, key);
  return { state: await then(state, added!.entry), wrap: added!.wrap };
}

describe('the entries a device signs', () => {
  it('make a space’s whole life the reducer accepts', async () => {
    const [owner, bob, carol, dan] = await Promise.all(['owner', 'bob', 'carol', 'dan'].map(signer));
    const made = await createSpace(owner!);
    const state = (await reduceLog(made.id, [made.entry], verifyStatement)) as {
      ok: true;
      state: SpaceState;
    };
    expect(state.ok).toBe(true);
    const first = { spaceId: made.id, epoch: 1, series: state.state.series, commit: state.state.commit };
    expect(
      await openSpaceKey(owner!, made.wrap, {
        ...first,
        uid: owner!.uid,
        wrapperSignKey: owner!.identity.key.sign,
      }),
    ).toEqual({ ok: true, key: made.key });

    let current = state.state;
    const joined = await letIn(current, owner!, bob!, owner!, made.key);
    current = joined.state;
    expect(current.members[bob!.uid]).toMatchObject({ role: 'editor', state: 'member' });
    // The wrap made with the `add` opens for Bob as the log's key.
    expect(
      await openSpaceKey(bob!, joined.wrap, {
        ...first,
        uid: bob!.uid,
        wrapperSignKey: owner!.identity.key.sign,
      }),
    ).toEqual({ ok: true, key: made.key });
    // An editor lets the next one in.
    current = (await letIn(current, owner!, carol!, bob!, made.key)).state;
    current = (await letIn(current, owner!, dan!, owner!, made.key)).state;

    current = await then(current, await roleEntry(owner!, current, carol!.uid, 'viewer'));
    expect(current.members[carol!.uid]?.role).toBe('viewer');

    current = await then(current, await handoverEntry(owner!, current, bob!.uid));
    expect(current.handoverTo).toBe(bob!.uid);
    current = await then(current, await handoverAcceptEntry(bob!, current));
    expect(current).toMatchObject({ owner: bob!.uid, handoverTo: null });
    expect(current.members[owner!.uid]?.role).toBe('editor');

    current = await then(current, await leaveEntry(carol!, current));
    current = await then(current, await removeEntry(bob!, current, dan!.uid));
    expect(Object.keys(current.members).sort()).toEqual([bob!.uid, owner!.uid].sort());
    expect(current.rotationDue).toBe(true);

    // Only the owner now deletes; the one who was owner cannot.
    const refused = await applyEntry(made.id, current, await deleteEntry(owner!, current), verifyStatement);
    expect(refused).toEqual({ ok: false, seq: current.seq + 1, reason: 'not-allowed' });
    current = await then(current, await deleteEntry(bob!, current));
    expect(current.deleted).toBe(true);
  });

  it('name the address invited by the hash of its normalised form, expiring a margin short of the limit', async () => {
    const owner = await signer('owner');
    const made = await createSpace(owner);
    const { state } = (await reduceLog(made.id, [made.entry], verifyStatement)) as {
      ok: true;
      state: SpaceState;
    };
    const { invitation, entry } = await inviteEntry(owner, state, ' Bob@Example.COM ', 'viewer', 1_000);
    const hash = crypto.createHash('sha256').update('bob@example.com').digest('hex');
    expect(await emailHash('ＢＯＢ@example.com')).toBe(hash);
    expect(entry.body).toEqual({
      invitation,
      emailHash: hash,
      role: 'viewer',
      expiresAt: 1_000 + SPACE_INVITATION_TTL_MS - INVITATION_CLOCK_MARGIN_MS,
    });
    expect(invitation).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // No one waits to be let in: there is nothing to add.
    expect(await addEntry(owner, await then(state, entry), 'bob', made.key)).toBeNull();
  });
});
