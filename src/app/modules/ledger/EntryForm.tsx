// Adding or editing one ledger entry. Nothing is written until every field is valid, and a failed write
// keeps the dialog open with what was typed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isoToday } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { HeldNote, useHeldRecord } from '../../ui/held-record.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import type { EditMet } from '../../vault/merge.js';
import { StorageFullError } from '../../vault/db.js';
import { ledgerText } from './copy.js';
import {
  CUSTOM_CHOICE,
  draftFor,
  keptFields,
  readDraft,
  withType,
  type EntryDraft,
  type EntryField,
  type EntryProblems,
} from './entry-form.js';
import { entryProblem } from './messages.js';
import {
  currencyDigits,
  DEFAULT_CATEGORIES,
  DEFAULT_PAYMENT_METHODS,
  isLedgerCurrency,
  LEDGER_CURRENCIES,
  MAX_MEMO_LENGTH,
  type NewEntry,
} from '../../records/ledger.js';
import { TypeSwitch } from './TypeSwitch.js';
import { newId } from '../../vault/vault.js';
import { useMoveRecord, useShelfSpaces, useTargetVault } from '../../ui/spaces/listed.js';
import { SpacePicker } from '../../ui/spaces/SpacePicker.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { RecordAuthors } from '../../ui/spaces/record-authors.js';
import { useVault } from '../../vault/react.js';

