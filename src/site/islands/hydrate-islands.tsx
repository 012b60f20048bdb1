// Makes a prerendered page's islands interactive (src/site/islands/Island.tsx), each as a root of its own with its
// own code: `load` islands at once, `idle` ones when the page is idle, `visible` ones as they come into view. The
// rest of the page is HTML no script renders again; its few static controls (a button that opens the auth dialog,
// the skip link) are answered from here. Loaded by src/site/main.tsx after the first paint; the chunk's name starts
// with "hydrate-" as the whole-page one's does (tests hold it back to act before the page can answer).
import { hydrateRoot } from 'react-dom/client';
import { storedLanguage, saveLanguage } from '../../client/language.js';
import { startAuthDialog } from '../auth/auth-dialog-context.js';
import { skipToMain } from '../layout/skip-link.js';
import { showChunkError } from '../ui/chunk-error.js';
import { withChunkTimeout } from '../ui/chunk-timeout.js';
import { pageLanguage } from '../ui/page-language.js';
import { pagePath } from '../ui/SiteLink.js';
import type { IslandWhen } from './Island.js';
import { ISLANDS } from './registry.js';
import { isIslandName } from './names.js';
import { IslandShell } from './shell.js';
import { pageLanguageStore } from './page-language.js';

const lang = pageLanguage();
const path = pagePath(window.location.pathname);

// A visitor whose saved choice is the other language (chosen on another page, the cookie lost) gets the page in
// it: saved again (the cookie), and the page asked for once more; once only, should the cookie not hold.
const FOLLOWED = 'mygenie.site.lang-followed';
const preferred = new URLSearchParams(window.location.search).has('lang') ? undefined : storedLanguage();
if (preferred && preferred !== lang && sessionStorage.getItem(FOLLOWED) !== preferred) {
  sessionStorage.setItem(FOLLOWED, preferred);
  saveLanguage(preferred);
  window.location.reload();
}

let failed = false;
let pressed: HTMLElement[] = [];

/** Presses again, once `within` answers, what was pressed in it before. */
function pressAgain(within: (element: HTMLElement) => boolean): void {
  // The list is src/site/main.tsx's, which goes on adding to it: taken from in place.
  const now = pressed.filter(within);
  for (const element of now) pressed.splice(pressed.indexOf(element), 1);
  for (const element of now) if (element.isConnected) element.click();
}

/** Loads an island's code and hydrates it; settles once its first render's effects have run. */
/** `scope`: the island's place among the page's islands, from 1, as the prerender numbered its ids. */
function wake(island: HTMLElement, scope: number): Promise<void> {
  const name = island.dataset.island;
  if (!isIslandName(name)) return Promise.resolve();
  return withChunkTimeout(ISLANDS[name]()).then(
    (Component) =>
      new Promise<void>((resolve) => {
        let written = island.dataset.props ?? '{}';
        const props: unknown = JSON.parse(written);
        const settled = () => {
          island.dataset.awake = '';
          pressAgain((element) => island.contains(element));
          resolve();
        };
        const shell = (given: unknown, onSettled?: () => void) => (
          <IslandShell lang={lang} path={path} scope={scope} {...(onSettled ? { onSettled } : {})}>
            <Component {...(given as object)} />
          </IslandShell>
        );
        const root = hydrateRoot(island, shell(props, settled));
        // The page switched language in place: props written in a language are read again.
        pageLanguageStore.subscribe(() => {
          const now = island.dataset.props ?? '{}';
          if (now !== written) root.render(shell(JSON.parse(now)));
          written = now;
        });
      }),
    () => {
      // A new release replaced the island's code, or the network dropped: one message says so for the page.
      if (!failed) showChunkError();
      failed = true;
    },
  );
}

/** Runs `then` when the page has nothing more pressing (or after 2 s at the latest). */
function whenIdle(then: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(then, { timeout: 2000 });
  else window.setTimeout(then, 200);
}

/**
 * Wakes the page's islands; `pressedBefore`, the buttons pressed before this script ran (src/site/main.tsx), are
 * pressed again as the part holding each can answer. Settles once the page's `load` islands answer;
 * `<html data-hydrated>` says the same to anyone looking.
 */
export async function hydrateIslands(pressedBefore: HTMLElement[]): Promise<void> {
  pressed = pressedBefore;
  const islands = [...document.querySelectorAll<HTMLElement>('mg-island')];
  const by = (when: IslandWhen) => islands.filter((island) => (island.dataset.when ?? 'load') === when);
  const wakeUp = (island: HTMLElement) => wake(island, islands.indexOf(island) + 1);

  // An island has no box of its own (display: contents): what it holds is watched, and wakes it.
  const watched = new Map<Element, HTMLElement>();
  const watching = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const island = watched.get(entry.target);
      if (!entry.isIntersecting || !island) continue;
      for (const [element, of] of watched) if (of === island) watching.unobserve(element);
      void wakeUp(island);
    }
  });
  for (const island of by('visible')) {
    const parts = [...island.children];
    if (parts.length === 0) void wakeUp(island);
    for (const part of parts) {
      watched.set(part, island);
      watching.observe(part);
    }
  }

  // The page's static controls answer from here: what was pressed of them before, now.
  startAuthDialog();
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('a.skip-link')) skipToMain(event);
  });
  document.documentElement.dataset.islands = '';
  pressAgain((element) => !element.closest('mg-island'));

  // Hydrating is a task of its own, after the one that ran this module and the code it imports: short tasks keep
  // the page answering a tap where one long one would hold it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(by('load').map(wakeUp));
  document.documentElement.dataset.hydrated = '';
  for (const island of by('idle')) whenIdle(() => void wakeUp(island));
}
