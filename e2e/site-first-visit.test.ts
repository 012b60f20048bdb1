// A first visit to the home page as a person sees it (issue 18): on a phone and a desktop, in Korean and English,
// the update banner an admin wrote comes first, nothing floating covers a control, and the fairy waits for the
// banner to go; and the fairy's guide where the browser cannot speak.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAIRY, STORAGE_KEYS } from '../src/shared/constants.js';
import { SPEECH_START_TIMEOUT_MS } from '../src/site/fairy/speech.js';
import { catalog } from '../src/shared/i18n/index.js';
import { fairyText } from '../src/site/fairy/copy.js';
import { copy as featuresCopy } from '../src/site/pages/features/copy.js';
import { writeBanner } from './support/banner.js';
import { coveredControls } from './support/covered.js';
import { browserSuite } from './support/suite.js';

const ADMIN = 'owner@example.com';
const suite = browserSuite({ ADMIN_EMAILS: ADMIN });
const BANNER_VERSION = '2026-12-02';

beforeAll(async () => {
  await writeBanner(suite.server, ADMIN, {
    version: BANNER_VERSION,
    title: { ko: '새 버전이 나왔습니다 (2026-12-02)', en: 'A new version is out (2026-12-02)' },
    body: {
      ko: '로그인 화면이 더 빨라졌고, 한국어와 영어 안내 문구를 다듬었습니다. 앱을 다시 열면 새 버전이 적용됩니다.',
      en: 'Signing in is faster, and the Korean and English texts have been polished. Reopen the app to use the new version.',
    },
  });
});

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';

type Lang = 'ko' | 'en';

const SCREENS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** The update banner already closed for the day, so the fairy shows at once. */
const BANNER_HIDDEN = `
  localStorage.setItem(${JSON.stringify(STORAGE_KEYS.bannerVersion)}, ${JSON.stringify(BANNER_VERSION)});
  localStorage.setItem(${JSON.stringify(STORAGE_KEYS.bannerHideUntil)}, String(Date.now() + 3600000));`;

async function openHome(
  lang: Lang,
  screen: { width: number; height: number },
  init?: string,
): Promise<{ page: Page; banner: Locator; hero: Locator }> {
  const phone = screen.width < 768;
  const context = await suite.newContext({ viewport: screen, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  // A clock the test can move (it runs as the real one until moved on): waits for what must not happen move it.
  await page.clock.install();
  if (init) await page.addInitScript(init);
  await page.goto(`${suite.server.url}/?lang=${lang}`);
  const hero = page.locator('.hero');
  // The hero's buttons show once the page has hydrated and knows nobody is signed in.
  await hero.getByRole('button', { name: catalog[lang].nav.login, exact: true }).waitFor();
  return { page, banner: page.getByRole('region', { name: catalog[lang].banner.label }), hero };
}

/** What a real pointer at the control's centre would touch: 'ok' when the control (or its content) is on top. */
function atCentre(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return 'outside the window';
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === element || element.contains(hit))) return 'ok';
    return `covered by ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'}`;
  });
}

/** Brings a control into view as a person scrolling would, then waits for floating things to settle. */
async function reachable(control: Locator): Promise<string> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  let verdict = '';
  await expect
    .poll(async () => (verdict = await atCentre(control)), { timeout: 3000 })
    .toBe('ok')
    .catch(() => undefined);
  return verdict;
}

/** Every control of the page's content and of the fairy whose centre is in the window, and what covers it. */
function contentCovered(page: Page): Promise<string[]> {
  return coveredControls(
    page,
    'main a[href], main button, main input, main label, .fairy button, .fairy-launcher',
    { inWindow: true },
  );
}

