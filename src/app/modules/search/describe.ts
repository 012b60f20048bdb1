// How a search result names its record on the page: a title and a line about it (a date, a kind, an amount), made
// from the vault's entry as each module's own list shows it. Never a secret field.
import type { Language } from '../../../shared/constants.js';
import { localeOf } from '../../../shared/text.js';
import type { VaultEntry } from '../../vault/vault.js';
import { ledgerText } from '../ledger/copy.js';
import { categoryLabel } from '../ledger/entry-form.js';
import { isLedgerCurrency } from '../ledger/model/entry.js';
import { formatMoney } from '../ledger/model/format.js';
import { personalText } from '../personal/copy.js';
import { isPersonalKind } from '../personal/kinds.js';
import { searchText } from './copy.js';
import type { SearchModule } from './protocol.js';

export interface ResultLabel {
  title: string;
  meta: string;
}

type Fields = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** One formatter per language: making one costs more than drawing a whole list of results. */
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A calendar date ('YYYY-MM-DD') as the app writes one (format.ts formatCalendarDate), or '' for anything else. */
function date(value: unknown, lang: Language): string {
  const iso = text(value);
  const at = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(`${iso}T00:00:00Z`) : NaN;
  if (Number.isNaN(at)) return '';
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(at);
}

const LABELS: Record<SearchModule, (value: Fields, lang: Language) => ResultLabel> = {
  schedule: (event, lang) => ({
    title: text(event.title),
    meta:
      event.calendar === 'lunar'
        ? `${searchText[lang].lunar} ${text(event.date)}`
        : [date(event.date, lang), text(event.time)].filter(Boolean).join(' '),
  }),
  diary: (memo, lang) => ({ title: text(memo.title), meta: date(memo.date, lang) }),
  personal: (record, lang) => ({
    title: text(record.title),
    meta: isPersonalKind(record.kind) ? personalText[lang].kinds[record.kind] : '',
  }),
  documents: (document) => ({ title: text(document.name), meta: '' }),
  ledger: (entry, lang) => {
    const currency = text(entry.currency);
    const amount =
      typeof entry.amount === 'number' && isLedgerCurrency(currency)
        ? formatMoney(entry.amount, currency, lang)
        : '';
    return {
      title: categoryLabel(text(entry.category), ledgerText[lang]),
      meta: [date(entry.date, lang), amount].filter(Boolean).join(' · '),
    };
  },
  anniversaries: (anniversary) => ({ title: text(anniversary.name), meta: '' }),
};

/** The title and line of a result; null when the vault no longer has the record. */
export function resultLabel(
  module: SearchModule,
  entry: VaultEntry | undefined,
  lang: Language,
): ResultLabel | null {
  if (!entry || typeof entry.value !== 'object' || entry.value === null) return null;
  return LABELS[module](entry.value as Fields, lang);
}
