// The update banner an admin wrote (GET /api/banner), in the page's language, with "Don't show for 24 hours" and
// Close; nothing when there is none, or when this browser hid this version for 24 hours. Loaded by UpdateBanner.tsx
// once the home page is interactive.
import { useEffect, useState } from 'react';
import type { PublicBanner } from '../../shared/schemas/banner.js';
import { call } from '../../client/api.js';
import { useLanguage } from '../../client/text.js';
import { UpdateBannerView } from '../ui/UpdateBannerView.js';
import { bannerPresence, bannerShouldShow, hideBanner, type BannerStorage } from './update-banner.js';

function browserStorage(): BannerStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function WrittenBanner() {
  const { lang } = useLanguage();
  // undefined until the server has answered; null when there is none to show (or no answer: the page goes on).
  const [banner, setBanner] = useState<PublicBanner | null | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    call('banner').then(
      ({ banner: written }) => {
        if (!mounted) return;
        const storage = browserStorage();
        const show = written && (!storage || bannerShouldShow(storage, written.version, Date.now()));
        setBanner(show ? written : null);
      },
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
      onClose={(for24Hours) => {
        const storage = browserStorage();
        if (storage) hideBanner(storage, banner.version, Date.now(), for24Hours);
        setBanner(null);
      }}
    />
  );
}
