// The sign-in dialog's forgotten-password mode: the e-mail alone, for a mailed link to set a new password.
import { activeLanguage, fill } from '../../client/text.js';
import { call } from '../../client/api.js';
import { AuthFormFrame, EmailField, useAuthForm, type ModeProps } from './auth-form.js';

export function ForgotForm(props: ModeProps) {
  const { signedInEmail, showNotice, switchMode } = props;
  const form = useAuthForm('forgot', props);
  const { t, email, setError, messageOf } = form;

  async function requestReset() {
    try {
      await call('requestPasswordReset', { body: { email: email.trim(), lang: activeLanguage() } });
      showNotice({
        message: fill(t.auth.success.forgotMailSent, { email: email.trim().toLowerCase() }),
        closeDialog: true,
      });
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.passwordChange'));
    }
  }

  return (
    <AuthFormFrame
      form={form}
      onSubmit={() => form.submitWith(requestReset)}
      submitLabel={t.auth.submitForgot}
      switchLabel={t.auth.toLogin}
      onSwitch={() => switchMode('login')}
      lead={<p className="form__note">{t.auth.forgotLead}</p>}
    >
      <EmailField form={form} signedInEmail={signedInEmail} />
    </AuthFormFrame>
  );
}
