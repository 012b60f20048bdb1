// The whole site as one element, for the browser and for the prerender.
import { AppRoutes } from './AppRoutes.js';
import { AuthDialogHost } from './auth/AuthDialogHost.js';
import { pageSession, SessionProvider } from './auth/session.js';
import type { LoadedPage } from './pages/registry.js';
import { LanguageProvider } from '../client/text.js';
import type { Language } from '../shared/constants.js';

export function Site({
  pathname,
  lang,
  then,
  preloaded,
}: {
  /** The address's path: the page to show. */
  pathname: string;
  /** The language to render in; `then`, the one to switch to once hydrated (the member's saved choice). */
  lang: Language;
  then?: Language | undefined;
  preloaded?: ReadonlyMap<string, LoadedPage>;
}) {
  return (
    <LanguageProvider initial={lang} then={then}>
      <SessionProvider store={pageSession}>
        <AuthDialogHost />
        <AppRoutes pathname={pathname} {...(preloaded ? { preloaded } : {})} />
      </SessionProvider>
    </LanguageProvider>
  );
}
