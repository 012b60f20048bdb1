// The header's controls, one island on every page (src/site/islands/), woken when a member is here or a visitor
// reaches for them: the Kor/Eng switch and the account's controls; and what watches the session while a page is
// open (auto logout, a look again when the page comes back into view, this device's sign-ins). Also the running
// version in the footer, for admins. (The phone menu's button is the frame's: layout/phone-menu.ts.)
import { lazy, Suspense, useEffect, useState } from 'react';
import { headerWords } from './header-words.js';
import { fill, useLanguage, useText } from '../../client/text.js';
import type { Language } from '../../shared/constants.js';
import { AuthButton } from '../auth/auth-dialog-context.js';
import { CancelSignIn } from '../auth/CancelSignIn.js';
import { localPart, useSession } from '../auth/session.js';
import { useToast } from '../../client/ui/Toast.js';
import { sessionWait } from '../ui/session-wait.js';
import { useMounted } from '../ui/use-mounted.js';
import { useOpenApp } from './open-app.js';

const AutoLogout = lazy(async () => ({ default: (await import('./AutoLogout.js')).AutoLogout }));
const DeviceWatch = lazy(async () => ({ default: (await import('../auth/DeviceWatch.js')).DeviceWatch }));
const SignInCodeDialog = lazy(async () => ({
  default: (await import('../auth/SignInCode.js')).SignInCodeDialog,
}));

export function HeaderControls() {
  const t = useText(headerWords);
  const { lang } = useLanguage();
  const mounted = useMounted();
  const session = useSession();
  const signedIn = Boolean(session.user);
  const toast = useToast();
  const expire = (minutes: number) => {
    void session
      .logout()
      .catch(() => session.refresh())
      .then(() => toast(fill(t.autoLogout.expired, { minutes })));
  };
  // The server ends an idle session whether or not this page was in view: coming back, the page asks again.
  useEffect(() => {
    if (!signedIn) return;
    const onVisible = () => {
      if (!document.hidden) void session.refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [signedIn, session]);

  return (
    <>
      <LanguageSwitch lang={lang} />
      <AccountControls />
      {mounted && (signedIn || session.pending) && (
        <Suspense fallback={null}>
          <DeviceWatch />
        </Suspense>
      )}
      {mounted && signedIn && (
        <Suspense fallback={null}>
          <AutoLogout onExpire={expire} />
        </Suspense>
      )}
    </>
  );
}

/** The footer's line for admins: which version the server runs (empty for everyone else). */
export function FooterVersion() {
  const session = useSession();
  return session.user?.isAdmin ? <RunningVersion /> : null;
}

/**
 * Which version of MyGenie the server runs, and its commit, for admins (docs/deploy.md, "Which version runs"): the
 * server's own answer, so a page a service worker kept from an older release still tells what serves it now.
 */
function RunningVersion() {
  const t = useText(headerWords);
  const [running, setRunning] = useState<{ version: string; commit: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    void import('../../client/api.js')
      .then(({ call }) => call('health'))
      .then(
        (answer) => current && setRunning(answer.version),
        () => {},
      );
    return () => {
      current = false;
    };
  }, []);
  return (
    <p className="footer__version" data-testid="footer-version">
      {running &&
        fill(t.footer.version, {
          version: running.version,
          commit: running.commit ?? t.footer.commitUnknown,
        })}
    </p>
  );
}

function LanguageSwitch({ lang }: { lang: Language }) {
  const t = useText(headerWords);
  const { setLang } = useLanguage();
  return (
    <div className="lang-switch" role="group" aria-label={t.language.label}>
      {(['ko', 'en'] as const).map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={lang === option}
          onClick={() => setLang(option)}
        >
          {option === 'ko' ? 'Kor' : 'Eng'}
        </button>
      ))}
    </div>
  );
}

function AccountControls() {
  const t = useText(headerWords);
  const session = useSession();
  const openApp = useOpenApp();
  const toast = useToast();
  const [codeOpen, setCodeOpen] = useState(false);

  // While the session loads, the signed-out controls hold their place unseen, so nothing moves when it resolves;
  // the page shows them once its first read says a visitor is here (html[data-session], before this island wakes).
  const hidden = session.loading;
  return (
    <div className="account" {...sessionWait(hidden)}>
      <button type="button" className="button button--accent account__open-app" onClick={() => openApp()}>
        <span className="wide-only">{t.nav.openApp}</span>
        <span className="narrow-only">{t.nav.openAppShort}</span>
      </button>
      {session.pending && !hidden ? (
        <>
          <span className="account__welcome account__pending" role="status">
            {t.auth.pending.short}
          </span>
          {session.pending.confirmBy === 'code' ? (
            // The code's dialog offers the cancel too: the header keeps to one button on a phone.
            <button type="button" className="button button--primary" onClick={() => setCodeOpen(true)}>
              {t.auth.pending.enterCode}
            </button>
          ) : (
            <CancelSignIn />
          )}
          {codeOpen && session.pending.confirmBy === 'code' && (
            <Suspense fallback={null}>
              <SignInCodeDialog email={session.pending.email} onClose={() => setCodeOpen(false)} />
            </Suspense>
          )}
        </>
      ) : session.user && !hidden ? (
        <>
          <span className="account__welcome">
            {fill(t.home.welcome, { name: localPart(session.user.email) })}
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => session.logout().catch(() => toast(t.auth.defaults.logout))}
          >
            {t.nav.logout}
          </button>
        </>
      ) : (
        <>
          <AuthButton mode="login" className="button button--ghost">
            {t.nav.login}
          </AuthButton>
          <AuthButton mode="register" className="button button--primary">
            {t.nav.register}
          </AuthButton>
        </>
      )}
    </div>
  );
}
