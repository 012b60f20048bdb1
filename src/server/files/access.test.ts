// Who may call what: every notices, files, documents, inquiries, sync and space series route for a visitor, a member
// and an admin (who is another member for sync: the member's devices, chunks and snapshots are not theirs, nor the
// member's space, of which the admin is no member); and an
// upload whose connection drops leaves no row and no file.
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { chain, signingPair, syncId, VAULT_HEADER } from '../test/sync-fixtures.js';
import { insertSpace, uidOf, withIdentity, type MemberIdentity } from '../test/space-series-fixtures.js';

const ADMIN = 'admin@example.com';
/** What every upload here sends. */
const UPLOADED = Buffer.from('bytes');
let t: TestApp;
let cookies: Record<'visitor' | 'member' | 'admin', string | undefined>;
const ids: { notice?: string; file?: string; document?: string; snapshot?: string } = {};
// The member's synced vault: one device, one change, one chunk, one snapshot.
const sync = {
  vault: crypto.randomBytes(16).toString('hex'),
  device: crypto.randomBytes(16).toString('hex'),
  chunk: crypto.randomBytes(32).toString('base64url'),
  /** The vault's signing key: its header, its device's registration and its snapshot are signed. */
  key: signingPair(),
  change: {
    seq: 1,
    prev: null,
    rid: crypto.randomBytes(32).toString('base64url'),
    base: null,
    heads: {},
    hash: crypto.randomBytes(32).toString('base64'),
    mac: crypto.randomBytes(32).toString('base64'),
    payload: crypto.randomBytes(30).toString('base64'),
  },
};

// The member's shared space (made by inserting its rows): a device of theirs in it, its publication snapshot.
const space = {
  id: '',
  device: syncId(),
  snapshot: '',
  identity: undefined as unknown as MemberIdentity,
  /** The device's first change, signed by the member. */
  change: {} as unknown,
};

/** A log entry of `kind` signed by no one, in `author`'s name. */
const entryBy = (author: string, kind: string, body: Record<string, unknown>) => ({
  seq: 2,
  prev: '0'.repeat(64),
  kind,
  author,
  body,
  sig: crypto.randomBytes(64).toString('base64url'),
});

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: ADMIN });
  cookies = {
    visitor: undefined,
    member: await signedInMember(t, 'member@example.com'),
    admin: await signedInMember(t, ADMIN),
  };
  ids.notice = (
    await t.request({
      method: 'POST',
      url: '/api/notices',
      body: { lang: 'ko', title: 't', content: 'c' },
      cookie: cookies.admin,
    })
  ).json().notice.id;
  const upload = (url: string, cookie: string | undefined) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: UPLOADED,
      headers: {
        origin: t.origin,
        'content-type': 'application/octet-stream',
        ...(cookie ? { cookie } : {}),
      },
    });
  ids.file = (
    await upload('/api/files?name=a&description=b&version=1&filename=a.zip', cookies.admin)
  ).json().file.id;
  ids.document = (await upload('/api/documents?name=mine.txt', cookies.member)).json().document.id;
  const member = (method: 'PUT' | 'POST', url: string, body: unknown) =>
    t.request({ method, url, body, cookie: cookies.member });
  await member('PUT', '/api/sync/vault', sync.key.publication(sync.vault));
  await member('PUT', `/api/sync/devices/${sync.device}`, {
    name: 'Laptop',
    proof: sync.key.deviceProof(sync.vault, sync.device),
  });
  await member('POST', '/api/sync/changes', { device: sync.device, changes: [sync.change] });
  await upload(`/api/sync/chunks/${sync.chunk}`, cookies.member);
  ids.snapshot = (
    await upload(
      `/api/sync/snapshots?device=${sync.device}&covers=1&proof=${sync.key.snapshotProof(sync.vault, sync.device, 1, UPLOADED)}`,
      cookies.member,
    )
  ).json().id;
  space.identity = await withIdentity(t, await uidOf(t, 'member@example.com'));
  space.id = (
    await insertSpace(t, { uid: await uidOf(t, 'member@example.com'), identity: space.identity }, [])
  ).id;
  await member('PUT', `/api/spaces/${space.id}/devices/${space.device}`, {
    epoch: 1,
    proof: space.identity.deviceProof(space.id, 1, space.device),
  });
  space.snapshot = (
    await upload(
      `/api/spaces/${space.id}/snapshots?epoch=1&device=${space.device}&covers=1&publish=1&proof=${space.identity.snapshotProof(space.id, 1, space.device, 1, UPLOADED)}`,
      cookies.member,
    )
  ).json().id;
  space.change = space.identity.spaceChange(space.id, 1, space.device, chain(space.device).next());
});

