// Memberships of shared spaces on members' devices against the real server (Fastify's inject; SQLite, or PostgreSQL
// when DATABASE_URL is set): the app's real vaults over fake-indexeddb with sync on, real identities, real WebCrypto.
// An owner invites by e-mail, the invitee accepts, the owner's device lets them in by itself and both devices of the
// invitee open the very key the owner drew — and the attacks: a server that swaps the invitee's key in the log or in
// the list, a wrap that is not the log's key, an invitation taken by another account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import { ApiFailure } from '../../client/api.js';
import {
  browserCookies,
  holdsVault,
  signedInMember,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../../server/test/harness.js';
import { entryHash, type LogEntry } from '../../shared/spaces/log.js';
import { newHeader } from '../test/devices.js';
import { spaceDevice, type SpaceAccount, type SpaceDevice, type TestServer } from '../test/space-members.js';
import { acceptEntry, nextPlace, signedEntry } from './entries.js';
import { EpochKeys, openWrap } from './epoch-keys.js';
import { SpaceMembers } from './members.js';
import { keyFingerprint, newIdentity } from './identity-keys.js';
import { sameSafetyCode } from './safety-code.js';
import { newEpoch, wrapSpaceKey } from './space-keys.js';

let t: TestApp;
let server: TestServer;
const open: SpaceDevice[] = [];
const PASSWORD = 'member password 1';

beforeAll(async () => {
  t = await startTestApp();
  server = {
    inject: async (request) => t.app.inject({ ...request, method: request.method as 'GET' }),
    origin: t.origin,
  };
});
afterAll(async () => {
  for (const device of open.splice(0)) device.close();
  await t.close();
});

/** An account signed in on browser 0; each further browser signs in and is approved from the first. */
async function spaceAccount(name: string): Promise<SpaceAccount> {
  const email = `${name}.${crypto.randomUUID()}@example.com`;
  const cookies = [await signedInMember(t, email, PASSWORD)];
  const session = await t.request({ method: 'GET', url: '/api/session', cookie: cookies[0]! });
  return {
    email,
    uid: session.json<{ user: { uid: string } }>().user.uid,
    header: await newHeader(),
    async cookie(browser) {
      while (cookies.length <= browser) {
        const login = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { email, password: PASSWORD, idleMinutes: 0 },
          headers: {
            'user-agent': `Mozilla/5.0 (Linux; Android 14; Pixel ${cookies.length}) Mobile Safari/537.36`,
          },
          ip: uniqueIp(),
        });
        const waiting = (await t.request({ method: 'GET', url: '/api/sessions', cookie: cookies[0]! }))
          .json<{ sessions: Array<{ id: string; pending: boolean }> }>()
          .sessions.find((item) => item.pending);
        await holdsVault(t, cookies[0]!);
        await t.request({
          method: 'POST',
          url: `/api/sessions/${waiting!.id}/approve`,
          cookie: cookies[0]!,
          body: {},
        });
        cookies.push(browserCookies(login));
      }
      return cookies[browser]!;
    },
  };
}

async function device(name: string | SpaceDevice, browser = 0): Promise<SpaceDevice> {
  const account = typeof name === 'string' ? await spaceAccount(name) : name.account;
  const made = await spaceDevice(server, account, browser);
  open.push(made);
  return made;
}

/** The space as a device's views show it after a refresh. */
async function viewOf(member: SpaceDevice, spaceId: string) {
  const { spaces } = await member.members.refresh();
  return spaces.find((space) => space.id === spaceId);
}

/** A space of `owner`'s with `invitee` let in (the owner's device completing by itself). */
async function joined(owner: SpaceDevice, invitee: SpaceDevice, role: 'editor' | 'viewer' = 'editor') {
  const spaceId = await owner.members.create();
  const invitation = await owner.members.invite(spaceId, invitee.account.email, role);
  await invitee.members.refresh();
  await invitee.members.accept(invitation);
  await owner.members.refresh();
  expect((await viewOf(invitee, spaceId))?.status).toBe('ready');
  return { spaceId, invitation };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ApiFailure ? error.code : String(error);
  }
};