/** Where each Tab press lands, until `stop` is focused: the part of the page (banner, header, hero…) it is in. */
async function tabOrder(page: Page, stop: Locator, limit = 40): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return 'body';
        if (element.closest('.update-banner')) {
          return element instanceof HTMLInputElement ? 'banner checkbox' : 'banner close';
        }
        if (element.closest('.skip-link')) return 'skip link';
        if (element.closest('.header')) return 'header';
        if (element.closest('.hero')) return `hero ${(element as HTMLElement).innerText.trim()}`;
        return element.tagName.toLowerCase();
      }),
    );
    if (await stop.evaluate((element) => element === document.activeElement)) return order;
  }
  throw new Error(`Tab never reached the control; went ${order.join(' → ')}`);
}

describe(`a first visit to the home page in ${lang}`, () => {
  const text = catalog[lang];

  for (const screen of SCREENS) {
    it(`at ${screen.width} px: the banner comes first, every control answers a pointer, and the fairy follows the banner`, async () => {
      const { page, banner, hero } = await openHome(lang, screen);
      const checkbox = banner.getByRole('checkbox', { name: text.banner.dontShow24h });
      const close = banner.getByRole('button', { name: text.banner.close, exact: true });
      const login = hero.getByRole('button', { name: text.nav.login, exact: true });
      const register = hero.getByRole('button', { name: text.nav.register, exact: true });
      await banner.waitFor();

      // Seen first: between the header and the hero, and reached by Tab in that order.
      const header = (await page.locator('.header').boundingBox())!;
      const bannerBox = (await banner.boundingBox())!;
      const heroBox = (await hero.boundingBox())!;
      expect(bannerBox.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(heroBox.y);
      const order = await tabOrder(page, login);
      expect(order.slice(-3)).toEqual(['banner checkbox', 'banner close', `hero ${text.nav.login}`]);
      expect(order.slice(0, -3).every((place) => place === 'skip link' || place === 'header')).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));

      // The fairy waits while the banner shows, however long it shows.
      await page.clock.runFor(60_000);
      expect(await page.locator('.fairy, .fairy-launcher').count()).toBe(0);

      expect(await atCentre(checkbox)).toBe('ok');
      expect(await atCentre(close)).toBe('ok');
      expect(await contentCovered(page)).toEqual([]);
      expect(await reachable(login)).toBe('ok');
      expect(await reachable(register)).toBe('ok');

      // A real pointer at the centres of the checkbox and of Close does what they say.
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const control of [checkbox, close]) {
        const box = (await control.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        if (control === checkbox) expect(await checkbox.isChecked()).toBe(true);
      }
      await banner.waitFor({ state: 'hidden' });
      expect(
        Number(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.bannerHideUntil)),
      ).toBeGreaterThan(Date.now());

      // Then the fairy, clear of every control on the screen, its own controls included.
      const fairy = page.getByRole('complementary', { name: fairyText[lang].label });
      await fairy.waitFor();
      expect(await fairy.locator('.fairy__line').innerText()).toBe(fairyText[lang].intro);
      await expect.poll(() => contentCovered(page)).toEqual([]);
      for (const name of [fairyText[lang].start, fairyText[lang].voiceOn, fairyText[lang].close]) {
        expect(await atCentre(fairy.getByRole('button', { name, exact: true }))).toBe('ok');
      }
      expect(await reachable(login)).toBe('ok');
      expect(await reachable(register)).toBe('ok');
      // Once the page has settled after the scroll, the fairy has moved off whatever came under it.
      await expect.poll(() => contentCovered(page)).toEqual([]);
    });
  }
});

