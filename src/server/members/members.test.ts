// Members in /admin (members/service.ts) through the API, as an admin, a member and a visitor meet it: the list and
// its search, ending a member's sessions, disabling and enabling an account, deleting it with its address typed
// again (and the spaces it owns), and the admins' log of each. Attacks: a sign-in racing the disabling, a member
// calling the admin routes, an admin acting on themself, a deletion confirmed with another address.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLogEntry, Member } from '../../shared/schemas/members.js';
import { makeAdmin, runningServers } from '../admin.js';
import { browserCookies, signedInMember, startTestApp, uniqueIp, type TestApp } from '../test/harness.js';
import { newId } from '../core/ids.js';
import { hashToken, randomToken } from '../accounts/tokens.js';
import { SESSION_COOKIE } from '../../shared/constants.js';

const PASSWORD = 'member password 1';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  admin = await signedInMember(t, 'boss@example.com');
});
afterAll(async () => {
  await t.close();
});

/** The status and code of an answer, as a line a test can compare. */
function outcome(answer: { statusCode: number; body: string }): string {
  const body = answer.body ? (JSON.parse(answer.body) as { error?: { code: string } }) : {};
  return `${answer.statusCode} ${body.error?.code ?? 'ok'}`;
}

async function list(query = '', cookie = admin): Promise<{ members: Member[]; total: number }> {
  const answer = await t.request({ method: 'GET', url: `/api/admin/members${query}`, cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function memberNamed(email: string): Promise<Member> {
  const found = (await list(`?q=${encodeURIComponent(email)}`)).members.find((row) => row.email === email);
  if (!found) throw new Error(`${email} is not listed`);
  return found;
}

function act(id: string, action: 'end-sessions' | 'disable' | 'enable', cookie = admin) {
  return t.request({ method: 'POST', url: `/api/admin/members/${id}/${action}`, cookie });
}

function remove(id: string, email: string, cookie = admin) {
  return t.request({
    method: 'DELETE',
    url: `/api/admin/members/${id}?email=${encodeURIComponent(email)}`,
    cookie,
  });
}

function login(email: string, password = PASSWORD) {
  return t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email, password, idleMinutes: 0 },
    ip: uniqueIp(),
  });
}

async function sessionOf(cookie: string) {
  return (await t.request({ method: 'GET', url: '/api/session', cookie })).json<{
    user: { email: string } | null;
  }>().user;
}

