// Every island a prerendered page can hold, by the name written on its <mg-island>, with the code that renders it:
// one chunk each (or shared), loaded only on a page that holds one. The browser's runtime (wake-island.tsx)
// looks each name up here; src/site/islands/islands.test.tsx checks each loads the component the page renders.
import type { ComponentType } from 'react';
import type { IslandName } from './names.js';

// Props arrive as JSON, checked by the component's own types where the page writes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loaded = ComponentType<any>;

export const ISLANDS = {
  /** The header's controls on every page: language, account, the phone menu; the session's watchers. */
  header: async (): Promise<Loaded> => (await import('../layout/HeaderControls.js')).HeaderControls,
  /** The running version in the footer, for admins. */
  'footer-version': async (): Promise<Loaded> => (await import('../layout/HeaderControls.js')).FooterVersion,
  /** The fairy guide, on the home and features pages. */
  fairy: async (): Promise<Loaded> => (await import('../fairy/FairyIsland.js')).FairyIsland,
  /** The login-notification card of the features page, as it comes into view. */
  'push-card': async (): Promise<Loaded> => (await import('../pages/features/PushCard.js')).PushCard,
  /** The fortune page's stage: the embed for a member, the Login Required card for a visitor. */
  'fortune-stage': async (): Promise<Loaded> =>
    (await import('../pages/fortune/FortuneStage.js')).FortuneStage,
  /** The support page's contact section: the four kinds of inquiry and the inquiry form (or a login card). */
  'support-contact': async (): Promise<Loaded> =>
    (await import('../pages/support/SupportContact.js')).ContactSection,
  /** The download page's notices (admins add, edit and delete them). */
  notices: async (): Promise<Loaded> => (await import('../pages/download/Notices.js')).NoticesPart,
  /** The download page's program and files, and the member's documents (a login prompt for a visitor). */
  'download-files': async (): Promise<Loaded> =>
    (await import('../pages/download/DownloadParts.js')).FilesPart,
  /** The home page's update banner, the one an admin wrote (asked of the server at idle). */
  banner: async (): Promise<Loaded> => (await import('../home/UpdateBanner.js')).UpdateBanner,
  /** The home hero's actions: a visitor's Login and Register, a member's welcome line and buttons. */
  'hero-actions': async (): Promise<Loaded> => (await import('../home/HeroActions.js')).HeroActions,
  /** The home page's security cards, for a member. */
  'security-cards': async (): Promise<Loaded> =>
    (await import('../home/MemberSecurityCards.js')).MemberSecurityCards,
  /** The home page's app tiles. */
  'home-tiles': async (): Promise<Loaded> => (await import('../home/HomeTiles.js')).HomeTiles,
  /** The home page's call to action: install the app, open it. */
  'home-cta': async (): Promise<Loaded> => (await import('../home/HomeCta.js')).HomeCta,
} satisfies Record<IslandName, () => Promise<Loaded>>;
