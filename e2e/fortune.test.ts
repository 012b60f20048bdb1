// The daily fortune (/fortune and its embed /fortune-embed/): a visitor gets the Login Required card whose
// buttons open the auth dialog; a member gives a birth date once (kept sealed on the device) and gets the saju,
// astrology, tarot and AI readings in Korean and English, the frame growing with them; the language follows the
// page's switch; the AI reading goes to a local stand-in of an OpenAI-compatible API while the page shows its
// overlay, and the key saved on the device comes back from the page on the next visit.
import type { Frame, Page } from 'playwright-core';
import korLunar from 'kor-lunar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_TEXT } from '../src/fortune/ai/reading.js';
import { dailyReading } from '../src/fortune/astrology/daily.js';
import { sunSign } from '../src/fortune/astrology/signs.js';
import { seoulDate } from '../src/fortune/daily-seed.js';
import { copy as embedCopy } from '../src/fortune/embed/copy.js';
import { fourPillars } from '../src/fortune/saju/pillars.js';
import { dailySaju } from '../src/fortune/saju/reading.js';
import { dailyDraw } from '../src/fortune/tarot/draw.js';
import { startChatApi, type ChatApi } from '../src/server/test/chat-api.js';
import { catalog } from '../src/shared/i18n/index.js';
import { copy as pageCopy } from '../src/site/pages/fortune/copy.js';
import { AuthDialogModel } from './pages/site.js';
import { createAccount, signInContext } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { browserSuite } from './support/suite.js';

type Lang = 'ko' | 'en';
const PASSWORD = 'fortune password 1';
const suite = browserSuite();

/** This file's journeys run in Korean: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'ko';
let chat: ChatApi;

beforeAll(async () => {
  chat = await startChatApi();
});
afterAll(async () => {
  await chat.close();
});

let count = 0;
async function member(): Promise<string> {
  const email = `fortune${++count}@example.com`;
  await createAccount(suite.server, email, PASSWORD);
  return email;
}

async function openFortune(email: string | null, lang: Lang, width = 1280, bypassCSP = false): Promise<Page> {
  // bypassCSP only to inject axe-core; our own pages never need it.
  const context = await suite.newContext({ viewport: { width, height: 900 }, bypassCSP });
  if (email) await signInContext(suite.server, context, email, PASSWORD);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/fortune?lang=${lang}`);
  return page;
}

/** The embed's frame, once it has drawn its heading. */
async function embed(page: Page, lang: Lang): Promise<Frame> {
  const element = await page.waitForSelector('iframe.fortune-frame');
  const frame = (await element.contentFrame())!;
  // The embed's heading is the day: "2026년 11월 22일 일요일의 운세" / "Your fortune for Sunday, …".
  const heading = frame.getByRole('heading', { level: 1 });
  await heading.getByText(lang === 'ko' ? /^\d{4}년 .+의 운세$/ : /^Your fortune for .+\d{4}$/).waitFor();
  return frame;
}

async function uidOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const session = (await (await fetch('/api/session')).json()) as { user: { uid: string } };
    return session.user.uid;
  });
}

async function enterBirth(
  frame: Frame,
  lang: Lang,
  birth: {
    calendar?: 'solar' | 'lunar';
    year: number;
    month: number;
    day: number;
    leap?: boolean;
    time?: string;
  },
) {
  const t = embedCopy[lang].birth;
  if (birth.calendar === 'lunar') await frame.getByLabel(t.lunar, { exact: true }).check();
  await frame.getByLabel(t.yearLabel, { exact: true }).selectOption(String(birth.year));
  await frame.getByLabel(t.monthLabel, { exact: true }).selectOption(String(birth.month));
  await frame.getByLabel(t.dayLabel, { exact: true }).selectOption(String(birth.day));
  if (birth.leap) await frame.getByLabel(t.leapMonth, { exact: true }).check();
  if (birth.time) await frame.getByLabel(t.time, { exact: true }).fill(birth.time);
  await frame.getByRole('button', { name: t.submit, exact: true }).click();
}

/** The frame's height is the embed's content height plus 20 px (description §9), once it settles. */
async function expectFrameFollowsContent(page: Page, frame: Frame) {
  await expect
    .poll(async () => {
      const outer = await page
        .locator('iframe.fortune-frame')
        .evaluate((el) => el.getBoundingClientRect().height);
      const inner = await frame
        .locator('main.fe')
        .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
      return outer - inner;
    })
    .toBe(20);
}