afterAll(async () => {
  await t.close();
});

type Role = 'visitor' | 'member' | 'admin';
// [method, url, body, expected status for visitor, member, admin]
const MATRIX: Array<[string, () => string, unknown, Record<Role, number>]> = [
  ['GET', () => '/api/notices?lang=ko', undefined, { visitor: 200, member: 200, admin: 200 }],
  [
    'POST',
    () => '/api/notices',
    { lang: 'en', title: 'x', content: 'y' },
    { visitor: 401, member: 403, admin: 201 },
  ],
  [
    'PUT',
    () => `/api/notices/${ids.notice}`,
    { lang: 'ko', title: 'x', content: 'y' },
    { visitor: 401, member: 403, admin: 200 },
  ],
  ['GET', () => '/api/files', undefined, { visitor: 401, member: 200, admin: 200 }],
  ['GET', () => `/api/files/${ids.file}/download`, undefined, { visitor: 401, member: 200, admin: 200 }],
  ['GET', () => '/api/documents', undefined, { visitor: 401, member: 200, admin: 200 }],
  [
    'GET',
    () => `/api/documents/${ids.document}/download`,
    undefined,
    { visitor: 401, member: 200, admin: 404 },
  ],
  ['DELETE', () => `/api/documents/${ids.document}`, undefined, { visitor: 401, member: 204, admin: 404 }],
  [
    'POST',
    () => '/api/inquiries',
    { type: 'general', subject: 's', message: 'm' },
    { visitor: 401, member: 201, admin: 201 },
  ],
  ['GET', () => '/api/inquiries', undefined, { visitor: 401, member: 403, admin: 200 }],
  ['DELETE', () => `/api/files/${ids.file}`, undefined, { visitor: 401, member: 403, admin: 204 }],
  ['DELETE', () => `/api/notices/${ids.notice}`, undefined, { visitor: 401, member: 403, admin: 204 }],
  // Sync: every member has their own; the admin (a member too) reaches nothing of another's.
  ['GET', () => '/api/sync', undefined, { visitor: 401, member: 200, admin: 200 }],
  ['GET', () => '/api/sync/changes?after=0', undefined, { visitor: 401, member: 200, admin: 200 }],
  [
    'POST',
    () => '/api/sync/changes',
    { device: sync.device, changes: [sync.change] },
    { visitor: 401, member: 200, admin: 404 },
  ],
  [
    'PUT',
    () => `/api/sync/devices/${sync.device}`,
    { name: 'Laptop', proof: sync.key.deviceProof(sync.vault, sync.device) },
    { visitor: 401, member: 200, admin: 404 },
  ],
  [
    'PATCH',
    () => `/api/sync/devices/${sync.device}`,
    { name: 'Work' },
    { visitor: 401, member: 200, admin: 404 },
  ],
  ['GET', () => `/api/sync/snapshots/${ids.snapshot}`, undefined, { visitor: 401, member: 200, admin: 404 }],
  ['GET', () => `/api/sync/chunks/${sync.chunk}`, undefined, { visitor: 401, member: 200, admin: 404 }],
  ['POST', () => '/api/sync/chunks/held', { keys: [sync.chunk] }, { visitor: 401, member: 200, admin: 200 }],
  [
    'PUT',
    () => '/api/sync/vault',
    // The same header signed at the next version: the member's; the admin's first vault.
    sync.key.publication(sync.vault, 2, VAULT_HEADER),
    { visitor: 401, member: 200, admin: 200 },
  ],
  ['DELETE', () => `/api/sync/devices/${sync.device}`, undefined, { visitor: 401, member: 204, admin: 404 }],
  [
    'POST',
    () => '/api/sync/chunks/forget',
    { keys: [sync.chunk] },
    { visitor: 401, member: 204, admin: 204 },
  ],
  ['DELETE', () => '/api/sync/vault', undefined, { visitor: 401, member: 204, admin: 204 }],
  // A space's series: its members' (the admin is none); its snapshot's upload is made above, as a device's.
  ['GET', () => `/api/spaces/${space.id}/sync`, undefined, { visitor: 401, member: 200, admin: 404 }],
  [
    'PUT',
    () => `/api/spaces/${space.id}/devices/${space.device}`,
    {
      epoch: 1,
      get proof() {
        return space.identity.deviceProof(space.id, 1, space.device);
      },
    },
    { visitor: 401, member: 200, admin: 404 },
  ],
  [
    'POST',
    () => `/api/spaces/${space.id}/changes`,
    {
      epoch: 1,
      device: space.device,
      // Made once the space is (read as the request is sent).
      get changes() {
        return [space.change];
      },
    },
    { visitor: 401, member: 200, admin: 404 },
  ],
  [
    'GET',
    () => `/api/spaces/${space.id}/changes?epoch=1&after=0`,
    undefined,
    { visitor: 401, member: 200, admin: 404 },
  ],
  [
    'GET',
    () => `/api/spaces/${space.id}/snapshots/${space.snapshot}`,
    undefined,
    { visitor: 401, member: 200, admin: 404 },
  ],
  [
    'DELETE',
    () => `/api/spaces/${space.id}/devices/${space.device}`,
    undefined,
    { visitor: 401, member: 204, admin: 404 },
  ],
  // A space's members: the owner's (the entry here is not the member's own signing: refused once admitted).
  [
    'PATCH',
    () => `/api/spaces/${space.id}/members/someone`,
    { entry: entryBy('someone', 'role', { uid: 'someone', role: 'editor' }) },
    { visitor: 401, member: 403, admin: 404 },
  ],
  // Any member leaves but the owner (the member here).
  [
    'POST',
    () => `/api/spaces/${space.id}/leave`,
    { entry: entryBy('someone', 'leave', {}) },
    { visitor: 401, member: 409, admin: 404 },
  ],
  [
    'DELETE',
    () => `/api/spaces/${space.id}/members/someone`,
    { entry: entryBy('someone', 'remove', { uid: 'someone' }) },
    { visitor: 401, member: 403, admin: 404 },
  ],
];

