// The one auth dialog of a page, which any part of it opens (the header, the home hero, the push card, the support
// and download pages' login cards, the admin and mailed-link pages). It renders in a root of its own at the end of
// the page, so a part rendered on its own (an island of a prerendered page) opens the same dialog as the whole-page
// tree does; its code and words arrive when first opened (fetched ahead at idle, not run).
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LanguageProvider } from '../../client/text.js';
import type { AuthMode } from './validation.js';
import { withChunkTimeout } from '../ui/chunk-timeout.js';
import { showChunkError } from '../ui/chunk-error.js';
import { pageLanguage } from '../ui/page-language.js';
import { IdScope } from '../islands/id-scope.js';

/** The dialog's code (loaded ahead of a press by auth-ahead.ts). */
export const loadAuthDialog = () => withChunkTimeout(import('./AuthDialog.js'));

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
  loadAuthDialog().then(
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