/**
 * The space's log and list as a lying server answers `who`: `invitee`'s `accept` carries another key (signed by it,
 * so the log checks out), and the list's head and members follow, so the lie is consistent.
 */
async function swappedAcceptFor(who: SpaceDevice, invitee: SpaceDevice, spaceId: string) {
  const attacker = await newIdentity();
  const real = (await who.api.call('spaceLog', { params: { id: spaceId }, query: { after: 0 } }))
    .entries as LogEntry[];
  const at = real.findIndex((entry) => entry.kind === 'accept' && entry.author === invitee.account.uid);
  const accepted = real[at] as LogEntry<'accept'>;
  const forged = await acceptEntry(
    { uid: invitee.account.uid, identity: attacker.identity },
    { id: accepted.body.invitation, space: spaceId, log: { seq: accepted.seq - 1, head: accepted.prev } },
  );
  const head = await entryHash(forged);
  who.tamper = (path, method, json) => {
    if (path.startsWith(`/api/spaces/${spaceId}/log`)) {
      const { entries } = json as { entries: LogEntry[] };
      return { entries: entries.map((entry) => (entry.seq === forged.seq ? forged : entry)) };
    }
    if (path === '/api/spaces' && method === 'GET') {
      const list = json as { spaces: Array<{ id: string; log: { head: string }; members: unknown[] }> };
      for (const space of list.spaces.filter((item) => item.id === spaceId)) {
        space.log.head = head;
        space.members = space.members.map((member) =>
          (member as { uid: string }).uid === invitee.account.uid
            ? { ...(member as object), key: attacker.identity.key }
            : member,
        );
      }
      return list;
    }
    return json;
  };
  return attacker;
}