/** The member keeps a document of these bytes. */
async function upload(cookie: string, name: string, body: string): Promise<void> {
  const answer = await t.request({
    method: 'PUT',
    url: `/api/documents?name=${name}`,
    cookie,
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

async function log(): Promise<AdminLogEntry[]> {
  const answer = await t.request({ method: 'GET', url: '/api/admin/log', cookie: admin });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ entries: AdminLogEntry[] }>().entries;
}

/** The newest log entry as a line: who did what to whom. */
async function lastDeed(): Promise<string> {
  const [entry] = await log();
  return entry ? `${entry.actor} ${entry.action} ${entry.target} ${entry.detail ?? ''}`.trim() : 'none';
}

describe('the members list', () => {
  it('shows each member with joined, last seen, verified, admin, storage and devices, newest first', async () => {
    // Each joins a second after the one before (the test's clock moves only when told).
    t.advance(1_000);
    const cookie = await signedInMember(t, 'listed-one@example.com');
    // A second browser of the same member: waiting for the first to confirm it, it is not signed in yet.
    const second = browserCookies(await login('listed-one@example.com'));
    expect(await sessionOf(second)).toBeNull();
    await upload(cookie, 'note.txt', '12345678');
    t.advance(1_000);
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: 'unverified@example.com', password: PASSWORD, lang: 'en' },
      ip: uniqueIp(),
    });
    expect(signup.statusCode).toBe(201);

    const { members, total } = await list();
    expect(total).toBe(members.length);
    expect(members.map((row) => row.email).slice(0, 3)).toEqual([
      'unverified@example.com',
      'listed-one@example.com',
      'boss@example.com',
    ]);
    const [unverified, one, boss] = members;
    expect(unverified).toMatchObject({
      verified: false,
      admin: false,
      lastSeenAt: null,
      devices: 0,
      storageBytes: 0,
      disabledAt: null,
    });
    expect(one).toMatchObject({ verified: true, admin: false, devices: 1, storageBytes: 8 });
    expect(one!.lastSeenAt).not.toBeNull();
    expect(boss).toMatchObject({ verified: true, admin: true, adminBySettings: true, devices: 1 });
  });

  it('searches by part of an address, any case, taking % and _ as they are', async () => {
    await signedInMember(t, 'needle_a@example.org');
    await signedInMember(t, 'needlexa@example.org');
    expect((await list('?q=NEEDLE_')).members.map((row) => row.email)).toEqual(['needle_a@example.org']);
    expect((await list('?q=needle%25a')).members).toEqual([]);
    const both = await list('?q=example.org');
    expect([both.total, both.members.length]).toEqual([2, 2]);
  });

  it('pages fifty members at a time, the total on every page', async () => {
    const now = new Date(t.now()).toISOString();
    await t.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 55 }, (_, index) => ({
          id: newId(),
          email: `paged-${String(index).padStart(2, '0')}@paged.example`,
          password_hash: '!',
          email_verified: 1,
          lang: 'ko',
          created_at: new Date(Date.parse(now) - 60_000 * (index + 1)).toISOString(),
          updated_at: now,
          update_mails: 1,
          unsubscribe_token: null,
          is_admin: 0,
          disabled_at: null,
        })),
      )
      .execute();
    const first = await list('?q=paged.example');
    const second = await list('?q=paged.example&offset=50');
    expect([first.total, first.members.length, second.total, second.members.length]).toEqual([55, 50, 55, 5]);
    expect(first.members[0]!.email).toBe('paged-00@paged.example');
    expect(second.members.at(-1)!.email).toBe('paged-54@paged.example');
  });

  it('is for admins: a visitor is asked to sign in, a member is refused, bad input is refused', async () => {
    const member = await signedInMember(t, 'curious@example.com');
    const target = await memberNamed('listed-one@example.com');
    const routes = [
      { method: 'GET' as const, url: '/api/admin/members' },
      { method: 'GET' as const, url: '/api/admin/log' },
      { method: 'POST' as const, url: `/api/admin/members/${target.id}/end-sessions` },
      { method: 'POST' as const, url: `/api/admin/members/${target.id}/disable` },
      { method: 'POST' as const, url: `/api/admin/members/${target.id}/enable` },
      { method: 'DELETE' as const, url: `/api/admin/members/${target.id}?email=listed-one@example.com` },
    ];
    for (const route of routes) {
      expect(outcome(await t.request(route)), route.url).toBe('401 auth/unauthenticated');
      expect(outcome(await t.request({ ...route, cookie: member })), route.url).toBe('403 auth/forbidden');
    }
    expect((await memberNamed('listed-one@example.com')).disabledAt).toBeNull();
    expect(outcome(await act('not-an-id', 'disable'))).toBe('404 member/not-found');
    expect(outcome(await act(newId(), 'disable'))).toBe('404 member/not-found');
    const bad = await t.request({ method: 'GET', url: '/api/admin/members?offset=-1', cookie: admin });
    expect(outcome(bad)).toBe('400 request/invalid');
  });
});

