// The website's entry. A public page arrives prerendered and painted by its HTML and stylesheet alone; the script
// that makes it interactive (src/site/hydrate.tsx) is fetched once that first frame is on screen, so the page's
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
  void import('./hydrate.js').then(({ hydrated }) => {
    // The page's handlers are attached once its module has run: from here a press reaches them itself.
    removeEventListener('click', remember, true);
    // Pressed before the page could answer: pressed again once it can, if still on the page.
    void hydrated.then(() => {
      for (const element of pressed) if (element.isConnected) element.click();
    });
  });
}

function remember(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.('button');
  if (button instanceof HTMLElement && !pressed.includes(button)) pressed.push(button);
}

addEventListener('click', remember, true);
for (const type of ['pointerdown', 'keydown', 'focusin'] as const)
  addEventListener(type, hydrate, { capture: true, once: true, passive: true });
// A frame callback runs just before a paint; a task queued from it runs after that paint.
requestAnimationFrame(() => setTimeout(hydrate, 0));
