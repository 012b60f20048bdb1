// The update banner as it looks: a title and a body an admin wrote (plain text, shown as text), "Don't show for
// 24 hours" and Close, in the page's language. The home page shows it (home/UpdateBanner.tsx); the admin page
// previews a draft with it in each language, its controls inert there.
import { useId, useState } from 'react';
import { words as banner } from '../../shared/i18n/words/banner.js';
import type { Language } from '../../shared/constants.js';
import { useLanguage } from '../../client/text.js';

export function UpdateBannerView({
  title,
  body,
  onClose,
  preview,
}: {
  title: string;
  body: string;
  /** Closes it, and hides it for 24 hours when the box is ticked. */
  onClose?(for24Hours: boolean): void;
  /** A preview in this language: not a region of the page, and its controls do nothing. */
  preview?: { lang: Language };
}) {
  const page = useLanguage();
  const words = banner[preview?.lang ?? page.lang];
  const checkboxId = useId();
  const [for24Hours, setFor24Hours] = useState(false);
  const content = (
    <>
      <div className="update-banner__text">
        <strong>
          {/* A date stays on one line: "(2026-12-" above "02)" reads as two things. */}
          {title.split(/(\(?\d{4}-\d{2}-\d{2}\)?)/).map((part, index) =>
            index % 2 ? (
              <span key={index} className="nowrap">
                {part}
              </span>
            ) : (
              part
            ),
          )}
        </strong>
        <span className="update-banner__body">{body}</span>
      </div>
      <div className="update-banner__actions" inert={preview ? true : undefined}>
        <label htmlFor={checkboxId} className="checkbox">
          <input
            id={checkboxId}
            type="checkbox"
            checked={for24Hours}
            onChange={(event) => setFor24Hours(event.target.checked)}
          />
          {words.dontShow24h}
        </label>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onClose?.(for24Hours)}
        >
          {words.close}
        </button>
      </div>
    </>
  );
  if (preview) {
    return (
      <div className="update-banner update-banner--preview" lang={preview.lang}>
        {content}
      </div>
    );
  }
  return (
    <section className="update-banner" aria-label={words.label}>
      {content}
    </section>
  );
}
