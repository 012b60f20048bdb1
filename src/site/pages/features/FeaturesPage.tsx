// Features (description §2 "Features"): the app's five areas, login notification registration,
// the iPhone/iPad push setup and the master password warnings. The fairy guide gets `copy.*.tour` from here.
import { useText } from '../../../client/text.js';
import { Icon, type IconName } from '../../ui/icons.js';
import { Callout, PageHero, Section } from '../../ui/PageParts.js';
import { copy } from './copy.js';
import { PushCard } from './PushCard.js';
import { Island } from '../../islands/Island.js';
import { FairyIsland } from '../../fairy/FairyIsland.js';
import './features.css';

const FEATURES = [
  'diary',
  'personal',
  'documents',
  'ledger',
  'settings',
] as const satisfies readonly IconName[];

export default function FeaturesPage() {
  const c = useText(copy);

  return (
    <div className="features">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />

      <Section id="app-features" title={c.features.title} lead={c.features.lead}>
        <div className="cards cards--3">
          {FEATURES.map((key) => {
            const feature = c.features[key];
            return (
              <article key={key} id={`feature-${key}`} className="card features-card">
                <span className="card__icon">
                  <Icon name={key} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.body}</p>
                <ul>
                  {feature.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      </Section>

      <Section id="notifications" title={c.notifications.title} lead={c.notifications.lead}>
        <div className="cards cards--2">
          <article id="login-notification" className="card features-card">
            <span className="card__icon">
              <Icon name="bell" />
            </span>
            <h3>{c.notifications.login.title}</h3>
            <p>{c.notifications.login.body}</p>
            <ul>
              {c.notifications.login.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <Island
              name="push-card"
              component={PushCard}
              props={{ text: c.notifications.login }}
              when={['member', 'interaction']}
            />
          </article>

          <article id="ios-push" className="card features-card">
            <span className="card__icon">
              <Icon name="phone" />
            </span>
            <h3>{c.notifications.ios.title}</h3>
            <p>{c.notifications.ios.body}</p>
            <ol className="features-card__steps">
              {c.notifications.ios.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </article>
        </div>
      </Section>

      <Section id="master-password" title={c.warnings.title} lead={c.warnings.lead}>
        <Callout tone="warning" title={c.warnings.calloutTitle}>
          <ul className="features-warnings">
            {c.warnings.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Callout>
        <p className="features-more">
          {c.warnings.more} <a href="/how-to-use">{c.warnings.moreLink}</a>
        </p>
      </Section>
      <Island name="fairy" component={FairyIsland} props={{ tour: c.tour }} when="idle" />
    </div>
  );
}
