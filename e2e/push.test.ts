// Login notifications in the browser: the registration card on /features — a visitor is asked to log in, a
// member for a long enough master password, and a refused permission is reported. (Headless Chromium has no
// push or notification service, so a real subscription and the notification itself cannot be seen here; the
// server's side of delivery is tested against a local push endpoint in src/server/push/push.test.ts.)
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copy } from '../src/site/pages/features/copy.js';
import { HomePageModel } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();
const PASSWORD = 'member-password-1';

async function signedInContext(lang: 'ko' | 'en', permission: boolean): Promise<BrowserContext> {
  const email = `push-${lang}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  if (permission) await context.grantPermissions(['notifications'], { origin: suite.server.url });
  await signInContext(suite.server, context, email, PASSWORD);
  return context;
}

describe('login notification registration card', () => {
  it('asks a visitor to log in, a member for a long enough master password, and reports refused permission (ko)', async () => {
    const text = copy.ko.notifications.login;
    const visitor = await suite.newContext({ locale: 'ko-KR' });
    const page = await visitor.newPage();
    const home = new HomePageModel(page, 'ko', suite.server.url);
    await home.open('/features');
    const card = page.locator('#login-notification');
    await card.getByText(text.signedOut).waitFor();
    await card.getByRole('button', { name: text.login }).click();
    await home.dialog.root.waitFor();

    const context = await signedInContext('ko', false);
    const member = await context.newPage();
    await new HomePageModel(member, 'ko', suite.server.url).open('/features');
    const memberCard = member.locator('#login-notification');
    await memberCard.getByText(text.statusNone).waitFor();
    await memberCard.getByLabel(text.masterPassword).fill('  ab  ');
    await memberCard.getByRole('button', { name: text.button }).click();
    await memberCard.getByText(text.tooShort).waitFor();
    // Headless Chromium refuses the notification permission it was not granted.
    await memberCard.getByLabel(text.masterPassword).fill('master key');
    await memberCard.getByRole('button', { name: text.button }).click();
    await memberCard.getByText(text.permissionFailed).waitFor();
    expect(await memberCard.getByLabel(text.masterPassword).inputValue()).toBe('');
  });
});
