// The update banner's place at the top of the home page. The prerendered page has none: once the page is
// interactive its code loads (WrittenBanner.tsx) and asks the server for the banner an admin wrote, so a page never
// shows a stale banner, a visitor without one sees nothing move, and the public pages carry none of its code.
import { useEffect, useState, type ComponentType } from 'react';
import { bannerPresence } from './update-banner.js';

export function UpdateBanner() {
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    let mounted = true;
    import('./WrittenBanner.js').then(
      (loaded) => mounted && setBanner(() => loaded.WrittenBanner),
      // Its code could not load (a release since this page was opened): the page, the fairy included, goes on.
      () => mounted && bannerPresence.set('gone'),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return Banner ? <Banner /> : null;
}