describe("an admin's actions on a member", () => {
  it("ends every session of the member, and no one else's, logged with the count", async () => {
    const first = await signedInMember(t, 'roamer@example.com');
    const second = browserCookies(await login('roamer@example.com'));
    const bystander = await signedInMember(t, 'bystander@example.com');
    const roamer = await memberNamed('roamer@example.com');
    const answer = await act(roamer.id, 'end-sessions');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ended: 2, member: { email: 'roamer@example.com', devices: 0 } });
    expect(await sessionOf(first)).toBeNull();
    expect(await sessionOf(second)).toBeNull();
    expect(await sessionOf(bystander)).toMatchObject({ email: 'bystander@example.com' });
    expect(await lastDeed()).toBe('boss@example.com member.end-sessions roamer@example.com 2');
    // Signing in again works: ending sessions is no ban.
    expect((await login('roamer@example.com')).statusCode).toBe(200);
  });

  it('disables an account: signed out, refused at sign-in (said to the right password only), data kept', async () => {
    const cookie = await signedInMember(t, 'paused@example.com');
    await upload(cookie, 'kept.txt', 'kept bytes');
    const paused = await memberNamed('paused@example.com');
    const answer = await act(paused.id, 'disable');
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ member: Member }>().member).toMatchObject({ devices: 0, storageBytes: 10 });
    expect(answer.json<{ member: Member }>().member.disabledAt).not.toBeNull();
    expect(await sessionOf(cookie)).toBeNull();
    expect(outcome(await login('paused@example.com'))).toBe('403 auth/account-disabled');
    expect(outcome(await login('paused@example.com', 'wrong password 1'))).toBe(
      '401 auth/invalid-login-credentials',
    );
    expect(await lastDeed()).toBe('boss@example.com member.disable paused@example.com');
    // Again: nothing changes, nothing more is logged.
    expect((await act(paused.id, 'disable')).statusCode).toBe(200);
    expect((await log()).filter((entry) => entry.target === 'paused@example.com')).toHaveLength(1);

    const enabled = await act(paused.id, 'enable');
    expect(enabled.json<{ member: Member }>().member.disabledAt).toBeNull();
    expect(await lastDeed()).toBe('boss@example.com member.enable paused@example.com');
    const back = browserCookies(await login('paused@example.com'));
    const documents = await t.request({ method: 'GET', url: '/api/documents', cookie: back });
    expect(documents.json<{ documents: Array<{ name: string }> }>().documents.map((doc) => doc.name)).toEqual(
      ['kept.txt'],
    );
  });

  it('leaves no working session to a sign-in racing the disabling', async () => {
    await signedInMember(t, 'racer@example.com');
    const racer = await memberNamed('racer@example.com');
    const [logins, disabled] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => login('racer@example.com'))),
      act(racer.id, 'disable'),
    ]);
    expect(disabled.statusCode).toBe(200);
    for (const answer of logins) {
      if (answer.statusCode !== 200) {
        expect(outcome(answer)).toBe('403 auth/account-disabled');
        continue;
      }
      expect(await sessionOf(browserCookies(answer))).toBeNull();
    }
    // What a sign-in that checked the account just before the disabling writes just after it: refused all the
    // same (SQLite runs one statement at a time, so the race above rarely lands there).
    const token = randomToken();
    const now = new Date(t.now()).toISOString();
    await t.database.db
      .insertInto('sessions')
      .values({
        id: newId(),
        user_id: racer.id,
        token_hash: hashToken(token),
        device_id: null,
        device_name: 'linux',
        user_agent: 'vitest',
        created_at: now,
        last_seen_at: now,
        revoked_at: null,
        approval: 'approved',
        idle_minutes: 0,
        expires_at: new Date(t.now() + 3_600_000).toISOString(),
        reauth_at: now,
        can_confirm: 0,
      })
      .execute();
    expect(await sessionOf(`${SESSION_COOKIE}=${token}`)).toBeNull();
    expect((await act(racer.id, 'enable')).statusCode).toBe(200);
    // Enabled again, the account signs in anew: the session that never counted does not come to life.
    expect(await sessionOf(`${SESSION_COOKIE}=${token}`)).toBeNull();
    expect((await login('racer@example.com')).statusCode).toBe(200);
  });

  it('does none of it to the admin themself', async () => {
    const self = await memberNamed('boss@example.com');
    for (const action of ['end-sessions', 'disable', 'enable'] as const) {
      expect(outcome(await act(self.id, action))).toBe('400 member/self');
    }
    expect(outcome(await remove(self.id, 'boss@example.com'))).toBe('400 member/self');
    expect(await sessionOf(admin)).toMatchObject({ email: 'boss@example.com' });
  });

  it('deletes an account only with its address typed again, with its stored files', async () => {
    const cookie = await signedInMember(t, 'leaving@example.com');
    await upload(cookie, 'gone.txt', 'gone bytes');
    const leaving = await memberNamed('leaving@example.com');
    const [document] = await t.database.db
      .selectFrom('user_documents')
      .select('storage_key')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(await t.storage.exists(document!.storage_key)).toBe(true);

    expect(outcome(await remove(leaving.id, 'bystander@example.com'))).toBe('400 member/confirm-mismatch');
    expect(outcome(await remove(leaving.id, ''))).toBe('400 member/confirm-mismatch');
    expect(await sessionOf(cookie)).toMatchObject({ email: 'leaving@example.com' });

    expect(outcome(await remove(leaving.id, ' Leaving@Example.com '))).toBe('204 ok');
    expect(await sessionOf(cookie)).toBeNull();
    expect(await t.storage.exists(document!.storage_key)).toBe(false);
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'leaving@example.com')
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await lastDeed()).toBe('boss@example.com member.delete leaving@example.com');
    // Deleted meanwhile, in another tab: said so.
    expect(outcome(await remove(leaving.id, 'leaving@example.com'))).toBe('404 member/not-found');
    expect(outcome(await act(leaving.id, 'disable'))).toBe('404 member/not-found');
  });

  it("deletes the spaces an account owns with their stored snapshots, and only its own part of others'", async () => {
    await signedInMember(t, 'space-owner@example.com');
    await signedInMember(t, 'space-member@example.com');
    const { id: owner } = await memberNamed('space-owner@example.com');
    const { id: member } = await memberNamed('space-member@example.com');
    const at = new Date().toISOString();
    /** A space of `ownerId` with `memberId` in it too, and a snapshot stored as a file; answers the file's key. */
    async function space(id: string, ownerId: string, memberId: string): Promise<string> {
      await t.database.db
        .insertInto('spaces')
        .values({
          id,
          owner_id: ownerId,
          epoch: 1,
          series_id: id,
          latest: 0,
          log_seq: 1,
          log_head: '0'.repeat(64),
          rotation_due: 0,
          handover_to: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await t.database.db
        .insertInto('space_members')
        .values(
          [ownerId, memberId].map((user_id) => ({
            space_id: id,
            user_id,
            role: user_id === ownerId ? ('owner' as const) : ('editor' as const),
            state: 'member' as const,
            key_version: 1,
            sign_key: 's',
            box_key: 'b',
            created_at: at,
          })),
        )
        .execute();
      const key = `space-snapshots/${id}`;
      await t.storage.put(key, Readable.from([Buffer.from('sealed')]), {
        maxBytes: 100,
        contentType: 'application/octet-stream',
      });
      await t.database.db
        .insertInto('space_snapshots')
        .values({
          id: newId(),
          space_id: id,
          epoch: 1,
          covers: 0,
          size: 6,
          storage_key: key,
          author: memberId,
          staged: 0,
          created_at: at,
        })
        .execute();
      return key;
    }
    const owned = await space('1'.repeat(32), owner, member);
    const joined = await space('2'.repeat(32), member, owner);

    expect(outcome(await remove(owner, 'space-owner@example.com'))).toBe('204 ok');
    expect(await t.storage.exists(owned)).toBe(false);
    expect(await t.storage.exists(joined)).toBe(true);
    expect(
      await t.database.db.selectFrom('spaces').select('id').where('owner_id', '=', owner).execute(),
    ).toEqual([]);
    const left = await t.database.db
      .selectFrom('space_members')
      .select(['space_id', 'user_id'])
      .where('space_id', 'in', ['1'.repeat(32), '2'.repeat(32)])
      .execute();
    expect(left).toEqual([{ space_id: '2'.repeat(32), user_id: member }]);
  });
});

