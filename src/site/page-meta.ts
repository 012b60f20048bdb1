import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from './copy.js';

/** Keeps <title> and the meta description in step with the page and the language. */
export function usePageMeta(meta: { ko: PageMeta; en: PageMeta } | PageMeta): void {
  const { i18n } = useTranslation();
  const current = 'ko' in meta ? (i18n.language === 'en' ? meta.en : meta.ko) : meta;
  useEffect(() => {
    document.title = current.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', current.description);
  }, [current.title, current.description]);
}

/** The meta of a page whose text lives in the main catalogs (home, not found, …). */
export function useCatalogMeta(key: string): void {
  const { t } = useTranslation();
  usePageMeta({ title: t(`meta.${key}.title`), description: t(`meta.${key}.description`) });
}
