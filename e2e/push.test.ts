// Login notifications in the browser: the registration card on /features — a visitor is asked to log in, a
// member for a long enough master password, and a refused permission is reported — and the site's service
// worker given a push message through Chromium's DevTools protocol (the event a push service causes), handed
// to the page in front, which shows it. (Headless Chromium has no push or notification service, so a real
// subscription and the system notification cannot be seen here; the server's side of delivery is tested
// against a local push endpoint in src/server/push/push.test.ts.)
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copy } from '../src/site/pages/features/copy.js';
import { HomePageModel } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { toastShown } from './support/toasts.js';

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
    // The card wakes as it comes into view (an island of the page, issue 48), as a person scrolls to it.
    await card.scrollIntoViewIfNeeded();
    await card.getByText(text.signedOut).waitFor();
    await card.getByRole('button', { name: text.login }).click();
    await home.dialog.root.waitFor();

    const context = await signedInContext('ko', false);
    const member = await context.newPage();
    await new HomePageModel(member, 'ko', suite.server.url).open('/features');
    const memberCard = member.locator('#login-notification');
    await memberCard.scrollIntoViewIfNeeded();
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

/** Registers the site's push worker; `deliver` gives it a push message as a push service would. */
async function pushWorker(page: Page): Promise<{ deliver(message: object): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) =>
    registrations.push(...updated),
  );
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/push-sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const scope = `${suite.server.url}/`;
  await expect.poll(() => registrations.some((item) => item.scopeURL === scope)).toBe(true);
  // The worker settled: activated, and controlling the page it finds when a push comes.
  await page.evaluate(async () => {
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
  const { registrationId } = registrations.find((item) => item.scopeURL === scope)!;
  return {
    async deliver(message) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: suite.server.url,
        registrationId,
        data: JSON.stringify(message),
      });
    },
  };
}

describe('the site service worker', () => {
  it('hands a login notification to the page in front, which shows it (en)', async () => {
    const context = await signedInContext('en', false);
    const page = await context.newPage();
    const home = new HomePageModel(page, 'en', suite.server.url);
    await home.open();
    await home.welcome().waitFor();
    const worker = await pushWorker(page);
    const body = 'Signed in on Mobile Device at 2026-11-22 14:50:03 (Seoul time).';
    await worker.deliver({ type: 'login', tag: 'login', title: 'New login', body });
    await toastShown(page, body);
  });
});
