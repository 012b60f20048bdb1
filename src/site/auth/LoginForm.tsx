// The sign-in dialog's login mode: e-mail and password, or the fingerprint (description §4 "Fingerprint"); a
// sign-in may answer that the account's address is not verified yet, and offers to mail the link again.
import { activeLanguage, fill, textAt } from '../../client/text.js';
import { call, failureCode } from '../../client/api.js';
import { readAutoLogoutMinutes } from '../../client/auto-logout.js';
import { passkeyMessageKey, registerPasskey, signInWithPasskey } from '../../client/passkeys.js';
import { AuthFormFrame, AuthPasswordField, EmailField, useAuthForm, type ModeProps } from './auth-form.js';

export function LoginForm(props: ModeProps) {
  const { signedInEmail, fingerprint, showNotice, switchMode } = props;
  const form = useAuthForm('login', props);
  const { t, fields, email, busy, setBusy, setError, messageOf } = form;

  const body = () => ({
    email: email.trim(),
    password: fields.password,
    idleMinutes: readAutoLogoutMinutes(),
  });

  async function login() {
    try {
      showNotice(form.signedInNotice(await call('login', { body: body() })));
    } catch (failure) {
      if (failureCode(failure) === 'auth/email-not-verified') {
        setError(textAt(t, 'errors.auth/email-not-verified'));
        showNotice({
          title: t.auth.resendTitle,
          message: t.auth.resendQuestion,
          action: { label: t.auth.resendButton, run: () => void resendVerification() },
        });
      } else {
        setError(messageOf(failure, 'auth.defaults.login'));
      }
    }
  }

  async function resendVerification() {
    setBusy(true);
    try {
      await call('resendVerification', {
        body: { email: email.trim(), password: fields.password, lang: activeLanguage() },
      });
      setError(null);
      showNotice({ message: fill(t.auth.success.verificationResent, { email: email.trim().toLowerCase() }) });
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.login'));
    } finally {
      setBusy(false);
    }
  }

  /**
   * The fingerprint button: with the e-mail and password typed in, a member whose fingerprint is not registered
   * yet logs in with them and registers it on this device in one go; otherwise the passkey alone signs in.
   */
  async function fingerprintLogin() {
    if (busy) return;
    setError(null);
    if (fields.email.trim() && fields.password) {
      if (!form.touchAll()) return;
      setBusy(true);
      try {
        const answer = await call('login', { body: body() });
        // A sign-in waiting for approval may not add a passkey; once approved, the home page offers it.
        if (answer.pending) return showNotice(form.signedInNotice(answer));
        const registered = await registerPasskey();
        showNotice(
          form.signedInNotice(
            answer,
            registered.ok
              ? t.biometric.registered
              : textAt(t, passkeyMessageKey(registered.problem, 'register')),
          ),
        );
      } catch (failure) {
        setError(messageOf(failure, 'auth.defaults.login'));
      } finally {
        setBusy(false);
      }
      return;
    }
    setBusy(true);
    try {
      const outcome = await signInWithPasskey();
      if (outcome.ok) showNotice(form.signedInNotice(outcome.value));
      else setError(textAt(t, passkeyMessageKey(outcome.problem, 'login')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFormFrame
      form={form}
      onSubmit={() => form.submitWith(login)}
      submitLabel={t.auth.submitLogin}
      switchLabel={t.auth.toRegister}
      onSwitch={() => switchMode('register')}
      afterSubmit={
        !signedInEmail && (
          <>
            {fingerprint && (
              <button
                type="button"
                className="button button--ghost button--block"
                aria-disabled={busy}
                onClick={() => void fingerprintLogin()}
              >
                {t.biometric.loginButton}
              </button>
            )}
            <button type="button" className="link-button" onClick={() => switchMode('forgot')}>
              {t.auth.forgotLink}
            </button>
          </>
        )
      }
    >
      <EmailField form={form} signedInEmail={signedInEmail} />
      <AuthPasswordField
        form={form}
        field="password"
        label={t.auth.password}
        autoComplete="current-password"
        hint={t.auth.passwordHintLogin}
      />
    </AuthFormFrame>
  );
}
