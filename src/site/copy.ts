// Page copy: each page keeps its Korean and English text side by side in a `copy.ts` beside it, typed so both
// languages have exactly the same keys and list lengths, and reads the active language's with useCopy.
import { useTranslation } from 'react-i18next';
import type { Language } from '../shared/constants.js';
import type { Widen } from '../shared/i18n/index.js';

/** Title and description of a page, for <title>, <meta name="description"> and the prerendered HTML. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

export interface PageCopy<T extends { meta: PageMeta }> {
  readonly ko: Widen<T>;
  readonly en: Widen<T>;
}

/** Declares a page's copy: the Korean (written `as const`) fixes the shape the English must have. */
export function defineCopy<const T extends { meta: PageMeta }>(ko: T, en: Widen<NoInfer<T>>): PageCopy<T> {
  return { ko: ko as Widen<T>, en };
}

export function copyFor<T extends { meta: PageMeta }>(copy: PageCopy<T>, lang: Language): Widen<T> {
  return lang === 'en' ? copy.en : copy.ko;
}

export function useCopy<T extends { meta: PageMeta }>(copy: PageCopy<T>): Widen<T> {
  const { i18n } = useTranslation();
  return copyFor(copy, i18n.language === 'en' ? 'en' : 'ko');
}
