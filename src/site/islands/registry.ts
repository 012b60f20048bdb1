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
  /** The download page's notices, program and files, and the member's documents. */
  'download-parts': async (): Promise<Loaded> =>
    (await import('../pages/download/DownloadParts.js')).DownloadParts,
  /** The home page's content (its banner, hero actions, app tiles, security cards), one island for now. */
  home: async (): Promise<Loaded> => (await import('../pages/HomePage.js')).HomePage,
} satisfies Record<IslandName, () => Promise<Loaded>>;
