// The one auth dialog of a page, which any part of it opens (the header, the home hero, the push card, the support
// and download pages' login cards, the admin and mailed-link pages). It renders in a root of its own at the end of
// the page, so a part rendered on its own (an island of a prerendered page) opens the same dialog as the whole-page
// tree does; its code and words arrive when first opened (fetched ahead at idle, not run).
import { useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LanguageProvider } from '../../client/text.js';
import type { AuthMode } from './validation.js';
import { takeQueryParam } from '../ui/query-param.js';
import { withChunkTimeout } from '../ui/chunk-timeout.js';
import { showChunkError } from '../ui/chunk-error.js';
import { pageLanguage } from '../ui/page-language.js';
import { IdScope } from '../islands/id-scope.js';

const loadDialog = () => withChunkTimeout(import('./AuthDialog.js'));

/** The dialog's ids are numbered apart from every island's (src/site/islands/id-scope.tsx). */
const DIALOG_ID_SCOPE = 1000;

let root: Root | null = null;
let host: HTMLElement | null = null;

function close(): void {
  root?.render(null);
}

/** Opens the page's auth dialog in `mode`; asked again while open, the dialog starts over in the new mode. */
export function openAuthDialog(mode: AuthMode = 'login'): void {
  // The language on screen when asked (a whole-page tree may have switched it in place since it loaded).
  const lang = pageLanguage();
  loadDialog().then(
    ({ AuthDialog }) => {
      if (!root || !host?.isConnected) {
        host = document.createElement('div');
        host.id = 'auth-dialog-root';
        document.body.append(host);
        root = createRoot(host);
      }
      root.render(
        <LanguageProvider initial={lang}>
          <IdScope scope={DIALOG_ID_SCOPE}>
            <AuthDialog mode={mode} onClose={close} />
          </IdScope>
        </LanguageProvider>,
      );
    },
    () => showChunkError(),
  );
}

/**
 * Once the page can answer: the app sends signed-out visitors to /?auth=login (and a password-changed mail to
 * /?auth=forgot), so the dialog opens for them and the address is tidied. Otherwise its code loads as a pointer
 * or the focus comes to a button that opens it (AuthButton's `data-auth-ahead`), so a press does not wait for the
 * network and a visitor who only reads never runs it.
 */
export function startAuthDialog(): void {
  const asked = new URLSearchParams(window.location.search).get('auth');
  if (asked === 'login' || asked === 'register' || asked === 'forgot') {
    takeQueryParam('auth');
    openAuthDialog(asked);
  }
  if (started) return;
  started = true;
  const ahead = (event: Event) => {
    if (!(event.target as Element | null)?.closest?.('[data-auth-ahead]')) return;
    for (const type of AHEAD) document.removeEventListener(type, ahead, true);
    void loadDialog().catch(() => undefined);
  };
  for (const type of AHEAD) document.addEventListener(type, ahead, { capture: true, passive: true });
}
const AHEAD = ['pointerover', 'pointerdown', 'focusin'] as const;
let started = false;

/** For the whole-page tree (the admin and mailed-link pages): starts the dialog's address handling once mounted. */
export function AuthDialogHost() {
  useEffect(startAuthDialog, []);
  return null;
}

/**
 * A button that opens the dialog in `mode`: its code loads as a pointer or the focus reaches the button
 * (`data-auth-ahead`), so the press does not wait for the network.
 */
export function AuthButton({
  mode,
  className,
  children,
}: {
  mode: AuthMode;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} data-auth-ahead onClick={() => openAuthDialog(mode)}>
      {children}
    </button>
  );
}
