// The language of a prerendered page, one for all its islands: switched in place by page-language-switch.ts
// (loaded when a visitor asks: shell.tsx), which tells every island here.
import type { Language } from '../../shared/constants.js';
import { pageLanguage } from '../ui/page-language.js';

const listeners = new Set<() => void>();

export const pageLanguageStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The page's language is its <html lang>: the prerender writes it, a switch sets it. */
  get: pageLanguage,
};

/** The page now shows `next` (page-language-switch.ts has put its text in place): every island follows. */
export function pageLanguageChanged(next: Language): void {
  document.documentElement.lang = next;
  for (const listener of [...listeners]) listener();
}
