// Hostile input on every API route: at least 1,000 generated requests each (wrong types, sizes, encodings,
// injection strings, forged ids, forged sessions, odd content types), sent as a visitor, a member and an admin
// (signed in again before each route when a hostile request ended their session, a logout among them). None may
// get a 5xx, every error is coded JSON, the data seeded before is exactly as it was after (a sync device may only
// have left with its ended session), each member's count of sync's bytes is still what their sync keeps, and a
// seeded shared space's devices, changes and count are as they were.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserCookies,
  deviceCookie,
  signedInMember,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../test/harness.js';
import { REAUTH_TTL_MS } from '../../shared/constants.js';
import { syncKeptFromTables } from '../test/sync-usage.js';
import { chain, syncedVault, syncId } from '../test/sync-fixtures.js';
import { insertSpace, uidOf, withIdentity } from '../test/space-series-fixtures.js';

const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 1000);
/** Moving the clock this far leaves every rate limit's window behind. */
const FRESH_WINDOWS_MS = 2 * 60 * 60_000;

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof prng>;

const STRINGS = [
  '',
  ' ',
  'a',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\u202e\u0000\u0007\u001b[31m',
  '\ud800',
  '🙂'.repeat(50),
  '한국어 입력',
  'ｆｕｌｌｗｉｄｔｈ',
  'a'.repeat(300),
  'x'.repeat(20_000),
  'admin@example.com',
  'member@example.com',
  'not-an-email',
  'a@b',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ko',
  'en',
  'true',
  'null',
  'program',
  'setup.exe',
  'x.zip',
  'https://evil.example/',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
];

function value(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 6 : 9)) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return random.pick([0, -1, 1, 2 ** 53, -(2 ** 31), 1.5, Number.MAX_VALUE, 1e-300]);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return crypto.randomBytes(random.int(40)).toString(random.pick(['hex', 'base64', 'latin1'] as const));
    case 4:
      return random.pick(STRINGS) + random.pick(STRINGS);
    case 5:
      return random.int(100);
    case 6:
      return Array.from({ length: random.int(5) }, () => value(random, depth + 1));
    case 7:
      return Array.from({ length: random.pick([1000, 10]) }, () => random.int(10));
    default:
      return object(random, depth + 1);
  }
}

const FIELDS = [
  'email',
  'password',
  'newPassword',
  'token',
  'lang',
  'deviceId',
  'title',
  'content',
  'type',
  'subject',
  'message',
  'name',
  'id',
  'endpoint',
  'keys',
  'subscription',
  'response',
  'credential',
  'minutes',
  'url',
  'username',
  'isAdmin',
  'currentPassword',
  // Sync's bodies.
  'device',
  'changes',
  'seq',
  'prev',
  'rid',
  'base',
  'heads',
  'hash',
  'mac',
  'payload',
  'header',
  'headerMac',
  'signing',
  'publicKey',
  'sealedKey',
  'proof',
  '__proto__',
  'constructor',
];

function object(random: Random, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (let index = random.int(6); index > 0; index--) result[random.pick(FIELDS)] = value(random, depth);
  return result;
}

interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Any generated value as text (objects, even without a prototype, as JSON). */
const text = (item: unknown): string =>
  typeof item === 'string' ? item : (JSON.stringify(item) ?? 'undefined');

/** URL-encodes anything, a lone surrogate included (as U+FFFD). */
const encode = (item: unknown) => encodeURIComponent(text(item).replace(/[\ud800-\udfff]/g, '\ufffd'));

/** The member's shared space, seeded before: its id is among the path values, so its routes are reached too. */
const seededSpace = { id: '' };

