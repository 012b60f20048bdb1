import { useEffect } from 'react';
import { catalog } from '../shared/i18n/index.js';
import { useText, type Text } from '../client/text.js';
import type { PageMeta } from './copy.js';

/** The pages whose title and description live in the shared catalog rather than a copy.ts of their own. */
export type CatalogMetaKey = keyof (typeof catalog)['ko']['meta'];

/** Keeps <title> and the meta description in step with the page and the language. */
export function usePageMeta(meta: Text<PageMeta>): void {
  const current = useText(meta);
  useEffect(() => {
    document.title = current.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', current.description);
  }, [current.title, current.description]);
}

/** The meta of a page whose text lives in the shared catalog (home, not found, …). */
export function useCatalogMeta(key: CatalogMetaKey): void {
  usePageMeta({ ko: catalog.ko.meta[key], en: catalog.en.meta[key] });
}
