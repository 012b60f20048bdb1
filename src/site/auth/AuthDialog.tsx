// The sign-in dialog of the description (§2 "Auth dialog", §4, §5, §8): login and register modes, where
// register means a password change when signed in (with the current password, or a fingerprint), a mailed
// password change when a master key is given, and a new account otherwise; and a forgotten password, which
// mails a link to set a new one. A sign-in may answer that it waits for approval on another device.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { activeLanguage, fill, textAt, useText } from '../../client/text.js';
import type { SessionResponse } from '../../shared/schemas/auth.js';
import { call, failureCode, failureMessage } from '../../client/api.js';
import { Popup } from '../../client/ui/Popup.js';
import { FormDialog } from '../../client/ui/FormDialog.js';
import { readAutoLogoutMinutes } from '../../client/auto-logout.js';
import { checkDeviceMasterKey } from './master-key-store.js';
import {
  passkeyMessageKey,
  passkeySupport,
  proveWithPasskey,
  registerPasskey,
  signInWithPasskey,
} from './passkeys.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
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

const EMPTY = { email: '', password: '', confirm: '', masterKey: '', current: '' };
/** Every password field starts hidden, in each mode: a password shown in one mode is not shown in the next. */
const HIDDEN = { password: false, confirm: false, masterKey: false, current: false };

