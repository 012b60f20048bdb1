// The update banner an admin wrote (GET /api/banner), at the top of the home page in the page's language; none
// until one is written. The prerendered page has none: it is asked for once the page is interactive, so a page
// never shows a stale banner, and a visitor without one sees nothing move.
import { useEffect, useState } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import type { PublicBanner } from '../../shared/schemas/banner.js';
import { call } from '../../client/api.js';
import { useLanguage, useText } from '../../client/text.js';
import { UpdateBannerView } from '../ui/UpdateBannerView.js';
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
  const { lang } = useLanguage();
  // undefined while the server has not answered; null when there is none to show here.
  const [banner, setBanner] = useState<PublicBanner | null | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    call('banner').then(
      (answer) => {
        if (!mounted) return;
        const written = answer.banner;
        const storage = browserStorage();
        setBanner(
          written && (!storage || bannerShouldShow(storage, written.version, Date.now())) ? written : null,
        );
      },
      // Unreachable: the page goes on without it (the fairy included).
      () => mounted && setBanner(null),
    );
    return () => {
      mounted = false;
    };
  }, []);
  // The fairy waits for the banner to go before it appears.
  useEffect(() => {
    if (banner !== undefined) bannerPresence.set(banner ? 'shown' : 'gone');
  }, [banner]);
  useEffect(() => () => bannerPresence.set('deciding'), []);

  if (!banner) return null;
  return (
    <UpdateBannerView
      title={banner.title[lang]}
      body={banner.body[lang]}
      words={t.banner}
      onClose={(for24Hours) => {
        const storage = browserStorage();
        if (storage) hideBanner(storage, banner.version, Date.now(), for24Hours);
        setBanner(null);
      }}
    />
  );
}
