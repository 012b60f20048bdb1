// Security page (description §2 "Security"): the hero, four principles, six protection features with their
// technical detail, four benefits for the member, and what our server knows and never sees.
import { useText } from '../../../client/text.js';
import { Icon, type IconName } from '../../ui/icons.js';
import { Callout, PageHero, Section } from '../../ui/PageParts.js';
import { copy } from './copy.js';
import './security.css';

/** Icons in the order of the copy's principles: privacy, offline, layers, control. */
const PRINCIPLE_ICONS: readonly IconName[] = ['lock', 'offline', 'shield', 'settings'];
/** Icons in the order of the copy's features: algorithm, salt, view password, local storage, backup, restore. */
const FEATURE_ICONS: readonly IconName[] = ['lock', 'key', 'eye', 'device', 'cloud', 'restore'];

export default function SecurityPage() {
  const c = useText(copy);

  return (
    <div className="security">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />

      <Section id="security-principles" title={c.principles.title} lead={c.principles.lead}>
        <ul className="cards security-list">
          {c.principles.items.map((item, index) => (
            <li key={item.title} className="card">
              <span className="card__icon">
                <Icon name={PRINCIPLE_ICONS[index] ?? 'shield'} />
              </span>
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="security-features" title={c.features.title} lead={c.features.lead}>
        <ul className="cards cards--3 security-list">
          {c.features.items.map((item, index) => (
            <li key={item.title} className="card security-feature">
              <span className="card__icon">
                <Icon name={FEATURE_ICONS[index] ?? 'lock'} />
              </span>
              <h3>{item.title}</h3>
              <p className="security-feature__body">{item.body}</p>
              <p className="security-feature__tech">
                <span className="security-feature__tech-label">{c.features.techLabel}</span>
                <span>{item.tech}</span>
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="security-benefits" title={c.benefits.title}>
        <ul className="security-benefits security-list">
          {c.benefits.items.map((item) => (
            <li key={item.title} className="security-benefits__item">
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="security-server" title={c.server.title}>
        <Callout tone="info" title={c.server.calloutTitle}>
          <p>{c.server.intro}</p>
          <div className="security-server">
            <div>
              <h3 className="security-server__heading">{c.server.knowsTitle}</h3>
              <ul>
                {c.server.knows.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="security-server__heading">{c.server.neverTitle}</h3>
              <ul>
                {c.server.never.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
          <p>{c.server.outro}</p>
          <p>
            {c.server.privacyBefore}
            <a href="/privacy">{c.server.privacyLink}</a>
            {c.server.privacyAfter}
          </p>
        </Callout>
      </Section>
    </div>
  );
}