describe('memberships on devices', () => {
  it('go from invite to accept to a member let in by the owner’s device, with the owner’s key on both of theirs', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const spaceId = await owner.members.create();
    expect(await viewOf(owner, spaceId)).toMatchObject({
      id: spaceId,
      role: 'owner',
      status: 'ready',
      writable: true,
      epoch: 1,
      members: [{ uid: owner.account.uid, email: owner.account.email, role: 'owner', you: true }],
    });

    // Invited by an address typed with capitals and blanks: the hash in the signed entry is of the normalised one.
    const invitation = await owner.members.invite(spaceId, ` ${bob.account.email.toUpperCase()} `, 'editor');
    expect((await viewOf(owner, spaceId))?.invitations).toEqual([
      expect.objectContaining({ id: invitation, role: 'editor' }),
    ]);
    const { invitations } = await bob.members.refresh();
    expect(invitations).toEqual([
      {
        id: invitation,
        spaceId,
        invitedBy: owner.account.email,
        role: 'editor',
        expiresAt: expect.any(String) as string,
      },
    ]);

    await bob.members.accept(invitation);
    expect(await viewOf(bob, spaceId)).toMatchObject({ status: 'joining', role: 'editor', writable: false });

    // The owner's device hears the accept and lets Bob in by itself: the `add` entry and the key wrapped to him.
    const ownerView = await viewOf(owner, spaceId);
    expect(ownerView?.members).toEqual([
      expect.objectContaining({ uid: owner.account.uid, you: true, trust: 'verified' }),
      {
        uid: bob.account.uid,
        email: bob.account.email,
        name: bob.account.email,
        role: 'editor',
        state: 'member',
        trust: 'not-verified',
        you: false,
      },
    ]);
    expect(ownerView?.invitations).toEqual([]);

    const bobView = await viewOf(bob, spaceId);
    expect(bobView).toMatchObject({ status: 'ready', role: 'editor', writable: true, epoch: 1 });
    const ownerKey = await owner.keys.get(spaceId, 1);
    expect(ownerKey).toHaveLength(32);
    expect(await bob.keys.get(spaceId, 1)).toEqual(ownerKey);

    // Bob's phone opens it from its own wrap; and the laptop's key is kept sealed, for an offline unlock.
    const phone = await device(bob, 1);
    expect((await viewOf(phone, spaceId))?.status).toBe('ready');
    expect(await phone.keys.get(spaceId, 1)).toEqual(ownerKey);
    const again = new EpochKeys(bob.account.uid, bob.device.vault, {
      indexedDB: bob.device.indexedDB,
      IDBKeyRange,
    });
    expect(await again.get(spaceId, 1)).toEqual(ownerKey);
    // The app started again with no network: the space shows as the laptop last checked it, ready.
    const offline = async () => {
      throw new ApiFailure('network', 0);
    };
    const restarted = new SpaceMembers({
      uid: bob.account.uid,
      identity: bob.identity,
      api: { call: offline },
      vault: bob.device.vault,
      keys: again,
    });
    const { spaces } = await restarted.restore();
    expect(spaces).toEqual([bobView]);
    again.close();
    // Not among the vault's records: never listed, searched or backed up as the member's.
    expect(bob.device.vault.all().map((entry) => entry.kind)).not.toContain('space-key');

    // Both compute the same code; once compared, Bob's key is verified on the owner's side.
    const ownerCode = await owner.members.safetyCode(spaceId, bob.account.uid);
    expect(sameSafetyCode(ownerCode, await bob.members.safetyCode(spaceId, owner.account.uid))).toBe(true);
    await owner.members.markVerified(spaceId, bob.account.uid);
    expect((await viewOf(owner, spaceId))?.members[1]?.trust).toBe('verified');
  });

  it('let a member in once when two of the owner’s devices hear the accept, and share the owner’s trust', async () => {
    const laptop = await device('owner');
    const phone = await device(laptop, 1);
    const bob = await device('bob');
    const spaceId = await laptop.members.create();
    const invitation = await laptop.members.invite(spaceId, bob.account.email, 'viewer');
    await bob.members.refresh();
    await bob.members.accept(invitation);

    // The phone signs its `add` first, but its request is held until the laptop's has landed on the same head.
    const completing = `PUT /api/spaces/${spaceId}/members/${bob.account.uid}/key`;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    phone.hold = async (method, path) => {
      if (`${method} ${path}` !== completing) return;
      held();
      await released;
    };
    const phoneRun = phone.members.refresh();
    await holding;
    await laptop.members.refresh();
    release();
    await phoneRun;
    phone.hold = null;
    const { entries } = await laptop.api.call('spaceLog', { params: { id: spaceId }, query: { after: 0 } });
    expect(entries.map((entry) => entry.kind)).toEqual(['create', 'invite', 'accept', 'add']);
    // The phone's was refused (the head had moved); read again, Bob was in: nothing more was sent.
    expect(phone.sent.filter((line) => line.startsWith(completing))).toEqual([`${completing} 403`]);
    expect(laptop.sent.filter((line) => line.startsWith(completing))).toEqual([`${completing} 200`]);
    expect(await viewOf(bob, spaceId)).toMatchObject({ status: 'ready', role: 'viewer', writable: false });
    expect(await phone.keys.get(spaceId, 1)).toEqual(await laptop.keys.get(spaceId, 1));

    // Compared on the laptop; the member's settings sync, and the phone shows Bob's key verified too.
    expect((await viewOf(phone, spaceId))?.members[1]?.trust).toBe('not-verified');
    await laptop.members.markVerified(spaceId, bob.account.uid);
    await laptop.device.sync();
    await phone.device.sync();
    expect(phone.members.views().spaces[0]?.members[1]).toMatchObject({
      uid: bob.account.uid,
      trust: 'verified',
    });
  });

  it('wait for an owner’s or editor’s device: a viewer’s lets no one in; withdrawn and declined invitations go', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const carol = await device('carol');
    const dan = await device('dan');
    const { spaceId } = await joined(owner, bob, 'viewer');
    const toCarol = await owner.members.invite(spaceId, carol.account.email, 'editor');
    await carol.members.refresh();
    await carol.members.accept(toCarol);

    // Bob, a viewer, hears Carol's accept: his device sends nothing, and she waits for the owner's.
    expect(
      (await viewOf(bob, spaceId))?.members.find((member) => member.uid === carol.account.uid),
    ).toMatchObject({
      state: 'joining',
      role: 'editor',
    });
    expect(bob.sent.filter((line) => line.startsWith(`PUT /api/spaces/${spaceId}/`))).toEqual([]);
    expect((await viewOf(carol, spaceId))?.status).toBe('joining');
    await owner.members.refresh();
    expect((await viewOf(carol, spaceId))?.status).toBe('ready');

    const toDan = await owner.members.invite(spaceId, dan.account.email, 'viewer');
    expect((await viewOf(owner, spaceId))?.invitations).toEqual([
      { id: toDan, email: dan.account.email, role: 'viewer', expiresAt: expect.any(String) as string },
    ]);
    // The address is known to the device that invited (the log names its hash only), after a restart too.
    const restarted = new SpaceMembers({ ...owner, uid: owner.account.uid, vault: owner.device.vault });
    const restored = (await restarted.restore()).spaces.find((space) => space.id === spaceId);
    expect(restored?.invitations.map((item) => item.email)).toEqual([dan.account.email]);
    expect((await dan.members.refresh()).invitations.map((item) => item.id)).toEqual([toDan]);
    await owner.members.withdraw(spaceId, toDan);
    expect((await viewOf(owner, spaceId))?.invitations).toEqual([]);
    expect((await dan.members.refresh()).invitations).toEqual([]);
    expect(await codeOf(dan.members.accept(toDan))).toBe('space/invitation-not-found');

    const again = await owner.members.invite(spaceId, dan.account.email, 'viewer');
    await dan.members.refresh();
    await dan.members.decline(again);
    expect((await dan.members.refresh()).invitations).toEqual([]);
  });

  it("show an owner's pending invitations on each of their devices, with the address, until withdrawn on one", async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const dan = await device('dan');
    const { spaceId } = await joined(owner, bob);
    const phone = await device(owner, 1);
    const toDan = await owner.members.invite(spaceId, dan.account.email, 'viewer');
    // The owner's other device never saw the address typed: the server's list gives it to the owner alone.
    expect((await viewOf(phone, spaceId))?.invitations).toEqual([
      { id: toDan, email: dan.account.email, role: 'viewer', expiresAt: expect.any(String) as string },
    ]);
    expect((await viewOf(bob, spaceId))?.invitations).toEqual([]);
    const listed = await bob.api.call('spaces');
    expect(listed.spaces.find((space) => space.id === spaceId)?.invitations).toEqual([]);
    // Withdrawn on the phone, it is gone from the laptop too (the log keeps the signed `invite`).
    await phone.members.withdraw(spaceId, toDan);
    expect((await viewOf(owner, spaceId))?.invitations).toEqual([]);
  });

  it('show a role change and a removal on both sides', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const { spaceId } = await joined(owner, bob);

    await owner.members.setRole(spaceId, bob.account.uid, 'viewer');
    expect((await viewOf(owner, spaceId))?.members[1]).toMatchObject({ role: 'viewer' });
    expect(await viewOf(bob, spaceId)).toMatchObject({ role: 'viewer', status: 'ready', writable: false });

    await owner.members.remove(spaceId, bob.account.uid);
    const after = await viewOf(owner, spaceId);
    expect(after?.members.map((member) => member.uid)).toEqual([owner.account.uid]);
    expect(after?.rotationDue).toBe(true);
    expect(await viewOf(bob, spaceId)).toMatchObject({ status: 'removed', writable: false });
    // Bob read the notice: nothing of the space stays on his device, after a restart either.
    await bob.members.acknowledgeRemoval(spaceId);
    expect(await bob.keys.get(spaceId, 1)).toBeNull();
    expect(bob.members.views().spaces).toEqual([]);
    const restarted = new SpaceMembers({ ...bob, uid: bob.account.uid, vault: bob.device.vault });
    expect((await restarted.restore()).spaces).toEqual([]);
  });

  it('leave a member’s keys when they leave, and end a deleted space for everyone', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const { spaceId } = await joined(owner, bob);
    await bob.members.leave(spaceId);
    expect(await bob.keys.get(spaceId, 1)).toBeNull();
    expect((await viewOf(bob, spaceId))?.status).toBe('removed');
    expect((await viewOf(owner, spaceId))?.rotationDue).toBe(true);

    const other = await owner.members.create();
    await owner.members.deleteSpace(other, PASSWORD);
    expect((await viewOf(owner, other))?.status).toBe('removed');
    expect(await owner.keys.get(other, 1)).toBeNull();
  });
});

