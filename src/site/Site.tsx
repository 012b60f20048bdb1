// The whole site as one element, for the browser and for the prerender.
import type { ReactNode } from 'react';
import { AppRoutes } from './AppRoutes.js';
import { AuthDialogProvider } from './auth/auth-dialog-context.js';
import { SessionProvider } from './auth/session.js';
import type { LoadedPage } from './pages/registry.js';
import { ToastProvider } from '../client/ui/Toast.js';
import { LanguageProvider } from '../client/text.js';
import type { Language } from '../shared/constants.js';

export function Site({
  router,
  lang,
  then,
  preloaded,
}: {
  router: (routes: ReactNode) => ReactNode;
  /** The language to render in; `then`, the one to switch to once hydrated (the member's saved choice). */
  lang: Language;
  then?: Language | undefined;
  preloaded?: ReadonlyMap<string, LoadedPage>;
}) {
  return (
    <LanguageProvider initial={lang} then={then}>
      <ToastProvider>
        <SessionProvider>
          <AuthDialogProvider>
            {router(<AppRoutes {...(preloaded ? { preloaded } : {})} />)}
          </AuthDialogProvider>
        </SessionProvider>
      </ToastProvider>
    </LanguageProvider>
  );
}
