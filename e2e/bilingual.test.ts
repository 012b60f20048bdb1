// The bilingual pass: every screen of the site and the app, rendered in Korean and in English and compared
// (e2e/support/bilingual.ts), each passing axe in both. The journeys run each in one language; this is where both
// languages of every screen are held against each other and against the catalogs.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/shared/i18n/index.js';
import { fairyText } from '../src/site/fairy/copy.js';
import type { AppScreen } from '../src/app/shell/pages.js';
import { anniversaryText } from '../src/app/modules/schedule/anniversaries/copy.js';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { personalText } from '../src/app/modules/personal/copy.js';
import { scheduleText } from '../src/app/modules/schedule/copy.js';
import { settingsText } from '../src/app/modules/settings/copy.js';
import { remindersText } from '../src/app/modules/reminders/copy.js';
import { AppModel } from './pages/app.js';
import { PUBLIC_ROUTES } from './pages/routes.js';
import { HomePageModel, type Lang } from './pages/site.js';
import { MEMBER_PASSWORD } from './pages/members.js';
import { createAccount, signInContext } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { bilingualProblems, readingOrder, type Node } from './support/bilingual.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();
const LANGS = ['ko', 'en'] as const;
const MASTER = 'Bilingual master key 2026!';

/** The fairy guide, loaded after the home and features pages are shown: both languages are read once it is there. */
async function fairyShown(page: Page, lang: Lang, path = new URL(page.url()).pathname): Promise<void> {
  if (path !== '/' && path !== '/features') return;
  await page.getByRole('complementary', { name: fairyText[lang].label }).waitFor();
}

async function newPage(width = 1280): Promise<Page> {
  // bypassCSP only to inject axe-core; our own pages never need it.
  const context = await suite.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  return context.newPage();
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

describe('public pages in both languages', () => {
  for (const route of PUBLIC_ROUTES) {
    it(`${route.path} is prerendered and hydrated in each, passes axe in each, and the two agree`, async () => {
      const trees: Partial<Record<Lang, Node[]>> = {};
      for (const lang of LANGS) {
        const raw = await fetch(`${suite.server.url}${route.path}?lang=${lang}`).then((answer) =>
          answer.text(),
        );
        expect(raw).toContain(`<html lang="${lang}">`);
        expect(raw).toContain(escapeHtml(route.title(lang)));

        const page = await newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${suite.server.url}${route.path}?lang=${lang}`);
        await page.locator('h1').first().waitFor();
        await fairyShown(page, lang);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('h1').first().innerText()).toContain(route.title(lang));
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await page.title()).not.toBe('');
        trees[lang] = await readingOrder(page.locator('body'));
        expect(errors).toEqual([]);
        expect({ lang, violations: await seriousViolations(page) }).toEqual({ lang, violations: [] });
      }
      expect(bilingualProblems(trees.ko!, trees.en!)).toEqual([]);
    });
  }
});

describe('the site on a phone in both languages', () => {
  it('shows the menu, each mode of the sign-in dialog and a mailed link’s page with the same controls in each', async () => {
    const trees = new Map<string, Partial<Record<Lang, Node[]>>>();
    for (const lang of LANGS) {
      const text = catalog[lang];
      const page = await newPage(390);
      const home = new HomePageModel(page, lang, suite.server.url);
      const take = async (name: string) => {
        trees.set(name, { ...trees.get(name), [lang]: await readingOrder(page.locator('body')) });
        expect({ name, lang, violations: await seriousViolations(page) }).toEqual({
          name,
          lang,
          violations: [],
        });
      };
      await home.open();
      await fairyShown(page, lang);
      await page.getByRole('button', { name: text.nav.menu, exact: true }).click();
      await page
        .getByRole('navigation', { name: text.nav.mainNavigation })
        .getByRole('link')
        .first()
        .waitFor();
      await take('the menu');
      await page.keyboard.press('Escape');
      await home.openLogin();
      await take('sign in');
      await home.dialog.root.getByRole('button', { name: text.auth.forgotLink }).click();
      await home.dialog.root.getByRole('heading', { name: text.auth.forgotTitle }).waitFor();
      await take('forgotten password');
      await page.keyboard.press('Escape');
      await home.dialog.root.waitFor({ state: 'hidden' });
      await home.openRegister();
      await take('register');
    }
    // The page a mailed link opens: setting a forgotten password.
    const email = `bilingual-link-${Date.now()}@example.com`;
    await createAccount(suite.server, email, MEMBER_PASSWORD);
    const asked = await fetch(`${suite.server.url}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.server.url },
      body: JSON.stringify({ email, lang: 'ko' }),
    });
    expect(asked.status).toBe(202);
    const link = new URL((await suite.server.mailTo(email, 1)).link);
    for (const lang of LANGS) {
      const page = await newPage(390);
      link.searchParams.set('lang', lang);
      await page.goto(`${suite.server.url}${link.pathname}${link.search}`);
      await page.getByLabel(catalog[lang].auth.newPassword, { exact: true }).waitFor();
      trees.set('a mailed link', {
        ...trees.get('a mailed link'),
        [lang]: await readingOrder(page.locator('body')),
      });
      expect({ lang, violations: await seriousViolations(page) }).toEqual({ lang, violations: [] });
    }
    expect(trees.size).toBe(5);
    for (const [name, { ko, en }] of trees) {
      expect({ name, problems: bilingualProblems(ko!, en!) }).toEqual({ name, problems: [] });
    }
  });
});

