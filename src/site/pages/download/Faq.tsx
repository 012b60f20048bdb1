// The download questions and answers, each a <details> that opens in place.
import { Section } from '../../ui/PageParts.js';
import type { DownloadCopy as Copy } from './copy.js';

export function Faq({ c }: { c: Copy }) {
  return (
    <Section id="download-faq" title={c.faq.title}>
      <div className="faq download-faq">
        {c.faq.items.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </details>
        ))}
      </div>
    </Section>
  );
}
