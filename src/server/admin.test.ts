// The admin command line's work (admin.ts) on the database and storage a running server uses, seen as members
// and admins meet it through the API: the role, the sessions, an account deleted with its stored files. The
// running server is told at once (through PostgreSQL's notifications, or on SQLite the socket of its data lock),
// so what it remembers of a member is dropped then: the test's clock never moves past the 5 seconds it would keep
// a checked session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminError,
  deleteAccount,
  endSessions,
  makeAdmin,
  removeAdmin,
  runningServers,
  usage,
  type RunningServers,
} from './admin.js';
import { tellLocalBuses } from './core/bus.js';
import { holdData, type DataHold } from './db/data-lock.js';
import { signedInMember, startTestApp, uniqueIp, type TestApp } from './test/harness.js';
import { syncedVault } from './test/sync-fixtures.js';

let t: TestApp;
let hold: DataHold;
let servers: RunningServers;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'listed@example.com' });
  // What main.ts holds while the server runs, and through which (SQLite) the command tells it its changes.
  hold = await holdData(t.config, { hear: tellLocalBuses, warn: () => undefined });
  servers = runningServers(t.config);
});
afterAll(async () => {
  await hold.release();
  await t.close();
});

/** Servers that could not be told: they see a change once they no longer remember what it changed. */
const unreachable: RunningServers = {
  tell: async () => ({ told: false, why: 'the server pid 4242 did not answer' }),
};

/** Past the 5 seconds a server process remembers a checked session. */
const later = () => t.advance(6_000);

async function sessionOf(cookie: string) {
  return (await t.request({ method: 'GET', url: '/api/session', cookie })).json<{
    user: { email: string; isAdmin: boolean } | null;
  }>().user;
}