describe("the admins' log", () => {
  it('holds invitations, the banner and what the command line did too, newest first', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/admin/invitations',
      body: { email: 'guest@example.com', lang: 'en' },
      cookie: admin,
    });
    expect(sent.statusCode).toBe(201);
    expect(await lastDeed()).toBe('boss@example.com invitation.send guest@example.com');
    const id = sent.json<{ invitation: { id: string } }>().invitation.id;
    const withdrawn = await t.request({
      method: 'DELETE',
      url: `/api/admin/invitations/${id}`,
      cookie: admin,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(await lastDeed()).toBe('boss@example.com invitation.withdraw guest@example.com');

    const written = await t.request({
      method: 'PUT',
      url: '/api/admin/banner',
      body: {
        version: '2026-12-02',
        title: { ko: '새 버전', en: 'A new version' },
        body: { ko: '달라진 점', en: 'What changed' },
        revision: null,
      },
      cookie: admin,
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(await lastDeed()).toBe('boss@example.com banner.write');
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/admin/banner',
      body: { revision: written.json<{ banner: { revision: string } }>().banner.revision },
      cookie: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await lastDeed()).toBe('boss@example.com banner.remove');
    await makeAdmin(t.database, 'bystander@example.com', runningServers(t.config));
    expect(await lastDeed()).toBe('npm run admin member.make-admin bystander@example.com');
    expect((await log()).slice(0, 5).map((entry) => entry.action)).toEqual([
      'member.make-admin',
      'banner.remove',
      'banner.write',
      'invitation.withdraw',
      'invitation.send',
    ]);
  });
});
