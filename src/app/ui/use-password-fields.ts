// The state of a "current, new, confirm" password form: values, a problem per field, and the props each
// PasswordField takes.
import { useState } from 'react';

export type PasswordFieldName = 'current' | 'next' | 'confirm';
export type PasswordProblems = Partial<Record<PasswordFieldName, string>>;

const EMPTY: Record<PasswordFieldName, string> = { current: '', next: '', confirm: '' };

export function usePasswordFields() {
  const [fields, setFields] = useState(EMPTY);
  const [problems, setProblems] = useState<PasswordProblems>({});
  return {
    fields,
    problems,
    setProblems,
    clear: () => setFields(EMPTY),
    field: (name: PasswordFieldName) => ({
      value: fields[name],
      onChange: (value: string) => setFields((current) => ({ ...current, [name]: value })),
      problem: problems[name],
    }),
  };
}
