// Toasts leave by themselves after TOAST_MS (2.5 s). A test that polls for one from its own process can miss it on
// a busy machine: Playwright re-checks a locator from the test's side at up to half-second steps, and a starved test
// process may not look again before the toast has gone (seen in CI: "로그인이 확인되었습니다." never "appeared"
// though the member was signed in). So every page of a suite's contexts reports each toast it shows, at the moment
// it shows it, and a test waits on what was reported.
import type { BrowserContext, Page } from 'playwright-core';

const BINDING = '__mygenieToast';
const CROSSING_MS = 30_000;

const reporting = new WeakSet<BrowserContext>();
const shown = new WeakMap<Page, string[]>();
const waiting = new WeakMap<Page, Set<() => void>>();

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Makes every page of the context report the toasts it shows: called by the suite for each new context, and by a
 * benchmark for the contexts it makes itself, before their first page opens.
 */
export async function reportToasts(context: BrowserContext): Promise<void> {
  reporting.add(context);
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    shown.set(page, [...(shown.get(page) ?? []), normalized(text)]);
    for (const wake of waiting.get(page) ?? []) wake();
  });
  await context.addInitScript((binding: string) => {
    const reported = new WeakMap<Element, string>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast')) {
        const text = toast.textContent ?? '';
        if (reported.get(toast) === text) continue;
        reported.set(toast, text);
        (window as unknown as Record<string, (text: string) => void>)[binding]?.(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, BINDING);
}

/**
 * Resolves once the page has shown a toast containing `text` (as Playwright's `hasText`: a part of it, whitespace
 * and case aside) — now or at any time since the page opened.
 */
export function toastShown(page: Page, text: string, { timeout = CROSSING_MS } = {}): Promise<void> {
  // Waiting on a context that reports nothing would only time out, saying nothing of why.
  if (!reporting.has(page.context())) {
    return Promise.reject(
      new Error('toasts are not reported here: call reportToasts(context) when it is made'),
    );
  }
  const wanted = normalized(text);
  const seen = () => (shown.get(page) ?? []).some((toast) => toast.includes(wanted));
  if (seen()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const wakers = waiting.get(page) ?? new Set<() => void>();
    waiting.set(page, wakers);
    const done = () => {
      clearTimeout(timer);
      wakers.delete(wake);
    };
    const wake = () => {
      if (!seen()) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      const all = shown.get(page) ?? [];
      reject(new Error(`no toast "${text}" within ${timeout} ms; shown: ${JSON.stringify(all)}`));
    }, timeout);
    wakers.add(wake);
  });
}
