// Home (description §2 "Home"): the update banner, the hero with sign-in controls or the welcome line, the six
// app tiles, the four feature cards and the call to action.
import { lazy, Suspense, useState } from 'react';
import { sections } from '../../shared/text.js';
import { words as account } from '../../shared/i18n/words/auth-account.js';
import { words as common } from '../../shared/i18n/words/common.js';
import { words as home } from '../../shared/i18n/words/home.js';
import { words as nav } from '../../shared/i18n/words/nav.js';
import { fill, textAt, useText } from '../../client/text.js';
import { APP_PAGES } from '../../shared/constants.js';
import { AuthButton } from '../auth/auth-dialog-context.js';
import { CancelSignIn } from '../auth/CancelSignIn.js';
import { localPart, useSession } from '../auth/session.js';
import { UpdateBanner } from '../home/UpdateBanner.js';
import { promptInstall } from '../layout/install.js';
import { useOpenApp } from '../layout/open-app.js';
import { Icon, type IconName } from '../ui/icons.js';
import { Popup } from '../../client/ui/Popup.js';
import { Spinner } from '../ui/Spinner.js';
import { useToast } from '../../client/ui/Toast.js';

// The home page's words, and the few of the navigation and the account it repeats in its hero.
const words = sections({ auth: account, common, home, nav });

// Only signed-in members see these, so they load after the page, when needed.
// Only a sign-in waiting for a mailed code shows it: its code loads then.
const SignInCodePanel = lazy(async () => ({
  default: (await import('../auth/SignInCode.js')).SignInCodePanel,
}));
const SecurityCards = lazy(async () => ({
  default: (await import('../home/SecurityCards.js')).SecurityCards,
}));

const FEATURE_CARDS: Array<{ key: string; icon: IconName }> = [
  { key: 'encryption', icon: 'lock' },
  { key: 'detailPassword', icon: 'key' },
  { key: 'layers', icon: 'shield' },
  { key: 'backup', icon: 'cloud' },
];

export function HomePage() {
  const t = useText(words);
  const session = useSession();
  const openApp = useOpenApp();
  const toast = useToast();
  const [installMessage, setInstallMessage] = useState<string | null>(null);

  async function install() {
    const outcome = await promptInstall();
    if (outcome === 'unsupported') setInstallMessage(t.home.installUnsupported);
    if (outcome === 'accepted') toast(t.home.installDone);
  }

  return (
    <div className="home">
      <UpdateBanner />

      <section className="hero">
        <div className="hero__text">
          <p className="hero__eyebrow">{t.home.heroEyebrow}</p>
          <h1>{t.home.heroTitle}</h1>
          <p className="hero__description">{t.home.heroDescription}</p>
          {session.loading ? (
            <div className="hero__actions hero__actions--loading">
              <Spinner />
            </div>
          ) : session.pending ? (
            <div
              className="hero__welcome hero__pending"
              data-testid="pending"
              role={session.pending.confirmBy === 'code' ? undefined : 'status'}
            >
              {session.pending.confirmBy === 'code' ? (
                <Suspense fallback={<Spinner />}>
                  <SignInCodePanel email={session.pending.email} />
                </Suspense>
              ) : (
                <>
                  <p className="welcome-line">{t.auth.pending.title}</p>
                  <p className="hero__sub">
                    {fill(t.auth.pending.message, { email: session.pending.email })}
                  </p>
                  <p className="hero__sub">{t.auth.pending.how}</p>
                </>
              )}
              <div className="hero__actions">
                <CancelSignIn className="button button--ghost button--large" />
              </div>
            </div>
          ) : session.user ? (
            <div className="hero__welcome">
              <p className="welcome-line" data-testid="welcome">
                {fill(t.home.welcome, { name: localPart(session.user.email) })}
              </p>
              <p className="hero__sub">{t.home.welcomeSub}</p>
              <div className="hero__actions">
                <button
                  type="button"
                  className="button button--primary button--large"
                  onClick={() => openApp()}
                >
                  {t.home.openAppButton}
                </button>
                <AuthButton mode="register" className="button button--ghost button--large">
                  {t.auth.changeTitle}
                </AuthButton>
                <button
                  type="button"
                  className="button button--ghost button--large"
                  onClick={() => session.logout().catch(() => toast(t.auth.defaults.logout))}
                >
                  {t.nav.logout}
                </button>
              </div>
            </div>
          ) : (
            <div className="hero__actions">
              <AuthButton mode="login" className="button button--primary button--large">
                {t.nav.login}
              </AuthButton>
              <AuthButton mode="register" className="button button--ghost button--large">
                {t.nav.register}
              </AuthButton>
            </div>
          )}
        </div>
        <div className="hero__art">
          <img src="/fairy.png" alt={t.home.fairyAlt} width="256" height="256" fetchPriority="high" />
        </div>
      </section>

      {session.user && (
        <Suspense fallback={null}>
          <SecurityCards />
        </Suspense>
      )}

      <section className="section" aria-labelledby="tiles-title">
        <h2 id="tiles-title" className="section__title">
          {t.home.tilesTitle}
        </h2>
        <ul className="tiles">
          {APP_PAGES.map((page) => (
            <li key={page}>
              <button type="button" className="tile" onClick={() => openApp(page)}>
                <span className="tile__icon">
                  <Icon name={page} />
                </span>
                <span className="tile__title">{textAt(t, `home.tiles.${page}.title`)}</span>
                <span className="tile__body">{textAt(t, `home.tiles.${page}.body`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          {t.home.featuresTitle}
        </h2>
        <div className="cards">
          {FEATURE_CARDS.map((card) => (
            <article key={card.key} className="card">
              <span className="card__icon">
                <Icon name={card.icon} />
              </span>
              <h3>{textAt(t, `home.featureCards.${card.key}.title`)}</h3>
              <p>{textAt(t, `home.featureCards.${card.key}.body`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{t.home.ctaTitle}</h2>
        <p>{t.home.ctaBody}</p>
        <div className="cta__actions">
          <button type="button" className="button button--light button--large" onClick={() => void install()}>
            {t.home.installButton}
          </button>
          <button type="button" className="button button--accent button--large" onClick={() => openApp()}>
            {t.home.openAppButton}
          </button>
        </div>
      </section>

      {installMessage && (
        <Popup
          title={t.auth.confirmTitle}
          message={installMessage}
          confirmLabel={t.common.ok}
          onConfirm={() => setInstallMessage(null)}
        />
      )}
    </div>
  );
}
