// The sign-in dialog's register mode, signed out: a new account, or — with the device's master key — a password
// change confirmed by a mailed link (description §4).
import { activeLanguage, fill } from '../../client/text.js';
import { call } from '../../client/api.js';
import { checkDeviceMasterKey } from './master-key-store.js';
import {
  AuthFormFrame,
  AuthPasswordField,
  EmailField,
  NewPasswordFields,
  useAuthForm,
  type ModeProps,
} from './auth-form.js';

export function RegisterForm(props: ModeProps) {
  const { showNotice, switchMode } = props;
  const form = useAuthForm('register', props);
  const { t, fields, email, setError, messageOf } = form;
  const mailed = (message: string) =>
    showNotice({ message: fill(message, { email: email.trim().toLowerCase() }), closeDialog: true });

  async function requestPasswordChange() {
    const check = await checkDeviceMasterKey(fields.masterKey);
    if (check === 'not-set') return setError(t.auth.masterKeyNotSet);
    if (check === 'incorrect') return setError(t.auth.masterKeyIncorrect);
    try {
      await call('requestPasswordReset', {
        body: { email: email.trim(), newPassword: fields.password, lang: activeLanguage() },
      });
      mailed(t.auth.success.resetMailSent);
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.passwordChange'));
    }
  }

  async function register() {
    try {
      await call('signup', {
        body: { email: email.trim(), password: fields.password, lang: activeLanguage() },
      });
      mailed(t.auth.success.registered);
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.register'));
    }
  }

  return (
    <AuthFormFrame
      form={form}
      onSubmit={() => form.submitWith(fields.masterKey.trim() ? requestPasswordChange : register)}
      // The button says when the master key makes this a password change.
      submitLabel={fields.masterKey.trim() ? t.auth.submitChange : t.auth.submitRegister}
      switchLabel={t.auth.toLogin}
      onSwitch={() => switchMode('login')}
      afterError={<p className="form__note">{t.auth.spamNotice}</p>}
    >
      <EmailField form={form} signedInEmail={undefined} />
      <NewPasswordFields form={form} />
      <AuthPasswordField
        form={form}
        field="masterKey"
        label={t.auth.masterKey}
        autoComplete="off"
        hint={t.auth.masterKeyHint}
      />
    </AuthFormFrame>
  );
}
