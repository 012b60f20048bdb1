// Home (description §2 "Home"): the update banner, the hero with sign-in controls or the welcome line, the six
// app tiles, the four feature cards and the call to action. The page is HTML; its parts a visitor operates are
// islands, each woken when it matters: the banner at idle (it asks the server for the one an admin wrote), the
// hero's actions and the security cards for a member (the actions also as a visitor reaches them), the tiles and
// the call to action as a visitor reaches them. Their words come as props, in the page's language.
import { sections } from '../../shared/text.js';
import { words as account } from '../../shared/i18n/words/auth-account.js';
import { words as common } from '../../shared/i18n/words/common.js';
import { words as home } from '../../shared/i18n/words/home.js';
import { words as nav } from '../../shared/i18n/words/nav.js';
import { textAt, useText } from '../../client/text.js';
import { APP_PAGES } from '../../shared/constants.js';
import { HeroActions } from '../home/HeroActions.js';
import { HomeCta } from '../home/HomeCta.js';
import { HomeTiles } from '../home/HomeTiles.js';
import { MemberSecurityCards } from '../home/MemberSecurityCards.js';
import { UpdateBanner } from '../home/UpdateBanner.js';
import { Island } from '../islands/Island.js';
import { Icon, type IconName } from '../ui/icons.js';

const words = sections({ auth: account, common, home, nav });

const FEATURE_CARDS: Array<{ key: string; icon: IconName }> = [
  { key: 'encryption', icon: 'lock' },
  { key: 'detailPassword', icon: 'key' },
  { key: 'layers', icon: 'shield' },
  { key: 'backup', icon: 'cloud' },
];

export function HomePage() {
  const t = useText(words);
  return (
    <div className="home">
      <Island name="banner" component={UpdateBanner} props={{}} when="idle" />

      <section className="hero">
        <div className="hero__text">
          <p className="hero__eyebrow">{t.home.heroEyebrow}</p>
          <h1>{t.home.heroTitle}</h1>
          <p className="hero__description">{t.home.heroDescription}</p>
          <Island
            name="hero-actions"
            component={HeroActions}
            props={{ text: { welcomeSub: t.home.welcomeSub, openApp: t.home.openAppButton } }}
            when={['member', 'interaction']}
          />
        </div>
        <div className="hero__art">
          <img src="/fairy.svg" alt={t.home.fairyAlt} width="256" height="256" fetchPriority="high" />
        </div>
      </section>

      <Island name="security-cards" component={MemberSecurityCards} props={{}} when="member" />

      <section className="section" aria-labelledby="tiles-title">
        <h2 id="tiles-title" className="section__title">
          {t.home.tilesTitle}
        </h2>
        <Island
          name="home-tiles"
          component={HomeTiles}
          props={{
            tiles: APP_PAGES.map((page) => ({
              page,
              title: textAt(t, `home.tiles.${page}.title`),
              body: textAt(t, `home.tiles.${page}.body`),
            })),
          }}
          when="interaction"
        />
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
        <Island
          name="home-cta"
          component={HomeCta}
          props={{
            text: {
              install: t.home.installButton,
              openApp: t.home.openAppButton,
              installUnsupported: t.home.installUnsupported,
              installDone: t.home.installDone,
              noticeTitle: t.auth.confirmTitle,
              ok: t.common.ok,
            },
          }}
          when="interaction"
        />
      </section>
    </div>
  );
}
