// The frame of every page: the navigation of the description §2, the header's controls (the Kor/Eng switch and
// the sign-in controls: an island, HeaderControls.tsx; the menu's button on phones: phone-menu.ts), the fairy on
// the home and features pages, and the footer. The rest is HTML the prerender writes once.
import { memo, Suspense, type ReactNode } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { fill, useText } from '../../client/text.js';
import { ChunkErrorBoundary } from '../../client/ui/ChunkErrorBoundary.js';
import { Spinner } from '../ui/Spinner.js';
import { SiteLink, SiteNavLink, usePagePath } from '../ui/SiteLink.js';
import { Island } from '../islands/Island.js';
import { FairyIsland } from '../fairy/FairyIsland.js';
import { FooterVersion, HeaderControls } from './HeaderControls.js';
import { MAIN_NAV_ID, togglePhoneMenu } from './phone-menu.js';
import { skipToMain } from './skip-link.js';

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
  const pathname = usePagePath();
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
          <nav className="nav" aria-label={t.nav.mainNavigation} id={MAIN_NAV_ID}>
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
            <Island name="header" component={HeaderControls} props={{}} when={['member', 'interaction']} />
            <button
              type="button"
              className="icon-button header__menu"
              aria-expanded={false}
              aria-controls={MAIN_NAV_ID}
              aria-label={t.nav.menu}
              data-phone-menu=""
              data-open-label={t.nav.menu}
              data-close-label={t.nav.closeMenu}
              onClick={togglePhoneMenu}
            >
              <span aria-hidden="true">☰</span>
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <PageContent pathname={pathname}>{children}</PageContent>
      </main>
      {/* The features page holds its own, with its tour's lines. */}
      {pathname === '/' && <Island name="fairy" component={FairyIsland} props={{}} when="idle" />}
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
        <Island name="footer-version" component={FooterVersion} props={{}} when="member" />
      </div>
    </footer>
  );
});
