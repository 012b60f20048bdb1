// The patent, copyright and trademark cards, each linking to the official Korean register.
import { Icon, type IconName } from '../../ui/icons.js';
import { Section } from '../../ui/PageParts.js';
import type { DownloadCopy as Copy } from './copy.js';

/** Official Korean registers, in the order of the copy's legal cards: patent, copyright, trademark. */
const LEGAL_LINKS: readonly { href: string; icon: IconName }[] = [
  { href: 'https://www.kipris.or.kr', icon: 'key' },
  { href: 'https://www.cros.or.kr', icon: 'documents' },
  { href: 'https://www.kipris.or.kr', icon: 'shield' },
];

export function Legal({ c }: { c: Copy }) {
  return (
    <Section id="download-legal" title={c.legal.title} lead={c.legal.lead}>
      <ul className="cards cards--3 download-legal">
        {c.legal.cards.map((card, index) => {
          const link = LEGAL_LINKS[index] ?? LEGAL_LINKS[0]!;
          return (
            <li key={card.title} className="card download-legal__card" data-testid="legal-card">
              <span className="card__icon">
                <Icon name={link.icon} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.body}</p>
              <a className="download-legal__link" href={link.href} target="_blank" rel="noopener noreferrer">
                {card.link}
                <span className="visually-hidden"> {c.common.opensInNewTab}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