export function EntryForm({
  id,
  entry,
  space = null,
  onClose,
  onSaved,
}: {
  /** The stored entry's id when editing; a new entry gets its id once, so a retried save never duplicates. */
  id?: string;
  entry?: NewEntry;
  /** The space the entry is in (or a new one goes to first), null for the member's own. */
  space?: string | null;
  onClose: () => void;
  /** Saved: how the save met a change made elsewhere meanwhile (merged, kept as a copy…). */
  onSaved: (entry: NewEntry, met: EditMet) => void;
}) {
  const text = useText(ledgerText);
  const shell = useText(shellText);
  const { lang } = useLanguage();
  const held = useHeldRecord<NewEntry>('ledger', id ?? null);
  // The store the entry is in: a space's names who added and changed it at the foot.
  const vault = useVault();
  const fieldId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<EntryDraft>(() => draftFor(entry, isoToday()));
  const [problems, setProblems] = useState<EntryProblems>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const spaces = useShelfSpaces();
  const targetVault = useTargetVault();
  const moveRecord = useMoveRecord();
  // Where the entry goes: a space the member may write in, or their own (a viewer's space is never a choice).
  const [place, setPlace] = useState<string | null>(() => (targetVault(space) ? space : null));
  const [spaceEntryId] = useState(newId);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function change(changes: Partial<EntryDraft>, fields: EntryField[]) {
    setDraft((current) => ({ ...current, ...changes }));
    setProblems((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const result = readDraft(draft);
    if (!result.ok) {
      setProblems(result.problems);
      setAttempt((count) => count + 1);
      return;
    }
    setSaving(true);
    setFailure('');
    try {
      const value = { ...result.entry, ...keptFields(entry) };
      const target = id === undefined && place !== null ? targetVault(place) : undefined;
      if (id === undefined && place !== null && !target) throw new Error('space closed');
      // A new entry in a space is written in the space's store; an edit is saved where it is, then moved.
      const saved = target
        ? await target.save('ledger', spaceEntryId, undefined, value)
        : await held.save(value);
      if (id !== undefined && place !== space) await moveRecord('ledger', id, space, place);
      onSaved(value, saved.met);
    } catch (error) {
      setFailure(error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed);
      setSaving(false);
    }
  }

  const currency = isLedgerCurrency(draft.currency) ? draft.currency : 'KRW';
  const problemOf = (field: EntryField) => {
    const code = problems[field];
    return code ? entryProblem(code, field, currency, text, lang) : '';
  };
  const ids = (field: string) => ({ input: `${fieldId}-${field}`, problem: `${fieldId}-${field}-problem` });
  const described = (field: EntryField, hint?: string) =>
    [problems[field] ? ids(field).problem : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const problem = (field: EntryField) =>
    problems[field] ? (
      <p className="field__problem" id={ids(field).problem}>
        {problemOf(field)}
      </p>
    ) : null;

  const digits = currencyDigits(currency);
  const amountHintId = `${fieldId}-amount-hint`;
  const memoHintId = `${fieldId}-memo-hint`;
  const customCategory = draft.categoryChoice === CUSTOM_CHOICE;
  const customPayment = draft.paymentChoice === CUSTOM_CHOICE;

  return (
    <FormDialog title={entry ? text.form.editTitle : text.form.addTitle} onClose={onClose}>
      <form ref={formRef} className="form ledger-form" noValidate onSubmit={submit}>
        <HeldNote state={held.state} />
        {spaces.length > 0 && (
          <SpacePicker spaces={spaces} value={place} moving={id !== undefined} onChange={setPlace} />
        )}
        <div className="field">
          <label htmlFor={ids('date').input}>{text.form.date}</label>
          <input
            id={ids('date').input}
            type="date"
            min="1900-01-01"
            max="2100-12-31"
            value={draft.date}
            aria-invalid={problems.date ? true : undefined}
            aria-describedby={described('date')}
            onChange={(event) => change({ date: event.target.value }, ['date'])}
          />
          {problem('date')}
        </div>

        <TypeSwitch
          legend={text.form.type}
          value={draft.type}
          onChange={(type) => change(withType(draft, type), ['type', 'category'])}
        />

        <div className="ledger-form__money">
          <div className="field">
            <label htmlFor={ids('amount').input}>{text.form.amount}</label>
            <input
              id={ids('amount').input}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={draft.amount}
              aria-invalid={problems.amount ? true : undefined}
              aria-describedby={described('amount', amountHintId)}
              onChange={(event) => change({ amount: event.target.value }, ['amount'])}
            />
            <p className="field__hint" id={amountHintId}>
              {digits === 0 ? text.form.amountHintWhole : fill(text.form.amountHintDecimal, { digits })}
            </p>
            {problem('amount')}
          </div>
          <div className="field">
            <label htmlFor={ids('currency').input}>{text.form.currency}</label>
            <select
              id={ids('currency').input}
              value={draft.currency}
              aria-invalid={problems.currency ? true : undefined}
              aria-describedby={described('currency')}
              onChange={(event) =>
                change({ currency: event.target.value as EntryDraft['currency'] }, ['currency', 'amount'])
              }
            >
              {LEDGER_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {text.currency.names[code]}
                </option>
              ))}
            </select>
            {problem('currency')}
          </div>
        </div>

        <div className="field">
          <label htmlFor={ids('category').input}>{text.form.category}</label>
          <select
            id={ids('category').input}
            value={draft.categoryChoice}
            aria-invalid={problems.category && !customCategory ? true : undefined}
            aria-describedby={customCategory ? undefined : described('category')}
            onChange={(event) => change({ categoryChoice: event.target.value }, ['category'])}
          >
            <option value="">{text.form.chooseCategory}</option>
            {DEFAULT_CATEGORIES[draft.type].map((key) => (
              <option key={key} value={key}>
                {text.categories[key]}
              </option>
            ))}
            <option value={CUSTOM_CHOICE}>{text.form.custom}</option>
          </select>
          {!customCategory && problem('category')}
        </div>
        {customCategory && (
          <div className="field">
            <label htmlFor={ids('custom-category').input}>{text.form.customCategory}</label>
            <input
              id={ids('custom-category').input}
              type="text"
              autoComplete="off"
              value={draft.customCategory}
              aria-invalid={problems.category ? true : undefined}
              aria-describedby={described('category')}
              onChange={(event) => change({ customCategory: event.target.value }, ['category'])}
            />
            {problem('category')}
          </div>
        )}

        <div className="field">
          <label htmlFor={ids('payment').input}>{text.form.payment}</label>
          <select
            id={ids('payment').input}
            value={draft.paymentChoice}
            onChange={(event) => change({ paymentChoice: event.target.value }, ['payment'])}
          >
            <option value="">{text.form.noPayment}</option>
            {DEFAULT_PAYMENT_METHODS.map((key) => (
              <option key={key} value={key}>
                {text.payments[key]}
              </option>
            ))}
            <option value={CUSTOM_CHOICE}>{text.form.custom}</option>
          </select>
        </div>
        {customPayment && (
          <div className="field">
            <label htmlFor={ids('custom-payment').input}>{text.form.customPayment}</label>
            <input
              id={ids('custom-payment').input}
              type="text"
              autoComplete="off"
              value={draft.customPayment}
              aria-invalid={problems.payment ? true : undefined}
              aria-describedby={described('payment')}
              onChange={(event) => change({ customPayment: event.target.value }, ['payment'])}
            />
            {problem('payment')}
          </div>
        )}

        <div className="field">
          <label htmlFor={ids('memo').input}>{text.form.memo}</label>
          <textarea
            id={ids('memo').input}
            rows={3}
            value={draft.memo}
            aria-invalid={problems.memo ? true : undefined}
            aria-describedby={described('memo', memoHintId)}
            onChange={(event) => change({ memo: event.target.value }, ['memo'])}
          />
          <p className="field__hint" id={memoHintId}>
            {fill(text.form.memoHint, { max: MAX_MEMO_LENGTH })}
          </p>
          {problem('memo')}
        </div>

        {id !== undefined && space !== null && <RecordAuthors vault={vault} id={id} />}
        <FormFooter failure={failure} busy={saving} busyLabel={text.form.saving} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
