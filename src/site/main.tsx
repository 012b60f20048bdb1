// The website's entry. A public page arrives prerendered and painted by its HTML and stylesheet alone; the script
// that makes it interactive (its islands: src/site/islands/hydrate-islands.ts) is fetched once that first frame is on screen, so the page's
// first and largest paints never wait for script. A visitor who taps or types before then starts it at once, and
// a button pressed meanwhile is pressed again once the page can answer it. This file stays small and free of
// React: it is all the script a page loads before painting.
import { isLanguage, saveLanguage } from '../client/language.js';
import { listenForInstallPrompt } from './layout/install.js';
import '../client/styles.css';

// The browser may offer installing before the page is hydrated.
listenForInstallPrompt();

// A ?lang= in the address is the visitor's choice even if they leave before the page hydrates.
const chosen = new URLSearchParams(window.location.search).get('lang');
if (isLanguage(chosen)) saveLanguage(chosen);

let started = false;
const pressed: HTMLElement[] = [];

function hydrate(): void {
  if (started) return;
  started = true;
  // A prerendered page wakes its islands, each pressing again what was pressed in it before it could answer; a
  // page rendered here (admin, a mailed link's) renders whole, then presses again what was pressed before.
  if (document.querySelector('mg-island')) {
    void import('./islands/hydrate-islands.js').then(({ hydrateIslands }) => hydrateIslands(pressed));
    return;
  }
  void import('./hydrate.js').then(({ hydrated }) => {
    // The page's handlers are attached once its module has run: from here a press reaches them itself.
    removeEventListener('click', remember, true);
    void hydrated.then(() => {
      for (const element of pressed) if (element.isConnected) element.click();
    });
  });
}

function remember(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.('button');
  if (!(button instanceof HTMLElement) || pressed.includes(button)) return;
  // An island awake answers its own presses, and so does the page's script once running for the rest.
  const island = button.closest('mg-island');
  if (island ? island.hasAttribute('data-awake') : 'islands' in document.documentElement.dataset) return;
  pressed.push(button);
}

addEventListener('click', remember, true);
for (const type of ['pointerdown', 'keydown', 'focusin'] as const)
  addEventListener(type, hydrate, { capture: true, once: true, passive: true });
/**
 * Runs `then` once the page's first contentful paint is on screen — as the browser records it, when the frame is
 * presented, which comes after the paint's own task: a script started sooner is fetched while the page still counts
 * as painting, and a browser estimating the first paint on a slow network counts its requests. A browser that
 * records no such paint (or a page loaded hidden, which reports none) starts after a frame, or at the latest soon
 * after.
 */
function afterFirstPaint(then: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(then, 0);
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // A frame callback runs just before a paint; a task queued from it runs after that paint.
    requestAnimationFrame(start);
    return;
  }
  const painted = new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  painted.observe({ type: 'paint', buffered: true });
  setTimeout(start, FIRST_PAINT_WAIT_MS);
}

/** How long the page waits for its first paint to be recorded before it wakes its parts anyway. */
const FIRST_PAINT_WAIT_MS = 1500;

afterFirstPaint(hydrate);
