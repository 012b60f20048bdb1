// The WebDAV backup relay against a real WebDAV server started here: round trip bit-exact, the drive's
// refusals and failures as coded errors with nothing left behind, and the guard against reaching our own
// network through a member's "drive" address.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVE_CREDENTIALS_HEADER, type WebdavCredentials } from '../../shared/schemas/drives.js';
import { LOG_REDACT } from '../app.js';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { startWebdavDrive, type WebdavDrive } from '../test/webdav-drive.js';
import { isPublicAddress } from '../http/outbound.js';
import { RELAY_LIMIT } from './service.js';

const NAME = 'mygenie-backup-2026-11-22T05-00-00Z.zip';

describe('WebDAV backup relay', () => {
  let t: TestApp;
  let drive: WebdavDrive;
  let member: string;
  let credentials: WebdavCredentials;

  beforeAll(async () => {
    drive = await startWebdavDrive();
    t = await startTestApp({ ALLOW_PRIVATE_ADDRESSES: 'true' });
    member = await signedInMember(t, 'drive@example.com');
    credentials = { url: drive.url, username: drive.username, password: drive.password };
  });
  afterAll(async () => {
    await t.close();
    await drive.close();
  });

  const list = (body: unknown, cookie: string | null = member) =>
    t.request({ method: 'POST', url: '/api/drives/webdav/list', body, cookie: cookie ?? undefined });
  const upload = (
    name: string,
    bytes: Buffer,
    creds: unknown = credentials,
    cookie: string | null = member,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/drives/webdav/backups/${encodeURIComponent(name)}`,
      payload: bytes,
      headers: {
        origin: t.origin,
        'content-type': 'application/octet-stream',
        [DRIVE_CREDENTIALS_HEADER]: Buffer.from(JSON.stringify(creds)).toString('base64'),
        ...(cookie ? { cookie } : {}),
      },
    });
  const download = (name: string, body: unknown = credentials) =>
    t.request({
      method: 'POST',
      url: `/api/drives/webdav/backups/${encodeURIComponent(name)}/download`,
      body,
      cookie: member,
    });
  const codeOf = (response: { json(): unknown }) =>
    (response.json() as { error: { code: string } }).error.code;

  it('lists nothing before the first backup, then round-trips a backup bit-exact', async () => {
    const empty = await list(credentials);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ backups: [] });

    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const saved = await upload(NAME, bytes);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().backup).toMatchObject({ name: NAME, size: bytes.length });
    expect((await drive.read(`/remote.php/dav/MyGenie/${NAME}`))?.equals(bytes)).toBe(true);
    expect(await drive.list('/remote.php/dav/MyGenie')).toEqual([NAME]);

    const listed = await list(credentials);
    expect(listed.json().backups).toEqual([
      { name: NAME, size: bytes.length, modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    const loaded = await download(NAME);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a wrong app password, an unknown backup and a name that is not a backup', async () => {
    const wrong = { ...credentials, password: 'not it' };
    for (const response of [
      await list(wrong),
      await upload('mygenie-backup-2026-11-22T06-00-00Z.json', Buffer.from('{}'), wrong),
      await download(NAME, wrong),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(codeOf(response)).toBe('drive/unauthorized');
    }
    const missing = await download('mygenie-backup-1999-01-01T00-00-00Z.zip');
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'drive/not-found']);
    for (const name of ['../secret.zip', 'notes.txt', 'mygenie-backup-x.exe']) {
      const response = await upload(name, Buffer.from('x'));
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'storage/invalid-name']);
    }
    expect(await drive.list('/remote.php/dav/MyGenie')).toEqual([NAME]);
  });

  it('answers a full drive and a dropped connection with their codes, leaving no partial file', async () => {
    const other = 'mygenie-backup-2026-11-22T07-00-00Z.zip';
    drive.fault = 'full';
    try {
      const full = await upload(other, crypto.randomBytes(200_000));
      expect([full.statusCode, codeOf(full)]).toEqual([507, 'drive/quota-exceeded']);
    } finally {
      drive.fault = 'none';
    }
    expect(await drive.list('/remote.php/dav/MyGenie')).toEqual([NAME]);

    drive.fault = 'drop';
    try {
      for (const response of [
        await list(credentials),
        await upload(other, crypto.randomBytes(1000)),
        await download(NAME),
      ]) {
        expect([response.statusCode, codeOf(response)]).toEqual([502, 'drive/unreachable']);
      }
    } finally {
      drive.fault = 'none';
    }
    expect(await drive.list('/remote.php/dav/MyGenie')).toEqual([NAME]);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await list({ ...credentials, url: `http://127.0.0.1:${port}/dav` });
    expect([refused.statusCode, codeOf(refused)]).toEqual([502, 'drive/unreachable']);
  });

  it('needs a signed-in member and well-formed credentials', async () => {
    const signedOut = await list(credentials, null);
    expect([signedOut.statusCode, codeOf(signedOut)]).toEqual([401, 'storage/unauthenticated']);
    const anonymousUpload = await upload(NAME, Buffer.from('x'), credentials, null);
    expect(anonymousUpload.statusCode).toBe(401);
    for (const body of [
      {},
      { ...credentials, url: 'ftp://example.com/' },
      { ...credentials, url: 'https://user:pw@example.com/' },
      { ...credentials, extra: 1 },
      { ...credentials, password: 'x'.repeat(2000) },
    ]) {
      expect((await list(body)).statusCode).toBe(400);
    }
    const garbled = await t.app.inject({
      method: 'PUT',
      url: `/api/drives/webdav/backups/${NAME}`,
      payload: Buffer.from('x'),
      headers: {
        origin: t.origin,
        cookie: member,
        'content-type': 'application/octet-stream',
        [DRIVE_CREDENTIALS_HEADER]: '%%%not base64 json',
      },
    });
    expect([garbled.statusCode, codeOf(garbled)]).toEqual([400, 'request/invalid']);
  });
});

