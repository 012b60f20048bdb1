// The add/edit form's state as typed, and how it becomes a NewEntry or a code per field. Default categories
// and payment methods are stored as their keys and shown through the copy; anything else is shown as typed.
import type { LedgerCopy } from './copy.js';
import {
  DEFAULT_CATEGORIES,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHODS,
  fromMinorUnits,
  isLedgerCurrency,
  newEntrySchema,
  toMinorUnits,
  type LedgerCurrency,
  type LedgerErrorCode,
  type LedgerType,
  type NewEntry,
} from '../../records/ledger.js';

/** The select option that reveals a text field for a category or payment method of one's own. */
export const CUSTOM_CHOICE = '*custom';

/**
 * The fields the form shows; an imported payment's time and approval number, and the space a restored entry came
 * from, are kept as they are (`keptFields`).
 */
export type EntryField = Exclude<keyof NewEntry, 'time' | 'approval' | 'fromSpace'>;

/** What an edit keeps of the entry that the form does not show. */
export function keptFields(entry: NewEntry | undefined): Pick<NewEntry, 'time' | 'approval' | 'fromSpace'> {
  return {
    ...(entry?.time ? { time: entry.time } : {}),
    ...(entry?.approval ? { approval: entry.approval } : {}),
    ...(entry?.fromSpace ? { fromSpace: entry.fromSpace } : {}),
  };
}
export type EntryProblems = Partial<Record<EntryField, LedgerErrorCode>>;

export interface EntryDraft {
  date: string;
  type: LedgerType;
  amount: string;
  currency: LedgerCurrency;
  /** '' (not chosen yet), a default key of the type, or CUSTOM_CHOICE. */
  categoryChoice: string;
  customCategory: string;
  /** '' (none), a default payment key, or CUSTOM_CHOICE. */
  paymentChoice: string;
  customPayment: string;
  memo: string;
}

const isDefaultCategory = (type: LedgerType, category: string) =>
  (DEFAULT_CATEGORIES[type] as readonly string[]).includes(category);
const isDefaultPayment = (payment: string) =>
  (DEFAULT_PAYMENT_METHODS as readonly string[]).includes(payment);

export function draftFor(entry: NewEntry | undefined, today: string): EntryDraft {
  if (!entry) {
    return {
      date: today,
      type: 'expense',
      amount: '',
      currency: DEFAULT_CURRENCY,
      categoryChoice: '',
      customCategory: '',
      paymentChoice: '',
      customPayment: '',
      memo: '',
    };
  }
  const defaultCategory = isDefaultCategory(entry.type, entry.category);
  const defaultPayment = entry.payment === '' || isDefaultPayment(entry.payment);
  return {
    date: entry.date,
    type: entry.type,
    amount: fromMinorUnits(entry.amount, entry.currency),
    currency: entry.currency,
    categoryChoice: defaultCategory ? entry.category : CUSTOM_CHOICE,
    customCategory: defaultCategory ? '' : entry.category,
    paymentChoice: defaultPayment ? entry.payment : CUSTOM_CHOICE,
    customPayment: defaultPayment ? '' : entry.payment,
    memo: entry.memo,
  };
}

/** Switching income/expense keeps a category of one's own but drops a default of the other type. */
export function withType(draft: EntryDraft, type: LedgerType): EntryDraft {
  const keep = draft.categoryChoice === CUSTOM_CHOICE || isDefaultCategory(type, draft.categoryChoice);
  return { ...draft, type, categoryChoice: keep ? draft.categoryChoice : '' };
}

export function readDraft(
  draft: EntryDraft,
): { ok: true; entry: NewEntry } | { ok: false; problems: EntryProblems } {
  const problems: EntryProblems = {};
  const amount = isLedgerCurrency(draft.currency) ? toMinorUnits(draft.amount, draft.currency) : undefined;
  if (amount && !amount.ok) problems.amount = amount.code;
  const result = newEntrySchema.safeParse({
    date: draft.date,
    type: draft.type,
    amount: amount?.ok ? amount.minor : Number.NaN,
    currency: draft.currency,
    category: draft.categoryChoice === CUSTOM_CHOICE ? draft.customCategory : draft.categoryChoice,
    payment: draft.paymentChoice === CUSTOM_CHOICE ? draft.customPayment : draft.paymentChoice,
    memo: draft.memo,
  });
  if (result.success && Object.keys(problems).length === 0) return { ok: true, entry: result.data };
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as EntryField;
    problems[field] ??= issue.message as LedgerErrorCode;
  }
  return { ok: false, problems };
}

export function categoryLabel(category: string, text: LedgerCopy): string {
  return Object.hasOwn(text.categories, category)
    ? text.categories[category as keyof LedgerCopy['categories']]
    : category;
}

export function paymentLabel(payment: string, text: LedgerCopy): string {
  return Object.hasOwn(text.payments, payment)
    ? text.payments[payment as keyof LedgerCopy['payments']]
    : payment;
}
