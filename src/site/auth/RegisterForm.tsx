// The sign-in dialog's register mode, signed out: a new account, or — with the device's master key — a password
// change confirmed by a mailed link (description §4).
import { useEffect } from 'react';
import { activeLanguage, fill } from '../../client/text.js';
import { call } from '../../client/api.js';
import { useLoad } from '../../client/use-load.js';
import { formatDomains } from '../../client/format.js';
import type { SignupPolicy } from '../../shared/schemas/auth.js';
import { checkDeviceMasterKey } from './master-key-store.js';
import { takeQueryParam } from '../ui/query-param.js';
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
  // Who may sign up here, for a note above the fields when the site is not open to everyone.
  const policy = useLoad(() => call('signupPolicy'));
  const note = policy.data && !policy.data.open ? signupNote(t, policy.data.domains) : null;

  // An invitation's link names the invited address (/?auth=register&email=…): it fills the field, once.
  useEffect(() => {
    const invited = takeQueryParam('email');
    if (invited) form.update('email', invited);
    // Only on opening: the form's own updates never read the address again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
      const answer = await call('signup', {
        body: { email: email.trim(), password: fields.password, lang: activeLanguage() },
      });
      // Where only invited addresses may sign up, the server answers every address alike: whether a mail
      // follows is for the mailbox to tell.
      const open = policy.data !== undefined && welcomesEveryone(policy.data, answer.email);
      mailed(open ? t.auth.success.registered : t.auth.success.registeredIfInvited);
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
      lead={
        note && (
          <p className="form__note" data-testid="signup-policy">
            {note}
          </p>
        )
      }
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

/** Whether the site lets anyone with this (normalized) address sign up, invited or not. */
function welcomesEveryone(policy: SignupPolicy, email: string): boolean {
  if (policy.open) return true;
  return policy.domains.includes(email.slice(email.lastIndexOf('@') + 1));
}

/** The note for a site not open to every address: its domains, or invitations only. */
function signupNote(t: ReturnType<typeof useAuthForm>['t'], domains: readonly string[]): string {
  if (domains.length === 0) return t.auth.signupInvitationOnly;
  return fill(t.auth.signupDomains, { domains: formatDomains(domains, activeLanguage(), 'disjunction') });
}
