// What every mode of the sign-in dialog shares: its fields and what was typed, the problems shown once a field
// was touched, the failure line that takes the focus, the submit button and the link to the other mode. Each
// mode (LoginForm, RegisterForm, ChangePasswordForm, ForgotForm) is its own component, mounted anew when the mode
// changes, so nothing typed or shown in one mode is left in the next.
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { fill, textAt, useText } from '../../client/text.js';
import type { SessionResponse } from '../../shared/schemas/auth.js';
import { failureMessage } from '../../client/api.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import { useSession } from './session.js';
import { hasProblems, validateAuth, type AuthMode, type AuthProblems } from './validation.js';

/** A message over the dialog, answered with OK (or the action it offers). */
export interface Notice {
  message: string;
  title?: string;
  /** The button's words and what it does, when it does more than close the message. */
  action?: { label: string; run(): void };
  closeDialog?: boolean;
}

/** What the dialog gives each mode. */
export interface ModeProps {
  /** The signed-in member's address: shown, not typed. */
  signedInEmail: string | undefined;
  /** A platform authenticator can be used here. */
  fingerprint: boolean;
  noticeShown: boolean;
  /** The field the dialog focuses when a mode opens (the dialog's, so it comes after the dialog's own focus). */
  firstField: RefObject<HTMLInputElement | null>;
  showNotice(notice: Notice): void;
  switchMode(next?: AuthMode): void;
}

const EMPTY = { email: '', password: '', confirm: '', masterKey: '', current: '' };
type Field = keyof typeof EMPTY;
/** Every password field starts hidden. */
const HIDDEN = { password: false, confirm: false, masterKey: false, current: false };

