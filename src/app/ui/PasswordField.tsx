import { useState, type ReactNode, type Ref } from 'react';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'new-password' | 'current-password' | 'off';
  problem?: string | false | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  inputMode?: 'text' | 'numeric';
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
}: PasswordFieldProps) {
  const text = useText(shellText);
  const [visible, setVisible] = useState(false);
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
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? text.setup.hide : text.setup.show}
        </button>
      </div>
      {hint}
      {problem && (
        <p className="field__problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
