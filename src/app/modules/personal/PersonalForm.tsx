// Adding or changing one item of personal info: the chosen kind decides the fields. Nothing is written until
// every field passes; on any failure the dialog stays open with what was typed.
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { fill, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { HeldNote, useHeldRecord, useSavedMessage } from '../../ui/held-record.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { StorageFullError } from '../../vault/db.js';
import { personalText } from './copy.js';
import {
  checkPersonal,
  fieldsOf,
  MAX_TITLE_LENGTH,
  PERSONAL_KINDS,
  type FieldFormat,
  type PersonalField,
  type PersonalKind,
  type PersonalRecord,
} from '../../records/personal.js';
import { fieldLabel, problemText } from './labels.js';
import { FormFooter } from '../../ui/FormFooter.js';

export interface PersonalFormProps {
  /** The item being changed, or null for a new one. */
  editing: { id: string; record: PersonalRecord } | null;
  initialKind: PersonalKind;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

const HINTS: Partial<Record<FieldFormat, 'expiry' | 'url' | 'idNumber'>> = {
  expiry: 'expiry',
  url: 'url',
  'id-number': 'idNumber',
};

function inputAttributes(
  format: FieldFormat,
  expiryPlaceholder: string,
): InputHTMLAttributes<HTMLInputElement> {
  switch (format) {
    case 'date':
      return { type: 'date', min: '1900-01-01', max: '2100-12-31' };
    case 'phone':
      return { type: 'tel', inputMode: 'tel' };
    case 'url':
      return { type: 'url', inputMode: 'url', placeholder: 'https://' };
    case 'expiry':
      return { type: 'text', inputMode: 'numeric', placeholder: expiryPlaceholder };
    default:
      return { type: 'text' };
  }
}

export function PersonalForm({ editing, initialKind, onSaved, onCancel }: PersonalFormProps) {
  const text = useText(personalText);
  const shell = useText(shellText);
  const held = useHeldRecord<PersonalRecord>('personal', editing?.id ?? null);
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const baseId = useId();
  const idOf = (key: string) => `${baseId}-${key}`;
  const [kind, setKind] = useState<PersonalKind>(editing?.record.kind ?? initialKind);
  const [title, setTitle] = useState(editing?.record.title ?? '');
  // Values are kept by key across kinds, so switching the kind back and forth loses nothing typed.
  const [values, setValues] = useState<Record<string, string>>(editing?.record.fields ?? {});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const fields = fieldsOf(kind);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const typed = Object.fromEntries(fields.map((field) => [field.key, values[field.key] ?? '']));
    const result = checkPersonal({ kind, title, fields: typed });
    if (!result.ok) {
      const found: Record<string, string> = {};
      for (const [key, code] of Object.entries(result.problems)) {
        found[key] = problemText(
          text,
          code,
          fields.find((field) => field.key === key),
        );
      }
      setProblems(found);
      setFormError(text.form.problems);
      const first = ['kind', 'title', ...fields.map((field) => field.key)].find((key) => found[key]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const saved = await held.save(result.record);
      toast(savedMessage(saved.met));
      onSaved(saved.entry.id);
    } catch (error) {
      setFormError(error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  function labelOf(field: { key: string; required: boolean }, label: string) {
    return field.required ? `${label} ${text.form.required}` : label;
  }

  function input(field: PersonalField) {
    const id = idOf(field.key);
    const label = labelOf(field, fieldLabel(text, kind, field.key));
    const value = values[field.key] ?? '';
    const problem = problems[field.key];
    const onChange = (next: string) => setValues((current) => ({ ...current, [field.key]: next }));
    const hintKey = HINTS[field.format];
    const hintId = `${id}-hint`;
    const hint = hintKey && (
      <p className="field__hint" id={hintId}>
        {text.hints[hintKey]}
      </p>
    );

    if (field.secret) {
      return (
        <PasswordField
          key={field.key}
          id={id}
          label={label}
          value={value}
          onChange={onChange}
          autoComplete="off"
          inputMode={field.format === 'card-number' ? 'numeric' : 'text'}
          problem={problem}
          hint={hint}
        />
      );
    }

    const shared = {
      id,
      value,
      maxLength: field.maxLength,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [problem && `${id}-problem`, hint && hintId].filter(Boolean).join(' ') || undefined,
    } as const;
    let control;
    if (field.format === 'multiline') {
      control = (
        <textarea
          {...shared}
          rows={field.key === 'body' ? 8 : 3}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    } else {
      control = (
        <input
          {...shared}
          {...inputAttributes(field.format, text.hints.expiryPlaceholder)}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
    return (
      <div className="field" key={field.key}>
        <label htmlFor={id}>{label}</label>
        {control}
        {hint}
        {problem && (
          <p className="field__problem" id={`${id}-problem`}>
            {problem}
          </p>
        )}
      </div>
    );
  }

  const heading = editing ? fill(text.form.editTitle, { title: editing.record.title }) : text.form.addTitle;
  return (
    <FormDialog title={heading} onClose={onCancel}>
      <form className="form personal-form" noValidate onSubmit={submit}>
        <HeldNote state={held.state} />
        <div className="field">
          <label htmlFor={idOf('kind')}>{text.form.kind}</label>
          <select
            id={idOf('kind')}
            value={kind}
            disabled={editing !== null}
            aria-invalid={problems.kind ? true : undefined}
            onChange={(event) => {
              setKind(event.target.value as PersonalKind);
              setProblems({});
              setFormError('');
            }}
          >
            {PERSONAL_KINDS.map((option) => (
              <option key={option} value={option}>
                {text.kinds[option]}
              </option>
            ))}
          </select>
          {problems.kind && <p className="field__problem">{problems.kind}</p>}
        </div>
        <div className="field">
          <label htmlFor={idOf('title')}>{labelOf({ key: 'title', required: true }, text.form.title)}</label>
          <input
            id={idOf('title')}
            value={title}
            maxLength={MAX_TITLE_LENGTH}
            autoComplete="off"
            aria-invalid={problems.title ? true : undefined}
            aria-describedby={`${idOf('title')}-hint${problems.title ? ` ${idOf('title')}-problem` : ''}`}
            onChange={(event) => setTitle(event.target.value)}
          />
          <p className="field__hint" id={`${idOf('title')}-hint`}>
            {text.form.titleHint}
          </p>
          {problems.title && (
            <p className="field__problem" id={`${idOf('title')}-problem`}>
              {problems.title}
            </p>
          )}
        </div>
        {fields.map(input)}
        {kind === 'card' && <p className="form__note">{text.hints.cvc}</p>}
        <FormFooter failure={formError} busy={busy} onCancel={onCancel} />
      </form>
    </FormDialog>
  );
}
