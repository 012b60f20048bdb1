// The whole site as one element, for the browser and for the prerender.
import type { ReactNode } from 'react';
import { AppRoutes } from './AppRoutes.js';
import { AuthDialogProvider } from './auth/auth-dialog-context.js';
import { SessionProvider } from './auth/session.js';
import type { LoadedPage } from './pages/registry.js';
import { ToastProvider } from '../client/ui/Toast.js';

export function Site({
  router,
  preloaded,
}: {
  router: (routes: ReactNode) => ReactNode;
  preloaded?: ReadonlyMap<string, LoadedPage>;
}) {
  return (
    <ToastProvider>
      <SessionProvider>
        <AuthDialogProvider>{router(<AppRoutes {...(preloaded ? { preloaded } : {})} />)}</AuthDialogProvider>
      </SessionProvider>
    </ToastProvider>
  );
}
