// The Google Drive stand-in speaks the protocol the app's client (src/app/backup/google-drive.ts) relies on, in
// Google's shapes: the token redirect, listing with real paging, a resumable upload round trip, download, and
// the failures (no token, full Drive, dropped connections) — driven with plain fetch the way the browser does.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGoogleDriveStandin, type GoogleDriveStandin } from './google-drive.js';

const APP_ORIGIN = 'http://localhost:5173';
const REDIRECT_URI = `${APP_ORIGIN}/app/oauth.html`;
const SCOPE = 'https://www.googleapis.com/auth/drive.appdata';
const BACKUP_QUERY = "name contains 'mygenie-backup-' and trashed = false";

interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    status?: string;
    errors: Array<{ reason: string; domain: string }>;
  };
}

describe('Google Drive stand-in', () => {
  let drive: GoogleDriveStandin;
  let token: string;

  beforeAll(async () => {
    drive = await startGoogleDriveStandin();
  });
  afterAll(async () => {
    await drive.close();
  });
  beforeEach(() => {
    drive.fault = 'none';
    drive.deny = false;
    drive.files.clear();
  });

  const authorize = (overrides: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      client_id: drive.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'token',
      scope: SCOPE,
      state: 'a1b2c3',
      include_granted_scopes: 'true',
      prompt: 'consent',
      ...overrides,
    });
    return fetch(`${drive.authUrl}?${query.toString()}`, { redirect: 'manual' });
  };

  const fragmentOf = (response: Response) => {
    const location = new URL(response.headers.get('location') ?? '');
    return {
      page: `${location.origin}${location.pathname}`,
      hash: new URLSearchParams(location.hash.slice(1)),
    };
  };

  const signIn = async () => {
    const { hash } = fragmentOf(await authorize());
    return hash.get('access_token') ?? '';
  };

  const api = (path: string, init: RequestInit = {}, bearer: string | null = token) =>
    fetch(`${drive.apiUrl}${path}`, {
      ...init,
      headers: {
        Origin: APP_ORIGIN,
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  const listPage = (pageSize: number, pageToken?: string) => {
    const query = new URLSearchParams({
      spaces: 'appDataFolder',
      q: BACKUP_QUERY,
      fields: 'nextPageToken,files(id,name,size,createdTime)',
      orderBy: 'createdTime desc',
      pageSize: String(pageSize),
      ...(pageToken ? { pageToken } : {}),
    });
    return api(`/drive/v3/files?${query.toString()}`);
  };

  const startUpload = (name: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    api('/upload/drive/v3/files?uploadType=resumable&fields=id,name,size,createdTime', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=UTF-8',
        'X-Upload-Content-Type': 'application/zip',
        'X-Upload-Content-Length': String(bytes.length),
        ...headers,
      },
      body: JSON.stringify({ name, parents: ['appDataFolder'], mimeType: 'application/zip' }),
    });

  const upload = async (name: string, bytes: Buffer<ArrayBuffer>) => {
    const session = await startUpload(name, bytes);
    expect(session.status).toBe(200);
    const location = session.headers.get('location') ?? '';
    return fetch(location, {
      method: 'PUT',
      headers: { Origin: APP_ORIGIN, Authorization: `Bearer ${token}`, 'Content-Type': 'application/zip' },
      body: bytes,
    });
  };

  const addFile = (name: string, createdTime: string, trashed = false) =>
    drive.files.set(crypto.randomUUID(), {
      name,
      mimeType: 'application/zip',
      bytes: Buffer.from(name),
      createdTime,
      parents: ['appDataFolder'],
      trashed,
    });

  describe('sign-in', () => {
    it('redirects back with a bearer token, its lifetime and the state in the fragment', async () => {
      const response = await authorize();
      expect(response.status).toBe(302);
      const { page, hash } = fragmentOf(response);
      expect(page).toBe(REDIRECT_URI);
      expect(hash.get('token_type')).toBe('Bearer');
      expect(hash.get('expires_in')).toBe('3599');
      expect(hash.get('state')).toBe('a1b2c3');
      expect(hash.get('scope')).toContain(SCOPE);
      token = hash.get('access_token') ?? '';
      expect(drive.tokens.has(token)).toBe(true);
      expect((await listPage(10)).status).toBe(200);
    });

    it('redirects with access_denied and no token when the member refuses', async () => {
      drive.deny = true;
      const tokens = drive.tokens.size;
      const { hash } = fragmentOf(await authorize({ state: 'refused' }));
      expect(hash.get('error')).toBe('access_denied');
      expect(hash.get('state')).toBe('refused');
      expect(hash.has('access_token')).toBe(false);
      expect(drive.tokens.size).toBe(tokens);
    });

    it('shows an error page for an unknown client, a wrong flow, no redirect or no Drive scope', async () => {
      const refused: Array<Record<string, string>> = [
        { client_id: 'someone-else.apps.googleusercontent.com' },
        { response_type: 'code' },
        { redirect_uri: '' },
        { scope: 'openid email' },
      ];
      for (const overrides of refused) {
        const response = await authorize(overrides);
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        expect(response.headers.get('content-type')).toContain('text/html');
      }
    });
  });

  describe('Drive calls', () => {
    beforeAll(async () => {
      token = await signIn();
    });

    it('refuses a call without a token or with an unknown one, in Google’s 401 shape', async () => {
      for (const bearer of [null, 'ya29.not-issued']) {
        const response = await api('/drive/v3/files?spaces=appDataFolder', {}, bearer);
        expect(response.status).toBe(401);
        expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
        const body = (await response.json()) as GoogleErrorBody;
        expect(body.error.code).toBe(401);
        expect(body.error.status).toBe('UNAUTHENTICATED');
        expect(body.error.errors[0]?.reason).toBe('authError');
      }
    });

    it('answers 401 to every call while the token is expired', async () => {
      drive.fault = 'expired';
      expect((await listPage(10)).status).toBe(401);
      expect((await startUpload('mygenie-backup-2026-01-01T00-00-00Z.zip', Buffer.from('x'))).status).toBe(
        401,
      );
      expect((await api('/drive/v3/files/anything?alt=media')).status).toBe(401);
    });

    it('lists only backups, newest first, a page at a time', async () => {
      addFile('mygenie-backup-2026-01-01T00-00-00Z.zip', '2026-01-01T00:00:00.000Z');
      addFile('mygenie-backup-2026-03-01T00-00-00Z.json', '2026-03-01T00:00:00.000Z');
      addFile('mygenie-backup-2026-02-01T00-00-00Z.zip', '2026-02-01T00:00:00.000Z');
      addFile('mygenie-backup-2026-05-01T00-00-00Z.zip', '2026-05-01T00:00:00.000Z');
      addFile('mygenie-backup-2026-04-01T00-00-00Z.zip', '2026-04-01T00:00:00.000Z');
      addFile('mygenie-backup-2026-06-01T00-00-00Z.zip', '2026-06-01T00:00:00.000Z', true);
      addFile('notes.txt', '2026-07-01T00:00:00.000Z');
      addFile('old-mygenie-backup-2026-08-01T00-00-00Z.zip', '2026-08-01T00:00:00.000Z');

      const names: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const response = await listPage(2, pageToken);
        expect(response.status).toBe(200);
        const body = (await response.json()) as {
          nextPageToken?: string;
          files: Array<Record<string, unknown>>;
        };
        expect(body.files.length).toBeLessThanOrEqual(2);
        for (const file of body.files) {
          expect(Object.keys(file).sort()).toEqual(['createdTime', 'id', 'name', 'size']);
          expect(typeof file.size).toBe('string');
          names.push(String(file.name));
        }
        pageToken = body.nextPageToken;
        pages++;
      } while (pageToken && pages < 10);

      expect(pages).toBe(3);
      expect(names).toEqual([
        'mygenie-backup-2026-05-01T00-00-00Z.zip',
        'mygenie-backup-2026-04-01T00-00-00Z.zip',
        'mygenie-backup-2026-03-01T00-00-00Z.json',
        'mygenie-backup-2026-02-01T00-00-00Z.zip',
        'mygenie-backup-2026-01-01T00-00-00Z.zip',
      ]);
    });

    it('lists the app-data space only, and refuses a page token it did not give', async () => {
      expect((await api('/drive/v3/files?spaces=drive')).status).toBe(400);
      expect((await api('/drive/v3/files')).status).toBe(400);
      expect((await listPage(2, 'made-up')).status).toBe(400);
    });

    it('keeps a resumable upload bit-exact and gives it back with alt=media', async () => {
      const bytes = crypto.randomBytes(300_000);
      const name = 'mygenie-backup-2026-11-22T05-00-00Z.zip';
      const session = await startUpload(name, bytes);
      expect(session.status).toBe(200);
      expect(session.headers.get('access-control-expose-headers')).toMatch(/location/i);
      const location = new URL(session.headers.get('location') ?? '');
      expect(location.origin).toBe(drive.apiUrl);
      expect(location.pathname).toBe('/upload/drive/v3/files');
      expect(location.searchParams.get('uploadType')).toBe('resumable');
      expect(location.searchParams.get('upload_id')).toBeTruthy();

      const put = await fetch(location, {
        method: 'PUT',
        headers: { Origin: APP_ORIGIN, Authorization: `Bearer ${token}`, 'Content-Type': 'application/zip' },
        body: bytes,
      });
      expect(put.status).toBe(200);
      const file = (await put.json()) as { id: string; name: string; size: string; createdTime: string };
      expect(file.name).toBe(name);
      expect(file.size).toBe(String(bytes.length));
      expect(Number.isNaN(Date.parse(file.createdTime))).toBe(false);

      const stored = drive.files.get(file.id);
      expect(stored?.parents).toEqual(['appDataFolder']);
      expect(stored?.mimeType).toBe('application/zip');

      const download = await api(`/drive/v3/files/${encodeURIComponent(file.id)}?alt=media`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-length')).toBe(String(bytes.length));
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

      const listed = (await (await listPage(10)).json()) as { files: Array<{ id: string }> };
      expect(listed.files.map((entry) => entry.id)).toEqual([file.id]);
    });

    it('answers without fields with Drive’s default file resource', async () => {
      const bytes = Buffer.from('{"format":"mygenie-backup"}');
      const session = await api('/upload/drive/v3/files?uploadType=resumable', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=UTF-8',
          'X-Upload-Content-Length': String(bytes.length),
        },
        body: JSON.stringify({
          name: 'mygenie-backup-2026-11-22T05-00-00Z.json',
          parents: ['appDataFolder'],
          mimeType: 'application/json',
        }),
      });
      const put = await fetch(session.headers.get('location') ?? '', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
        body: bytes,
      });
      const file = (await put.json()) as Record<string, unknown>;
      expect(file).toEqual({
        kind: 'drive#file',
        id: expect.any(String),
        name: 'mygenie-backup-2026-11-22T05-00-00Z.json',
        mimeType: 'application/json',
      });
    });

    it('refuses bytes that do not match X-Upload-Content-Length, keeping nothing', async () => {
      const session = await startUpload('mygenie-backup-2026-11-22T05-00-00Z.zip', Buffer.alloc(10), {
        'X-Upload-Content-Length': '11',
      });
      const put = await fetch(session.headers.get('location') ?? '', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
        body: Buffer.alloc(10),
      });
      expect(put.status).toBe(400);
      expect(drive.files.size).toBe(0);
    });

    it('refuses a file outside the app-data folder (the scope does not reach it)', async () => {
      const response = await api('/upload/drive/v3/files?uploadType=resumable', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ name: 'mygenie-backup-2026-11-22T05-00-00Z.zip' }),
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as GoogleErrorBody).error.errors[0]?.reason).not.toMatch(/quota/i);
    });

    it('answers a download of a missing file with 404', async () => {
      const response = await api('/drive/v3/files/no-such-file?alt=media');
      expect(response.status).toBe(404);
      expect(((await response.json()) as GoogleErrorBody).error.errors[0]?.reason).toBe('notFound');
    });

    it('refuses the upload with storageQuotaExceeded when the Drive is full', async () => {
      drive.fault = 'full';
      const response = await upload('mygenie-backup-2026-11-22T05-00-00Z.zip', Buffer.alloc(1000, 7));
      expect(response.status).toBe(403);
      const body = (await response.json()) as GoogleErrorBody;
      expect(body.error.code).toBe(403);
      expect(body.error.message).toBe("The user's Drive storage quota has been exceeded.");
      expect(body.error.errors[0]).toMatchObject({ domain: 'usageLimits', reason: 'storageQuotaExceeded' });
      expect(drive.files.size).toBe(0);
    });

    it('drops every Drive connection without an answer', async () => {
      drive.fault = 'drop';
      await expect(listPage(10)).rejects.toThrow();
      await expect(api('/drive/v3/files/x?alt=media')).rejects.toThrow();
    });

    it('answers CORS preflights the way Google does, and exposes Location on every answer', async () => {
      const response = await fetch(`${drive.apiUrl}/upload/drive/v3/files?uploadType=resumable`, {
        method: 'OPTIONS',
        headers: {
          Origin: APP_ORIGIN,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers':
            'authorization,content-type,x-upload-content-type,x-upload-content-length',
        },
      });
      expect(response.status).toBeLessThan(300);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPUT\b/);
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of [
        'authorization',
        'content-type',
        'x-upload-content-type',
        'x-upload-content-length',
      ]) {
        expect(allowed).toContain(header);
      }

      const list = await listPage(10);
      expect(list.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(list.headers.get('access-control-expose-headers')).toMatch(/location/i);
      expect(list.headers.get('access-control-expose-headers')).toMatch(/content-length/i);
    });

    it('records each request’s method and path', async () => {
      const before = drive.requests.length;
      await listPage(3);
      expect(drive.requests.slice(before)).toEqual([
        { method: 'GET', path: expect.stringMatching(/^\/drive\/v3\/files\?spaces=appDataFolder&/) },
      ]);
    });
  });
});
