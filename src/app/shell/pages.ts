// The app's screens, each loaded when first opened. Five of them hold sensitive data and sit behind the
// detail view password.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const APP_SCREENS = [
  'home',
  'schedule',
  'diary',
  'personal',
  'documents',
  'ledger',
  'anniversaries',
  'spaces',
  'settings',
] as const;
/** Screens opened from inside others (the settings, an empty list), not from the tabs. */
export const INNER_SCREENS = ['import'] as const;
export type AppScreen = (typeof APP_SCREENS)[number] | (typeof INNER_SCREENS)[number];

export const DETAIL_SCREENS: ReadonlySet<AppScreen> = new Set([
  'diary',
  'personal',
  'documents',
  'ledger',
  // Its preview shows what a file would add, personal info and the diary among it.
  'import',
]);

export function isAppScreen(value: unknown): value is AppScreen {
  return (
    typeof value === 'string' &&
    ((APP_SCREENS as readonly string[]).includes(value) ||
      (INNER_SCREENS as readonly string[]).includes(value))
  );
}

export const SCREENS: Record<Exclude<AppScreen, 'home'>, LazyExoticComponent<ComponentType>> = {
  schedule: lazy(() => import('../modules/schedule/SchedulePage.js')),
  diary: lazy(() => import('../modules/memo/DiaryPage.js')),
  personal: lazy(() => import('../modules/personal/PersonalPage.js')),
  documents: lazy(() => import('../modules/documents/DocumentsPage.js')),
  ledger: lazy(() => import('../modules/ledger/LedgerPage.js')),
  anniversaries: lazy(() => import('../modules/schedule/anniversaries/AnniversariesPage.js')),
  spaces: lazy(() => import('../modules/spaces/SpacesScreen.js')),
  settings: lazy(() => import('./SettingsScreen.js')),
  import: lazy(() => import('../modules/import/ImportPage.js')),
};