function pathFor(pattern: string, random: Random): string {
  return pattern.replace(/:(\w+)/g, () =>
    encode(
      String(
        random.pick([
          crypto.randomUUID(),
          random.pick(STRINGS),
          crypto.randomBytes(8).toString('hex'),
          '1',
          '../x',
          'x'.repeat(500),
          // Sync's ids: a device id, a chunk's key; a space's.
          crypto.randomBytes(16).toString('hex'),
          crypto.randomBytes(32).toString('base64url'),
          seededSpace.id || crypto.randomBytes(16).toString('hex'),
        ]),
      ),
    ),
  );
}

function query(random: Random): string {
  if (random.int(3) === 0) return '';
  const parts = Array.from({ length: 1 + random.int(4) }, () => {
    const key = random.pick([
      'lang',
      'name',
      'filename',
      'type',
      'category',
      'latest',
      'version',
      'description',
      'after',
      'device',
      'covers',
      'proof',
      'x',
    ]);
    return `${key}=${encode(value(random, 3))}`;
  });
  if (random.int(5) === 0) parts.push('lang=ko&lang=en', '%zz=%zz');
  return `?${parts.join('&')}`;
}

function hostile(
  method: string,
  pattern: string,
  random: Random,
  cookie: string | undefined,
): HostileRequest {
  const headers: Record<string, string> = {
    'user-agent': random.pick(['Mozilla/5.0 fuzz', '', 'x'.repeat(2000)]),
  };
  if (cookie) headers.cookie = random.int(10) === 0 ? `mg_session=${random.pick(STRINGS)}` : cookie;
  else if (random.int(4) === 0) headers.cookie = `mg_session=${crypto.randomBytes(32).toString('base64url')}`;
  const request: HostileRequest = { method, url: pathFor(pattern, random) + query(random), headers };
  if (method === 'GET' || method === 'DELETE') return request;
  switch (random.int(6)) {
    case 0:
      headers['content-type'] = 'application/json';
      request.payload = random.pick(['{', '{"a":', '[', 'nul', '{"a":1}}', '\u0000', '']);
      break;
    case 1:
      headers['content-type'] = random.pick([
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]);
      request.payload = text(value(random));
      break;
    case 2:
      headers['content-type'] = 'application/octet-stream';
      request.payload = crypto.randomBytes(random.int(4096));
      break;
    case 3:
      headers['content-type'] = 'application/json; charset=utf-8';
      request.payload = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
      break;
    default:
      headers['content-type'] = 'application/json';
      request.payload = JSON.stringify(random.int(4) === 0 ? value(random) : object(random, 0));
  }
  return request;
}

