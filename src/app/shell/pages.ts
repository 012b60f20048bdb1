// The app's screens, each loaded when first opened. Four of them hold sensitive data and sit behind the
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
  'settings',
] as const;
export type AppScreen = (typeof APP_SCREENS)[number];

export const DETAIL_SCREENS: ReadonlySet<AppScreen> = new Set(['diary', 'personal', 'documents', 'ledger']);

export function isAppScreen(value: unknown): value is AppScreen {
  return typeof value === 'string' && (APP_SCREENS as readonly string[]).includes(value);
}

export const SCREENS: Record<Exclude<AppScreen, 'home'>, LazyExoticComponent<ComponentType>> = {
  schedule: lazy(() => import('../modules/schedule/SchedulePage.js')),
  diary: lazy(() => import('../modules/memo/DiaryPage.js')),
  personal: lazy(() => import('../modules/personal/PersonalPage.js')),
  documents: lazy(() => import('../modules/documents/DocumentsPage.js')),
  ledger: lazy(() => import('../modules/ledger/LedgerPage.js')),
  anniversaries: lazy(() => import('../modules/anniversaries/AnniversariesPage.js')),
  settings: lazy(() => import('../modules/settings/SettingsPage.js')),
};