describe('a server that lies to a member’s device', () => {
  it('swapping the invitee’s key in the log shows “key changed”, lets no one in, and the codes differ', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    await joined(owner, bob);

    // A second space: the server hands the owner's device an `accept` with its own key for Bob, made consistent.
    const spaceId = await owner.members.create();
    const invitation = await owner.members.invite(spaceId, bob.account.email, 'editor');
    await bob.members.refresh();
    await bob.members.accept(invitation);
    await swappedAcceptFor(owner, bob, spaceId);
    const view = await viewOf(owner, spaceId);
    expect(view?.refused).toBeUndefined();
    // Its device did not even try to let that key in.
    const completing = `PUT /api/spaces/${spaceId}/members/${bob.account.uid}/key`;
    expect(owner.sent.filter((line) => line.startsWith(completing))).toEqual([]);
    expect(view?.members.find((member) => !member.you)).toMatchObject({
      uid: bob.account.uid,
      state: 'joining',
      trust: 'key-changed',
    });
    // Nothing was wrapped to the swapped key: Bob is still waiting in the server's log too.
    owner.tamper = null;
    const { entries } = await owner.api.call('spaceLog', { params: { id: spaceId }, query: { after: 0 } });
    expect(entries.map((entry) => entry.kind)).toEqual(['create', 'invite', 'accept']);
    expect((await viewOf(bob, spaceId))?.status).toBe('joining');

    // The owner's code (made with the swapped key, as the lying server showed it) is not Bob's.
    await swappedAcceptFor(owner, bob, spaceId);
    await owner.members.refresh();
    const ownerCode = await owner.members.safetyCode(spaceId, bob.account.uid);
    const bobCode = await bob.members.safetyCode(spaceId, owner.account.uid);
    expect(sameSafetyCode(ownerCode, bobCode)).toBe(false);
  });

  it('swapping a key in the list alone, or putting the member in with a key not theirs, is refused', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const { spaceId } = await joined(owner, bob);
    const stranger = (await newIdentity()).identity.key;
    owner.tamper = (path, method, json) => {
      if (path !== '/api/spaces' || method !== 'GET') return json;
      const list = json as { spaces: Array<{ members: Array<{ uid: string; key: unknown }> }> };
      for (const member of list.spaces.flatMap((space) => space.members))
        if (member.uid === bob.account.uid) member.key = stranger;
      return list;
    };
    const refused = await viewOf(owner, spaceId);
    expect(refused?.refused).toBe('altered');
    // The last view that checked out stays, Bob with his real key.
    expect(refused?.members[1]?.trust).toBe('not-verified');

    // A `rekey` in Bob's name, signed by a key the server made: Bob's device knows it is not his.
    const forger = (await newIdentity(2)).identity;
    bob.tamper = null;
    const { state: held } = await bob.members.logs.refresh(spaceId);
    const rekey = await signedEntry(
      spaceId,
      nextPlace(held),
      { uid: bob.account.uid, identity: forger },
      'rekey',
      {
        key: forger.key,
        fingerprint: await keyFingerprint(forger.key),
      },
    );
    bob.tamper = (path, _method, json) =>
      path.startsWith(`/api/spaces/${spaceId}/log`)
        ? { entries: [...(json as { entries: [] }).entries, rekey] }
        : json;
    await expect(bob.members.logs.refresh(spaceId)).rejects.toMatchObject({ verdict: 'altered' });
    // Nothing of it was kept: the log as checked before stays.
    expect(bob.members.logs.get(spaceId)?.state.seq).toBe(held.seq);
    bob.tamper = null;

    // Bob's fresh device reads a log whose `accept` puts him in with another key: his own device refuses it.
    const phone = await device(bob, 1);
    const space = await owner.members.create();
    const invitation = await owner.members.invite(space, bob.account.email, 'viewer');
    await phone.members.refresh();
    await phone.members.accept(invitation);
    await swappedAcceptFor(phone, bob, space);
    // No view: nothing of this space's log ever checked out on the phone.
    expect(await viewOf(phone, space)).toBeUndefined();
    expect(phone.members.refused(space)).toBe('altered');
  });

  it('a wrap that is not the log’s key, or not from the member who let them in, opens nothing', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const spaceId = await owner.members.create();
    const invitation = await owner.members.invite(spaceId, bob.account.email, 'editor');
    await bob.members.refresh();
    await bob.members.accept(invitation);
    await owner.members.refresh();
    const phone = await device(bob, 1);
    const log = await phone.members.logs.refresh(spaceId);
    const target = { spaceId, epoch: 1, uid: bob.account.uid, key: bob.identity.key };
    const me = { uid: bob.account.uid, identity: bob.identity };

    // Signed by the owner, who let Bob in, but of another key than the one the log commits to.
    const other = await wrapSpaceKey(
      { uid: owner.account.uid, identity: owner.identity },
      target,
      newEpoch().key,
    );
    expect(await openWrap(me, log, JSON.stringify(other))).toEqual({ ok: false, reason: 'commitment' });
    // The server's own wrap, in the owner's name.
    const server = await newIdentity();
    const forged = await wrapSpaceKey(
      { uid: owner.account.uid, identity: server.identity },
      target,
      newEpoch().key,
    );
    expect(await openWrap(me, log, JSON.stringify(forged))).toEqual({ ok: false, reason: 'unsigned' });

    phone.tamper = (path, _method, json) =>
      path === `/api/spaces/${spaceId}/sync` ? { ...(json as object), wrap: JSON.stringify(other) } : json;
    expect((await viewOf(phone, spaceId))?.status).toBe('joining');
    expect(await phone.keys.get(spaceId, 1)).toBeNull();
    phone.tamper = null;
    expect((await viewOf(phone, spaceId))?.status).toBe('ready');
  });

  it('an invitation to Bob cannot be accepted by another account', async () => {
    const owner = await device('owner');
    const bob = await device('bob');
    const carol = await device('carol');
    const spaceId = await owner.members.create();
    const invitation = await owner.members.invite(spaceId, bob.account.email, 'editor');
    expect((await carol.members.refresh()).invitations).toEqual([]);
    expect(await codeOf(carol.members.accept(invitation))).toBe('space/invitation-not-found');
    // Carol's signed `accept` sent anyway, at the head the owner's log shows.
    const { state } = await owner.members.logs.refresh(spaceId);
    const entry = await acceptEntry(
      { uid: carol.account.uid, identity: carol.identity },
      { id: invitation, space: spaceId, log: { seq: state.seq, head: state.head } },
    );
    expect(
      await codeOf(carol.api.call('acceptSpaceInvitation', { params: { invitation }, body: { entry } })),
    ).toBe('space/invitation-not-found');
    expect((await viewOf(owner, spaceId))?.members.map((member) => member.uid)).toEqual([owner.account.uid]);
    await bob.members.refresh();
    await bob.members.accept(invitation);
    await owner.members.refresh();
    expect((await viewOf(bob, spaceId))?.status).toBe('ready');
  });
});