describe(`the fortune page in ${lang}`, () => {
  it('shows a visitor the Login Required card, whose buttons open the auth dialog', async () => {
    const page = await openFortune(null, lang);
    const card = page.getByTestId('fortune-login-required');
    await card.getByRole('heading', { name: pageCopy[lang].login.title }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);

    await card.getByRole('button', { name: pageCopy[lang].login.login, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: catalog[lang].auth.loginTitle }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: pageCopy[lang].login.register, exact: true }).click();
    await dialog.getByRole('heading', { name: catalog[lang].auth.registerTitle }).waitFor();
    await page.keyboard.press('Escape');

    // Logging in from the card brings the fortune in place.
    const email = await member();
    await card.getByRole('button', { name: pageCopy[lang].login.login, exact: true }).click();
    await new AuthDialogModel(page, lang).login(email, PASSWORD);
    await embed(page, lang);
    expect(await page.getByTestId('fortune-login-required').count()).toBe(0);
  });

  it('gives a member the four readings for their birth date, kept sealed on the device', async () => {
    const email = await member();
    const page = await openFortune(email, lang, 1280, true);
    const frame = await embed(page, lang);
    const t = embedCopy[lang];
    const uid = await uidOf(page);
    const today = seoulDate();

    // Before a birth date: the form, and already the tarot card (it needs no birth date).
    await frame.getByRole('heading', { name: t.birth.title }).waitFor();
    const draw = dailyDraw(uid, today);
    await frame
      .getByTestId('tarot')
      .getByText(draw.card[draw.reversed ? 'reversed' : 'upright'][lang])
      .waitFor();

    await enterBirth(frame, lang, { year: 1990, month: 5, day: 15, time: '14:30' });
    const pillars = fourPillars({ calendar: 'solar', year: 1990, month: 5, day: 15, hour: 14, minute: 30 });
    const saju = frame.getByTestId('saju');
    const cells = await saju.locator('tbody td .fe-glyph__char').allTextContents();
    expect(cells).toEqual([
      pillars.hour!.stem.hanja,
      pillars.day.stem.hanja,
      pillars.month.stem.hanja,
      pillars.year.stem.hanja,
      pillars.hour!.branch.hanja,
      pillars.day.branch.hanja,
      pillars.month.branch.hanja,
      pillars.year.branch.hanja,
    ]);
    // 1990-05-15 14:30 KST is 庚午年 辛巳月 庚辰日 癸未時.
    expect(cells.join('')).toBe('癸庚辛庚未辰巳午');
    const reading = dailySaju(pillars, today, uid);
    await saju.getByText(reading.headline[lang]).waitFor();
    await saju.getByText(reading.message[lang]).waitFor();

    const sign = sunSign(5, 15);
    const astrology = frame.getByTestId('astrology');
    await astrology.getByText(sign.name[lang], { exact: true }).waitFor();
    await astrology.getByText(dailyReading(sign, today, uid).overall[lang]).waitFor();

    await frame.getByTestId('tarot').getByText(draw.card.name[lang], { exact: true }).first().waitFor();
    await frame.getByTestId('ai').getByRole('heading', { name: AI_TEXT[lang].title }).waitFor();
    await expectFrameFollowsContent(page, frame);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await seriousViolations(frame)).toEqual([]);

    // Sealed on the device: nothing readable in storage, and back on the next visit without asking again.
    const stored = await page.evaluate((key) => localStorage.getItem(key), `mygenie.fortune.birth.${uid}`);
    expect(stored).toBeTruthy();
    expect(stored).not.toMatch(/1990|14:30|"hour"/);
    await page.reload();
    const again = await embed(page, lang);
    await again.getByTestId('birth-summary').waitFor();
    expect(await again.getByTestId('birth-summary').textContent()).toContain(
      lang === 'ko' ? '1990년 5월 15일' : 'May 15, 1990',
    );
    await again.getByTestId('saju').getByText(reading.headline[lang]).waitFor();
  });

  it('checks a lunar birth date and says plainly what is wrong', async () => {
    const email = await member();
    const page = await openFortune(email, lang, 390);
    const frame = await embed(page, lang);
    const t = embedCopy[lang].birth;

    // 1990 had its leap month after the 5th month, so there is no leap 3rd month.
    await enterBirth(frame, lang, { calendar: 'lunar', year: 1990, month: 3, day: 10, leap: true });
    await frame.getByRole('alert').getByText(t.problems['lunar-invalid']).waitFor();
    await frame.getByLabel(t.leapMonth, { exact: true }).uncheck();
    await frame.getByLabel(t.dayLabel, { exact: true }).selectOption('');
    await frame.getByRole('button', { name: t.submit, exact: true }).click();
    await frame.getByRole('alert').getByText(t.problems['date-missing']).waitFor();

    await frame.getByLabel(t.dayLabel, { exact: true }).selectOption('21');
    await frame.getByLabel(t.monthLabel, { exact: true }).selectOption('4');
    await frame.getByRole('button', { name: t.submit, exact: true }).click();
    const solar = korLunar.toSolar(1990, 4, 21, false);
    expect([solar.year, solar.month, solar.day]).toEqual([1990, 5, 15]);
    const summary = frame.getByTestId('birth-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(
      lang === 'ko'
        ? '음력 1990년 4월 21일 (양력 1990년 5월 15일) 출생'
        : 'Born on lunar 4/21/1990 (May 15, 1990)',
    );
    expect(await summary.textContent()).toContain(t.timeUnknown);
    // No hour: the hour column says so.
    await frame.getByTestId('saju').locator('.fe-glyph--unknown').first().waitFor();
    await expectFrameFollowsContent(page, frame);
  });
});

