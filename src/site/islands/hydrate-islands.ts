// The runtime of a prerendered page's islands (src/site/islands/Island.tsx): reads the session once, shows what a
// visitor or a member sees (`html[data-session]`), and wakes each island at the first of its moments — with the
// page (`load`), at idle, in view, when a member is here, or when a visitor first reaches for it — through
// wake-island.tsx, which brings Preact and the island's code. A visitor who only reads a page whose islands wait
// for a member or a reach runs this alone. The rest of the page is HTML no script renders again; its few static
// controls (the skip link, a link that opens the auth dialog) are answered from here. Loaded by src/site/main.tsx
// after the first paint; the chunk's name starts with "hydrate-" as the whole-page one's does (tests hold it back
// to act before the page can answer).
import { storedLanguage, saveLanguage } from '../../client/language.js';
import { startAuthDialog } from '../auth/auth-ahead.js';
import { seenFirst, SESSION_SEEN_EVENT, showSession } from '../auth/session-seen.js';
import { togglePhoneMenu } from '../layout/phone-menu.js';
import { skipToMain } from '../layout/skip-link.js';
import { showChunkError } from '../ui/chunk-error.js';
import { withChunkTimeout } from '../ui/chunk-timeout.js';
import { pageLanguage } from '../ui/page-language.js';
import type { IslandWhen } from './Island.js';

const FOLLOWED = 'mygenie.site.lang-followed';

/**
 * A visitor whose saved choice is the other language (chosen on another page, the cookie lost) gets the page in
 * it: saved again (the cookie), and the page asked for once more; once only, should the cookie not hold.
 */
function followSavedLanguage(): boolean {
  const preferred = new URLSearchParams(window.location.search).has('lang') ? undefined : storedLanguage();
  if (!preferred || preferred === pageLanguage() || sessionStorage.getItem(FOLLOWED) === preferred)
    return false;
  sessionStorage.setItem(FOLLOWED, preferred);
  saveLanguage(preferred);
  window.location.reload();
  return true;
}

/** How a visitor first reaches for a part of the page: over it, down on it, or into it with the focus. */
const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

let failed = false;
let pressed: HTMLElement[] = [];
const waking = new Map<HTMLElement, Promise<void>>();

/** Presses again, once `within` answers, what was pressed in it before. */
function pressAgain(within: (element: HTMLElement) => boolean): void {
  // The list is src/site/main.tsx's, which goes on adding to it: taken from in place.
  const now = pressed.filter(within);
  for (const element of now) pressed.splice(pressed.indexOf(element), 1);
  for (const element of now) if (element.isConnected) element.click();
}

const momentsOf = (island: HTMLElement): IslandWhen[] =>
  (island.dataset.when ?? 'load').split(' ') as IslandWhen[];

/** Wakes `island` once, however many of its moments come; settles once it answers presses. */
function wake(island: HTMLElement): Promise<void> {
  let woken = waking.get(island);
  if (woken) return woken;
  const scope = [...document.querySelectorAll('mg-island')].indexOf(island) + 1;
  woken = withChunkTimeout(import('./wake-island.js'))
    .then(({ wakeIsland }) => withChunkTimeout(wakeIsland(island, scope)))
    .then(
      () => pressAgain((element) => island.contains(element)),
      () => {
        // A new release replaced the island's code, or the network dropped: one message says so for the page.
        if (!failed) showChunkError();
        failed = true;
      },
    );
  waking.set(island, woken);
  return woken;
}

/** Runs `then` when the page has nothing more pressing (or after 2 s at the latest). */
function whenIdle(then: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(then, { timeout: 2000 });
  else window.setTimeout(then, 200);
}

/** Wakes each of `islands` as it comes into view (what it holds is watched: an island has no box of its own). */
function wakeInView(islands: HTMLElement[]): void {
  const watched = new Map<Element, HTMLElement>();
  const watching = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const island = watched.get(entry.target);
      if (!entry.isIntersecting || !island) continue;
      for (const [element, of] of watched) if (of === island) watching.unobserve(element);
      void wake(island);
    }
  });
  for (const island of islands) {
    const parts = [...island.children];
    if (parts.length === 0) void wake(island);
    for (const part of parts) {
      watched.set(part, island);
      watching.observe(part);
    }
  }
}

/** Wakes each of `islands` when a pointer or the focus first reaches it. */
function wakeOnReach(islands: HTMLElement[]): void {
  if (islands.length === 0) return;
  const reached = (event: Event) => {
    const island = (event.target as Element | null)?.closest?.('mg-island');
    if (island instanceof HTMLElement && islands.includes(island)) void wake(island);
  };
  for (const type of REACH) document.addEventListener(type, reached, { capture: true, passive: true });
}

/** Reads the session and shows it; wakes `islands` whenever it says a member is here (now, or after a sign-in). */
async function wakeForMember(islands: HTMLElement[]): Promise<void> {
  // Offline, they wake too, and show what they can (the fortune of the member last signed in here).
  const follow = () =>
    document.documentElement.dataset.session === 'out' ? undefined : Promise.all(islands.map(wake));
  document.addEventListener(SESSION_SEEN_EVENT, () => void follow());
  showSession(await seenFirst());
  await follow();
}

/**
 * Wakes the page's islands; `pressedBefore`, the buttons pressed before this script ran (src/site/main.tsx), are
 * pressed again as the part holding each can answer. Settles once the session is shown and the page's `load`
 * islands answer; `<html data-hydrated>` says the same to anyone looking.
 */
export async function hydrateIslands(pressedBefore: HTMLElement[]): Promise<void> {
  if (followSavedLanguage()) return;
  pressed = pressedBefore;
  const islands = [...document.querySelectorAll<HTMLElement>('mg-island')];
  const by = (when: IslandWhen) => islands.filter((island) => momentsOf(island).includes(when));

  wakeInView(by('visible'));
  const reached = by('interaction');
  wakeOnReach(reached);
  // A button of such an island pressed before this ran: the island wakes now, and the press comes again.
  for (const island of reached) if (pressed.some((element) => island.contains(element))) void wake(island);
  // The page's static controls answer from here: what was pressed of them before, now.
  startAuthDialog();
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (target?.closest?.('a.skip-link')) skipToMain(event);
    const menu = target?.closest?.('button[data-phone-menu]');
    if (menu) togglePhoneMenu({ currentTarget: menu });
  });
  document.documentElement.dataset.islands = '';
  pressAgain((element) => !element.closest('mg-island'));

  const member = wakeForMember(by('member'));
  // Hydrating is a task of its own, after the one that ran this module: short tasks keep the page answering a tap
  // where one long one would hold it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all([member, ...by('load').map(wake)]);
  document.documentElement.dataset.hydrated = '';
  for (const island of by('idle')) whenIdle(() => void wake(island));
}
