// The update banner's routes over HTTP: the public read (null on a fresh install), who may write and remove it,
// what each field accepts, the 409 of a write made from an older revision, and the text answered as it was written
// (plain text: the site shows it as text, so markup stays characters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATE_BANNER_LIMITS } from '../../shared/constants.js';
import { catalog } from '../../shared/i18n/index.js';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';

const ADMIN = 'admin@example.com';
let t: TestApp;
let member: string;
let admin: string;

const valid = {
  version: '2026-12-02',
  title: { ko: '새 버전 <b>2.0</b>', en: 'Version <b>2.0</b> is out' },
  body: { ko: '첫 줄\n둘째 줄', en: 'First line\nSecond line' },
};

const read = async () => (await t.request({ method: 'GET', url: '/api/banner' })).json();
/** Writes as the admin, or as `who` (undefined: a visitor). */
const write = (body: unknown, ...who: [cookie: string | undefined] | []) =>
  t.request({ method: 'PUT', url: '/api/admin/banner', body, cookie: who.length ? who[0] : admin });

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: ADMIN });
  member = await signedInMember(t, 'member@example.com');
  admin = await signedInMember(t, ADMIN);
});
afterAll(async () => {
  await t.close();
});

describe('the update banner over HTTP', () => {
  it('answers none on a fresh install, to anyone', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/banner' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ banner: null });
    expect((await t.request({ method: 'GET', url: '/api/admin/banner', cookie: admin })).json()).toEqual({
      banner: null,
    });
  });

  it('lets only admins read it for editing, write and remove it', async () => {
    for (const [cookie, status, code] of [
      [undefined, 401, 'auth/unauthenticated'],
      [member, 403, 'auth/forbidden'],
    ] as const) {
      const attempts = [
        await t.request({ method: 'GET', url: '/api/admin/banner', cookie }),
        await write({ ...valid, revision: null }, cookie),
        await t.request({ method: 'DELETE', url: '/api/admin/banner', body: { revision: 'x' }, cookie }),
      ];
      for (const refused of attempts) {
        expect([refused.statusCode, refused.json().error.code]).toEqual([status, code]);
      }
    }
    expect(await read()).toEqual({ banner: null });
  });

  it('refuses each field that breaks its rule, naming the field’s code', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const form = { ...valid, revision: null };
    const cases: Array<[unknown, string]> = [
      [{ ...form, version: '' }, 'banner/invalid-version'],
      [{ ...form, version: '   ' }, 'banner/invalid-version'],
      [{ ...form, version: long(UPDATE_BANNER_LIMITS.version + 1) }, 'banner/invalid-version'],
      [{ ...form, version: '2026\n12' }, 'banner/invalid-version'],
      [{ title: form.title, body: form.body, revision: null }, 'banner/invalid-version'],
      [{ ...form, title: { ko: '', en: 'x' } }, 'banner/invalid-title'],
      [{ ...form, title: { ko: 'x', en: long(UPDATE_BANNER_LIMITS.title + 1) } }, 'banner/invalid-title'],
      [{ ...form, title: { ko: 'two\nlines', en: 'x' } }, 'banner/invalid-title'],
      [{ ...form, title: { ko: 'x' } }, 'banner/invalid-title'],
      [{ ...form, title: 'x' }, 'banner/invalid-title'],
      [{ ...form, body: { ko: 'x', en: '' } }, 'banner/invalid-body'],
      [{ ...form, body: { ko: long(UPDATE_BANNER_LIMITS.body + 1), en: 'x' } }, 'banner/invalid-body'],
      [{ ...form, body: { ko: 'zero\u200bwidth', en: 'x' } }, 'banner/invalid-body'],
      [{ ...form, body: { ko: 'x', en: 'bell\u0007' } }, 'banner/invalid-body'],
      // Without the revision it was read at, a form cannot say what it replaces.
      [valid, 'request/invalid'],
      [{ ...form, html: '<b>' }, 'request/invalid'],
    ];
    for (const [body, code] of cases) {
      const refused = await write(body);
      const name = JSON.stringify(body).slice(0, 80);
      expect([name, refused.statusCode, refused.json().error.code]).toEqual([name, 400, code]);
    }
    // The most each field takes, trimmed, is taken.
    const longest = {
      version: ` ${long(UPDATE_BANNER_LIMITS.version)} `,
      title: { ko: long(UPDATE_BANNER_LIMITS.title), en: long(UPDATE_BANNER_LIMITS.title) },
      body: { ko: long(UPDATE_BANNER_LIMITS.body), en: long(UPDATE_BANNER_LIMITS.body) },
      revision: null,
    };
    const taken = await write(longest);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().banner.version).toBe(long(UPDATE_BANNER_LIMITS.version));
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/admin/banner',
      body: { revision: taken.json().banner.revision },
      cookie: admin,
    });
    expect(removed.statusCode).toBe(204);
    // Each message names the limit it enforces.
    for (const [code, limit] of [
      ['banner/invalid-version', UPDATE_BANNER_LIMITS.version],
      ['banner/invalid-title', UPDATE_BANNER_LIMITS.title],
      ['banner/invalid-body', UPDATE_BANNER_LIMITS.body],
    ] as const) {
      expect(catalog.en.errors[code]).toContain(String(limit));
      expect(catalog.ko.errors[code]).toContain(String(limit));
    }
  });

  it('writes it, shows it to visitors as written, refuses an older form with 409, and removes it', async () => {
    const written = await write({ ...valid, revision: null });
    expect(written.statusCode).toBe(200);
    const { banner } = written.json();
    expect(banner).toMatchObject({ ...valid, updatedBy: ADMIN });
    // Visitors read the text as it was written (markup included, as characters), without who wrote it.
    expect(await read()).toEqual({
      banner: { ...valid, updatedAt: banner.updatedAt },
    });

    // A second write from the revision read goes through; the first form's revision is now stale.
    const again = await write({ ...valid, version: '2026-12-03', revision: banner.revision });
    expect(again.statusCode).toBe(200);
    const stale = await write({ ...valid, version: 'mine', revision: banner.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({
      code: 'banner/changed',
      message: catalog.en.errors['banner/changed'],
    });
    const staleRemoval = await t.request({
      method: 'DELETE',
      url: '/api/admin/banner',
      body: { revision: banner.revision },
      cookie: admin,
    });
    expect([staleRemoval.statusCode, staleRemoval.json().error.code]).toEqual([409, 'banner/changed']);
    expect((await read()).banner.version).toBe('2026-12-03');

    const removed = await t.request({
      method: 'DELETE',
      url: '/api/admin/banner',
      body: { revision: again.json().banner.revision },
      cookie: admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await read()).toEqual({ banner: null });
  });
});