export function useAuthForm(
  mode: AuthMode,
  { signedInEmail, noticeShown, firstField }: Pick<ModeProps, 'signedInEmail' | 'noticeShown' | 'firstField'>,
) {
  const t = useText(catalog);
  const session = useSession();
  const [fields, setFields] = useState(EMPTY);
  const [visible, setVisible] = useState(HIDDEN);
  const [touched, setTouched] = useState({ email: false, password: false, confirm: false, current: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);
  const ids = {
    email: useId(),
    password: useId(),
    confirm: useId(),
    masterKey: useId(),
    current: useId(),
    error: useId(),
  };

  // A failure is read out and takes the focus, so the keyboard carries on from the message (a confirmation
  // popup, when one opens with it, has the focus until it is answered).
  useLayoutEffect(() => {
    if (error && !noticeShown) errorBox.current?.focus();
  }, [error, noticeShown]);

  const email = signedInEmail ?? fields.email;
  const problems: AuthProblems = validateAuth(mode, {
    email,
    password: fields.password,
    confirm: fields.confirm,
  });
  const shown = (field: keyof AuthProblems) => (touched[field] ? problems[field] : undefined);

  return {
    t,
    session,
    fields,
    email,
    ids,
    firstField,
    errorBox,
    busy,
    setBusy,
    error,
    setError,
    problems,
    shown,
    visible,
    touched,
    /** Every field counts as touched (its problem shows); then, with no problem and not busy, runs the action. */
    async submitWith(action: () => Promise<void>, blocked = false): Promise<void> {
      setTouched({ email: true, password: true, confirm: true, current: true });
      if (hasProblems(problems) || blocked || busy) return;
      setBusy(true);
      setError(null);
      try {
        await action();
      } finally {
        setBusy(false);
      }
    },
    /** Every field counts as touched. False when a problem stands. */
    touchAll(): boolean {
      setTouched({ email: true, password: true, confirm: true, current: true });
      return !hasProblems(problems);
    },
    update(field: Field, value: string) {
      setFields((current) => ({ ...current, [field]: value }));
      if (field !== 'masterKey') setTouched((current) => ({ ...current, [field]: true }));
      setError(null);
    },
    toggle(field: keyof typeof HIDDEN) {
      setVisible((current) => ({ ...current, [field]: !current[field] }));
    },
    messageOf(failure: unknown, fallbackKey: string): string {
      const [key, values] = failureMessage(failure, fallbackKey);
      return fill(textAt(t, key), values);
    },
    /** A sign-in's answer: signed in, or waiting for approval on the member's other device. */
    signedInNotice(answer: SessionResponse, extra?: string): Notice {
      session.signedIn(answer);
      const message = !answer.pending
        ? t.auth.success.login
        : answer.pending.confirmBy === 'code'
          ? fill(t.auth.success.pendingCode, { email: answer.pending.email })
          : t.auth.success.pending;
      return { message: extra && !answer.pending ? `${message}\n${extra}` : message, closeDialog: true };
    },
  };
}

export type AuthForm = ReturnType<typeof useAuthForm>;

/** The form around a mode's fields: the failure line after them, then the submit button and what follows it. */
export function AuthFormFrame({
  form,
  onSubmit,
  submitLabel,
  lead,
  afterError,
  afterSubmit,
  switchLabel,
  onSwitch,
  children,
}: {
  form: AuthForm;
  onSubmit(): Promise<void>;
  submitLabel: string;
  lead?: ReactNode;
  afterError?: ReactNode;
  afterSubmit?: ReactNode;
  switchLabel: string;
  onSwitch(): void;
  children: ReactNode;
}) {
  const { t, ids, error, errorBox, busy } = form;
  async function submit(event: FormEvent) {
    event.preventDefault();
    await onSubmit();
  }
  return (
    <form className="form" noValidate onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
      {lead}
      {children}
      {error && (
        <p id={ids.error} ref={errorBox} className="form__error" role="alert" tabIndex={-1}>
          {error}
        </p>
      )}
      {afterError}
      {/* Busy, the button refuses presses but keeps the focus: a disabled one would drop it out of the dialog. */}
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {busy ? t.common.processing : submitLabel}
      </button>
      {afterSubmit}
      <button type="button" className="link-button" onClick={onSwitch}>
        {switchLabel}
      </button>
    </form>
  );
}

/** The e-mail field: typed, or the signed-in member's, read-only. */
export function EmailField({ form, signedInEmail }: { form: AuthForm; signedInEmail: string | undefined }) {
  const { t, ids, email, shown } = form;
  return (
    <div className="field">
      <label htmlFor={ids.email}>{t.auth.email}</label>
      <input
        ref={signedInEmail ? undefined : form.firstField}
        id={ids.email}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t.auth.emailPlaceholder}
        value={email}
        readOnly={Boolean(signedInEmail)}
        className={signedInEmail ? 'input--readonly' : undefined}
        aria-invalid={Boolean(shown('email'))}
        onChange={(event) => form.update('email', event.target.value)}
      />
      {shown('email') && <p className="field__problem">{textAt(t, shown('email')!)}</p>}
    </div>
  );
}

/** One of the dialog's password fields, bound to what the form holds for it. */
export function AuthPasswordField({
  form,
  field,
  label,
  autoComplete,
  hint,
  inputRef,
  problem: given,
}: {
  form: AuthForm;
  field: 'password' | 'confirm' | 'masterKey' | 'current';
  label: string;
  autoComplete: 'new-password' | 'current-password' | 'off';
  hint?: string;
  inputRef?: AuthForm['firstField'] | undefined;
  /** What is wrong with a field the form's rules do not check (the current password). */
  problem?: string | false | undefined;
}) {
  const { t, shown } = form;
  const problem =
    field === 'password' || field === 'confirm' ? shown(field) && textAt(t, shown(field)!) : given;
  return (
    <PasswordField
      id={form.ids[field]}
      inputRef={inputRef}
      label={label}
      value={form.fields[field]}
      visible={form.visible[field]}
      autoComplete={autoComplete}
      hint={hint}
      problem={problem}
      onToggle={() => form.toggle(field)}
      onChange={(value) => form.update(field, value)}
    />
  );
}

/** The new password and its repetition, for a new account or a password change. */
export function NewPasswordFields({ form, inputRef }: { form: AuthForm; inputRef?: AuthForm['firstField'] }) {
  const { t } = form;
  return (
    <>
      <AuthPasswordField
        form={form}
        field="password"
        inputRef={inputRef}
        label={t.auth.newPassword}
        autoComplete="new-password"
        hint={t.auth.passwordHintRegister}
      />
      <AuthPasswordField
        form={form}
        field="confirm"
        label={t.auth.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}
