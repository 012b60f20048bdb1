// The WebDAV relay's rules, called as the routes call it, with its drive store against a real WebDAV server and
// its limit on a fresh database per test (no HTTP): a backup goes up under a temporary name and is renamed whole,
// the drive's refusals come back as our codes with nothing left behind, plain http and our own network are
// refused unless the host allows them, and each member's requests count against the relay's limit. The routes'
// shapes (headers, streaming, status codes) are webdav.test.ts's.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebdavCredentials } from '../../shared/schemas/drives.js';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import { startWebdavDrive, type WebdavDrive } from '../test/webdav-drive.js';
import { DRIVE_IDLE_TIMEOUT_MS, RELAY_LIMIT, webdavRelay } from './service.js';
import { webdavStore } from './store.js';

const NAME = 'mygenie-backup-2026-12-01T09-00-00Z.zip';
const FOLDER = '/remote.php/dav/MyGenie';

async function read(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('WebDAV relay service', () => {
  const worlds = serviceWorlds();
  let world: ServiceWorld;
  let drive: WebdavDrive;
  let credentials: WebdavCredentials;
  /** The relay as a host allowing drives on its own network (the test drive is on 127.0.0.1, plain http). */
  let relay: ReturnType<typeof webdavRelay>;

  const relayFor = (allowPrivate: boolean) =>
    webdavRelay({
      limiter: world.limiter,
      drives: webdavStore({ allowPrivate, idleMs: DRIVE_IDLE_TIMEOUT_MS }),
      allowPrivate,
    });
  const backup = (bytes: Buffer) => ({ open: () => Readable.from([bytes]), declared: bytes.length });

  beforeEach(async () => {
    world = worlds();
    relay = relayFor(true);
    drive = await startWebdavDrive();
    credentials = { url: drive.url, username: drive.username, password: drive.password };
    return () => drive.close();
  });

  it('lists nothing before the first backup, then keeps one whole and gives it back bit-exact', async () => {
    expect(await relay.list(credentials)).toEqual({ backups: [] });
    const bytes = crypto.randomBytes(300_000);
    const name = NAME;
    const { backup: kept } = await relay.upload(credentials, name, backup(bytes));
    expect(kept).toMatchObject({ name, size: bytes.length });
    // Written under a temporary name, then renamed: no partial file stays beside it.
    expect(drive.requests.some((request) => request.path.endsWith(`${name}.part`))).toBe(true);
    expect(await drive.list(FOLDER)).toContain(name);
    expect(await drive.list(FOLDER)).not.toContain(`${name}.part`);
    expect((await relay.list(credentials)).backups).toEqual([
      { name, size: bytes.length, modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string },
    ]);
    const loaded = await relay.download(credentials, name);
    expect(loaded.length).toBe(String(bytes.length));
    expect((await read(loaded.body)).equals(bytes)).toBe(true);
  });

  it('answers the drive’s refusals with our codes, and leaves no partial file', async () => {
    drive.fault = 'full';
    expect(await answer(relay.upload(credentials, NAME, backup(crypto.randomBytes(1000))))).toBe(
      'drive/quota-exceeded',
    );
    drive.fault = 'none';
    expect(await drive.list(FOLDER)).toEqual([]);
    expect(await answer(relay.list({ ...credentials, password: 'not the app password' }))).toBe(
      'drive/unauthorized',
    );
    expect(await answer(relay.download(credentials, 'mygenie-backup-1999-01-01T00-00-00Z.zip'))).toBe(
      'drive/not-found',
    );
  });

  it('refuses plain http, and addresses of our own network, unless the host allows them', async () => {
    const strict = relayFor(false);
    const before = drive.requests.length;
    expect(await answer(strict.list(credentials))).toBe('drive/invalid-address');
    expect(await answer(strict.list({ ...credentials, url: drive.url.replace('http:', 'https:') }))).toBe(
      'drive/address-not-allowed',
    );
    // Neither reached the drive.
    expect(drive.requests.length).toBe(before);
  });

  it('counts each member’s drive requests against the relay’s limit, apart from other members’', async () => {
    const member = await world.member('drive@example.com');
    const other = await world.member('other@example.com');
    for (let count = 0; count < RELAY_LIMIT; count++) await relay.withinLimit(member);
    expect(await answer(relay.withinLimit(member))).toBe('auth/too-many-requests');
    expect(await answer(relay.withinLimit(other))).toBe('done');
  });
});
