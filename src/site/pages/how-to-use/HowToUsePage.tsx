// How to use (description §2 "How to use"): the eight first steps, six setup guides and three tips.
import { useText } from '../../../client/text.js';
import { PageHero, Section } from '../../ui/PageParts.js';
import { copy } from './copy.js';
import './how-to-use.css';

/** Anchors of the six guides, in the order of `copy.*.guides.items`, so other pages can link to one. */
const GUIDE_IDS = [
  'guide-master-password',
  'guide-detail-password',
  'guide-auto-logout',
  'guide-backup',
  'guide-nickname',
  'guide-anniversary',
] as const;

export default function HowToUsePage() {
  const c = useText(copy);

  return (
    <div className="how-to-use">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />

      <Section id="flow" title={c.flow.title} lead={c.flow.lead}>
        <ol className="steps">
          {c.flow.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="guides" title={c.guides.title} lead={c.guides.lead}>
        <div className="cards cards--2">
          {c.guides.items.map((guide, index) => (
            <article key={GUIDE_IDS[index]} id={GUIDE_IDS[index]} className="card how-to-use-guide">
              <h3>{guide.title}</h3>
              <p>{guide.summary}</p>
              <ol className="how-to-use-guide__steps">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </article>
          ))}
        </div>
      </Section>

      <Section id="tips" title={c.tips.title}>
        <div className="cards cards--3">
          {c.tips.items.map((tip) => (
            <article key={tip.title} className="card how-to-use-tip">
              <h3>{tip.title}</h3>
              <p>{tip.body}</p>
            </article>
          ))}
        </div>
        <p className="how-to-use-more">
          {c.tips.more} <a href="/features">{c.tips.featuresLink}</a>
          {' · '}
          <a href="/security">{c.tips.securityLink}</a>
        </p>
      </Section>
    </div>
  );
}
