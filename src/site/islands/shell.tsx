// What every island renders inside, in the prerender and in the browser alike: the page's language (one for the
// whole page, switched in place for every island at once: page-language.ts) and the page's path. Both sides render
// the same shell, so hydration starts from the tree the prerender wrote.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '../../shared/constants.js';
import { FixedLanguage } from '../../client/text.js';
import { PagePathProvider } from '../ui/SiteLink.js';
import { Hydrating } from '../ui/use-mounted.js';
import { pageLanguageStore, switchPageLanguage } from './page-language.js';

/** Calls `then` once the island's first render has run its effects: it answers presses from here on. */
function Settled({ then }: { then?: (() => void) | undefined }) {
  useEffect(() => then?.(), [then]);
  return null;
}

export function IslandShell({
  lang,
  path,
  onSettled,
  children,
}: {
  /** The language the page was written in (the page's own, in the browser, until switched). */
  lang: Language;
  path: string;
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
          {children}
          <Settled then={onSettled} />
        </Hydrating.Provider>
      </PagePathProvider>
    </FixedLanguage>
  );
}
