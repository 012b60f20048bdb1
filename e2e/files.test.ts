// Notices and downloads: an admin publishes a program from /admin, a member downloads the same bytes from
// /download, a visitor is asked to log in; notices appear only in their language, and are edited and deleted.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copy as adminCopy } from '../src/site/pages/admin/copy.js';
import { copy as downloadCopy } from '../src/site/pages/download/copy.js';
import { catalog } from '../src/shared/i18n/index.js';
import { runningVersionLine } from './support/version.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';

const ADMIN = 'admin@example.com';
const MEMBER = 'member@example.com';
const PASSWORD = 'journey password 1';
const suite = browserSuite({ ADMIN_EMAILS: ADMIN });

let accountsReady: Promise<void> | undefined;
function accounts(): Promise<void> {
  accountsReady ??= (async () => {
    await createAccount(suite.server, ADMIN, PASSWORD);
    await createAccount(suite.server, MEMBER, PASSWORD);
  })();
  return accountsReady;
}

async function pageAs(email: string | null, lang: 'ko' | 'en', path: string) {
  const context = await suite.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  if (email) await signInContext(suite.server, context, email, PASSWORD);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  return page;
}

describe('publishing and downloading a program', () => {
  it('admin uploads with progress; a member downloads it byte-identical; a visitor is asked to log in', async () => {
    await accounts();
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const admin = await pageAs(ADMIN, 'en', '/admin');
    const form = admin.getByTestId('admin-upload-form');
    await form.waitFor();
    // The foot of the page tells an admin which version and commit the server runs (the checkout's, built here).
    await expect.poll(() => admin.getByTestId('footer-version').innerText()).toBe(runningVersionLine('en'));
    await admin
      .getByTestId('admin-upload-file')
      .setInputFiles({ name: 'MyGenie-Setup.zip', mimeType: 'application/zip', buffer: bytes });
    expect(await admin.getByTestId('admin-upload-name').inputValue()).toBe('MyGenie-Setup');
    await admin.getByTestId('admin-upload-description').fill('The MyGenie desktop app');
    await admin.getByTestId('admin-upload-version').fill('2025.09.25');
    await admin.getByTestId('admin-upload-latest').check();
    await admin.getByTestId('admin-upload-submit').click();
    await admin.getByTestId('admin-upload-success').waitFor();
    const row = admin.getByTestId('admin-file-row').filter({ hasText: 'MyGenie-Setup' });
    await row.waitFor();
    expect(await row.getByTestId('admin-latest-badge').count()).toBe(1);

    const member = await pageAs(MEMBER, 'en', '/download');
    const button = member.getByTestId('program-download');
    await button.waitFor();
    const [download] = await Promise.all([member.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('MyGenie-Setup.zip');
    const saved = await fs.readFile((await download.path())!);
    expect(saved.equals(bytes)).toBe(true);
    await member.getByTestId('file-row').filter({ hasText: 'MyGenie-Setup' }).waitFor();
    // Members and visitors are not told: the footer renders with the session the page already shows.
    expect(await member.getByTestId('footer-version').count()).toBe(0);

    const visitor = await pageAs(null, 'ko', '/download');
    await visitor.getByTestId('download-login-required').waitFor();
    expect(await visitor.getByTestId('program-download').count()).toBe(0);
    expect(await visitor.getByTestId('footer-version').count()).toBe(0);
  });

  it('shows admins only to admins', async () => {
    await accounts();
    const member = await pageAs(MEMBER, 'ko', '/admin');
    const denied = member.getByTestId('admin-denied');
    await denied.waitFor();
    expect(await denied.locator('h1').innerText()).toBe(adminCopy.ko.denied.title);
    expect(await member.getByTestId('admin-upload-form').count()).toBe(0);
  });
});

describe('notices', () => {
  it('appear only in their language, and an admin edits and deletes them with confirmation', async () => {
    await accounts();
    const admin = await pageAs(ADMIN, 'en', '/download');
    const form = admin.getByTestId('notice-add-form');
    await form.waitFor();
    const add = async (lang: string, title: string, content: string) => {
      await form.getByLabel(/Language/).selectOption(lang);
      await form.getByLabel(/Title/).fill(title);
      await form.getByLabel(/Content/).fill(content);
      await form.locator('button[type=submit]').click();
    };
    await add('ko', '한국어 공지', '첫 줄\n<b>둘째 줄</b>');
    await add('en', 'English notice', 'Hello');
    await admin.getByTestId('notice-item').filter({ hasText: 'English notice' }).waitFor();
    expect(await admin.getByTestId('notice-item').filter({ hasText: '한국어 공지' }).count()).toBe(0);

    const visitor = await pageAs(null, 'ko', '/download');
    const korean = visitor.getByTestId('notice-item').filter({ hasText: '한국어 공지' });
    await korean.waitFor();
    expect(await visitor.getByTestId('notice-item').filter({ hasText: 'English notice' }).count()).toBe(0);
    await korean.getByRole('button', { expanded: false }).click();
    await expect.poll(() => korean.innerText()).toContain('<b>둘째 줄</b>');

    const english = admin.getByTestId('notice-item').filter({ hasText: 'English notice' });
    await english.getByTestId('notice-edit').click();
    const editForm = admin.getByTestId('notice-edit-form');
    await editForm.getByLabel(/Title/).fill('Edited notice');
    await editForm.locator('button[type=submit]').click();
    const edited = admin.getByTestId('notice-item').filter({ hasText: 'Edited notice' });
    await edited.waitFor();
    await edited.getByTestId('notice-delete').click();
    const confirm = admin.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('Are you sure you want to delete?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await edited.waitFor({ state: 'detached' });
  });
});

describe('lists that cannot be loaded', () => {
  it('say why in the page language and load on retry (download and admin pages)', async () => {
    await accounts();
    const down = new Set(['/api/notices', '/api/files', '/api/inquiries']);
    // The server answers 503 for the lists, then comes back.
    const fail = (route: Route) =>
      down.has(new URL(route.request().url()).pathname)
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'server/unavailable' } }),
          })
        : route.continue();
    const admin = await pageAs(ADMIN, 'ko', '/admin');
    await admin.context().route('**/api/**', fail);
    const page = await pageAs(MEMBER, 'en', '/download');
    await page.context().route('**/api/**', fail);
    await page.reload();
    const notices = page.getByTestId('notices-error');
    await notices.waitFor();
    expect(await notices.innerText()).toContain(catalog.en.errors['server/unavailable']);
    expect(await page.getByTestId('files-error').innerText()).toContain(
      catalog.en.errors['server/unavailable'],
    );

    await admin.reload();
    const files = admin.getByTestId('admin-files-error');
    await files.waitFor();
    expect(await files.innerText()).toContain(adminCopy.ko.files.loadFailed);
    expect(await files.innerText()).toContain(catalog.ko.errors['server/unavailable']);
    await admin.getByTestId('admin-inquiries-error').waitFor();

    down.clear();
    await page.getByRole('button', { name: downloadCopy.en.common.retry }).first().click();
    await page.getByTestId('notices-error').waitFor({ state: 'detached' });
    await page.getByTestId('notice-item').or(page.getByTestId('notices-empty')).first().waitFor();
    await files.getByRole('button', { name: adminCopy.ko.files.retry }).click();
    await admin.getByTestId('admin-files-table').or(admin.getByTestId('admin-files-empty')).waitFor();
    expect(await admin.getByTestId('admin-files-error').count()).toBe(0);
  });
});

