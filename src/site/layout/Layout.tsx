// The frame of every page: the navigation of the description §2 with the Kor/Eng switch, the sign-in
// controls, a menu on phones, and the footer.
import { lazy, memo, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { fill, useLanguage, useText } from '../../client/text.js';
import type { Language } from '../../shared/constants.js';
import { useAuthDialog } from '../auth/auth-dialog-context.js';
import { CancelSignIn } from '../auth/CancelSignIn.js';
import { localPart, useSession } from '../auth/session.js';
import { ChunkErrorBoundary } from '../../client/ui/ChunkErrorBoundary.js';
import { Spinner } from '../ui/Spinner.js';
import { useToast } from '../../client/ui/Toast.js';
import { useAutoLogout } from '../../client/auto-logout.js';
import { useMounted } from '../ui/use-mounted.js';
import { SiteLink, SiteNavLink, usePagePath } from '../ui/SiteLink.js';
import { useOpenApp } from './open-app.js';
import { call } from '../../client/api.js';

const FairyGuide = lazy(async () => ({ default: (await import('../fairy/FairyGuide.js')).FairyGuide }));
const DeviceWatch = lazy(async () => ({ default: (await import('../auth/DeviceWatch.js')).DeviceWatch }));
const SignInCodeDialog = lazy(async () => ({
  default: (await import('../auth/SignInCode.js')).SignInCodeDialog,
}));

const NAV = [
  { to: '/', key: 'home' },
  { to: '/how-to-use', key: 'howToUse' },
  { to: '/features', key: 'features' },
  { to: '/security', key: 'security' },
  { to: '/download', key: 'download' },
  { to: '/fortune', key: 'fortune' },
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const pathname = usePagePath();
  const mounted = useMounted();
  const session = useSession();
  const signedIn = Boolean(session.user);
  const toast = useToast();
  useAutoLogout((minutes) => {
    void session
      .logout()
      .catch(() => session.refresh())
      .then(() => toast(fill(t.autoLogout.expired, { minutes })));
  }, mounted && signedIn);
  // Esc closes the open phone menu and puts the focus back on its button (a dialog takes Esc for itself first).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      // The menu is what was opened last: the same Esc does not also close the fairy.
      event.stopPropagation();
      setMenuOpen(false);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
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
    <div className="page">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {t.nav.skipToContent}
      </a>
      <header className="header">
        <div className="header__inner">
          <SiteLink to="/" className="brand">
            <img src="/mg_logo.svg" alt="" width="32" height="32" />
            <span>{t.common.appName}</span>
          </SiteLink>
          <nav className={menuOpen ? 'nav nav--open' : 'nav'} aria-label={t.nav.mainNavigation} id="main-nav">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <SiteNavLink to={item.to} end={item.to === '/'}>
                    {t.nav[item.key]}
                  </SiteNavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header__actions">
            <LanguageSwitch lang={lang} />
            <AccountControls />
            <button
              ref={menuToggle}
              type="button"
              className="icon-button header__menu"
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              aria-label={menuOpen ? t.nav.closeMenu : t.nav.menu}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <span aria-hidden="true">{menuOpen ? '×' : '☰'}</span>
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <PageContent pathname={pathname}>{children}</PageContent>
      </main>
      {mounted && (
        <Suspense fallback={null}>
          <FairyGuide />
        </Suspense>
      )}
      {mounted && (signedIn || session.pending) && (
        <Suspense fallback={null}>
          <DeviceWatch />
        </Suspense>
      )}
      <Footer />
    </div>
  );
}

/**
 * The page itself. Kept apart from the frame, so what changes the frame once the page is in this browser (the
 * session read, the fairy mounted, the menu opened) does not render the whole page again: on a phone that second
 * render took as long as hydrating. The page renders again for a new address and for what it reads itself.
 */
const PageContent = memo(function PageContent({
  pathname,
  children,
}: {
  pathname: string;
  children: ReactNode;
}) {
  const t = useText(catalog);
  return (
    <ChunkErrorBoundary key={pathname} text={t.chunkError} className="section section--narrow">
      <Suspense fallback={<Spinner full />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
});

const Footer = memo(function Footer() {
  const t = useText(catalog);
  const session = useSession();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__brand">
          <strong>{t.common.appName}</strong> — {t.footer.tagline}
        </p>
        <ul className="footer__links">
          <li>
            <SiteLink to="/privacy">{t.nav.privacy}</SiteLink>
          </li>
          <li>
            <SiteLink to="/terms">{t.nav.terms}</SiteLink>
          </li>
          <li>
            <SiteLink to="/support">{t.nav.support}</SiteLink>
          </li>
          <li>
            <SiteLink to="/admin">{t.nav.admin}</SiteLink>
          </li>
        </ul>
        <p className="footer__rights">{fill(t.footer.rights, { year: new Date().getFullYear() })}</p>
        {session.user?.isAdmin && <RunningVersion />}
      </div>
    </footer>
  );
});

/**
 * Which version of MyGenie the server runs, and its commit, for admins (docs/deploy.md, "Which version runs"): the
 * server's own answer, so a page a service worker kept from an older release still tells what serves it now.
 */
function RunningVersion() {
  const t = useText(catalog);
  const [running, setRunning] = useState<{ version: string; commit: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    call('health').then(
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

/**
 * The skip link moves the focus itself: following #main alone leaves it where it was once the address already
 * ends in #main (a second use, or after the router changed the page), and the next Tab would start over at the top.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

function LanguageSwitch({ lang }: { lang: Language }) {
  const t = useText(catalog);
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
  const t = useText(catalog);
  const session = useSession();
  const openDialog = useAuthDialog();
  const openApp = useOpenApp();
  const toast = useToast();
  const [codeOpen, setCodeOpen] = useState(false);

  // While the session loads, the signed-out controls hold their place unseen, so nothing moves when it resolves.
  const hidden = session.loading;
  return (
    <div className={hidden ? 'account account--loading' : 'account'} aria-hidden={hidden || undefined}>
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
          <button
            type="button"
            className="button button--ghost"
            data-auth-ahead
            onClick={() => openDialog('login')}
          >
            {t.nav.login}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-auth-ahead
            onClick={() => openDialog('register')}
          >
            {t.nav.register}
          </button>
        </>
      )}
    </div>
  );
}
