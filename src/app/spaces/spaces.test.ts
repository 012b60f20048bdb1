// The devices' spaces service (spaces.ts) end to end against the real server (Fastify's inject; SQLite, or
// PostgreSQL when DATABASE_URL is set), through the service alone: an owner makes "우리집" in teal and invites by
// e-mail; the invitee's service shows the invitation and accepts; the owner's lets them in; the invitee's space opens
// with the name and colour only its members' devices know; both add ledger entries from the shelf and converge; a
// viewer's shelf entry does not write; a removed member sees the notice and its stores go; a restart with no network
// shows what the device held; an erase leaves nothing of the spaces on the device.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../client/api.js';
import {
  browserCookies,
  holdsVault,
  signedInMember,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../../server/test/harness.js';
import { newHeader } from '../test/devices.js';
import { serviceDevice, type ServiceDevice } from '../test/space-services.js';
import type { SpaceAccount, TestServer } from '../test/space-members.js';
import { SpaceStores } from '../vault/space-stores.js';
import { IDBKeyRange } from 'fake-indexeddb';
import type { SpaceView } from './model.js';

let t: TestApp;
let server: TestServer;
const open: ServiceDevice[] = [];
const PASSWORD = 'member password 1';

beforeAll(async () => {
  t = await startTestApp();
  server = {
    inject: async (request) => t.app.inject({ ...request, method: request.method as 'GET' }),
    origin: t.origin,
  };
});
afterEach(() => {
  for (const device of open.splice(0)) device.close();
});
afterAll(async () => {
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

async function device(name: string | ServiceDevice, browser = 0): Promise<ServiceDevice> {
  const account = typeof name === 'string' ? await spaceAccount(name) : name.member.account;
  const made = await serviceDevice(server, account, browser);
  open.push(made);
  return made;
}

const viewOf = (who: ServiceDevice, spaceId: string): SpaceView | undefined =>
  who.service.state().spaces.find((space) => space.id === spaceId);

/**
 * Waits until `check` holds, each try after the devices heard news (their lists read again, their spaces synced), as
 * the event stream would make them do; fails after a bounded number of tries.
 */
async function until(devices: ServiceDevice[], check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (check()) return;
    for (const who of devices) {
      await who.service.refresh();
      await who.service.syncNow();
    }
  }
  throw new Error(`never: ${what}`);
}

const shelfOf = (who: ServiceDevice, spaceId: string) =>
  who.service.spaces().find((space) => space.tag.id === spaceId);

const ledger = (who: ServiceDevice, spaceId: string) =>
  Object.fromEntries(
    shelfOf(who, spaceId)!
      .vault.list<{ amount: number; memo: string }>('ledger')
      .map((entry) => [entry.id, entry.value]),
  );

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ApiFailure ? error.code : String(error);
  }
};

/** `owner`'s "우리집" in teal with `invitee` in it as `role`, through the two services. */
async function sharedHome(
  owner: ServiceDevice,
  invitee: ServiceDevice,
  role: 'editor' | 'viewer' = 'editor',
) {
  const made = await owner.service.create('우리집', 'teal');
  expect(made).toMatchObject({
    name: '우리집',
    colour: 'teal',
    role: 'owner',
    status: 'ready',
    writable: true,
  });
  await owner.service.invite(made.id, invitee.member.account.email, role);
  expect(viewOf(owner, made.id)?.invitations).toEqual([
    expect.objectContaining({ email: invitee.member.account.email, role }),
  ]);
  await invitee.service.refresh();
  const [invitation] = invitee.service.state().invitations;
  expect(invitation).toMatchObject({ spaceId: made.id, role, invitedBy: owner.member.account.email });
  await invitee.service.accept(invitation!.id);
  expect(viewOf(invitee, made.id)?.status).toBe('joining');
  // The owner's service hears of the accept (news, or the screen opened) and lets them in by itself.
  await until([owner, invitee], () => viewOf(invitee, made.id)?.status === 'ready', 'the invitee let in');
  await until([owner, invitee], () => viewOf(invitee, made.id)?.name === '우리집', "the space's name synced");
  return made.id;
}

