// A space's key rotation on members' devices against the real server (Fastify's inject; SQLite, or PostgreSQL when
// DATABASE_URL is set): the app's real vaults, keyed space stores and sync engines over fake-indexeddb, real
// identities and WebCrypto (test/space-rotation.ts). An owner removes a member with a rotation: the members who stay
// follow to the next epoch with every record, an offline editor's edit of the old epoch is carried over and merged,
// and the removed member's device receives nothing more and keeps its unsent edit as its own record. A server that
// forges the rotation — a wrap of its own key, a `rotate` no owner signed — is refused. A member who leaves is
// rotated out later by an owner's device; two owner devices rotating at once land one rotation, the other follows.
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
import type { LogEntry } from '../../shared/spaces/log.js';
import { SyncRefused } from '../sync/errors.js';
import { newHeader } from '../test/devices.js';
import { rotationDevice, type RotationDevice } from '../test/space-rotation.js';
import { spaceDevice, type SpaceAccount, type SpaceDevice, type TestServer } from '../test/space-members.js';
import { FROM_SPACE } from './epoch-carry.js';
import { signedEntry } from './entries.js';
import { newIdentity } from './identity-keys.js';
import { newEpoch, wrapSpaceKey } from './space-keys.js';

let t: TestApp;
let server: TestServer;
const open: Array<RotationDevice | SpaceDevice> = [];
const PASSWORD = 'member password 1';

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
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

/**
 * A space of the owner's with Ann and Ben let in as editors, each member's first device (and the owner's second)
 * with the space open, and a shared memo synced to all.
 */
async function spaceOfThree() {
  const [owner, ann, ben] = [
    await spaceAccount('owner'),
    await spaceAccount('ann'),
    await spaceAccount('ben'),
  ];
  const apps = await Promise.all([owner, ann, ben].map((account) => spaceDevice(server, account, 0)));
  open.push(...apps);
  const [ownerApp, annApp, benApp] = apps as [SpaceDevice, SpaceDevice, SpaceDevice];
  const spaceId = await ownerApp.members.create();
  for (const [app, account] of [
    [annApp, ann],
    [benApp, ben],
  ] as const) {
    const invitation = await ownerApp.members.invite(spaceId, account.email, 'editor');
    await app.members.refresh();
    await app.members.accept(invitation);
    await ownerApp.members.refresh();
  }
  const device = async (account: SpaceAccount, browser: number, name: string, app?: SpaceDevice) => {
    const made = await rotationDevice(server, account, browser, spaceId, name, app);
    open.push(made);
    return made;
  };
  const o1 = await device(owner, 0, 'owner-1', ownerApp);
  const o2 = await device(owner, 1, 'owner-2');
  const a = await device(ann, 0, 'ann', annApp);
  const b = await device(ben, 0, 'ben', benApp);
  await o1.save('plan', { title: 'Weekend', place: 'home' });
  await o1.sync();
  for (const each of [o2, a, b]) await each.sync();
  for (const each of [o2, a, b]) expect(each.memos()).toEqual({ plan: { title: 'Weekend', place: 'home' } });
  return { spaceId, owner, ann, ben, o1, o2, a, b };
}

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ApiFailure
      ? error.code
      : error instanceof SyncRefused
        ? error.verdict
        : String(error);
  }
};

