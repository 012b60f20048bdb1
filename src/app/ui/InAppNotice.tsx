// The in-app notice: what happens to the member's data, why the master password cannot be recovered, and
// guardian consent for minors. Shown on first run and in settings.
import { useText } from '../../client/text.js';
import { noticeText } from '../copy.js';

export function InAppNotice({ open = false }: { open?: boolean }) {
  const text = useText(noticeText);
  return (
    <details className="notice" open={open}>
      <summary>{text.title}</summary>
      {[text.privacy, text.master, text.minors].map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </details>
  );
}