describe('the spaces service', () => {
  it('takes an invitee from invitation to a ready space with its name, and both members converge', async () => {
    const [owner, invitee] = [await device('owner'), await device('invitee')];
    const spaceId = await sharedHome(owner, invitee);
    expect(viewOf(invitee, spaceId)).toMatchObject({
      name: '우리집',
      colour: 'teal',
      role: 'editor',
      status: 'ready',
      writable: true,
    });
    expect(viewOf(owner, spaceId)?.members.map((m) => [m.role, m.state])).toEqual([
      ['owner', 'member'],
      ['editor', 'member'],
    ]);
    expect(shelfOf(invitee, spaceId)).toMatchObject({ tag: { id: spaceId, name: '우리집', colour: 'teal' } });
    await shelfOf(owner, spaceId)!.vault.save('ledger', 'rent', undefined, { amount: 500_000, memo: '월세' });
    await shelfOf(invitee, spaceId)!.vault.save('ledger', 'milk', undefined, { amount: 3_200, memo: '우유' });
    const both = { rent: { amount: 500_000, memo: '월세' }, milk: { amount: 3_200, memo: '우유' } };
    await until(
      [owner, invitee],
      () => Object.keys(ledger(owner, spaceId)).length === 2,
      'the owner has both',
    );
    await until(
      [invitee, owner],
      () => Object.keys(ledger(invitee, spaceId)).length === 2,
      'the invitee has both',
    );
    expect(ledger(owner, spaceId)).toEqual(both);
    expect(ledger(invitee, spaceId)).toEqual(both);
    // A record moved from the member's own vault into the space: a new id there, gone from the vault.
    await owner.member.device.vault.save('ledger', 'own', undefined, { amount: 9_000, memo: '간식' });
    const moved = await owner.service.move('ledger', 'own', null, spaceId);
    expect(owner.member.device.vault.get('own')).toBeUndefined();
    await until(
      [owner, invitee],
      () => ledger(invitee, spaceId)[moved] !== undefined,
      'the moved record synced',
    );
    expect(ledger(invitee, spaceId)[moved]).toEqual({ amount: 9_000, memo: '간식' });
  });

  it('gives a viewer a shelf entry that does not write, and refuses a move into the space', async () => {
    const [owner, viewer] = [await device('owner'), await device('viewer')];
    const spaceId = await sharedHome(owner, viewer, 'viewer');
    expect(viewOf(viewer, spaceId)).toMatchObject({ role: 'viewer', status: 'ready', writable: false });
    expect(shelfOf(viewer, spaceId)).toMatchObject({ role: 'viewer', writable: false });
    await viewer.member.device.vault.save('ledger', 'mine', undefined, { amount: 1, memo: '내 것' });
    expect(await codeOf(viewer.service.move('ledger', 'mine', null, spaceId))).toBe('space/read-only');
    expect(viewer.member.device.vault.get('mine')).toBeDefined();
    expect(await codeOf(viewer.service.rename(spaceId, '남의 집', 'rose'))).toBe('space/read-only');
  });

  it("shows a removed member the notice, and drops the space's stores once they read it", async () => {
    const [owner, editor] = [await device('owner'), await device('editor')];
    const spaceId = await sharedHome(owner, editor);
    const stores = () =>
      new SpaceStores(editor.member.account.uid, {
        indexedDB: editor.member.device.indexedDB,
        IDBKeyRange,
      }).list();
    expect((await stores()).map((store) => store.spaceId)).toEqual([spaceId]);
    await owner.service.remove(spaceId, editor.member.account.uid);
    await until([editor], () => viewOf(editor, spaceId)?.status === 'removed', 'the removal shown');
    expect(viewOf(editor, spaceId)).toMatchObject({ name: '우리집', writable: false });
    expect(shelfOf(editor, spaceId)).toBeUndefined();
    await editor.service.acknowledgeRemoval(spaceId);
    expect(viewOf(editor, spaceId)).toBeUndefined();
    expect(await stores()).toEqual([]);
  });

  it('rotates the key when an owner removes a member: the others follow, the removed one gets nothing new', async () => {
    const [owner, stay, gone] = [await device('owner'), await device('stay'), await device('gone')];
    const spaceId = await sharedHome(owner, stay);
    await owner.service.invite(spaceId, gone.member.account.email, 'editor');
    await gone.service.refresh();
    await gone.service.accept(gone.service.state().invitations[0]!.id);
    await until([owner, gone], () => viewOf(gone, spaceId)?.status === 'ready', 'the second invitee let in');
    await shelfOf(owner, spaceId)!.vault.save('ledger', 'rent', undefined, { amount: 500_000, memo: '월세' });
    await shelfOf(gone, spaceId)!.vault.save('ledger', 'milk', undefined, { amount: 3_200, memo: '우유' });
    const all = [owner, stay, gone];
    await until(all, () => Object.keys(ledger(stay, spaceId)).length === 2, 'the member has both');
    await until(all, () => Object.keys(ledger(owner, spaceId)).length === 2, 'the owner has both');

    // An edit the removed member's device never sent: kept as their own record once the removal is seen.
    gone.online = false;
    await shelfOf(gone, spaceId)!.vault.save('ledger', 'bread', undefined, { amount: 4_500, memo: '빵' });
    await owner.service.remove(spaceId, gone.member.account.uid);
    expect(viewOf(owner, spaceId)).toMatchObject({ epoch: 2, status: 'ready', rotationDue: false });
    expect(viewOf(owner, spaceId)?.members.map((m) => m.uid)).not.toContain(gone.member.account.uid);
    await until([stay], () => viewOf(stay, spaceId)?.epoch === 2, 'the member follows to epoch 2');
    await until([stay], () => Object.keys(ledger(stay, spaceId)).length === 2, 'the records in epoch 2');
    expect(viewOf(stay, spaceId)).toMatchObject({ status: 'ready', writable: true });
    expect(viewOf(stay, spaceId)?.refused).toBeUndefined();

    await shelfOf(owner, spaceId)!.vault.save('ledger', 'gas', undefined, { amount: 40_000, memo: '가스' });
    await until(
      [owner, stay],
      () => ledger(stay, spaceId).gas !== undefined,
      'the new entry reaches the member',
    );
    expect(ledger(stay, spaceId)).toEqual({
      rent: { amount: 500_000, memo: '월세' },
      milk: { amount: 3_200, memo: '우유' },
      gas: { amount: 40_000, memo: '가스' },
    });
    gone.online = true;
    await until([gone], () => viewOf(gone, spaceId)?.status === 'removed', 'the removal shown');
    expect(shelfOf(gone, spaceId)).toBeUndefined();
    expect(gone.member.device.vault.list('ledger').map((entry) => entry.value)).toContainEqual(
      expect.objectContaining({ amount: 4_500, memo: '빵' }),
    );
    expect(ledger(stay, spaceId).bread).toBeUndefined();
    await gone.service.syncNow();
    await gone.service.refresh();
    expect(viewOf(gone, spaceId)).toMatchObject({ status: 'removed', writable: false });
    expect(gone.service.spaces().some((space) => space.tag.id === spaceId)).toBe(false);
  });

  it("rotates the key on an owner's device after a member leaves", async () => {
    const [owner, leaver] = [await device('owner'), await device('leaver')];
    const spaceId = await sharedHome(owner, leaver);
    await leaver.service.leave(spaceId);
    expect(viewOf(leaver, spaceId)).toBeUndefined();
    await until([owner], () => viewOf(owner, spaceId)?.epoch === 2, 'the rotation after the leave');
    expect(viewOf(owner, spaceId)).toMatchObject({ status: 'ready', rotationDue: false });
    expect(ledger(owner, spaceId)).toEqual({});
    expect(shelfOf(owner, spaceId)?.tag.name).toBe('우리집');
  });

  it('says on the space why a due rotation failed here, and makes it at the next reading', async () => {
    const [owner, leaver] = [await device('owner'), await device('leaver')];
    const spaceId = await sharedHome(owner, leaver);
    // The owner's device cannot reach the rotation's route (its staged snapshot goes, the rotation does not).
    owner.member.hold = (method, url) =>
      method === 'POST' && url.endsWith(`/api/spaces/${spaceId}/rotate`)
        ? Promise.reject(new TypeError('offline'))
        : Promise.resolve();
    await leaver.service.leave(spaceId);
    await owner.service.refresh();
    expect(viewOf(owner, spaceId)).toMatchObject({ epoch: 1, rotationDue: true, rotationFailed: 'network' });
    owner.member.hold = null;
    await owner.service.refresh();
    expect(viewOf(owner, spaceId)).toMatchObject({ epoch: 2, rotationDue: false });
    expect(viewOf(owner, spaceId)?.rotationFailed).toBeUndefined();
  });

  it("sends a space's unsent edit before a logout, and says when it cannot", async () => {
    const [owner, editor] = [await device('owner'), await device('editor')];
    const spaceId = await sharedHome(owner, editor);
    editor.online = false;
    await shelfOf(editor, spaceId)!.vault.save('ledger', 'milk', undefined, { amount: 3_200, memo: '우유' });
    // Offline, it cannot go: the logout is told, so it can ask before the space's stores leave the device.
    expect(await editor.service.flush()).toBe(false);
    editor.online = true;
    expect(await editor.service.flush()).toBe(true);
    await until([owner], () => ledger(owner, spaceId).milk !== undefined, 'the edit reached the owner');
    expect(ledger(owner, spaceId).milk).toEqual({ amount: 3_200, memo: '우유' });
  });

  it('shows the spaces the device held when it starts with no network, and erases them all', async () => {
    const [owner, editor] = [await device('owner'), await device('editor')];
    const spaceId = await sharedHome(owner, editor);
    await shelfOf(owner, spaceId)!.vault.save('ledger', 'rent', undefined, { amount: 500_000, memo: '월세' });
    await until([owner, editor], () => ledger(editor, spaceId).rent !== undefined, 'the entry synced');
    editor.online = false;
    const restarted = await editor.restart();
    expect(restarted.state().status).toBe('offline');
    expect(viewOf(editor, spaceId)).toMatchObject({ name: '우리집', colour: 'teal', status: 'ready' });
    expect(ledger(editor, spaceId)).toEqual({ rent: { amount: 500_000, memo: '월세' } });
    editor.online = true;
    await restarted.refresh();
    expect(restarted.state().status).toBe('ready');
    await restarted.erase();
    expect(restarted.state().spaces).toEqual([]);
    expect(restarted.spaces()).toEqual([]);
    const options = { indexedDB: editor.member.device.indexedDB, IDBKeyRange };
    expect(await new SpaceStores(editor.member.account.uid, options).list()).toEqual([]);
    // Started again, nothing kept opens offline: the spaces come from the server only.
    editor.online = false;
    expect((await editor.restart()).state()).toMatchObject({ status: 'offline', spaces: [] });
  });
});
