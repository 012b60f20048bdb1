import type { Language } from '../constants.js';
import { ko } from './ko.js';
import { en } from './en.js';

/** The shape of a catalog written `as const` with its literal strings widened: same keys, same list lengths. */
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : { readonly [K in keyof T]: Widen<T[K]> };
/** Every catalog has the Korean catalog's shape: a missing or extra key is a type error. */
export type Catalog = Widen<typeof ko>;

export const catalogs: Record<Language, Catalog> = { ko, en };

/** Looks a dotted key up in a catalog and fills {{name}} placeholders; a missing key gives the key itself. */
export function translate(lang: Language, key: string, values: Record<string, string> = {}): string {
  let node: unknown = catalogs[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}