/**
 * Resolves once a window has handled every message posted to it so far, and painted what they changed: messages
 * reach a window in the order they were posted, so when one posted now arrives, the others have been handled.
 */
function handled(target: Page | Frame): Promise<void> {
  return target.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const marker = `handled-${Math.random()}`;
        const heard = (event: MessageEvent) => {
          if (event.data !== marker) return;
          window.removeEventListener('message', heard);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        };
        window.addEventListener('message', heard);
        window.postMessage(marker, window.location.origin);
      }),
  );
}

describe('the fortune embed and the page together', () => {
  it('follows the page language without reloading, and a message not from the frame changes nothing', async () => {
    const email = await member();
    const page = await openFortune(email, 'ko');
    const frame = await embed(page, 'ko');
    await enterBirth(frame, 'ko', { year: 2001, month: 8, day: 3 });
    await frame.getByTestId('astrology').getByText('사자자리', { exact: true }).waitFor();
    await frame.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });

    await page.locator('.lang-switch').first().getByRole('button', { name: 'Eng' }).click();
    await frame.getByRole('heading', { level: 1, name: /^Your fortune for / }).waitFor();
    await frame.getByTestId('astrology').getByText('Leo', { exact: true }).waitFor();
    expect(await frame.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('en');

    // The embed takes its language only from its parent, in the exact shape.
    await frame.evaluate(() => {
      window.postMessage({ type: 'fortune-set-language', lang: 'ko' }, window.location.origin);
    });
    await page.evaluate(() => {
      const embedWindow = document.querySelector('iframe')!.contentWindow!;
      embedWindow.postMessage({ type: 'fortune-set-language', lang: 'fr' }, window.location.origin);
      embedWindow.postMessage(
        { type: 'fortune-set-language', lang: 'ko', extra: true },
        window.location.origin,
      );
      embedWindow.postMessage(
        JSON.stringify({ type: 'fortune-set-language', lang: 'ko' }),
        window.location.origin,
      );
    });
    await handled(frame);
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('en');

    // The page itself, or the frame with a wrong shape, cannot resize the frame or raise the overlay.
    const height = await page
      .locator('iframe.fortune-frame')
      .evaluate((el) => el.getBoundingClientRect().height);
    await page.evaluate(() => {
      window.postMessage({ type: 'fortune-embed-height', height: 3000 }, window.location.origin);
      window.postMessage({ type: 'fortune-parent-overlay', show: true, message: 'x', subText: '' }, '*');
    });
    await frame.evaluate(() => {
      parent.postMessage({ type: 'fortune-embed-height', height: '3000' }, window.location.origin);
      parent.postMessage({ type: 'fortune-embed-height', height: 3000, extra: 1 }, window.location.origin);
      parent.postMessage({ type: 'fortune-parent-overlay', show: 'yes' }, window.location.origin);
    });
    await handled(page);
    expect(
      await page.locator('iframe.fortune-frame').evaluate((el) => el.getBoundingClientRect().height),
    ).toBe(height);
    expect(await page.getByTestId('fortune-overlay').count()).toBe(0);
  });

  it('writes an AI reading through the chosen API with the overlay up, and keeps the key sealed for next time', async () => {
    const email = await member();
    const page = await openFortune(email, 'en');
    const frame = await embed(page, 'en');
    const ai = frame.getByTestId('ai');
    const text = AI_TEXT.en;
    await ai.getByRole('heading', { name: text.addKeyTitle }).waitFor();

    await ai.getByLabel(text.keyLabel, { exact: true }).fill('not a key');
    await ai.getByRole('button', { name: text.save, exact: true }).click();
    await ai.getByRole('alert').getByText(embedCopy.en.ai.keyInvalid).waitFor();
    await ai.getByLabel(text.keyLabel, { exact: true }).fill(chat.key);
    await ai.getByLabel(text.baseUrlLabel, { exact: true }).fill('ftp://example.com/v1');
    await ai.getByRole('button', { name: text.save, exact: true }).click();
    await ai.getByRole('alert').getByText(text.problems['invalid-url']).waitFor();
    await ai.getByLabel(text.baseUrlLabel, { exact: true }).fill(chat.url);
    await ai.getByLabel(text.modelLabel, { exact: true }).fill('stand-in-model');
    await ai.getByRole('button', { name: text.save, exact: true }).click();
    await ai.getByRole('status').getByText(text.saved).waitFor();

    chat.mode = 'ok';
    chat.delayMs = 1500;
    const before = chat.requests.length;
    await ai.getByRole('button', { name: text.generate, exact: true }).click();
    const overlay = page.getByTestId('fortune-overlay');
    await overlay.getByText(embedCopy.en.ai.overlay).waitFor();
    await overlay.getByText(embedCopy.en.ai.overlaySub).waitFor();
    const box = await overlay.locator('.fortune-overlay__box').boundingBox();
    expect(box?.width).toBe(360);
    await ai.getByTestId('ai-result').getByText('[stand-in stand-in-model en]').waitFor();
    await overlay.waitFor({ state: 'detached' });
    const request = chat.requests[before]!;
    expect(request.auth).toBe(`Bearer ${chat.key}`);
    expect(request.url).not.toContain(chat.key);
    expect(JSON.stringify(request.body)).toContain("Today's tarot card");

    // A failing API is said plainly, and the button offers to try again.
    chat.delayMs = 0;
    chat.mode = 'error';
    await ai.getByRole('button', { name: embedCopy.en.ai.again, exact: true }).click();
    await ai.getByTestId('ai-problem').getByText(text.problems['bad-response']).waitFor();
    chat.mode = 'unauthorized';
    await ai.getByRole('button', { name: embedCopy.en.ai.retry, exact: true }).click();
    await ai.getByTestId('ai-problem').getByText(text.problems.unauthorized).waitFor();

    // The key rests sealed; on the next visit the page hands it to the embed.
    const sealed = await page.evaluate(() => localStorage.getItem('mygenie.fortune.aiKey'));
    expect(sealed).toBeTruthy();
    expect(sealed).not.toContain(chat.key);
    chat.mode = 'ok';
    await page.reload();
    const again = await embed(page, 'en');
    await again.getByTestId('ai').getByRole('button', { name: text.generate, exact: true }).click();
    await again.getByTestId('ai-result').getByText('[stand-in stand-in-model en]').waitFor();

    // Removing the key brings back how to add one.
    await again.getByTestId('ai').getByRole('button', { name: text.remove, exact: true }).click();
    await again.getByTestId('ai').getByRole('heading', { name: text.addKeyTitle }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mygenie.fortune.aiKey'))).toBeNull();
  });

  it('still shows the member who last signed in here their fortune when the server cannot be reached', async () => {
    const email = await member();
    const page = await openFortune(email, 'ko');
    const uid = await uidOf(page);
    await embed(page, 'ko');
    await page.context().route('**/api/session', (route) => route.abort('internetdisconnected'));
    await page.reload();
    const frame = await embed(page, 'ko');
    const draw = dailyDraw(uid, seoulDate());
    await frame
      .getByTestId('tarot')
      .getByText(draw.card[draw.reversed ? 'reversed' : 'upright'].ko)
      .waitFor();

    // Someone who never signed in on this device gets the login card instead.
    const stranger = await openFortune(null, 'ko');
    await stranger.context().route('**/api/session', (route) => route.abort('internetdisconnected'));
    await stranger.reload();
    await stranger.getByTestId('fortune-login-required').waitFor();
  });

  it('loads the saju library only in the embed', async () => {
    const email = await member();
    const context = await suite.newContext();
    await signInContext(suite.server, context, email, PASSWORD);
    const page = await context.newPage();
    const scripts: { url: string; top: boolean; body: string }[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      const top = response.frame() === page.mainFrame();
      void response.text().then((body) => scripts.push({ url: response.url(), top, body }));
    });
    for (const path of ['/', '/download', '/app/']) {
      await page.goto(`${suite.server.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.body.includes('getEightChar')).map((s) => s.url)).toEqual([]);

    await page.goto(`${suite.server.url}/fortune?lang=ko`);
    await embed(page, 'ko');
    await page.waitForLoadState('networkidle');
    const withLibrary = scripts.filter((script) => script.body.includes('getEightChar'));
    expect(withLibrary.length).toBeGreaterThan(0);
    expect(withLibrary.every((script) => !script.top)).toBe(true);
  });

  it('shows the embed opened on its own without a session a way to the fortune page', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${suite.server.url}/fortune-embed/?lang=en`);
    expect(response?.headers()['content-security-policy']).toMatch(/connect-src 'self'[^;]* https:/);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    const card = page.getByTestId('embed-signed-out');
    await card.getByText(embedCopy.en.signedOut.body).waitFor();
    expect(await card.getByRole('link', { name: embedCopy.en.signedOut.link }).getAttribute('href')).toBe(
      '/fortune?lang=en',
    );
  });
});
