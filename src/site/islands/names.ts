// The names of the islands a prerendered page can hold (written on its <mg-island>), each loaded by the registry
// (registry.ts) under that name.
export const ISLAND_NAMES = [
  'header',
  'footer-version',
  'fairy',
  'push-card',
  'fortune-stage',
  'support-contact',
  'notices',
  'download-files',
  'banner',
  'hero-actions',
  'security-cards',
  'home-tiles',
  'home-cta',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];

export function isIslandName(name: string | undefined): name is IslandName {
  return (ISLAND_NAMES as readonly (string | undefined)[]).includes(name);
}
