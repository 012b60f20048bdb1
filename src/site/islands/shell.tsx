// What every island renders inside, in the prerender and in the browser alike: the page's language (one for the
// whole page, switched in place for every island at once: page-language.ts) and the page's path. Both sides render
// the same shell, so hydration starts from the tree the prerender wrote.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '../../shared/constants.js';
import { FixedLanguage } from '../../client/text.js';
import { PagePathProvider } from '../ui/SiteLink.js';
import { Hydrating } from '../ui/use-mounted.js';
import { IdScope } from './id-scope.js';
import { pageLanguageStore } from './page-language.js';

/** Switches the page to `next`; the switch's code loads when first asked. */
function switchPageLanguage(next: Language): void {
  void import('./page-language-switch.js').then(({ switchLanguage }) => switchLanguage(next));
}

/** Calls `then` once the island's first render has run its effects: it answers presses from here on. */
function Settled({ then }: { then?: (() => void) | undefined }) {
  useEffect(() => then?.(), [then]);
  return null;
}

export function IslandShell({
  lang,
  path,
  scope,
  onSettled,
  children,
}: {
  /** The language the page was written in (the page's own, in the browser, until switched). */
  lang: Language;
  path: string;
  /** The island's place on the page (its ids are numbered apart from the other islands': id-scope.tsx). */
  scope: number;
  onSettled?: () => void;
  children: ReactNode;
}) {
  const live = useSyncExternalStore(pageLanguageStore.subscribe, pageLanguageStore.get, () => lang);
  const [hydrating, setHydrating] = useState(true);
  useEffect(() => setHydrating(false), []);
  return (
    <FixedLanguage lang={live} switchTo={switchPageLanguage}>
      <PagePathProvider path={path}>
        <Hydrating.Provider value={hydrating}>
          <IdScope scope={scope}>{children}</IdScope>
          <Settled then={onSettled} />
        </Hydrating.Provider>
      </PagePathProvider>
    </FixedLanguage>
  );
}