describe('WebDAV relay logs', () => {
  it('never writes the drive password, even at trace level', async () => {
    const lines: string[] = [];
    const drive = await startWebdavDrive();
    const t = await startTestApp(
      { ALLOW_PRIVATE_ADDRESSES: 'true' },
      {
        logger: {
          level: 'trace',
          stream: { write: (line: string) => void lines.push(line) },
          redact: LOG_REDACT,
        },
      },
    );
    try {
      const cookie = await signedInMember(t, 'logs@example.com');
      const credentials = { url: drive.url, username: drive.username, password: drive.password };
      const packed = Buffer.from(JSON.stringify(credentials)).toString('base64');
      await t.request({ method: 'POST', url: '/api/drives/webdav/list', body: credentials, cookie });
      await t.app.inject({
        method: 'PUT',
        url: `/api/drives/webdav/backups/${NAME}`,
        payload: Buffer.from('backup bytes'),
        headers: {
          origin: t.origin,
          cookie,
          'content-type': 'application/octet-stream',
          [DRIVE_CREDENTIALS_HEADER]: packed,
        },
      });
      await t.request({
        method: 'POST',
        url: '/api/drives/webdav/list',
        body: { ...credentials, password: 'wrong' },
        cookie,
      });
      expect(lines.length).toBeGreaterThan(3);
      const log = lines.join('\n');
      for (const secret of [
        drive.password,
        packed,
        Buffer.from(`alice:${drive.password}`).toString('base64'),
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
      await drive.close();
    }
  });
});

describe('WebDAV relay limit', () => {
  it('is not an open proxy: a member making too many drive requests is told to wait', async () => {
    const t = await startTestApp({ ALLOW_PRIVATE_ADDRESSES: 'true' });
    try {
      const cookie = await signedInMember(t, 'busy@example.com');
      const other = await signedInMember(t, 'calm@example.com');
      const list = (who: string) =>
        t.request({ method: 'POST', url: '/api/drives/webdav/list', body: { url: 'ftp://x' }, cookie: who });
      for (let index = 0; index < RELAY_LIMIT; index++) expect((await list(cookie)).statusCode).toBe(400);
      const refused = await list(cookie);
      expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'auth/too-many-requests']);
      expect((await list(other)).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('WebDAV relay address guard (the default: public https drives only)', () => {
  let t: TestApp;
  let member: string;
  let drive: WebdavDrive;
  beforeAll(async () => {
    drive = await startWebdavDrive();
    t = await startTestApp();
    member = await signedInMember(t, 'guard@example.com');
  });
  afterAll(async () => {
    await t.close();
    await drive.close();
  });

  it('refuses loopback, private and plain-http addresses without connecting', async () => {
    const port = new URL(drive.url).port;
    const attempt = (url: string) =>
      t.request({
        method: 'POST',
        url: '/api/drives/webdav/list',
        body: { url, username: 'alice', password: drive.password },
        cookie: member,
      });
    const http = await attempt(drive.url);
    expect([http.statusCode, http.json().error.code]).toEqual([400, 'drive/invalid-address']);
    for (const url of [
      `https://127.0.0.1:${port}/remote.php/dav`,
      `https://localhost:${port}/remote.php/dav`,
      `https://[::1]:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      'https://10.1.2.3/',
      'https://169.254.169.254/latest/meta-data/',
      'https://192.168.0.10/',
    ]) {
      const response = await attempt(url);
      expect([url, response.statusCode, response.json().error.code]).toEqual([
        url,
        400,
        'drive/address-not-allowed',
      ]);
    }
    expect(drive.requests).toEqual([]);
  });

  it('knows which addresses are public', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });
});
