// Sign-ups closed on a self-hosted site (SIGNUPS_ALLOWED=false): the register form says sign-ups are by invitation,
// and answers a stranger as it answers an invited person — a verification mail goes to the address if it was invited
// (the answer does not tell who was); the admin invites an address from /admin, and the invited person opens the
// mailed link, finds the form filled with their address, and signs up.
import { describe, expect, it } from 'vitest';
import { copy as adminCopy } from '../src/site/pages/admin/copy.js';
import { catalog } from '../src/shared/i18n/index.js';
import { runningVersionLine } from './support/version.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { HomePageModel } from './pages/site.js';

const ADMIN = 'owner@example.com';
const PASSWORD = 'journey password 1';
const suite = browserSuite({ ADMIN_EMAILS: ADMIN, SIGNUPS_ALLOWED: 'false' });

describe('sign-ups by invitation', () => {
  it('tells a stranger in Korean that only an invited address gets the mail, as it tells everyone', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 } });
    const home = new HomePageModel(await context.newPage(), 'ko', suite.server.url);
    await home.open();
    await home.openRegister();
    const note = home.dialog.root.getByTestId('signup-policy');
    await note.waitFor();
    expect(await note.innerText()).toBe(catalog.ko.auth.signupInvitationOnly);
    await home.dialog.register('stranger@example.com', PASSWORD);
    await home.popup.root.waitFor();
    const message = await home.popup.message().innerText();
    expect(message).toContain('stranger@example.com');
    expect(message).toContain(catalog.ko.auth.success.registeredIfInvited.split('\n')[0]!);
    expect(message).not.toContain(catalog.ko.auth.success.registered.split('\n')[0]!);
  });

  it('lets the admin invite an address, and the invited person sign up from the mail in English', async () => {
    await createAccount(suite.server, ADMIN, PASSWORD);
    const adminContext = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(suite.server, adminContext, ADMIN, PASSWORD);
    const admin = await adminContext.newPage();
    await admin.goto(`${suite.server.url}/admin?lang=ko`);
    const c = adminCopy.ko.invitations;
    expect(await admin.getByTestId('admin-signup-policy').innerText()).toBe(c.policyClosed);
    // In Korean, the foot of the page tells the admin which version and commit the server runs.
    await expect.poll(() => admin.getByTestId('footer-version').innerText()).toBe(runningVersionLine('ko'));
    await admin.getByTestId('admin-invitations-empty').waitFor();
    await admin.getByLabel(c.emailLabel).fill('guest@example.com');
    await admin.getByLabel(c.langLabel).selectOption('en');
    await admin.getByTestId('admin-invite-submit').click();
    const row = admin.getByTestId('admin-invitation-row').filter({ hasText: 'guest@example.com' });
    await row.waitFor();
    expect(await row.getByTestId('admin-invitation-state').innerText()).toMatch(/까지 유효$/);
    // An address with an account is refused, in Korean, and the form keeps what was typed.
    await admin.getByLabel(c.emailLabel).fill(ADMIN);
    await admin.getByTestId('admin-invite-submit').click();
    const refusal = admin.getByTestId('admin-invite-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(`${c.failed} ${catalog.ko.errors['auth/email-already-in-use']}`);
    expect(await admin.getByLabel(c.emailLabel).inputValue()).toBe(ADMIN);

    const mail = await suite.server.mailWithSubject('guest@example.com', /invited to sign up/);
    const link = /https?:\/\/\S+auth=register\S*/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const guestContext = await suite.newContext({ viewport: { width: 360, height: 740 } });
    const guest = new HomePageModel(await guestContext.newPage(), 'en', suite.server.url);
    await guest.page.goto(link!.replace(/^https?:\/\/[^/]+/, suite.server.url));
    await guest.dialog.root.waitFor();
    expect(await guest.dialog.email().inputValue()).toBe('guest@example.com');
    expect(await guest.dialog.root.getByTestId('signup-policy').innerText()).toBe(
      catalog.en.auth.signupInvitationOnly,
    );
    // The address bar no longer carries the address.
    expect(new URL(guest.page.url()).search).toBe('?lang=en');
    await guest.dialog.password(true).fill(PASSWORD);
    await guest.dialog.confirm().fill(PASSWORD);
    await guest.dialog.submit().click();
    await guest.popup.root.waitFor();
    // The same words as the stranger's, in English.
    expect(await guest.popup.message().innerText()).toContain(
      catalog.en.auth.success.registeredIfInvited.split('\n')[0]!,
    );

    // Verified, the invitation shows as used on the admin page.
    const verification = await suite.server.mailWithSubject('guest@example.com', /verify/i);
    const verified = await fetch(`${suite.server.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.server.url },
      body: JSON.stringify({ token: verification.token, password: PASSWORD }),
    });
    expect(verified.status).toBe(200);
    await admin.reload();
    await row.getByText(/가입$/).waitFor();
    expect(await row.getByTestId('admin-invitation-withdraw').innerText()).toBe(c.remove);
  });
});