describe('the fairy where the browser cannot speak', () => {
  /** A speech engine that never really speaks, in one of the ways browsers fail. */
  function silentSpeech(failure: 'no voices' | 'error before start' | 'end without start' | 'never starts') {
    const voices =
      failure === 'no voices'
        ? '[]'
        : `[{ name: 'Yuna', lang: 'ko-KR' }, { name: 'Samantha', lang: 'en-US' }]`;
    const answer = {
      'no voices': `setTimeout(() => u.onend && u.onend(), 10);`,
      'error before start': `setTimeout(() => u.onerror && u.onerror({ error: 'synthesis-failed' }), 10);`,
      'end without start': `setTimeout(() => u.onend && u.onend(), 10);`,
      'never starts': '',
    }[failure];
    return `${BANNER_HIDDEN}
      window.__utterances = 0;
      window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
      Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: {
        speak(u) { window.__utterances++; ${answer} },
        cancel() {}, pause() {}, resume() {}, getVoices() { return ${voices}; },
        addEventListener() {}, removeEventListener() {}
      }});`;
  }

  const CASES = [
    { failure: 'no voices', lang: 'ko' },
    { failure: 'error before start', lang: 'en' },
    { failure: 'end without start', lang: 'ko' },
    { failure: 'never starts', lang: 'en' },
  ] as const;

  for (const { failure, lang } of CASES) {
    it(`stays on each line until Next with ${failure} (${lang}, phone)`, async () => {
      const { page } = await openHome(lang, { width: 390, height: 844 }, silentSpeech(failure));
      const fairy = page.getByRole('complementary', { name: fairyText[lang].label });
      const line = fairy.locator('.fairy__line');
      const next = fairy.getByRole('button', { name: fairyText[lang].next, exact: true });
      await fairy.getByRole('button', { name: fairyText[lang].start, exact: true }).click();
      expect(await line.innerText()).toBe(fairyText[lang].home[0]);

      // Speech is given its time to start, then Next comes, and the line stays until it is pressed.
      await page.clock.runFor(FAIRY.speechDelayMs + SPEECH_START_TIMEOUT_MS);
      await next.waitFor();
      expect(await fairy.locator('.fairy__note').innerText()).toBe(fairyText[lang].noVoice);
      await page.clock.runFor(10 * FAIRY.autoAdvanceMs);
      expect(await line.innerText()).toBe(fairyText[lang].home[0]);

      await next.click();
      expect(await line.innerText()).toBe(fairyText[lang].home[1]);
      await page.clock.runFor(10 * FAIRY.autoAdvanceMs);
      expect(await line.innerText()).toBe(fairyText[lang].home[1]);
      await next.click();
      expect(await line.innerText()).toBe(fairyText[lang].home[2]);
      if (failure !== 'no voices') {
        expect(await page.evaluate(() => (window as unknown as { __utterances: number }).__utterances)).toBe(
          1,
        );
      }
    });
  }

  it(`with the voice off, "take the features tour" plays the tour at the reader's pace and clears its flag (${lang})`, async () => {
    const tour = featuresCopy[lang].tour;
    const { page } = await openHome(
      lang,
      { width: 390, height: 844 },
      `${silentSpeech('never starts')}
       localStorage.setItem(${JSON.stringify(STORAGE_KEYS.fairyVoice)}, 'off');`,
    );
    const fairy = page.getByRole('complementary', { name: fairyText[lang].label });
    const line = fairy.locator('.fairy__line');
    const next = fairy.getByRole('button', { name: fairyText[lang].next, exact: true });
    await fairy.getByRole('button', { name: fairyText[lang].start, exact: true }).click();
    for (const [index, expected] of fairyText[lang].home.entries()) {
      expect(await line.innerText()).toBe(expected);
      if (index < fairyText[lang].home.length - 1) await next.click();
    }
    await next.click();
    expect(await line.innerText()).toBe(fairyText[lang].done);

    await fairy.getByRole('button', { name: fairyText[lang].toFeatures, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/features');
    await expect.poll(() => line.innerText()).toBe(tour[0]);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.tourTrigger)).toBeNull();
    await page.clock.runFor(10 * FAIRY.autoAdvanceMs);
    expect(await line.innerText()).toBe(tour[0]);
    await next.click();
    expect(await line.innerText()).toBe(tour[1]);
    expect(await page.evaluate(() => (window as unknown as { __utterances: number }).__utterances)).toBe(0);
  });
});
