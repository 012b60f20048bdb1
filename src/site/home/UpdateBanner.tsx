import { useEffect, useId, useRef, useState } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';
import { bannerPresence, bannerShouldShow, hideBanner, type BannerStorage } from './update-banner.js';

function browserStorage(): BannerStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function UpdateBanner() {
  const t = useText(catalog);
  const checkboxId = useId();
  // The banner sits in the flow at the top of the page, where it is read first and where nothing floats over it.
  // The prerendered page shows it, as a first visit does, so it never pushes the page down after the first
  // paint; a browser that stored "don't show" takes it away once its choice is read.
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const storage = browserStorage();
    setVisible(storage ? bannerShouldShow(storage, Date.now()) : true);
  }, []);
  // The fairy waits for the banner to go before it appears.
  useEffect(() => {
    bannerPresence.set(visible ? 'shown' : 'gone');
    return () => bannerPresence.set('deciding');
  }, [visible]);
  const [for24Hours, setFor24Hours] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);
  if (!visible) return null;
  return (
    <section className="update-banner" aria-label={t.banner.label}>
      <div className="update-banner__text">
        <strong>
          {/* The release date stays on one line: "(2025-09-" above "25)" reads as two things. */}
          {t.banner.title.split(/(\(\d{4}-\d{2}-\d{2}\))/).map((part, index) =>
            index % 2 ? (
              <span key={index} className="nowrap">
                {part}
              </span>
            ) : (
              part
            ),
          )}
        </strong>
        <span>{t.banner.body}</span>
      </div>
      <div className="update-banner__actions">
        <label htmlFor={checkboxId} className="checkbox">
          <input
            ref={checkbox}
            id={checkboxId}
            type="checkbox"
            checked={for24Hours}
            onChange={(event) => setFor24Hours(event.target.checked)}
          />
          {t.banner.dontShow24h}
        </label>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            const storage = browserStorage();
            // The box as it stands: ticked before the page was interactive, it is ticked though no change was heard.
            if (storage) hideBanner(storage, Date.now(), checkbox.current?.checked ?? for24Hours);
            setVisible(false);
          }}
        >
          {t.banner.close}
        </button>
      </div>
    </section>
  );
}
