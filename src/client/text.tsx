// The active language in the browser, for the site, the app and the fortune embed alike: it follows ?lang,
// then the member's saved choice, then Korean. Components read their text with useText and format through
// Intl with useLanguage().locale; code outside React asks activeLanguage().
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../shared/constants.js';
import { localeOf, type Text, type Widen } from '../shared/text.js';
import { isLanguage, saveLanguage, storedLanguage } from './language.js';

export { defineText, fill, localeOf, textAt, type Text } from '../shared/text.js';

/**
 * The language to start in. A valid ?lang= is saved as the member's choice; a prerendered page starts in the
 * language the server rendered it in (so hydration matches), otherwise the saved choice or Korean.
 */
export function initialLanguage(search: string, prerenderedIn?: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) {
    saveLanguage(fromQuery);
    return fromQuery;
  }
  if (isLanguage(prerenderedIn)) return prerenderedIn;
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

export interface LanguageChoice {
  lang: Language;
  /** The BCP 47 locale for Intl. */
  locale: string;
  setLang: (lang: Language) => void;
}

let active: Language = DEFAULT_LANGUAGE;

/** The language on screen, for code outside React (a request's language, a message built in a callback). */
export function activeLanguage(): Language {
  return active;
}

const LanguageContext = createContext<LanguageChoice>({
  lang: DEFAULT_LANGUAGE,
  locale: localeOf(DEFAULT_LANGUAGE),
  setLang: () => undefined,
});

/**
 * A ?lang= in the address names the language on every load (and is saved again as the choice), so a switch
 * writes the new choice there too, or a reload would bring the old language back. The router's state in
 * history.state is kept as it is.
 */
export function followInAddress(lang: Language): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang') || url.searchParams.get('lang') === lang) return;
  url.searchParams.set('lang', lang);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Holds the language for everything below it. `then` switches to another language once mounted: a page
 * prerendered in one language hydrates in it, then follows the member's saved choice.
 */
export function LanguageProvider({
  initial,
  then,
  children,
}: {
  initial: Language;
  then?: Language | undefined;
  children: ReactNode;
}) {
  const [lang, setLanguage] = useState(initial);
  active = lang;
  const value = useMemo<LanguageChoice>(
    () => ({
      lang,
      locale: localeOf(lang),
      setLang(next) {
        saveLanguage(next);
        followInAddress(next);
        setLanguage(next);
      },
    }),
    [lang],
  );
  // In the same commit as the text, so nothing (a screen reader, a test) sees one language labelled as the other.
  useLayoutEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => {
    if (then && then !== initial) setLanguage(then);
    // Once, after the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/**
 * The language for a part of a page whose language is held outside React (an island of a prerendered page: the
 * page switches, and every part follows): `lang` as given, and `switchTo` for a switch asked from below.
 */
export function FixedLanguage({
  lang,
  switchTo,
  children,
}: {
  lang: Language;
  switchTo: (lang: Language) => void;
  children: ReactNode;
}) {
  active = lang;
  const value = useMemo<LanguageChoice>(
    () => ({ lang, locale: localeOf(lang), setLang: switchTo }),
    [lang, switchTo],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageChoice {
  return useContext(LanguageContext);
}

/** The active language's side of a text. */
export function useText<T>(text: Text<T>): Widen<T> {
  return text[useLanguage().lang];
}