describe('a rotation on members’ devices', () => {
  it('removes a member: the others follow with every record and edit, the removed one gets nothing more', async () => {
    const { spaceId, ben, o1, o2, a, b } = await spaceOfThree();
    // Ann is offline with an edit of the shared memo; Ben edits offline too; the owner edits another field.
    a.online = false;
    b.online = false;
    await a.save('plan', { title: 'Weekend', place: 'park' });
    await b.save('ben-note', { title: 'Ben’s list' });
    await o1.save('plan', { title: 'Weekend trip', place: 'home' });
    await o1.sync();
    const authors = (device: RotationDevice) =>
      device.open.series.vault.database.authors.orderBy('id').toArray();
    const authoredBefore = await authors(o1);
    expect(authoredBefore.map((row) => row.id)).toEqual(['plan']);

    const rotated = await o1.rotate({ remove: ben.uid });
    expect(rotated).toMatchObject({ rotated: true, epoch: { epoch: 2 } });
    expect(o1.memos()).toEqual({ plan: { title: 'Weekend trip', place: 'home' } });
    expect(await o1.host.keys.get(spaceId, 1)).toBeNull();
    expect((await o1.host.stores.list()).map((store) => store.epoch)).toEqual([2]);

    // The owner's other device learns of the new epoch and follows it.
    expect(await o2.sync()).toBe(2);
    expect(await o2.follow()).toMatchObject({ ok: true, epoch: { epoch: 2 } });
    expect(o2.memos()).toEqual(o1.memos());
    // Who added and who last changed each record went over with it, on the rotating device and on the one following.
    expect(await authors(o1)).toEqual(authoredBefore);
    expect(await authors(o2)).toEqual(authoredBefore);

    // Ann comes back: her edit of epoch 1 is carried into epoch 2 and merged, not written over.
    a.online = true;
    expect(await a.sync()).toBe(2);
    expect(await a.follow()).toMatchObject({ ok: true, epoch: { epoch: 2 } });
    await a.sync();
    expect(a.memos()).toEqual({ plan: { title: 'Weekend trip', place: 'park' } });
    await o1.sync();
    await o2.sync();
    expect(o1.memos()).toEqual(a.memos());
    expect(o2.memos()).toEqual(a.memos());

    // An edit after the rotation reaches the members who stay, never Ben; Ben cannot read the new epoch.
    await o1.save('after', { title: 'Only for members' });
    await o1.sync();
    await a.sync();
    expect(a.memos().after).toEqual({ title: 'Only for members' });
    b.online = true;
    await b.sync();
    expect(b.memos().after).toBeUndefined();
    expect(await failureOf(b.host.api.call('spaceSync', { params: { id: spaceId } }))).toMatch(/^space\//);
    expect(await b.follow()).toEqual({ ok: false, reason: 'removed' });
    expect(b.memos().after).toBeUndefined();
    const kept = await b.depart();
    expect(kept).toHaveLength(1);
    expect(b.member.device.vault.get(kept[0]!)?.value).toEqual({
      title: 'Ben’s list',
      [FROM_SPACE]: spaceId,
    });
    expect(await b.host.stores.list()).toEqual([]);
    expect(await b.host.keys.get(spaceId, 1)).toBeNull();
  });

  it('is refused by devices when the server forges it', async () => {
    const { spaceId, o1, a, o2 } = await spaceOfThree();
    await o1.rotate();
    // A wrap of the server's own key, made to Ann's public key in the owner's name: it opens nothing.
    const forged = newEpoch();
    const stranger = await newIdentity();
    const wrap = await wrapSpaceKey(
      { uid: o1.host.me.uid, identity: stranger.identity },
      { spaceId, epoch: 2, uid: a.host.me.uid, key: a.host.me.identity.key },
      forged.key,
    );
    a.tamper = (path, _method, json) =>
      path.endsWith('/sync') ? { ...(json as object), wrap: JSON.stringify(wrap) } : json;
    expect(await a.sync()).toBe(2);
    expect(await a.follow()).toEqual({ ok: false, reason: 'unsigned' });
    // Nothing of epoch 1 went: the memo is still on the device.
    expect(a.memos()).toEqual({ plan: { title: 'Weekend', place: 'home' } });
    expect(await a.host.keys.get(spaceId, 2)).toBeNull();

    // The `rotate` in the log made again by Ann, an editor, with the server's key committed to: no owner signed it.
    const annSigner = { uid: a.host.me.uid, identity: a.host.me.identity };
    const entries = (await o2.host.api.call('spaceLog', { params: { id: spaceId }, query: { after: 0 } }))
      .entries as LogEntry[];
    const real = entries.find((entry) => entry.kind === 'rotate') as LogEntry<'rotate'>;
    const forgedRotate = await signedEntry(spaceId, { seq: real.seq, prev: real.prev }, annSigner, 'rotate', {
      ...real.body,
      series: forged.series,
    });
    o2.tamper = (path, _method, json) =>
      path.includes('/log')
        ? {
            ...(json as object),
            entries: (json as { entries: LogEntry[] }).entries.map((entry) =>
              entry.seq === real.seq ? forgedRotate : entry,
            ),
          }
        : json;
    expect(await failureOf(o2.follow())).toBe('altered');
    expect(o2.memos()).toEqual({ plan: { title: 'Weekend', place: 'home' } });
    expect(await o2.host.keys.get(spaceId, 2)).toBeNull();
  });

  it('follows a leave with a later rotation by an owner’s device', async () => {
    const { spaceId, o1, o2, a, b } = await spaceOfThree();
    // An editor may rotate only while a rotation is due: nothing is sent.
    expect(await failureOf(a.rotate())).toContain('not-allowed');
    expect((await a.host.logs.refresh(spaceId)).state.epoch).toBe(1);
    const log = await b.host.logs.refresh(spaceId);
    expect(log.state.members[b.host.me.uid]).toBeDefined();
    await b.member.members.refresh();
    await b.member.members.leave(spaceId);
    expect(await b.follow()).toEqual({ ok: false, reason: 'removed' });
    expect(await b.depart()).toEqual([]);

    expect((await o1.host.logs.refresh(spaceId)).state.rotationDue).toBe(true);
    expect(await o1.rotate()).toMatchObject({ rotated: true, epoch: { epoch: 2 } });
    expect((await o1.host.logs.refresh(spaceId)).state.rotationDue).toBe(false);
    for (const each of [o2, a]) {
      expect(await each.sync()).toBe(2);
      expect(await each.follow()).toMatchObject({ ok: true });
      expect(each.memos()).toEqual({ plan: { title: 'Weekend', place: 'home' } });
    }
  });

  it('lands one of two rotations made at once by the owner’s devices; the other follows it', async () => {
    const { ben, o1, o2, a } = await spaceOfThree();
    const [first, second] = await Promise.all([
      o1.rotate({ remove: ben.uid }),
      o2.rotate({ remove: ben.uid }),
    ]);
    expect([first.rotated, second.rotated].sort()).toEqual([false, true]);
    expect(first.epoch.epoch).toBe(2);
    expect(second.epoch.epoch).toBe(2);
    const { entries } = await o1.host.api.call('spaceLog', {
      params: { id: o1.spaceId },
      query: { after: 0 },
    });
    expect(entries.filter((entry) => entry.kind === 'rotate' || entry.kind === 'remove')).toHaveLength(2);
    await o1.save('plan', { title: 'Weekend', place: 'beach' });
    await o1.sync();
    await o2.sync();
    expect(o2.memos()).toEqual({ plan: { title: 'Weekend', place: 'beach' } });
    expect(await a.sync()).toBe(2);
    expect(await a.follow()).toMatchObject({ ok: true });
    expect(a.memos()).toEqual(o1.memos());
  });
});
