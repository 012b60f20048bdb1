// Wakes one island of a prerendered page (src/site/islands/Island.tsx): loads its code and hydrates it as a root of
// its own, in the shell the prerender rendered it in. Loaded by the islands' runtime (hydrate-islands.ts) when the
// first island wakes: a page whose islands all wait for a member or a visitor's reach runs none of this, nor Preact.
import { hydrateRoot } from 'react-dom/client';
import { pageLanguage } from '../ui/page-language.js';
import { pagePath } from '../ui/SiteLink.js';
import { ISLANDS } from './registry.js';
import { isIslandName } from './names.js';
import { IslandShell } from './shell.js';
import { pageLanguageStore } from './page-language.js';

/**
 * Loads `island`'s code and hydrates it; resolves once its first render's effects have run (it answers presses from
 * then on). `scope`: its place among the page's islands, from 1, as the prerender numbered its ids.
 */
export async function wakeIsland(island: HTMLElement, scope: number): Promise<void> {
  const name = island.dataset.island;
  if (!isIslandName(name)) return;
  const Component = await ISLANDS[name]();
  await new Promise<void>((resolve) => {
    // Said before hydrating: a language switch in place no longer takes this island's HTML (page-language-switch.ts).
    island.dataset.hydrating = '';
    let written = island.dataset.props ?? '{}';
    const settled = () => {
      island.dataset.awake = '';
      resolve();
    };
    const shell = (given: unknown, onSettled?: () => void) => (
      <IslandShell
        lang={pageLanguage()}
        path={pagePath(window.location.pathname)}
        scope={scope}
        {...(onSettled ? { onSettled } : {})}
      >
        <Component {...(given as object)} />
      </IslandShell>
    );
    const root = hydrateRoot(island, shell(JSON.parse(written), settled));
    // The page switched language in place: props written in a language are read again.
    pageLanguageStore.subscribe(() => {
      const now = island.dataset.props ?? '{}';
      if (now !== written) root.render(shell(JSON.parse(now)));
      written = now;
    });
  });
}
