// Text in both languages, one way everywhere (the site, the app, the fortune embed, the server's mails and
// error messages): Korean and English side by side, typed so the compiler checks them key for key, with
// {{name}} placeholders filled by `fill`.
import type { Language } from './constants.js';
import { hasInvisibleCharacters } from './email.js';

/** The shape of text written `as const` with its literal strings widened: same keys, same list lengths. */
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : { readonly [K in keyof T]: Widen<T[K]> };

export interface Text<T> {
  readonly ko: Widen<T>;
  readonly en: Widen<T>;
}

/** Declares text: the Korean (written `as const`) fixes the shape the English must have. */
export function defineText<const T>(ko: T, en: Widen<NoInfer<T>>): Text<T> {
  return { ko: ko as Widen<T>, en };
}

/** The text of each section, side by side under its name: one text of several sections, for each language. */
export function sections<const S extends Record<string, Text<unknown>>>(
  parts: S,
): Text<{ [K in keyof S]: S[K] extends Text<infer T> ? T : never }> {
  const side = (lang: Language) =>
    Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part[lang]]));
  return { ko: side('ko'), en: side('en') } as never;
}

/** Fills {{name}} placeholders; a value not given leaves the placeholder empty. */
export function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : '',
  );
}

/** The BCP 47 locale Intl formats a language's dates, times, numbers and money in. */
export function localeOf(lang: Language): 'ko-KR' | 'en-US' {
  return lang === 'en' ? 'en-US' : 'ko-KR';
}

/** The dotted paths to the strings of a text ('auth.invalidEmail', 'errors.auth/too-many-requests', …). */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? `${K}.${TextKey<T[K]>}` : never;
}[keyof T & string];

/**
 * The string at a dotted path, for text chosen at run time (a validation problem, an error code). A path that
 * does not lead to a string gives `fallback`, or the path itself.
 */
export function textAt(text: object, path: string, fallback?: string): string {
  let node: unknown = text;
  for (const part of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : (fallback ?? path);
}

/** More combining marks on one character than a name may stack (Unicode's UTS #39 advises no more than four). */
const STACKED_MARKS = /\p{M}{5}/u;

/**
 * Whether a name a member gives (a sync device's, a document's) can be shown to members as it is: no character that
 * shows nothing (the e-mail rule's, ordinary spaces aside), no lone surrogate, and, written out in its decomposed
 * form, no combining mark at its start or more than four on one character. Accents ("Zoë's iPad"), Hangul however
 * it is composed ("내 노트북") and emoji ("📱 Phone", "❤️") pass; U+3164 alone or 63 stacked marks do not.
 */
export function isShownName(name: string): boolean {
  const decomposed = name.normalize('NFD');
  return (
    !hasInvisibleCharacters(name.replaceAll(' ', '')) &&
    !/\p{Cs}/u.test(name) &&
    !/^\p{M}/u.test(decomposed) &&
    !STACKED_MARKS.test(decomposed)
  );
}
