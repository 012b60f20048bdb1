// The update banner a host writes (issue 45): a fresh install shows none; the admin writes it in /admin (a field
// left empty is refused in the admin's language, the preview shows the draft as the home page will), and a
// visitor's home page shows it in Korean and in English, as plain text; "Don't show for 24 hours" hides it, and a
// new version shows it again. A form left open while another admin saves is refused and shows theirs, with the
// admin's own text a click away; removing it asks first, and the home page has none again.
import { describe, expect, it } from 'vitest';
import type { BannerContent } from '../src/shared/banner.js';
import { catalog } from '../src/shared/i18n/index.js';
import { createAccount, signInContext } from './support/accounts.js';
import { writeBanner } from './support/banner.js';
import { browserSuite } from './support/suite.js';
import { AdminBannerModel, HomeBannerModel } from './pages/banner.js';

const ADMIN = 'owner@example.com';
const DEPUTY = 'deputy@example.com';
const PASSWORD = 'journey password 1';
const suite = browserSuite({ ADMIN_EMAILS: `${ADMIN},${DEPUTY}` });

const FIRST: BannerContent = {
  version: '2026-12-02',
  title: { ko: '새 버전이 나왔습니다', en: 'A new version is out' },
  body: { ko: '동기화가 더 빨라졌습니다.\n앱을 다시 열어 주세요.', en: 'Sync is faster.\nReopen the app.' },
};
const SECOND: BannerContent = {
  version: '2026-12-09',
  title: { ko: '점검 안내', en: 'Maintenance <b>tonight</b>' },
  body: { ko: '오늘 밤 10시에 잠시 멈춥니다.', en: 'The site pauses at 10 pm.' },
};
const DEPUTYS: BannerContent = {
  version: 'deputy edition',
  title: { ko: '부관리자의 안내', en: "The deputy's notice" },
  body: { ko: '본문', en: 'Body' },
};

describe('the update banner', () => {
  it('is written in /admin, shown to visitors in both languages, hidden for 24 hours, and back with a new version', async () => {
    const visitor = new HomeBannerModel(
      await (await suite.newContext({ viewport: { width: 390, height: 844 } })).newPage(),
      suite.server.url,
    );
    expect(await visitor.open('ko'), 'a fresh install has no banner').toBeNull();

    await createAccount(suite.server, ADMIN, PASSWORD);
    const adminContext = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(suite.server, adminContext, ADMIN, PASSWORD);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${suite.server.url}/admin?lang=ko`);
    const form = new AdminBannerModel(adminPage, 'ko');
    await form.status().getByText(form.text.none).waitFor();

    // An English title left empty is refused in Korean, beside its field, and nothing is saved.
    await form.fill({ ...FIRST, title: { ...FIRST.title, en: ' ' } });
    await form.save();
    expect(await form.problem('title.en').innerText()).toBe(catalog.ko.errors['banner/invalid-title']);
    expect(await form.title('en').evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await form.title('en').getAttribute('aria-invalid')).toBe('true');
    await form.title('en').fill(FIRST.title.en);
    expect(await form.problem('title.en').count()).toBe(0);
    expect(await form.preview('en').innerText()).toContain(FIRST.title.en);
    expect(await form.preview('ko').innerText()).toContain(catalog.ko.banner.dontShow24h);
    await form.saved(FIRST.version);
    expect(await form.status().innerText()).toContain(ADMIN);

    const korean = await visitor.open('ko');
    expect(await korean?.locator('strong').innerText()).toBe(FIRST.title.ko);
    expect(await korean?.innerText()).toContain('동기화가 더 빨라졌습니다.\n앱을 다시 열어 주세요.');
    const english = await visitor.open('en');
    expect(await english?.locator('strong').innerText()).toBe(FIRST.title.en);
    expect(await english?.innerText()).toContain('Sync is faster.\nReopen the app.');

    await visitor.hideFor24Hours('en');
    expect(await visitor.open('en'), 'hidden for 24 hours').toBeNull();
    expect(await visitor.open('ko'), 'in either language').toBeNull();

    // A new version shows again, within the 24 hours; what the admin typed shows as text, markup included.
    await form.fill(SECOND);
    await form.saved(SECOND.version);
    const again = await visitor.open('en');
    expect(await again?.locator('strong').innerText()).toBe(SECOND.title.en);
    expect(await again?.locator('b').count()).toBe(0);

    // Another admin saves while this form is open: this admin's save is refused, the form shows the deputy's banner
    // and says so, and puts this admin's text back on request.
    await writeBanner(suite.server, DEPUTY, DEPUTYS);
    await form.title('ko').fill('내가 고친 제목');
    await form.save();
    await form.conflict().waitFor();
    expect(await form.conflict().innerText()).toContain(DEPUTY);
    expect(await form.version().inputValue()).toBe(DEPUTYS.version);
    expect(await form.title('ko').inputValue()).toBe(DEPUTYS.title.ko);
    await form.conflict().getByRole('button', { name: form.text.restoreDraft }).click();
    expect(await form.title('ko').inputValue()).toBe('내가 고친 제목');
    expect(await form.version().inputValue()).toBe(SECOND.version);

    // Removing asks first; then the home page has none.
    await form.remove();
    await form.status().getByText(form.text.none).waitFor();
    expect(await visitor.open('ko')).toBeNull();
  });
});
