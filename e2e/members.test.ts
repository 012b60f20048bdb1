// Members in /admin (issue 45), as a host uses them: in Korean at 1280 px the admin finds a member by part of the
// address, disables the account — the member, signed in elsewhere, is signed out and told in English why they
// cannot sign in again — and enables it; in English at 390 px (each member a card) the admin deletes an account,
// which asks for its address typed again. The admin log says each in the page's language.
import { describe, expect, it } from 'vitest';
import { membersCopy } from '../src/site/pages/admin/members-copy.js';
import { catalog } from '../src/shared/i18n/index.js';
import { fill } from '../src/shared/text.js';
import { plural } from '../src/shared/plural.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { HomePageModel } from './pages/site.js';

const ADMIN = 'owner@example.com';
const PASSWORD = 'journey password 1';
const suite = browserSuite({ ADMIN_EMAILS: ADMIN });

describe('members in /admin', () => {
  it('finds, disables, enables and deletes members, in Korean and English, on a desk and a phone', async () => {
    for (const email of [ADMIN, 'bora@example.com', 'bob@example.com', 'carol@example.com']) {
      await createAccount(suite.server, email, PASSWORD);
    }
    // Bob is signed in on his own browser.
    const bobContext = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(suite.server, bobContext, 'bob@example.com', PASSWORD);
    const bob = new HomePageModel(await bobContext.newPage(), 'en', suite.server.url);
    await bob.open();
    await bob.welcome().waitFor();

    const adminContext = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(suite.server, adminContext, ADMIN, PASSWORD);
    const page = await adminContext.newPage();
    await page.goto(`${suite.server.url}/admin?lang=ko`);
    const ko = membersCopy.ko;
    const rows = page.getByTestId('admin-member-row');
    await rows.first().waitFor();
    expect(await page.getByTestId('admin-members-count').innerText()).toBe(plural(ko.members.total, 4, 'ko'));
    // The admin's own row offers nothing to do.
    const own = rows.filter({ hasText: ADMIN });
    expect(await own.getByRole('button').count()).toBe(0);
    expect(await own.innerText()).toContain(ko.members.yourself);

    await page.getByLabel(ko.members.searchLabel).fill('BO');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('admin-members-count').innerText()).toBe(plural(ko.members.found, 2, 'ko'));
    await page.getByLabel(ko.members.searchLabel).fill('bob@');
    await expect.poll(() => rows.count()).toBe(1);

    const bobRow = rows.filter({ hasText: 'bob@example.com' });
    expect(await bobRow.getByTestId('admin-member-devices').innerText()).toBe(
      plural(ko.members.devices, 1, 'ko'),
    );
    await bobRow
      .getByRole('button', { name: fill(ko.members.disableLabel, { email: 'bob@example.com' }) })
      .click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('heading').innerText()).toBe(
      fill(ko.members.confirmDisable.title, { email: 'bob@example.com' }),
    );
    await confirm.getByRole('button', { name: ko.members.confirmDisable.confirm }).click();
    await bobRow.getByTestId('admin-member-disabled').waitFor();
    expect(await bobRow.getByTestId('admin-member-disabled').innerText()).toBe(ko.members.disabled);
    const log = page.getByTestId('admin-log-entry');
    await log
      .filter({ hasText: fill(ko.log.actions['member.disable'], { target: 'bob@example.com' }) })
      .waitFor();

    // Bob's browser is signed out, and signing in again tells him why it cannot, in English.
    await bob.page.reload();
    await bob.hero().getByRole('button', { name: bob.text.nav.login, exact: true }).waitFor();
    await bob.openLogin();
    await bob.dialog.login('bob@example.com', PASSWORD);
    await bob.dialog.error().waitFor();
    expect(await bob.dialog.error().innerText()).toBe(catalog.en.errors['auth/account-disabled']);

    await bobRow
      .getByRole('button', { name: fill(ko.members.enableLabel, { email: 'bob@example.com' }) })
      .click();
    await bobRow.getByTestId('admin-member-disabled').waitFor({ state: 'detached' });
    await log
      .filter({ hasText: fill(ko.log.actions['member.enable'], { target: 'bob@example.com' }) })
      .waitFor();
    await bob.dialog.submit().click();
    await bob.welcome().waitFor();

    // On a phone, in English: Carol's card, and her deletion once her address is typed again.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/admin?lang=en`);
    const en = membersCopy.en;
    const carol = rows.filter({ hasText: 'carol@example.com' });
    await carol.waitFor();
    const card = await carol.boundingBox();
    expect(card!.width).toBeLessThanOrEqual(390);
    await carol
      .getByRole('button', { name: fill(en.members.deleteLabel, { email: 'carol@example.com' }) })
      .click();
    const dialog = page.getByRole('dialog');
    const erase = dialog.getByTestId('admin-member-delete-confirm');
    await dialog.getByLabel(en.members.deleteDialog.label).fill('bob@example.com');
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel(en.members.deleteDialog.label).fill('Carol@example.com');
    await erase.click();
    await carol.waitFor({ state: 'detached' });
    await page.getByText(fill(en.members.deleted, { email: 'carol@example.com' })).waitFor();
    await log
      .filter({ hasText: fill(en.log.actions['member.delete'], { target: 'carol@example.com' }) })
      .waitFor();
    expect(await page.getByTestId('admin-members-count').innerText()).toBe(plural(en.members.total, 3, 'en'));
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // "Invite a member" takes the admin to the invitation form.
    await page.getByRole('button', { name: en.members.invite }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-invite-email');
  });
});