export function AuthDialog({ mode: initialMode, onClose }: AuthDialogProps) {
  const t = useText(catalog);
  const session = useSession();
  const signedInEmail = session.user?.email;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState(EMPTY);
  const [visible, setVisible] = useState(HIDDEN);
  const [touched, setTouched] = useState({ email: false, password: false, confirm: false, current: false });
  /** Signed in, the member proved it is them with a fingerprint instead of the current password. */
  const [proven, setProven] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fingerprint, setFingerprint] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);
  const ids = {
    email: useId(),
    password: useId(),
    confirm: useId(),
    masterKey: useId(),
    current: useId(),
    error: useId(),
  };
  const UNTOUCHED = { email: false, password: false, confirm: false, current: false };

  // A new initial mode resets the dialog (description §2). Done while rendering, not in an effect: an effect runs
  // after the dialog has painted (a frame later on Preact), and would wipe what a fast hand or autofill typed.
  const [shownFor, setShownFor] = useState(initialMode);
  if (shownFor !== initialMode) {
    setShownFor(initialMode);
    setMode(initialMode);
    setFields(EMPTY);
    setTouched(UNTOUCHED);
    setVisible(HIDDEN);
    setError(null);
  }

  /** A sign-in's answer: signed in, or waiting for approval on the member's other device. */
  function signedInNotice(answer: SessionResponse, extra?: string) {
    session.signedIn(answer);
    const message = answer.pending ? t.auth.success.pending : t.auth.success.login;
    setNotice({ message: extra && !answer.pending ? `${message}\n${extra}` : message, closeDialog: true });
  }

  // Before the paint, so typing that starts at once lands in the first field and is not moved later.
  useLayoutEffect(() => {
    firstField.current?.focus();
  }, [mode]);

  // A failure is read out and takes the focus, so the keyboard carries on from the message (a confirmation
  // popup, when one opens with it, has the focus until it is answered).
  useLayoutEffect(() => {
    if (error && !notice) errorBox.current?.focus();
  }, [error, notice]);

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
      setTouched({ email: true, password: true, confirm: true, current: true });
      if (hasProblems(problems)) return;
      setBusy(true);
      try {
        const answer = await call('login', {
          body: {
            email: fields.email.trim(),
            password: fields.password,
            idleMinutes: readAutoLogoutMinutes(),
          },
        });
        // A sign-in waiting for approval may not add a passkey; once approved, the home page offers it.
        if (answer.pending) return signedInNotice(answer);
        const registered = await registerPasskey();
        signedInNotice(
          answer,
          registered.ok
            ? t.biometric.registered
            : textAt(t, passkeyMessageKey(registered.problem, 'register')),
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
      if (outcome.ok) {
        signedInNotice(outcome.value);
      } else {
        setError(textAt(t, passkeyMessageKey(outcome.problem, 'login')));
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
  // Changing the password while signed in needs the current one (or a fingerprint just now).
  const changing = mode === 'register' && Boolean(signedInEmail);
  const currentProblem =
    changing && !proven && !fields.current ? 'auth.validation.currentRequired' : undefined;
  const shown = (field: keyof AuthProblems) => (touched[field] ? problems[field] : undefined);

  function switchMode(next: AuthMode = mode === 'login' ? 'register' : 'login') {
    setMode(next);
    setFields(EMPTY);
    setTouched(UNTOUCHED);
    setVisible(HIDDEN);
    setError(null);
  }

  function close() {
    setFields(EMPTY);
    setVisible(HIDDEN);
    onClose();
  }

  function update(field: keyof typeof EMPTY, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    if (field !== 'masterKey') setTouched((current) => ({ ...current, [field]: true }));
    setError(null);
  }

  function messageOf(failure: unknown, fallbackKey: string): string {
    const [key, values] = failureMessage(failure, fallbackKey);
    return fill(textAt(t, key), values);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, password: true, confirm: true, current: true });
    if (hasProblems(problems) || currentProblem || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (mode === 'login') await login();
      else if (mode === 'forgot') await requestReset();
      else if (signedInEmail) await changePassword();
      else if (fields.masterKey.trim()) await requestPasswordChange();
      else await register();
    } finally {
      setBusy(false);
    }
  }

  async function login() {
    try {
      const answer = await call('login', {
        body: {
          email: email.trim(),
          password: fields.password,
          idleMinutes: readAutoLogoutMinutes(),
        },
      });
      signedInNotice(answer);
    } catch (failure) {
      if (failureCode(failure) === 'auth/email-not-verified') {
        setError(textAt(t, 'errors.auth/email-not-verified'));
        setNotice({ message: t.auth.resendQuestion, offerResend: true });
      } else {
        setError(messageOf(failure, 'auth.defaults.login'));
      }
    }
  }

  async function requestReset() {
    try {
      await call('requestPasswordReset', { body: { email: email.trim(), lang: activeLanguage() } });
      setNotice({
        message: fill(t.auth.success.forgotMailSent, { email: email.trim().toLowerCase() }),
        closeDialog: true,
      });
    } catch (failure) {
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

  async function resendVerification() {
    setNotice(null);
    setBusy(true);
    try {
      await call('resendVerification', {
        body: {
          email: email.trim(),
          password: fields.password,
          lang: activeLanguage(),
        },
      });
      setError(null);
      setNotice({ message: fill(t.auth.success.verificationResent, { email: email.trim().toLowerCase() }) });
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.login'));
    } finally {
      setBusy(false);
    }
  }

  async function changePassword() {
    try {
      await call('changePassword', {
        body: {
          ...(fields.current ? { currentPassword: fields.current } : {}),
          newPassword: fields.password,
        },
      });
      setNotice({ message: t.auth.success.passwordChanged, closeDialog: true });
    } catch (failure) {
      if (failureCode(failure) === 'auth/reauth-required') setProven(false);
      setError(messageOf(failure, 'auth.defaults.passwordChange'));
    }
  }

  async function requestPasswordChange() {
    const check = await checkDeviceMasterKey(fields.masterKey);
    if (check === 'not-set') return setError(t.auth.masterKeyNotSet);
    if (check === 'incorrect') return setError(t.auth.masterKeyIncorrect);
    try {
      await call('requestPasswordReset', {
        body: {
          email: email.trim(),
          newPassword: fields.password,
          lang: activeLanguage(),
        },
      });
      setNotice({
        message: fill(t.auth.success.resetMailSent, { email: email.trim().toLowerCase() }),
        closeDialog: true,
      });
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.passwordChange'));
    }
  }

  async function register() {
    try {
      await call('signup', {
        body: {
          email: email.trim(),
          password: fields.password,
          lang: activeLanguage(),
        },
      });
      setNotice({
        message: fill(t.auth.success.registered, { email: email.trim().toLowerCase() }),
        closeDialog: true,
      });
    } catch (failure) {
      setError(messageOf(failure, 'auth.defaults.register'));
    }
  }

  const title =
    mode === 'login'
      ? t.auth.loginTitle
      : mode === 'forgot'
        ? t.auth.forgotTitle
        : signedInEmail
          ? t.auth.changeTitle
          : t.auth.registerTitle;
  // Register mode changes a password when signed in or given a master key (description §4): the button says so.
  const submitLabel =
    mode === 'login'
      ? t.auth.submitLogin
      : mode === 'forgot'
        ? t.auth.submitForgot
        : signedInEmail || fields.masterKey.trim()
          ? t.auth.submitChange
          : t.auth.submitRegister;

  return (
    <FormDialog title={title} closeOnBackdrop focusFirstField={false} onClose={() => !notice && close()}>
      <form className="form" noValidate onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
        {mode === 'forgot' && <p className="form__note">{t.auth.forgotLead}</p>}
        <div className="field">
          <label htmlFor={ids.email}>{t.auth.email}</label>
          <input
            ref={signedInEmail ? undefined : firstField}
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
            onChange={(event) => update('email', event.target.value)}
          />
          {shown('email') && <p className="field__problem">{textAt(t, shown('email')!)}</p>}
        </div>

        {changing && !proven && (
          <PasswordField
            id={ids.current}
            inputRef={firstField}
            label={t.auth.currentPassword}
            value={fields.current}
            visible={visible.current}
            autoComplete="current-password"
            problem={touched.current && currentProblem && textAt(t, currentProblem)}
            onToggle={() => setVisible((current) => ({ ...current, current: !current.current }))}
            onChange={(value) => update('current', value)}
          />
        )}
        {changing && !proven && fingerprint && (
          <button
            type="button"
            className="link-button"
            aria-disabled={busy}
            onClick={() => void proveByFingerprint()}
          >
            {t.auth.reauth.fingerprint}
          </button>
        )}

        {mode !== 'forgot' && (
          <PasswordField
            id={ids.password}
            inputRef={signedInEmail && proven ? firstField : undefined}
            label={mode === 'login' ? t.auth.password : t.auth.newPassword}
            value={fields.password}
            visible={visible.password}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            hint={mode === 'login' ? t.auth.passwordHintLogin : t.auth.passwordHintRegister}
            problem={shown('password') && textAt(t, shown('password')!)}
            onToggle={() => setVisible((current) => ({ ...current, password: !current.password }))}
            onChange={(value) => update('password', value)}
          />
        )}

        {mode === 'register' && (
          <PasswordField
            id={ids.confirm}
            label={t.auth.confirmPassword}
            value={fields.confirm}
            visible={visible.confirm}
            autoComplete="new-password"
            problem={shown('confirm') && textAt(t, shown('confirm')!)}
            onToggle={() => setVisible((current) => ({ ...current, confirm: !current.confirm }))}
            onChange={(value) => update('confirm', value)}
          />
        )}

        {mode === 'register' && !signedInEmail && (
          <PasswordField
            id={ids.masterKey}
            label={t.auth.masterKey}
            value={fields.masterKey}
            visible={visible.masterKey}
            autoComplete="off"
            hint={t.auth.masterKeyHint}
            onToggle={() => setVisible((current) => ({ ...current, masterKey: !current.masterKey }))}
            onChange={(value) => update('masterKey', value)}
          />
        )}

        {error && (
          <p id={ids.error} ref={errorBox} className="form__error" role="alert" tabIndex={-1}>
            {error}
          </p>
        )}
        {mode === 'register' && !signedInEmail && <p className="form__note">{t.auth.spamNotice}</p>}

        {/* Busy, the button refuses presses but keeps the focus: a disabled one would drop it out of the dialog. */}
        <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
          {busy ? t.common.processing : submitLabel}
        </button>
        {mode === 'login' && !signedInEmail && fingerprint && (
          <button
            type="button"
            className="button button--ghost button--block"
            aria-disabled={busy}
            onClick={() => void fingerprintLogin()}
          >
            {t.biometric.loginButton}
          </button>
        )}
        {mode === 'login' && !signedInEmail && (
          <button type="button" className="link-button" onClick={() => switchMode('forgot')}>
            {t.auth.forgotLink}
          </button>
        )}
        <button type="button" className="link-button" onClick={() => switchMode()}>
          {mode === 'login' ? t.auth.toRegister : t.auth.toLogin}
        </button>
      </form>

      {notice && (
        <Popup
          title={notice.offerResend ? t.auth.resendTitle : t.auth.confirmTitle}
          message={notice.message}
          confirmLabel={notice.offerResend ? t.auth.resendButton : t.common.ok}
          onConfirm={() => {
            if (notice.offerResend) return void resendVerification();
            setNotice(null);
            if (notice.closeDialog) close();
          }}
          {...(notice.offerResend ? { cancelLabel: t.common.cancel, onCancel: () => setNotice(null) } : {})}
        />
      )}
    </FormDialog>
  );
}
