// Money as the user reads it, in the UI language's conventions.
import { fromMinorUnits, type LedgerCurrency } from '../../../records/ledger.js';
import { localeOf } from '../../../../shared/text.js';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * '₩12,000' or 'US$3.50' in Korean, '₩12,000' or '$3.50' in English. The amount reaches Intl as a decimal
 * string, not minor / 100, so neither a binary fraction nor a total beyond 2^53 can change a digit.
 */
export function formatMoney(minor: number | bigint, currency: LedgerCurrency, lang: 'ko' | 'en'): string {
  const locale = localeOf(lang);
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(fromMinorUnits(minor, currency) as `${number}`);
}
