// The ledger's record kind (kind 'ledger'), declared once for the registry (modules/kinds.ts).
import { localeOf } from '../../../shared/text.js';
import { formatCalendarDate } from '../../format.js';
import type { KindDeclaration } from '../../records/kind.js';
import { isLedgerCurrency, ledgerEntrySchema, type NewEntry } from '../../records/ledger.js';
import { canonical, isIsoDate, mediumDate, text } from '../../records/values.js';
import { ledgerText } from './copy.js';
import { categoryLabel, paymentLabel } from './entry-form.js';
import { formatMoney } from './model/format.js';

/** An entry as stored (its id kept beside it, or not). */
const storedSchema = ledgerEntrySchema.partial({ id: true });

/** A default category's or payment's name in both languages; nothing for the member's own word. */
function bothLanguages(key: string, ko: Record<string, string>, en: Record<string, string>): string[] {
  return Object.hasOwn(ko, key) ? [ko[key]!, en[key] ?? ''] : [];
}

/** The member's own word (a category or payment of theirs) as it is; nothing for a default's key. */
const ownWord = (key: string, defaults: Record<string, string>) => (Object.hasOwn(defaults, key) ? '' : key);

/** The merchant an entry names: its memo's first line (an imported statement's 가맹점). */
const merchantOf = (entry: Record<string, unknown>) => text(entry.memo).split('\n', 1)[0]!.trim();

export const ledgerKind = {
  kind: 'ledger',
  screen: 'ledger',
  read: (value) => {
    const read = storedSchema.safeParse(value);
    return read.success ? read.data : null;
  },
  search: {
    fields: (entry) => [
      text(entry.memo),
      ownWord(text(entry.category), ledgerText.ko.categories),
      ownWord(text(entry.payment), ledgerText.ko.payments),
    ],
    // A default category or payment is found by its name in either language, and shown only in the member's (in
    // the result's line), never as the snippet of what was found.
    aliases: (entry) => [
      ...bothLanguages(text(entry.category), ledgerText.ko.categories, ledgerText.en.categories),
      ...bothLanguages(text(entry.payment), ledgerText.ko.payments, ledgerText.en.payments),
    ],
    label: (entry, lang) => {
      const words = ledgerText[lang];
      const currency = text(entry.currency);
      const amount =
        typeof entry.amount === 'number' && isLedgerCurrency(currency)
          ? formatMoney(entry.amount, currency, lang)
          : '';
      const category = categoryLabel(text(entry.category), words);
      const merchant = merchantOf(entry);
      const payment = text(entry.payment) && paymentLabel(text(entry.payment), words);
      return {
        title: merchant || category,
        meta: [merchant ? category : '', payment, mediumDate(entry.date, lang), amount]
          .filter(Boolean)
          .join(' · '),
      };
    },
  },
  conflict: {
    format: (lang) => {
      const locale = localeOf(lang);
      const words = ledgerText[lang];
      return (path, value, record) => {
        if (path === 'amount' && typeof value === 'number') {
          const currency =
            typeof record.currency === 'string' && isLedgerCurrency(record.currency)
              ? record.currency
              : 'KRW';
          return formatMoney(value, currency, lang);
        }
        if (path === 'date' && isIsoDate(value)) {
          return formatCalendarDate(String(value), locale, {
            dateStyle: undefined,
            month: 'short',
            day: 'numeric',
            weekday: 'short',
          });
        }
        if (path === 'type' && (value === 'income' || value === 'expense')) return words.types[value];
        if (path === 'category') return categoryLabel(String(value), words);
        if (path === 'payment') return paymentLabel(String(value), words);
        return String(value);
      };
    },
  },
  import: {
    // A card's approval number is the payment (a statement imported again, with its categories changed since, is
    // still the same payment); without one, its date, time, amount and memo (the merchant).
    key: (value) => {
      const entry = value as NewEntry & { time?: string; approval?: string };
      if (entry.approval) return `ledger:approval:${entry.approval}`;
      return `ledger:${canonical([entry.date, entry.time ?? '', entry.type, entry.amount, entry.currency, entry.memo])}`;
    },
    // Two equal payments on one day may be two payments: the member says whether to skip them.
    mayRepeat: true,
    line: (entry, lang) => {
      const category = categoryLabel(entry.category, ledgerText[lang]);
      return {
        tag: formatCalendarDate(entry.date, localeOf(lang)),
        text:
          `${entry.type === 'expense' ? '−' : '+'}${formatMoney(entry.amount, entry.currency, lang)} · ${category}` +
          (entry.memo ? ` · ${entry.memo}` : ''),
      };
    },
  },
  export: {
    values: async (source) =>
      source.list<NewEntry & { id?: string }>('ledger').map(({ value }) => {
        const { id: _id, ...entry } = value;
        return entry as NewEntry;
      }),
  },
} satisfies KindDeclaration<NewEntry, NewEntry>;
