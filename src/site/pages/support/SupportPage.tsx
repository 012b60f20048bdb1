// Support page (description §2 "Support"): the hero, the warnings, operator and legal information, the four
// kinds of inquiry with the member-only inquiry form (an island: SupportContact.tsx; the address stays for those
// who prefer e-mail) and the frequently asked questions.
import { useText } from '../../../client/text.js';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../../shared/constants.js';
import { Island } from '../../islands/Island.js';
import { Callout, PageHero, Section } from '../../ui/PageParts.js';
import { copy } from './copy.js';
import { ContactSection } from './SupportContact.js';
import './support.css';

function mailto(address: string): string {
  return `mailto:${address}`;
}

export default function SupportPage() {
  const c = useText(copy);

  return (
    <div className="support">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />

      <Section id="support-warnings" title={c.warnings.title}>
        <Callout tone="warning" title={c.warnings.calloutTitle}>
          <ul className="support-warnings">
            {c.warnings.items.map((item) => (
              <li key={item.title}>
                <strong>{item.title}</strong> {item.body}
              </li>
            ))}
          </ul>
        </Callout>
      </Section>

      <Section id="support-legal" title={c.legal.title}>
        <dl className="support-legal">
          <div className="support-legal__row">
            <dt>{c.legal.operatorLabel}</dt>
            <dd>{c.legal.operator}</dd>
          </div>
          <div className="support-legal__row">
            <dt>{c.legal.serviceLabel}</dt>
            <dd>{c.legal.service}</dd>
          </div>
          <div className="support-legal__row">
            <dt>{c.legal.contactLabel}</dt>
            <dd>
              <a href={mailto(SUPPORT_EMAIL)}>{SUPPORT_EMAIL}</a>
            </dd>
          </div>
          <div className="support-legal__row">
            <dt>{c.legal.privacyContactLabel}</dt>
            <dd>
              <a href={mailto(PRIVACY_EMAIL)}>{PRIVACY_EMAIL}</a>
            </dd>
          </div>
          <div className="support-legal__row">
            <dt>{c.legal.ipLabel}</dt>
            <dd>
              <ul className="support-legal__list">
                {c.legal.ip.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
          <div className="support-legal__row">
            <dt>{c.legal.policiesLabel}</dt>
            <dd>
              <ul className="support-legal__links">
                <li>
                  <a href="/privacy">{c.legal.privacyLink}</a>
                </li>
                <li>
                  <a href="/terms">{c.legal.termsLink}</a>
                </li>
              </ul>
            </dd>
          </div>
        </dl>
      </Section>

      <Island
        name="support-contact"
        component={ContactSection}
        props={{ c: { contact: c.contact, inquiry: c.inquiry } }}
        when={['member', 'interaction']}
      />

      <Section id="support-faq" title={c.faq.title}>
        <div className="faq support-faq">
          {c.faq.items.map((item) => {
            const steps: readonly string[] = item.steps;
            return (
              <details key={item.question}>
                <summary>{item.question}</summary>
                {item.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {steps.length > 0 && (
                  <ol className="support-faq__steps">
                    {steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                )}
              </details>
            );
          })}
        </div>
      </Section>
    </div>
  );
}
