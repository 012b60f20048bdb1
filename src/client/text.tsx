// The app's two languages. Each screen keeps its Korean and English text side by side (defineText), typed so
// both have the same keys; the language follows ?lang, then the member's saved choice, then Korean.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../shared/constants.js';
import type { Widen } from '../shared/i18n/index.js';
import { isLanguage, saveLanguage, storedLanguage } from './language.js';

export interface Text<T> {
  readonly ko: Widen<T>;
  readonly en: Widen<T>;
}

/** Declares a screen's text: the Korean (written `as const`) fixes the shape the English must have. */
export function defineText<const T>(ko: T, en: Widen<NoInfer<T>>): Text<T> {
  return { ko: ko as Widen<T>, en };
}

/** Fills {{name}} placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

export function initialLanguage(search: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) {
    saveLanguage(fromQuery);
    return fromQuery;
  }
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

interface LanguageChoice {
  lang: Language;
  setLang: (lang: Language) => void;
  /** The BCP 47 locale for Intl. */
  locale: string;
}

const LanguageContext = createContext<LanguageChoice>({
  lang: DEFAULT_LANGUAGE,
  setLang: () => undefined,
  locale: 'ko-KR',
});

export function localeOf(lang: Language): string {
  return lang === 'en' ? 'en-US' : 'ko-KR';
}

export function LanguageProvider({ initial, children }: { initial: Language; children: ReactNode }) {
  const [lang, setLanguage] = useState(initial);
  const value = useMemo<LanguageChoice>(
    () => ({
      lang,
      locale: localeOf(lang),
      setLang(next) {
        saveLanguage(next);
        document.documentElement.lang = next;
        setLanguage(next);
      },
    }),
    [lang],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageChoice {
  return useContext(LanguageContext);
}

export function useText<T>(text: Text<T>): Widen<T> {
  return text[useLanguage().lang];
}
