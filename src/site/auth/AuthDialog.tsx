// The sign-in dialog of the description (§2 "Auth dialog", §4, §5, §8): login and register modes, where
// register means a password change when signed in (with the current password, or a fingerprint), a mailed
// password change when a master key is given, and a new account otherwise; and a forgotten password, which
// mails a link to set a new one. A sign-in may answer that it waits for approval on another device. Each mode is
// a form of its own (LoginForm, RegisterForm, ChangePasswordForm, ForgotForm); this is the dialog around them.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';
import { Popup } from '../../client/ui/Popup.js';
import { FormDialog } from '../../client/ui/FormDialog.js';
import { passkeySupport } from '../../client/passkeys.js';
import { useSession } from './session.js';
import type { AuthMode } from './validation.js';
import type { ModeProps, Notice } from './auth-form.js';
import { LoginForm } from './LoginForm.js';
import { RegisterForm } from './RegisterForm.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { ForgotForm } from './ForgotForm.js';

export interface AuthDialogProps {
  mode: AuthMode;
  onClose(): void;
}

export function AuthDialog({ mode: initialMode, onClose }: AuthDialogProps) {
  const t = useText(catalog);
  const signedInEmail = useSession().user?.email;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  /** Counts the mode's fresh starts: a form mounted anew forgets what was typed and shown. */
  const [start, setStart] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fingerprint, setFingerprint] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);

  // A new initial mode resets the dialog (description §2). Done while rendering, not in an effect: an effect runs
  // after the dialog has painted (a frame later on Preact), and would wipe what a fast hand or autofill typed.
  const [shownFor, setShownFor] = useState(initialMode);
  if (shownFor !== initialMode) {
    setShownFor(initialMode);
    setMode(initialMode);
    setStart((count) => count + 1);
  }

  // Before the paint, so typing that starts at once lands in the first field and is not moved later; here, after
  // the dialog has opened (and taken the focus itself), and again for each mode.
  useLayoutEffect(() => {
    firstField.current?.focus();
  }, [mode, start]);

  // The fingerprint button shows only where a platform authenticator can be used (description §2).
  useEffect(() => {
    let live = true;
    void passkeySupport().then((support) => live && setFingerprint(support === 'ready'));
    return () => {
      live = false;
    };
  }, []);

  const props: ModeProps = {
    signedInEmail,
    fingerprint,
    noticeShown: Boolean(notice),
    firstField,
    showNotice: setNotice,
    switchMode: (next = mode === 'login' ? 'register' : 'login') => {
      setMode(next);
      setStart((count) => count + 1);
    },
  };
  const key = `${mode}-${start}`;
  const [title, form] =
    mode === 'login'
      ? [t.auth.loginTitle, <LoginForm key={key} {...props} />]
      : mode === 'forgot'
        ? [t.auth.forgotTitle, <ForgotForm key={key} {...props} />]
        : signedInEmail
          ? [t.auth.changeTitle, <ChangePasswordForm key={key} {...props} />]
          : [t.auth.registerTitle, <RegisterForm key={key} {...props} />];

  return (
    <FormDialog title={title} closeOnBackdrop focusFirstField={false} onClose={() => !notice && onClose()}>
      {form}
      {notice && (
        <Popup
          title={notice.title ?? t.auth.confirmTitle}
          message={notice.message}
          confirmLabel={notice.action?.label ?? t.common.ok}
          onConfirm={() => {
            setNotice(null);
            if (notice.action) return notice.action.run();
            if (notice.closeDialog) onClose();
          }}
          {...(notice.action ? { cancelLabel: t.common.cancel, onCancel: () => setNotice(null) } : {})}
        />
      )}
    </FormDialog>
  );
}
