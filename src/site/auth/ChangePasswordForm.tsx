// The sign-in dialog's register mode while signed in: a password change, with the current password or a
// fingerprint just now (description §4).
import { useState } from 'react';
import { textAt } from '../../client/text.js';
import { call, failureCode } from '../../client/api.js';
import { passkeyMessageKey, proveWithPasskey } from '../../client/passkeys.js';
import {
  AuthFormFrame,
  AuthPasswordField,
  EmailField,
  NewPasswordFields,
  useAuthForm,
  type ModeProps,
} from './auth-form.js';

export function ChangePasswordForm(props: ModeProps) {
  const { signedInEmail, fingerprint, showNotice, switchMode } = props;
  const form = useAuthForm('register', props);
  const { t, fields, busy, setBusy, setError, messageOf } = form;
  /** The member proved it is them with a fingerprint instead of the current password. */
  const [proven, setProven] = useState(false);
  const currentProblem = !proven && !fields.current ? 'auth.validation.currentRequired' : undefined;

  async function changePassword() {
    try {
      await call('changePassword', {
        body: {
          ...(fields.current ? { currentPassword: fields.current } : {}),
          newPassword: fields.password,
        },
      });
      showNotice({ message: t.auth.success.passwordChanged, closeDialog: true });
    } catch (failure) {
      if (failureCode(failure) === 'auth/reauth-required') setProven(false);
      setError(messageOf(failure, 'auth.defaults.passwordChange'));
    }
  }

  async function proveByFingerprint() {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await proveWithPasskey();
    setBusy(false);
    if (outcome.ok) setProven(true);
    else setError(textAt(t, passkeyMessageKey(outcome.problem, 'login')));
  }

  return (
    <AuthFormFrame
      form={form}
      onSubmit={() => form.submitWith(changePassword, Boolean(currentProblem))}
      submitLabel={t.auth.submitChange}
      switchLabel={t.auth.toLogin}
      onSwitch={() => switchMode('login')}
    >
      <EmailField form={form} signedInEmail={signedInEmail} />
      {!proven && (
        <AuthPasswordField
          form={form}
          field="current"
          inputRef={form.firstField}
          label={t.auth.currentPassword}
          autoComplete="current-password"
          problem={form.touched.current && currentProblem && textAt(t, currentProblem)}
        />
      )}
      {!proven && fingerprint && (
        <button
          type="button"
          className="link-button"
          aria-disabled={busy}
          onClick={() => void proveByFingerprint()}
        >
          {t.auth.reauth.fingerprint}
        </button>
      )}
      <NewPasswordFields form={form} inputRef={proven ? form.firstField : undefined} />
    </AuthFormFrame>
  );
}
