// Notices, published files and members' documents through the API, on local disk and on S3, with the access
// matrix for visitors, members and admins.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { startS3Server, type RunningS3 } from '../test/s3-server.js';

const ADMIN = 'admin@example.com';

const backends: Array<[string, () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>]> = [
  ['local disk', async () => ({ env: {}, stop: async () => {} })],
  [
    'S3',
    async () => {
      const s3: RunningS3 = await startS3Server();
      return {
        env: {
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
        stop: () => s3.stop(),
      };
    },
  ],
];

describe.each(backends)('files on %s', (_name, openBackend) => {
  let t: TestApp;
  let stopBackend: () => Promise<void>;
  let admin: string;
  let member: string;
  let otherMember: string;

  beforeAll(async () => {
    const backend = await openBackend();
    stopBackend = backend.stop;
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, MAX_UPLOAD_MB: '2', USER_QUOTA_MB: '1', ...backend.env });
    admin = await signedInMember(t, ADMIN);
    member = await signedInMember(t, `member.${Date.now()}@example.com`);
    otherMember = await signedInMember(t, `other.${Date.now()}@example.com`);
  });
  afterAll(async () => {
    await t.close();
    await stopBackend();
  });

  function upload(url: string, body: Buffer, cookie?: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'PUT',
      url,
      payload: body,
      headers: {
        origin: t.origin,
        'content-type': 'application/octet-stream',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
  }
  const program = (query: Record<string, string>) =>
    `/api/files?${new URLSearchParams({ name: 'MyGenie', description: 'Desktop app', version: '1.0.0', filename: 'MyGenie.zip', ...query })}`;

  async function fileRows() {
    return t.database.db.selectFrom('files').selectAll().execute();
  }

  describe('notices', () => {
    it('lets only admins write, and lists each language newest first', async () => {
      const body = { lang: 'ko', title: '첫 공지', content: '줄 하나\n<b>둘</b>' };
      expect((await t.request({ method: 'POST', url: '/api/notices', body })).json().error.code).toBe(
        'auth/unauthenticated',
      );
      const forbidden = await t.request({ method: 'POST', url: '/api/notices', body, cookie: member });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.code).toBe('auth/forbidden');

      const first = await t.request({ method: 'POST', url: '/api/notices', body, cookie: admin });
      expect(first.statusCode).toBe(201);
      t.advance(1000);
      await t.request({
        method: 'POST',
        url: '/api/notices',
        body: { ...body, title: '두 번째' },
        cookie: admin,
      });
      await t.request({
        method: 'POST',
        url: '/api/notices',
        body: { lang: 'en', title: 'English', content: 'Hi' },
        cookie: admin,
      });

      const korean = (await t.request({ method: 'GET', url: '/api/notices?lang=ko' })).json().notices;
      expect(korean.map((notice: { title: string }) => notice.title)).toEqual(['두 번째', '첫 공지']);
      expect(korean[1].content).toBe('줄 하나\n<b>둘</b>');
      const english = (await t.request({ method: 'GET', url: '/api/notices?lang=en' })).json().notices;
      expect(english.map((notice: { title: string }) => notice.title)).toEqual(['English']);
    });

    it('edits title, content and language, and deletes', async () => {
      const created = (
        await t.request({
          method: 'POST',
          url: '/api/notices',
          body: { lang: 'ko', title: 'x', content: 'y' },
          cookie: admin,
        })
      ).json().notice;
      const url = `/api/notices/${created.id}`;
      expect(
        (
          await t.request({
            method: 'PUT',
            url,
            body: { lang: 'en', title: 'Edited', content: 'New' },
            cookie: member,
          })
        ).statusCode,
      ).toBe(403);
      const edited = await t.request({
        method: 'PUT',
        url,
        body: { lang: 'en', title: 'Edited', content: 'New' },
        cookie: admin,
      });
      expect(edited.json().notice).toMatchObject({ lang: 'en', title: 'Edited', content: 'New' });
      expect((await t.request({ method: 'DELETE', url, cookie: member })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url, cookie: admin })).statusCode).toBe(204);
      expect((await t.request({ method: 'DELETE', url, cookie: admin })).statusCode).toBe(404);
    });

    it('refuses empty or oversized text and unknown languages', async () => {
      for (const body of [
        { lang: 'ko', title: '   ', content: 'y' },
        { lang: 'ko', title: 'x', content: '' },
        { lang: 'fr', title: 'x', content: 'y' },
        { lang: 'ko', title: 'x'.repeat(201), content: 'y' },
      ]) {
        const response = await t.request({ method: 'POST', url: '/api/notices', body, cookie: admin });
        expect(response.statusCode).toBe(400);
      }
    });
  });

  describe('published files', () => {
    it('an admin uploads; members list and download the same bytes, each download counted; visitors may not', async () => {
      const bytes = crypto.randomBytes(300_000);
      expect((await upload(program({}), bytes)).json().error.code).toBe('auth/unauthenticated');
      expect((await upload(program({}), bytes, member)).json().error.code).toBe('auth/forbidden');
      const created = await upload(program({ latest: 'true' }), bytes, admin);
      expect(created.statusCode).toBe(201);
      const file = created.json().file;
      expect(file).toMatchObject({
        name: 'MyGenie',
        category: 'program',
        fileSize: 300_000,
        isLatest: true,
        downloadCount: 0,
      });

      expect((await t.request({ method: 'GET', url: '/api/files' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/files' })).json().error.code).toBe(
        'storage/unauthenticated',
      );
      const listed = (await t.request({ method: 'GET', url: '/api/files', cookie: member })).json().files;
      expect(listed.map((item: { id: string }) => item.id)).toContain(file.id);

      expect((await t.request({ method: 'GET', url: file.downloadURL })).statusCode).toBe(401);
      const download = await t.request({ method: 'GET', url: file.downloadURL, cookie: member });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="MyGenie.zip"; filename*=UTF-8''MyGenie.zip`,
      );
      await t.request({ method: 'GET', url: file.downloadURL, cookie: otherMember });
      const after = (await t.request({ method: 'GET', url: '/api/files', cookie: admin })).json().files;
      expect(after.find((item: { id: string }) => item.id === file.id).downloadCount).toBe(2);
    });

    it('keeps one latest file per category', async () => {
      const first = (
        await upload(program({ category: 'update', latest: 'true', version: '1' }), Buffer.from('a'), admin)
      ).json().file;
      const second = (
        await upload(program({ category: 'update', latest: 'true', version: '2' }), Buffer.from('b'), admin)
      ).json().file;
      const other = (
        await upload(
          program({ category: 'document', latest: 'true', filename: 'guide.pdf' }),
          Buffer.from('c'),
          admin,
        )
      ).json().file;
      const rows = await fileRows();
      const latest = (id: string) => rows.find((row) => row.id === id)?.is_latest;
      expect([latest(first.id), latest(second.id), latest(other.id)]).toEqual([0, 1, 1]);
    });

    it('refuses bad uploads with their codes and keeps no row and no file', async () => {
      const before = (await fileRows()).length;
      const cases: Array<[Record<string, string>, Buffer, string, number]> = [
        [{ filename: 'evil.sh' }, Buffer.from('x'), 'storage/invalid-type', 400],
        [{ filename: 'noextension' }, Buffer.from('x'), 'storage/invalid-type', 400],
        [{ filename: '../../etc/passwd.txt' }, Buffer.from('x'), 'storage/invalid-name', 400],
        [{ filename: 'a\\b.zip' }, Buffer.from('x'), 'storage/invalid-name', 400],
        [{ category: 'secret' }, Buffer.from('x'), 'request/invalid', 400],
        [{ name: '' }, Buffer.from('x'), 'request/invalid', 400],
        [{}, Buffer.alloc(0), 'storage/empty-file', 400],
        [{}, Buffer.alloc(3 * 1024 * 1024, 1), 'storage/too-large', 413],
      ];
      for (const [query, body, code, status] of cases) {
        const response = await upload(program(query), body, admin);
        expect(response.statusCode, `${JSON.stringify(query)} ${response.body}`).toBe(status);
        expect(response.json().error.code).toBe(code);
      }
      // A body that lies about its length (chunked, no Content-Length) is still cut at the limit.
      const chunked = await upload(program({}), Buffer.alloc(3 * 1024 * 1024, 2), admin, {
        'transfer-encoding': 'chunked',
      });
      expect(chunked.json().error.code).toBe('storage/too-large');
      expect((await fileRows()).length).toBe(before);
      if (!t.config.s3) {
        const dir = path.join(t.config.dataDir, 'files', 'files');
        const stored = await fs.readdir(dir).catch(() => [] as string[]);
        expect(stored.length).toBe(before);
        expect(stored.some((name) => name.endsWith('.part'))).toBe(false);
      }
    });

    it('deletes for admins only, and the file is gone', async () => {
      const file = (await upload(program({ filename: 'old.txt' }), Buffer.from('old'), admin)).json().file;
      expect(
        (await t.request({ method: 'DELETE', url: `/api/files/${file.id}`, cookie: member })).statusCode,
      ).toBe(403);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/files/${file.id}`, cookie: admin })).statusCode,
      ).toBe(204);
      const gone = await t.request({ method: 'GET', url: file.downloadURL, cookie: member });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('storage/object-not-found');
      expect(await t.storage.exists(`files/${file.id}`)).toBe(false);
      const forged = await t.request({
        method: 'GET',
        url: '/api/files/not-a-uuid/download',
        cookie: member,
      });
      expect(forged.json().error.code).toBe('storage/object-not-found');
    });
  });

  describe("members' documents", () => {
    const put = (name: string, body: Buffer, cookie?: string) =>
      upload(`/api/documents?${new URLSearchParams({ name, type: 'text/plain' })}`, body, cookie);

    it('each member lists, downloads and deletes only their own', async () => {
      expect((await put('a.txt', Buffer.from('a'))).json().error.code).toBe('storage/unauthenticated');
      const mine = (await put('일기 백업.txt', Buffer.from('내 기록'), member)).json().document;
      expect(mine).toMatchObject({
        name: '일기 백업.txt',
        size: Buffer.byteLength('내 기록'),
        contentType: 'text/plain',
      });
      const list = (await t.request({ method: 'GET', url: '/api/documents', cookie: member })).json();
      expect(list.documents.map((doc: { id: string }) => doc.id)).toEqual([mine.id]);
      expect(list.usedBytes).toBe(mine.size);
      expect(list.quotaBytes).toBe(1024 * 1024);
      expect(
        (await t.request({ method: 'GET', url: '/api/documents', cookie: otherMember })).json().documents,
      ).toEqual([]);

      const download = await t.request({ method: 'GET', url: mine.url, cookie: member });
      expect(download.body).toBe('내 기록');
      for (const method of ['GET', 'DELETE'] as const) {
        const url = method === 'GET' ? mine.url : `/api/documents/${mine.id}`;
        const theirs = await t.request({ method, url, cookie: otherMember });
        expect(theirs.statusCode).toBe(404);
        expect(theirs.json().error.code).toBe('storage/object-not-found');
      }
      expect(
        (await t.request({ method: 'DELETE', url: `/api/documents/${mine.id}`, cookie: member })).statusCode,
      ).toBe(204);
      expect((await t.request({ method: 'GET', url: mine.url, cookie: member })).statusCode).toBe(404);
    });

    it('answers storage/quota-exceeded past the quota and keeps nothing', async () => {
      const first = await put('half.bin', Buffer.alloc(700 * 1024, 1), otherMember);
      expect(first.statusCode).toBe(201);
      const second = await put('more.bin', Buffer.alloc(400 * 1024, 2), otherMember);
      expect(second.statusCode).toBe(402);
      expect(second.json().error.code).toBe('storage/quota-exceeded');
      const chunked = await upload(
        `/api/documents?${new URLSearchParams({ name: 'more.bin' })}`,
        Buffer.alloc(400 * 1024, 3),
        otherMember,
        { 'transfer-encoding': 'chunked' },
      );
      expect(chunked.json().error.code).toBe('storage/quota-exceeded');
      const list = (await t.request({ method: 'GET', url: '/api/documents', cookie: otherMember })).json();
      expect(list.documents).toHaveLength(1);
      expect(list.usedBytes).toBe(700 * 1024);
    });

    it('refuses odd names', async () => {
      for (const name of ['../x', 'a/b', '..', 'bad\u0000name', '']) {
        const response = await put(name, Buffer.from('x'), member);
        expect(response.json().error.code, name).toBe('storage/invalid-name');
      }
    });
  });
});