describe('member inquiries', () => {
  it('a member writes from the support page, gets a confirmation, and an admin reads it; a visitor is asked to log in', async () => {
    await accounts();
    const visitor = await pageAs(null, 'en', '/support');
    await visitor.getByTestId('inquiry-login-required').waitFor();

    const member = await pageAs(MEMBER, 'ko', '/support');
    await member.getByTestId('inquiry-write-bug').click();
    expect(await member.getByTestId('inquiry-type').inputValue()).toBe('bug');
    await member.getByTestId('inquiry-subject').fill('음력 생일이 하루 밀려요');
    await member
      .getByTestId('inquiry-message')
      .fill('2026년 설날 다음 날로 보입니다.\n<script>alert(1)</script>');
    await member.getByTestId('inquiry-submit').click();
    await member.getByTestId('inquiry-sent').waitFor();
    const ack = await suite.server.mailWithSubject(MEMBER, /We received your inquiry/);
    expect(ack.subject).toBe('[MyGenie] We received your inquiry: 음력 생일이 하루 밀려요');

    const admin = await pageAs(ADMIN, 'en', '/admin');
    const inquiry = admin.getByTestId('admin-inquiry').filter({ hasText: '음력 생일이 하루 밀려요' });
    await inquiry.waitFor();
    expect(await inquiry.innerText()).toContain(MEMBER);
    await inquiry.locator('summary').click();
    await expect.poll(() => inquiry.innerText()).toContain('<script>alert(1)</script>');
  });
});
