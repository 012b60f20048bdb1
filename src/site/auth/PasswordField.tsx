// A password input with its label, show/hide toggle, and a hint or the problem found, for the auth dialog and
// the mailed-link page.
import type { Ref } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  visible: boolean;
  autoComplete: string;
  hint?: string | undefined;
  problem?: string | false | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  onToggle(): void;
  onChange(value: string): void;
}

export function PasswordField({
  id,
  label,
  value,
  visible,
  autoComplete,
  hint,
  problem,
  inputRef,
  onToggle,
  onChange,
}: PasswordFieldProps) {
  const t = useText(catalog);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__row">
        <input
          ref={inputRef}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={Boolean(problem)}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? t.auth.hidePassword : t.auth.showPassword}
          aria-pressed={visible}
          aria-controls={id}
          onClick={onToggle}
        >
          {visible ? t.auth.hide : t.auth.show}
        </button>
      </div>
      {problem ? <p className="field__problem">{problem}</p> : hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}