describe('access matrix', () => {
  it('answers each route by role', async () => {
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [method, url, body, statuses] of MATRIX) {
      // Visitors and members first: their attempts must not change what the admin's call then finds.
      for (const role of ['visitor', 'admin', 'member'] as const) {
        if (method === 'DELETE' && role === 'admin' && url().startsWith('/api/documents')) continue;
        const response = await t.request({
          method: method as 'GET',
          url: url(),
          ...(body !== undefined ? { body } : {}),
          cookie: cookies[role],
        });
        seen.push(`${role} ${method} ${url()} ${response.statusCode}`);
        expected.push(`${role} ${method} ${url()} ${statuses[role]}`);
      }
    }
    expect(seen).toEqual(expected);
  });
});

describe('a dropped upload', () => {
  it('leaves no row and no file behind', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await t.database.db.selectFrom('files').select('id').execute();
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT /api/files?name=x&description=y&version=1&filename=x.zip HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${t.origin}\r\n` +
        `Cookie: ${cookies.admin}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(2 * 1024 * 1024, 9));
    // Dropped once the server is writing it: its partial file is there.
    const { readdir } = await import('node:fs/promises');
    const written = async () =>
      (await readdir(`${t.config.dataDir}/files/files`).catch(() => [] as string[])).filter(
        (name) => !before.some((row) => name === row.id),
      );
    await expect.poll(written).not.toEqual([]);
    socket.destroy();
    // The server takes it all back: no file under any name, and no row.
    await expect.poll(written).toEqual([]);
    expect(await t.database.db.selectFrom('files').select('id').execute()).toEqual(before);
  });
});
