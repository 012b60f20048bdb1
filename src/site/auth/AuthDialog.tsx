// The sign-in dialog of the description (§2 "Auth dialog", §4, §5, §8): login and register modes, where
// register means a password change when signed in, a mailed password change when a master key is given, and a
// new account otherwise.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionResponse } from '../../shared/schemas/auth.js';
import { api, failureCode, type FailureCode } from '../api.js';
import { deviceId } from '../device.js';
import { currentLanguage } from '../i18n.js';
import { Popup } from '../ui/Popup.js';
import { trapTab, useRestoreFocus } from '../ui/use-dialog-focus.js';
import { checkDeviceMasterKey } from './master-key-store.js';
import { passkeyMessageKey, passkeySupport, registerPasskey, signInWithPasskey } from './passkeys.js';
import { useSession } from './session.js';
import { hasProblems, validateAuth, type AuthMode, type AuthProblems } from './validation.js';

export interface AuthDialogProps {
  mode: AuthMode;
  onClose(): void;
}

interface Notice {
  message: string;
  /** Also offers to resend the verification mail. */
  offerResend?: boolean;
  closeDialog?: boolean;
}

const EMPTY = { email: '', password: '', confirm: '', masterKey: '' };

export function AuthDialog({ mode: initialMode, onClose }: AuthDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signedInEmail = session.user?.email;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState(EMPTY);
  const [visible, setVisible] = useState({ password: false, confirm: false, masterKey: false });
  const [touched, setTouched] = useState({ email: false, password: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fingerprint, setFingerprint] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useRestoreFocus();
  const titleId = useId();
  const ids = { email: useId(), password: useId(), confirm: useId(), masterKey: useId(), error: useId() };

  // A new initial mode resets the dialog (description §2).
  useEffect(() => {
    setMode(initialMode);
    setFields(EMPTY);
    setTouched({ email: false, password: false, confirm: false });
    setError(null);
  }, [initialMode]);

  useEffect(() => {
    firstField.current?.focus();
  }, [mode]);

  // The fingerprint button shows only where a platform authenticator can be used (description §2).
  useEffect(() => {
    let live = true;
    void passkeySupport().then((support) => live && setFingerprint(support === 'ready'));
    return () => {
      live = false;
    };
  }, []);

  /**
   * The fingerprint button (description §4 "Fingerprint"): with the e-mail and password typed in, a member
   * whose fingerprint is not registered yet logs in with them and registers it on this device in one go;
   * otherwise the passkey alone signs in.
   */
  async function fingerprintLogin() {
    if (busy) return;
    setError(null);
    if (fields.email.trim() && fields.password) {
      setTouched({ email: true, password: true, confirm: true });
      if (hasProblems(problems)) return;
      setBusy(true);
      try {
        const { user } = await api<SessionResponse>('POST', '/api/auth/login', {
          email: fields.email.trim(),
          password: fields.password,
          deviceId: deviceId(),
        });
        if (user) session.signedIn(user);
        const registered = await registerPasskey();
        setNotice({
          message: registered.ok
            ? `${t('auth.success.login')}\n${t('biometric.registered')}`
            : `${t('auth.success.login')}\n${t(passkeyMessageKey(registered.problem, 'register'))}`,
          closeDialog: true,
        });
      } catch (failure) {
        setError(messageFor(failureCode(failure), 'auth.defaults.login'));
      } finally {
        setBusy(false);
      }
      return;
    }
    setBusy(true);
    try {
      const outcome = await signInWithPasskey();
      if (outcome.ok) {
        session.signedIn(outcome.value);
        setNotice({ message: t('auth.success.login'), closeDialog: true });
      } else {
        setError(t(passkeyMessageKey(outcome.problem, 'login')));
      }
    } finally {
      setBusy(false);
    }
  }

  const email = signedInEmail ?? fields.email;
  const problems: AuthProblems = validateAuth(mode, {
    email,
    password: fields.password,
    confirm: fields.confirm,
  });
  const shown = (field: keyof AuthProblems) => (touched[field] ? problems[field] : undefined);

  function switchMode() {
    setMode(mode === 'login' ? 'register' : 'login');
    setFields(EMPTY);
    setTouched({ email: false, password: false, confirm: false });
    setError(null);
  }

  function close() {
    setFields(EMPTY);
    onClose();
  }

  function update(field: keyof typeof EMPTY, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    if (field !== 'masterKey') setTouched((current) => ({ ...current, [field]: true }));
    setError(null);
  }

  function messageFor(code: FailureCode, fallbackKey: string): string {
    if (code === 'network') return t('errors.network');
    if (code === 'server/internal') return t(fallbackKey);
    return t(`errors.${code}`);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, password: true, confirm: true });
    if (hasProblems(problems) || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (mode === 'login') await login();
      else if (signedInEmail) await changePassword();
      else if (fields.masterKey.trim()) await requestPasswordChange();
      else await register();
    } finally {
      setBusy(false);
    }
  }

  async function login() {
    try {
      const { user } = await api<SessionResponse>('POST', '/api/auth/login', {
        email: email.trim(),
        password: fields.password,
        deviceId: deviceId(),
      });
      if (user) session.signedIn(user);
      setNotice({ message: t('auth.success.login'), closeDialog: true });
    } catch (failure) {
      const code = failureCode(failure);
      if (code === 'auth/email-not-verified') {
        setError(t('errors.auth/email-not-verified'));
        setNotice({ message: t('auth.resendQuestion'), offerResend: true });
      } else {
        setError(messageFor(code, 'auth.defaults.login'));
      }
    }
  }

  async function resendVerification() {
    setNotice(null);
    setBusy(true);
    try {
      await api('POST', '/api/auth/resend-verification', {
        email: email.trim(),
        password: fields.password,
        lang: currentLanguage(),
      });
      setError(null);
      setNotice({ message: t('auth.success.verificationResent', { email: email.trim().toLowerCase() }) });
    } catch (failure) {
      setError(messageFor(failureCode(failure), 'auth.defaults.login'));
    } finally {
      setBusy(false);
    }
  }

  async function changePassword() {
    try {
      await api('POST', '/api/auth/password', { newPassword: fields.password });
      setNotice({ message: t('auth.success.passwordChanged'), closeDialog: true });
    } catch (failure) {
      setError(messageFor(failureCode(failure), 'auth.defaults.passwordChange'));
    }
  }

  async function requestPasswordChange() {
    const check = await checkDeviceMasterKey(fields.masterKey);
    if (check === 'not-set') return setError(t('auth.masterKeyNotSet'));
    if (check === 'incorrect') return setError(t('auth.masterKeyIncorrect'));
    try {
      await api('POST', '/api/auth/password-reset', {
        email: email.trim(),
        newPassword: fields.password,
        lang: currentLanguage(),
      });
      setNotice({
        message: t('auth.success.resetMailSent', { email: email.trim().toLowerCase() }),
        closeDialog: true,
      });
    } catch (failure) {
      setError(messageFor(failureCode(failure), 'auth.defaults.passwordChange'));
    }
  }

  async function register() {
    try {
      await api('POST', '/api/auth/signup', {
        email: email.trim(),
        password: fields.password,
        lang: currentLanguage(),
      });
      setNotice({
        message: t('auth.success.registered', { email: email.trim().toLowerCase() }),
        closeDialog: true,
      });
    } catch (failure) {
      setError(messageFor(failureCode(failure), 'auth.defaults.register'));
    }
  }

  const title =
    mode === 'login' ? t('auth.loginTitle') : signedInEmail ? t('auth.changeTitle') : t('auth.registerTitle');
  const submitLabel =
    mode === 'login'
      ? t('auth.submitLogin')
      : signedInEmail
        ? t('auth.submitChange')
        : t('auth.submitRegister');

  return (
    <div
      className="overlay"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && close()}
    >
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !notice) {
            event.stopPropagation();
            close();
          }
          trapTab(dialogRef, event);
        }}
      >
        <div className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={close}>
            ×
          </button>
        </div>
        <form className="form" noValidate onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
          <div className="field">
            <label htmlFor={ids.email}>{t('auth.email')}</label>
            <input
              ref={signedInEmail ? undefined : firstField}
              id={ids.email}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder={t('auth.emailPlaceholder')}
              value={email}
              readOnly={Boolean(signedInEmail)}
              className={signedInEmail ? 'input--readonly' : undefined}
              aria-invalid={Boolean(shown('email'))}
              onChange={(event) => update('email', event.target.value)}
            />
            {shown('email') && <p className="field__problem">{t(shown('email')!)}</p>}
          </div>

          <PasswordField
            id={ids.password}
            inputRef={signedInEmail ? firstField : undefined}
            label={mode === 'login' ? t('auth.password') : t('auth.newPassword')}
            value={fields.password}
            visible={visible.password}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            hint={mode === 'login' ? t('auth.passwordHintLogin') : t('auth.passwordHintRegister')}
            problem={shown('password') && t(shown('password')!)}
            onToggle={() => setVisible((current) => ({ ...current, password: !current.password }))}
            onChange={(value) => update('password', value)}
          />

          {mode === 'register' && (
            <PasswordField
              id={ids.confirm}
              label={t('auth.confirmPassword')}
              value={fields.confirm}
              visible={visible.confirm}
              autoComplete="new-password"
              problem={shown('confirm') && t(shown('confirm')!)}
              onToggle={() => setVisible((current) => ({ ...current, confirm: !current.confirm }))}
              onChange={(value) => update('confirm', value)}
            />
          )}

          {mode === 'register' && !signedInEmail && (
            <PasswordField
              id={ids.masterKey}
              label={t('auth.masterKey')}
              value={fields.masterKey}
              visible={visible.masterKey}
              autoComplete="off"
              hint={t('auth.masterKeyHint')}
              onToggle={() => setVisible((current) => ({ ...current, masterKey: !current.masterKey }))}
              onChange={(value) => update('masterKey', value)}
            />
          )}

          {error && (
            <p id={ids.error} className="form__error" role="alert">
              {error}
            </p>
          )}
          {mode === 'register' && !signedInEmail && <p className="form__note">{t('auth.spamNotice')}</p>}

          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('common.processing') : submitLabel}
          </button>
          {mode === 'login' && !signedInEmail && fingerprint && (
            <button
              type="button"
              className="button button--ghost button--block"
              disabled={busy}
              onClick={() => void fingerprintLogin()}
            >
              {t('biometric.loginButton')}
            </button>
          )}
          <button type="button" className="link-button" onClick={switchMode}>
            {mode === 'login' ? t('auth.toRegister') : t('auth.toLogin')}
          </button>
        </form>
      </div>

      {notice && (
        <Popup
          title={notice.offerResend ? t('auth.resendTitle') : t('auth.confirmTitle')}
          message={notice.message}
          confirmLabel={notice.offerResend ? t('auth.resendButton') : t('common.ok')}
          onConfirm={() => {
            if (notice.offerResend) return void resendVerification();
            setNotice(null);
            if (notice.closeDialog) close();
          }}
          {...(notice.offerResend
            ? { cancelLabel: t('common.cancel'), onCancel: () => setNotice(null) }
            : {})}
        />
      )}
    </div>
  );
}

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  visible: boolean;
  autoComplete: string;
  hint?: string;
  problem?: string | false | undefined;
  inputRef?: React.Ref<HTMLInputElement> | undefined;
  onToggle(): void;
  onChange(value: string): void;
}

function PasswordField({
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
  const { t } = useTranslation();
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
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          aria-controls={id}
          onClick={onToggle}
        >
          {visible ? t('auth.hide') : t('auth.show')}
        </button>
      </div>
      {problem ? <p className="field__problem">{problem}</p> : hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}
