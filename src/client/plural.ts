// `plural` (src/shared/plural.ts) in the page's language, for components.
import { plural, type Counted } from '../shared/plural.js';
import { useLanguage } from './text.js';

/** `plural` in the active language. */
export function usePlural(): (
  message: Counted,
  count: number,
  values?: Readonly<Record<string, string | number>>,
) => string {
  const { lang } = useLanguage();
  return (message, count, values) => plural(message, count, lang, values);
}
