// Reminders in the browser: the settings say whether this device can receive them by push, or why not, in the
// member's language; and the app's service worker shows a reminder it is handed, as the browser hands it one it has
// opened (Chromium's DevTools protocol delivers the push event; headless Chromium has no push or notification service
// to subscribe with or show on, so the sealing and sending are tested in Node against the test push endpoint:
// src/server/reminders/, src/app/reminders/pipeline.test.ts). Where push is unavailable, an event's reminder chosen
// in its form shows on screen at its time (the page's clock is Playwright's, moved on when told).
import type { Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { remindersText } from '../src/app/modules/reminders/copy.js';
import { reminderAlertText } from '../src/app/reminders/copy.js';
import { AppModel } from './pages/app.js';
import { ScheduleModel } from './pages/schedule.js';
import type { Lang } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();
const PASSWORD = 'member-password-1';
const MASTER = 'Genie master key 2026!';

async function appWithVault(lang: Lang, notifications: 'granted' | 'denied'): Promise<AppModel> {
  const email = `remind-${lang}.${Date.now()}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  const context = await suite.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  if (notifications === 'granted') {
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
  } else {
    // Refused as a member refuses it in the browser's prompt or settings: what the page is told.
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      const query = navigator.permissions.query.bind(navigator.permissions);
      navigator.permissions.query = (descriptor) =>
        descriptor.name === 'notifications'
          ? Promise.resolve({ state: 'denied' } as PermissionStatus)
          : query(descriptor);
    });
  }
  await signInContext(suite.server, context, email, PASSWORD);
  const app = new AppModel(await context.newPage(), lang, suite.server.url);
  await app.open('settings');
  await app.createVault(MASTER);
  return app;
}

/**
 * The app's service worker, and a push message handed to it as the browser hands one it has opened. Headless
 * Chromium has no notification service: what the worker asks to show is recorded in the worker itself.
 */
async function appWorker(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) =>
    registrations.push(...updated),
  );
  await cdp.send('ServiceWorker.enable');
  const scope = `${suite.server.url}/app/`;
  await expect.poll(() => registrations.some((item) => item.scopeURL === scope)).toBe(true);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const isApps = (worker: Worker) => worker.url() === `${scope}sw.js`;
  const worker =
    page.context().serviceWorkers().find(isApps) ??
    (await page.context().waitForEvent('serviceworker', { predicate: isApps }));
  await worker.evaluate(() => {
    const scope = self as unknown as ServiceWorkerGlobalScope & { shown: unknown[] };
    scope.shown = [];
    scope.registration.showNotification = async (title, options = {}) => {
      scope.shown.push({ title, body: options.body, tag: options.tag, data: options.data });
    };
  });
  const { registrationId } = registrations.find((item) => item.scopeURL === scope)!;
  return {
    deliver: (message: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: suite.server.url,
        registrationId,
        data: JSON.stringify(message),
      }),
    shown: () => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown),
  };
}

describe('reminders on this device', () => {
  it('offers to receive them here, and the app’s worker shows one it is handed (ko)', async () => {
    const app = await appWithVault('ko', 'granted');
    const text = remindersText.ko;
    const panel = app.page.getByRole('region', { name: text.heading });
    await panel.getByText(text.here.available).waitFor();
    await panel.getByRole('button', { name: text.turnOn }).waitFor();
    await panel.getByText(text.noDevices).waitFor();

    const worker = await appWorker(app.page);
    const reminder = {
      title: '치과 예약',
      body: '오후 3시 · 강남역',
      url: '/app/?page=schedule',
      tag: 'r-1',
    };
    await worker.deliver(reminder);
    await expect
      .poll(worker.shown)
      .toEqual([{ title: reminder.title, body: reminder.body, tag: 'r-1', data: { url: reminder.url } }]);
    // A link out of the app is not followed; a message without words still says whose it is.
    await worker.deliver({ tag: 'r-2', url: 'https://evil.example/' });
    await expect
      .poll(async () => (await worker.shown())[1])
      .toEqual({
        title: 'MyGenie',
        body: '',
        tag: 'r-2',
        data: { url: '/app/' },
      });
  });

  it('says why not where notifications are refused, and that reminders show on screen meanwhile (en)', async () => {
    const app = await appWithVault('en', 'denied');
    const text = remindersText.en;
    const panel = app.page.getByRole('region', { name: text.heading });
    await panel.getByText(text.here.denied).waitFor();
    expect(await panel.getByRole('button', { name: text.turnOn }).count()).toBe(0);
  });
});

describe.each(['ko', 'en'] as const)('an event’s reminder where push is unavailable (%s)', (lang) => {
  it('is chosen in the event form and shows on screen at its time, in the member’s language', async () => {
    const email = `remind-screen-${lang}.${Date.now()}@example.com`;
    await createAccount(suite.server, email, PASSWORD);
    const context = await suite.newContext({
      locale: lang === 'ko' ? 'ko-KR' : 'en-US',
      timezoneId: 'Asia/Seoul',
    });
    await signInContext(suite.server, context, email, PASSWORD);
    const page = await context.newPage();
    // Christmas Eve, 10:00 in Seoul; the clock then runs on by itself, and jumps when told.
    await page.clock.install({ time: new Date('2026-12-24T10:00:00+09:00') });
    const app = new AppModel(page, lang, suite.server.url);
    await app.open('schedule');
    await app.createVault(MASTER);
    const schedule = new ScheduleModel(app);
    const title = lang === 'ko' ? '치과 예약' : 'Dentist';
    await schedule.add({ title, date: '2026-12-24', time: '10:15', endTime: '10:45', reminders: [10] });

    const alerts = page.getByRole('region', { name: reminderAlertText[lang].region });
    // Due at 10:05 (well within the idle time that locks the app).
    await page.clock.fastForward('04:00');
    expect(await alerts.count()).toBe(0);
    await page.clock.fastForward('02:00');
    const alert = alerts.getByRole('alert').filter({ hasText: title });
    await alert.waitFor();
    const body =
      lang === 'ko'
        ? /10분 후 · 12월 24일 \(목\) 오전 10:15 ~ 오전 10:45/
        : /In 10 minutes · Thu, December 24 10:15 AM – 10:45 AM/;
    expect(await alert.textContent()).toMatch(body);
    await alert.getByRole('button', { name: reminderAlertText[lang].dismiss }).click();
    await alert.waitFor({ state: 'detached' });
  });
});
