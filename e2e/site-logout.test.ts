// Auto logout on the site (description §4), on Playwright's clock: the setting on the home page, activity
// resetting the timer, a hidden page pausing it, a change in another tab applying at once, and the server
// session ended; a manual logout keeps exactly what the description lists.
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../src/shared/constants.js';
import { catalog } from '../src/shared/i18n/index.js';
import { HomePageModel } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import { setPageHidden } from './support/visibility.js';
import { toastShown } from './support/toasts.js';

const suite = browserSuite();
const PASSWORD = 'member-password-1';

async function signedInHome(lang: 'ko' | 'en') {
  const email = `site-logout-${lang}.${Date.now()}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  await signInContext(suite.server, context, email, PASSWORD);
  const page = await context.newPage();
  return new HomePageModel(page, lang, suite.server.url);
}

describe('auto logout on the site', () => {
  it('logs out after the idle minutes, paused while hidden, reset by activity, set from another tab (en)', async () => {
    const text = catalog.en;
    const home = await signedInHome('en');
    const page = home.page;
    await page.clock.install();
    await home.open();
    await home.welcome().waitFor();
    // The default is 10 minutes.
    expect(await page.getByLabel(text.autoLogout.label).inputValue()).toBe('10');
    await page.clock.fastForward('09:00');
    await home.welcome().waitFor();
    const setHidden = (hidden: boolean) => setPageHidden(page, hidden);
    await setHidden(true);
    await page.clock.fastForward('30:00');
    await setHidden(false);
    await home.welcome().waitFor();
    // Chromium hands pointer moves to the page at its next frame, not when the move is sent: the clock may go on
    // only once the page has taken the activity in (it tells the server, more than a minute after its last word).
    const activity = page.waitForRequest('**/api/session/activity');
    await page.mouse.move(40, 40);
    await page.mouse.move(60, 80);
    await activity;
    await page.clock.fastForward('09:00');
    await home.welcome().waitFor();

    // Another tab chooses 5 minutes: this one follows at once, its own select too.
    const other = await page.context().newPage();
    await other.goto(`${suite.server.url}/robots.txt`);
    await other.evaluate((key) => localStorage.setItem(key, '5'), STORAGE_KEYS.autoLogoutMinutes);
    await expect.poll(() => page.getByLabel(text.autoLogout.label).inputValue()).toBe('5');
    await page.clock.fastForward('05:01');
    await toastShown(page, text.autoLogout.expired.replace('{{minutes}}', '5'));
    await home.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/session')).json());
    expect(session.user).toBeNull();
  });

  it('can be turned off, and a manual logout keeps what the description keeps (ko)', async () => {
    const text = catalog.ko;
    const home = await signedInHome('ko');
    const page = home.page;
    await page.clock.install();
    await home.open();
    await home.welcome().waitFor();
    await page.getByLabel(text.autoLogout.label).selectOption({ label: text.autoLogout.none });
    await page.clock.fastForward('59:00');
    await home.welcome().waitFor();

    await page.evaluate(
      ([banner, member]) => {
        localStorage.setItem(banner!, '1.2.3');
        localStorage.setItem(member!, JSON.stringify({ uid: 'x', email: 'x@example.com' }));
      },
      [STORAGE_KEYS.bannerVersion, STORAGE_KEYS.appMember],
    );
    await home.logout();
    const kept = await page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      [STORAGE_KEYS.bannerVersion, STORAGE_KEYS.autoLogoutMinutes, STORAGE_KEYS.appMember],
    );
    expect(kept[0]).toBe('1.2.3');
    expect(kept[1]).toBe('0');
    expect(kept[2]).toBeNull();
    // The browser stays a known device: its device secret (HttpOnly) outlives the session.
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === 'mg_device' && cookie.httpOnly)).toBe(true);
    expect(cookies.some((cookie) => cookie.name === 'mg_session' && cookie.value)).toBe(false);
  });
});

describe('a logout while the page looks at its session', () => {
  it('stays logged out when a session check made during the logout answers after it (en)', async () => {
    const text = catalog.en;
    const home = await signedInHome('en');
    const page = home.page;
    await home.open();
    await home.welcome().waitFor();
    // The member logs out; before the server has ended the session, the page looks at it again (it came back into
    // view) and hears "signed in" — an answer that reaches the page only after the logout's own.
    let sessionSeen: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (sessionSeen = resolve));
    let logoutAnswered: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (logoutAnswered = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      await seen;
      await route.fulfill({ response: await route.fetch() });
      logoutAnswered();
    });
    await page.route('**/api/session', async (route) => {
      const response = await route.fetch();
      sessionSeen();
      await answered;
      await route.fulfill({ response });
    });
    const lateSession = page.waitForResponse('**/api/session');
    await home.hero().getByRole('button', { name: text.nav.logout, exact: true }).click();
    await setPageHidden(page, true);
    await setPageHidden(page, false);
    await lateSession;
    // The late "signed in" changes nothing: the page stays logged out.
    await home.hero().getByRole('button', { name: text.nav.login, exact: true }).waitFor();
    // Two frames after it arrived, the page has taken it in (so a page that let it sign it in again shows so).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await home.hero().getByRole('button', { name: text.nav.login, exact: true }).isVisible()).toBe(
      true,
    );
    expect(await home.welcome().count()).toBe(0);
  });
});
