// The auth dialog before its code has loaded, for a prerendered page's runtime (src/site/islands/hydrate-islands.ts)
// and the whole-page tree alike: a link that asks for it (/?auth=login, sent by the app to signed-out visitors, or
// /?auth=forgot from a password-changed mail) opens it, and its code loads as a pointer or the focus reaches a
// button that opens it (AuthButton's `data-auth-ahead`), so a press does not wait for the network and a visitor who
// only reads never runs it. Free of Preact: the dialog and what renders it come in when asked.
import { takeQueryParam } from '../ui/query-param.js';

const AHEAD = ['pointerover', 'pointerdown', 'focusin'] as const;
let started = false;

/** Once the page can answer: opens the dialog the address asks for, and loads its code ahead of a press. */
export function startAuthDialog(): void {
  const asked = new URLSearchParams(window.location.search).get('auth');
  if (asked === 'login' || asked === 'register' || asked === 'forgot') {
    takeQueryParam('auth');
    void import('./auth-dialog-context.js').then(({ openAuthDialog }) => openAuthDialog(asked));
  }
  if (started) return;
  started = true;
  const ahead = (event: Event) => {
    if (!(event.target as Element | null)?.closest?.('[data-auth-ahead]')) return;
    for (const type of AHEAD) document.removeEventListener(type, ahead, true);
    void import('./auth-dialog-context.js').then(({ loadAuthDialog }) =>
      loadAuthDialog().catch(() => undefined),
    );
  };
  for (const type of AHEAD) document.addEventListener(type, ahead, { capture: true, passive: true });
}
