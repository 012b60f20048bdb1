// A password input with its label, a show/hide toggle, and a hint or the problem found: the one the site's
// dialogs and mailed-link page and the app's lock screens and settings all use. Visibility is the field's own
// unless the form holds it (`visible` and `onToggle`: one toggle showing several fields at once).
import { useId, useState, type ReactNode, type Ref } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../text.js';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'new-password' | 'current-password' | 'off';
  /** What is wrong with the value (shown in place of the hint, and announced). */
  problem?: string | false | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement> | undefined;
  inputMode?: 'text' | 'numeric';
  /** Held by the form: whether the password shows, and what the toggle does. */
  visible?: boolean;
  onToggle?(): void;
}

export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  problem,
  hint,
  inputRef,
  inputMode,
  visible: shownByForm,
  onToggle,
}: PasswordFieldProps) {
  const t = useText(catalog).passwordField;
  const [shownHere, setShownHere] = useState(false);
  const visible = shownByForm ?? shownHere;
  const problemId = `${useId()}-problem`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__row">
        <input
          ref={inputRef}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? t.hidePassword : t.showPassword}
          aria-pressed={visible}
          aria-controls={id}
          onClick={onToggle ?? (() => setShownHere((shown) => !shown))}
        >
          {visible ? t.hide : t.show}
        </button>
      </div>
      {/* A written hint gives way to the problem; anything richer (a strength meter) stays above it. */}
      {typeof hint === 'string' ? !problem && <p className="field__hint">{hint}</p> : hint}
      {problem && (
        <p className="field__problem" id={problemId} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