/** Each screen of the app, and the form its "add" button opens (its name in each language). */
const APP_PASS: Array<{ screen: AppScreen; add?: (lang: Lang) => { button: string; dialog: string } }> = [
  { screen: 'home' },
  {
    screen: 'schedule',
    add: (lang) => ({ button: scheduleText[lang].add, dialog: scheduleText[lang].form.newTitle }),
  },
  { screen: 'diary', add: (lang) => ({ button: diaryText[lang].add, dialog: diaryText[lang].form.add }) },
  {
    screen: 'personal',
    add: (lang) => ({ button: personalText[lang].add, dialog: personalText[lang].form.addTitle }),
  },
  { screen: 'documents' },
  {
    screen: 'ledger',
    add: (lang) => ({ button: ledgerText[lang].add, dialog: ledgerText[lang].form.addTitle }),
  },
  {
    screen: 'anniversaries',
    add: (lang) => ({ button: anniversaryText[lang].add, dialog: anniversaryText[lang].form.add }),
  },
  { screen: 'settings' },
  { screen: 'import' },
  // Sync is off for this member: the spaces screen says a space needs it, with the way to turn it on.
  { screen: 'spaces' },
];

describe('the app in both languages', () => {
  it('shows every screen and form with the same controls in each, passing axe on a phone', async () => {
    const email = `bilingual-${Date.now()}@example.com`;
    await createAccount(suite.server, email, MEMBER_PASSWORD);
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signInContext(suite.server, context, email, MEMBER_PASSWORD);
    const page = await context.newPage();
    const trees = new Map<string, Partial<Record<Lang, Node[]>>>();
    const take = async (name: string, lang: Lang) => {
      const tree = trees.get(name) ?? {};
      tree[lang] = await readingOrder(page.locator('body'));
      trees.set(name, tree);
      expect({ name, lang, violations: await seriousViolations(page) }).toEqual({
        name,
        lang,
        violations: [],
      });
    };

    let app = new AppModel(page, 'ko', suite.server.url);
    await app.open();
    await take('setup', 'ko');
    await app.createVault(MASTER);
    // The detail password set first, and its toast gone, so each screen shows the same in both passes.
    await app.go('diary');
    await app.enterDetailPassword('0000');
    await app.changeDefaultDetailPassword('2468');
    await page.locator('.toast').waitFor({ state: 'detached' });
    for (const lang of LANGS) {
      if (lang === 'en') {
        // The language chosen in the settings, as a member does: the open vault follows at once.
        await app.go('settings');
        await page.getByRole('radio', { name: settingsText.ko.language.en }).check();
        app = new AppModel(page, 'en', suite.server.url);
        await app.nav().waitFor();
      }
      for (const { screen, add } of APP_PASS) {
        if (screen === 'import') {
          await app.go('settings');
          await page.getByRole('link', { name: settingsText[lang].transfer.open }).click();
        } else {
          await app.go(screen);
        }
        const heading = page.locator('.app-main h1').first();
        const detail = page.getByRole('textbox', { name: app.text.detail.password, exact: true });
        await heading.or(detail).waitFor();
        if (await detail.isVisible()) await app.enterDetailPassword('2468');
        await heading.waitFor();
        // The header's search comes once the vault's search copy is made: the same screen, either language.
        await page.getByRole('search').waitFor();
        await page.waitForLoadState('networkidle');
        if (screen === 'settings') {
          // The list of devices that unlock with a passkey arrives from the server after the screen: each pass
          // waits for it (an empty list says so), or the two trees part there.
          const passkeys = app.text.passkey.settings;
          const section = page.getByRole('region', { name: passkeys.heading });
          await section
            .getByText(passkeys.none, { exact: true })
            .or(section.getByRole('list', { name: passkeys.listLabel }))
            .or(section.getByText(passkeys.listFailed, { exact: true }))
            .waitFor();
          // So does what this browser can do with passkeys (asked of it): a reason it cannot, or the form.
          await section
            .getByRole('status')
            .or(section.getByRole('button', { name: passkeys.turnOn }))
            .first()
            .waitFor();
          // And whether this device can receive reminders, and the devices that do.
          const reminders = remindersText[lang];
          const remindersPanel = page.getByRole('region', { name: reminders.heading, exact: true });
          await remindersPanel
            .locator('[data-reminders-here]:not([data-reminders-here="checking"])')
            .waitFor();
          await remindersPanel
            .getByText(reminders.noDevices, { exact: true })
            .or(remindersPanel.getByRole('list', { name: reminders.devices }))
            .waitFor();
        }
        await take(screen, lang);
        if (!add) continue;
        const { button, dialog } = add(lang);
        await page.getByRole('button', { name: button, exact: true }).first().click();
        const form = app.dialog(dialog);
        await form.waitFor();
        await take(`${screen}: the form of "add"`, lang);
        await page.keyboard.press('Escape');
        await form.waitFor({ state: 'detached' });
      }
    }
    expect(trees.size).toBe(1 + APP_PASS.length + APP_PASS.filter((screen) => screen.add).length);
    for (const [name, { ko, en }] of trees) {
      if (name === 'setup') continue;
      expect({ name, problems: bilingualProblems(ko!, en!) }).toEqual({
        name,
        problems: [],
      });
    }
  });
});