describe('npm run admin', () => {
  it('makes a member an admin and takes it back, seen at once; an address in ADMIN_EMAILS stays one', async () => {
    const cookie = await signedInMember(t, 'helper@example.com');
    // Checked, so the server remembers it as it is now.
    expect(await sessionOf(cookie)).toMatchObject({ isAdmin: false });
    expect((await t.request({ method: 'GET', url: '/api/inquiries', cookie })).statusCode).toBe(403);
    expect(await makeAdmin(t.database, ' Helper@Example.com ', servers)).toBe(
      'helper@example.com is an admin now.',
    );
    await expect.poll(() => sessionOf(cookie)).toMatchObject({ isAdmin: true });
    expect((await t.request({ method: 'GET', url: '/api/inquiries', cookie })).statusCode).toBe(200);

    expect(await removeAdmin(t.config, t.database, 'helper@example.com', servers)).toBe(
      'helper@example.com is no longer an admin.',
    );
    await expect.poll(() => sessionOf(cookie)).toMatchObject({ isAdmin: false });
    expect((await t.request({ method: 'GET', url: '/api/inquiries', cookie })).statusCode).toBe(403);

    const listed = await signedInMember(t, 'listed@example.com');
    expect(await removeAdmin(t.config, t.database, 'listed@example.com', servers)).toContain(
      'still an admin through ADMIN_EMAILS',
    );
    later();
    expect(await sessionOf(listed)).toMatchObject({ isAdmin: true });
  });

  it('says when the running servers could not be told, and when they see the change then', async () => {
    const cookie = await signedInMember(t, 'unheard@example.com');
    expect(await sessionOf(cookie)).toMatchObject({ isAdmin: false });
    expect(await makeAdmin(t.database, 'unheard@example.com', unreachable)).toBe(
      'unheard@example.com is an admin now. The running servers could not be told at once (the server pid 4242 did not answer): signed-in browsers see it within 5 seconds.',
    );
    later();
    expect(await sessionOf(cookie)).toMatchObject({ isAdmin: true });
    expect(await endSessions(t.database, 'unheard@example.com', unreachable)).toBe(
      'Ended 1 session of unheard@example.com. The running servers could not be told at once (the server pid 4242 did not answer): they are refused within 5 seconds, and their open event streams end within 15.',
    );
    later();
    expect(await sessionOf(cookie)).toBeNull();
    expect(await removeAdmin(t.config, t.database, 'unheard@example.com', unreachable)).toContain(
      'is no longer an admin. The running servers could not be told at once',
    );
  });

  it('names an unknown address, and an unverified account becomes an admin only once verified', async () => {
    await expect(makeAdmin(t.database, 'nobody@example.com', servers)).rejects.toThrow(
      new AdminError('No account has the address nobody@example.com.'),
    );
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: 'pending@example.com', password: 'pending password 1' },
      ip: uniqueIp(),
    });
    expect(signup.statusCode).toBe(201);
    expect(await makeAdmin(t.database, 'pending@example.com', servers)).toContain(
      'once they verify their address',
    );
  });

  it("ends every session of a member, on every browser at once, and no one else's", async () => {
    const first = await signedInMember(t, 'roamer@example.com');
    expect(await sessionOf(first)).toMatchObject({ email: 'roamer@example.com' });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'roamer@example.com', password: 'member password 1', idleMinutes: 0 },
      ip: uniqueIp(),
    });
    const second = login.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const bystander = await signedInMember(t, 'bystander@example.com');
    expect(await endSessions(t.database, 'roamer@example.com', servers)).toBe(
      'Ended 2 sessions of roamer@example.com.',
    );
    await expect.poll(() => sessionOf(first)).toBeNull();
    // The second browser's sign-in (waiting for approval, or not) is gone too.
    const answer = await t.request({ method: 'GET', url: '/api/session', cookie: second });
    expect(answer.json()).toEqual({ user: null });
    const open = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.email', '=', 'roamer@example.com')
      .where('sessions.revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    expect(await sessionOf(bystander)).toMatchObject({ email: 'bystander@example.com' });
    expect(await endSessions(t.database, 'roamer@example.com', servers)).toBe(
      'Ended 0 sessions of roamer@example.com.',
    );
  });

  it('deletes an account with its rows and its stored files, leaving others as they were', async () => {
    const leaving = await signedInMember(t, 'leaving@example.com');
    const staying = await signedInMember(t, 'staying@example.com');
    for (const cookie of [leaving, staying]) {
      const upload = await t.request({
        method: 'PUT',
        url: '/api/documents?name=mine.pdf',
        cookie,
        headers: { 'content-type': 'application/octet-stream' },
        body: 'document bytes',
      });
      expect(upload.statusCode).toBe(201);
      await syncedVault(t, cookie);
    }
    const idOf = async (email: string) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const [leavingId, stayingId] = [await idOf('leaving@example.com'), await idOf('staying@example.com')];
    const keysOf = async (userId: string) =>
      [
        ...(await t.database.db
          .selectFrom('user_documents')
          .select('storage_key')
          .where('user_id', '=', userId)
          .execute()),
        ...(await t.database.db
          .selectFrom('sync_chunks')
          .select('storage_key')
          .where('user_id', '=', userId)
          .execute()),
        ...(await t.database.db
          .selectFrom('sync_snapshots')
          .select('storage_key')
          .where('user_id', '=', userId)
          .execute()),
      ].map((row) => row.storage_key);
    const [leavingKeys, stayingKeys] = [await keysOf(leavingId), await keysOf(stayingId)];
    expect(leavingKeys).toHaveLength(3);
    for (const key of leavingKeys) expect(await t.storage.exists(key)).toBe(true);
    const before = await usage(t.config, t.database);
    expect(before.largest.map((row) => row.email)).toEqual(
      expect.arrayContaining(['leaving@example.com', 'staying@example.com']),
    );

    expect(await sessionOf(leaving)).toMatchObject({ email: 'leaving@example.com' });
    const deleted = await deleteAccount(t.database, t.storage, 'leaving@example.com', servers);
    expect(deleted).toEqual({
      message: 'Deleted the account leaving@example.com with its data and 3 stored files.',
      left: [],
    });
    for (const key of leavingKeys) expect(await t.storage.exists(key)).toBe(false);
    for (const key of stayingKeys) expect(await t.storage.exists(key)).toBe(true);
    for (const table of [
      'sessions',
      'user_documents',
      'sync_chunks',
      'sync_snapshots',
      'sync_devices',
    ] as const) {
      const rows = await t.database.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', leavingId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    await expect.poll(() => sessionOf(leaving)).toBeNull();
    expect(await sessionOf(staying)).toMatchObject({ email: 'staying@example.com' });
    // The address is free again.
    await signedInMember(t, 'leaving@example.com', 'a new password 2');
    const after = await usage(t.config, t.database);
    expect(after.storage.documents).toBe(before.storage.documents - 'document bytes'.length);
    expect(after.largest.map((row) => row.email)).not.toContain('leaving@example.com');
  });

  it('reports members, admins, who is signed in and what is kept', async () => {
    const figures = await usage(t.config, t.database);
    const members = await t.database.db.selectFrom('users').select(['email', 'email_verified']).execute();
    expect(figures.members).toEqual({
      verified: members.filter((row) => row.email_verified === 1).length,
      unverified: members.filter((row) => row.email_verified !== 1).length,
    });
    expect(figures.admins).toEqual(['listed@example.com']);
    expect(figures.signedIn).toBeGreaterThanOrEqual(3);
    expect(figures.largest[0]?.email).toBe('staying@example.com');
  });
});
