// Counted words ("1 conflict", "3 conflicts") in a language, through Intl.PluralRules: a counted message is written
// as its plural forms, the count filled in with the language's digits. Korean has no plural (every count is
// `other`, so its two forms are the same words); English has `one` and `other`. The browser and the server's mails
// both count this way.
import type { Language } from './constants.js';
import { fill, localeOf } from './text.js';

/** A message that names a count: the words for one, and for any other count. */
export interface Counted {
  readonly one: string;
  readonly other: string;
}

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let found = map.get(locale);
  if (!found) {
    found = make();
    map.set(locale, found);
  }
  return found;
}

/** The form `count` takes in `lang`, with {{count}} (in the language's digits) and any other values filled in. */
export function plural(
  message: Counted,
  count: number,
  lang: Language,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const locale = localeOf(lang);
  const form = cached(rules, locale, () => new Intl.PluralRules(locale)).select(count);
  const number = cached(numbers, locale, () => new Intl.NumberFormat(locale)).format(count);
  return fill(form === 'one' ? message.one : message.other, { ...values, count: number });
}