describe('hostile input on every API route', () => {
  let t: TestApp;
  const identities: Array<string | undefined> = [undefined];
  const EMAILS = [undefined, 'member@example.com', 'admin@example.com'];

  /**
   * Signs the member and the admin in again when a hostile request they sent ended their session (a logout, ending
   * other sessions): every route is fuzzed by a visitor and by signed-in callers. A sign-in proves the password for
   * a few minutes (erasing the synced vault needs that proof), so the clock then moves past them: hostile requests
   * come from a session whose proof has gone stale, however many are sent.
   */
  async function signedInAgain() {
    let signedIn = false;
    for (const [index, cookie] of identities.entries()) {
      const email = EMAILS[index];
      if (!cookie || !email) continue;
      if ((await t.request({ method: 'GET', url: '/api/session', cookie })).json().user) continue;
      const device = deviceCookie(cookie);
      const login = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: 'member password 1', idleMinutes: 0 },
        cookie: device,
        ip: uniqueIp(),
      });
      expect(login.statusCode, login.body).toBe(200);
      // A known browser is given no new device cookie: it keeps the one it has, for the next sign-in too.
      identities[index] = browserCookies(login, device);
      signedIn = true;
    }
    if (signedIn) t.advance(REAUTH_TTL_MS + 1);
  }

  async function seededState() {
    const db = t.database.db;
    return {
      users: await db
        .selectFrom('users')
        .select(['id', 'email', 'password_hash', 'email_verified', 'lang'])
        .orderBy('id')
        .execute(),
      notices: await db.selectFrom('notices').selectAll().orderBy('id').execute(),
      files: await db
        .selectFrom('files')
        .select(['id', 'name', 'storage_key', 'size', 'is_latest'])
        .orderBy('id')
        .execute(),
      documents: await db
        .selectFrom('user_documents')
        .select(['id', 'user_id', 'name', 'size'])
        .orderBy('id')
        .execute(),
      syncVaults: (await db.selectFrom('sync_vaults').selectAll().execute()).map((row) => ({
        ...row,
        id: row.user_id,
      })),
      syncDevices: (await db.selectFrom('sync_devices').selectAll().execute()).map((row) => ({
        ...row,
        id: row.id,
      })),
      syncChanges: (await db.selectFrom('sync_changes').selectAll().execute()).map((row) => ({
        ...row,
        id: `${row.user_id} ${row.seq}`,
      })),
      syncHeads: (await db.selectFrom('sync_heads').selectAll().execute()).map((row) => ({
        ...row,
        id: `${row.user_id} ${row.rid}`,
      })),
      syncChunks: (await db.selectFrom('sync_chunks').selectAll().execute()).map((row) => ({
        ...row,
        id: `${row.user_id} ${row.key}`,
      })),
      syncSnapshots: await db.selectFrom('sync_snapshots').selectAll().execute(),
      spaceDevices: (await db.selectFrom('space_devices').selectAll().execute()).map((row) => ({
        ...row,
        id: `${row.space_id} ${row.epoch} ${row.id}`,
      })),
      spaceChanges: (await db.selectFrom('space_changes').selectAll().execute()).map((row) => ({
        ...row,
        id: `${row.space_id} ${row.epoch} ${row.seq}`,
      })),
      spaceUsage: (await db.selectFrom('space_usage').selectAll().execute()).map((row) => ({
        ...row,
        id: row.space_id,
      })),
    };
  }

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await signedInMember(t, 'admin@example.com');
    const member = await signedInMember(t, 'member@example.com');
    identities.push(member, admin);
    expect(EMAILS.slice(1)).toEqual(['member@example.com', 'admin@example.com']);
    await t.request({
      method: 'POST',
      url: '/api/notices',
      cookie: admin,
      body: { lang: 'ko', title: '공지', content: '본문' },
    });
    await t.request({
      method: 'PUT',
      url: '/api/files?filename=setup.exe&name=MyGenie&description=d&version=1.0&category=program',
      cookie: admin,
      headers: { 'content-type': 'application/octet-stream' },
      body: 'program bytes',
    });
    await t.request({
      method: 'PUT',
      url: '/api/documents?name=mine.pdf',
      cookie: member,
      headers: { 'content-type': 'application/octet-stream' },
      body: 'document bytes',
    });
    // The member syncs a vault with a signing key: a device of theirs, a change, a chunk and a snapshot.
    await syncedVault(t, member);
    // The member owns a shared space the admin views: a device of the member's in it, and a change.
    const owner = await uidOf(t, 'member@example.com');
    const identity = await withIdentity(t, owner);
    const admins = await uidOf(t, 'admin@example.com');
    seededSpace.id = (
      await insertSpace(t, { uid: owner, identity }, [
        { uid: admins, identity: await withIdentity(t, admins), role: 'viewer' },
      ])
    ).id;
    const spaceDevice = syncId();
    const joined = await t.request({
      method: 'PUT',
      url: `/api/spaces/${seededSpace.id}/devices/${spaceDevice}`,
      cookie: member,
      body: { epoch: 1, proof: identity.deviceProof(seededSpace.id, 1, spaceDevice) },
    });
    expect(joined.statusCode).toBe(200);
    const pushed = await t.request({
      method: 'POST',
      url: `/api/spaces/${seededSpace.id}/changes`,
      cookie: member,
      body: {
        epoch: 1,
        device: spaceDevice,
        changes: [identity.spaceChange(seededSpace.id, 1, spaceDevice, chain(spaceDevice).next())],
      },
    });
    expect(pushed.statusCode).toBe(200);
    // The sign-in's proof of the member has gone stale: erasing the synced vault needs the password now.
    t.advance(REAUTH_TTL_MS + 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`gives no 5xx to ${PER_ROUTE} hostile requests per route and leaves the seeded data as it was`, async () => {
    const routes = t.routes.filter((route) => route.url.startsWith('/api/') && route.url !== '/api/events');
    expect(routes.length).toBeGreaterThan(30);
    const before = await seededState();
    expect(before.notices).toHaveLength(1);
    expect(before.files).toHaveLength(1);
    expect(before.documents).toHaveLength(1);
    expect(before.syncDevices).toHaveLength(1);
    expect(before.syncChanges).toHaveLength(1);
    expect(before.syncSnapshots).toHaveLength(1);
    expect(before.spaceChanges).toHaveLength(1);
    const failures: string[] = [];
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      // Rate limits are part of the answer, not the test: each route starts with fresh windows.
      t.advance(FRESH_WINDOWS_MS);
      await signedInAgain();
      const random = prng(0x5eed + index);
      for (let n = 0; n < PER_ROUTE; n++) {
        const request = hostile(route.method, route.url, random, identities[n % identities.length]);
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { origin: t.origin, ...request.headers },
          remoteAddress: `198.51.100.${random.int(250) + 1}`,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        sent++;
        if (response.statusCode >= 500) {
          failures.push(
            `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)} for ${request.method} ${request.url.slice(0, 200)}`,
          );
        } else if (response.statusCode >= 400) {
          const error = (response.json() as { error?: { code?: unknown; message?: unknown } }).error;
          if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
            failures.push(
              `${route.method} ${route.url} → ${response.statusCode} without a coded error: ${response.body.slice(0, 200)}`,
            );
          }
        }
        if (n % 200 === 199) t.advance(FRESH_WINDOWS_MS);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routes.length * PER_ROUTE);
    const after = await seededState();
    // Hostile input may not change the seeded rows (new rows can only come from requests the API accepted).
    for (const table of [
      'users',
      'notices',
      'files',
      'documents',
      'syncVaults',
      'syncChanges',
      'syncHeads',
      'syncChunks',
      'syncSnapshots',
      'spaceDevices',
      'spaceChanges',
      'spaceUsage',
    ] as const) {
      const still = new Map(after[table].map((row) => [row.id, JSON.stringify(row)]));
      for (const row of before[table])
        expect(still.get(row.id), `${table} ${row.id}`).toBe(JSON.stringify(row));
    }
    // The sync device lasts as long as its session: a hostile request the API accepted (the member's logout, or
    // ending their other sessions) may have ended it, and then it was retired, and only then.
    const db = t.database.db;
    for (const device of before.syncDevices) {
      const now = after.syncDevices.find((row) => row.id === device.id);
      if (now) {
        expect(JSON.stringify(now)).toBe(JSON.stringify(device));
        continue;
      }
      const session = await db
        .selectFrom('sessions')
        .select(['revoked_at', 'expires_at'])
        .where('id', '=', device.session_id!)
        .executeTakeFirstOrThrow();
      expect(
        session.revoked_at ?? (session.expires_at <= new Date(t.now()).toISOString() ? 'expired' : null),
      ).not.toBeNull();
      expect(
        await db
          .selectFrom('sync_retired_devices')
          .select('id')
          .where('id', '=', device.id)
          .executeTakeFirst(),
      ).toBeDefined();
    }
    // Whatever the API accepted, each member's running count of sync's bytes is what their sync keeps.
    for (const usage of await db.selectFrom('sync_usage').selectAll().execute()) {
      expect(Number(usage.bytes), usage.user_id).toBe(await syncKeptFromTables(t, usage.user_id));
    }
  }, 600_000);
});
