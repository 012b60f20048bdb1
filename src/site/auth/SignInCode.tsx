// A sign-in that no signed-in device of the member can confirm (none holds the vault or the master key's verifier)
// waits for the one-time code mailed to the member (src/server/accounts/devices.ts, confirmWithCode): typed here,
// it signs this browser in. Shown on the home page under "waiting", and from the header on any page.
import { useId, useState, type FormEvent } from 'react';
import { SIGN_IN_CODE_DIGITS } from '../../shared/constants.js';
import { catalog } from '../../shared/i18n/index.js';
import { call, failureCode, failureMessage } from '../../client/api.js';
import { fill, textAt, useText } from '../../client/text.js';
import { FormDialog } from '../../client/ui/FormDialog.js';
import { useToast } from '../../client/ui/Toast.js';
import { CancelSignIn } from './CancelSignIn.js';
import { useSession } from './session.js';
import { codeCopy } from './sign-in-code-copy.js';

/** The code as typed, its digits only (a code copied with a space or a dash in it still counts). */
const digitsOf = (typed: string) => typed.replace(/\D/g, '').slice(0, SIGN_IN_CODE_DIGITS);

export function SignInCodeForm({ email }: { email: string }) {
  const t = useText(catalog);
  const words = useText(codeCopy);
  const session = useSession();
  const toast = useToast();
  const fieldId = useId();
  const noteId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const messageOf = (failure: unknown) => {
    const [key, values] = failureMessage(failure, 'auth.defaults.login');
    return fill(textAt(t, key), values);
  };

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (code.length !== SIGN_IN_CODE_DIGITS) return setProblem(words.codeFormat);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call('confirmSignIn', { body: { code } });
      toast(words.confirmed);
      session.signedIn(answer);
    } catch (failure) {
      setCode('');
      // The last wrong try ended this sign-in: the page follows (signed out), the message stays on screen.
      if (failureCode(failure) === 'session/code-spent') {
        toast(t.errors['session/code-spent']);
        void session.refresh();
        return;
      }
      setProblem(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await call('resendSignInCode', {});
      setNote(fill(words.codeResent, { email }));
    } catch (failure) {
      // A device that can answer came back meanwhile: the page shows it waits for that device.
      if (failureCode(failure) === 'session/confirm-on-device') void session.refresh();
      setProblem(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form sign-in-code" onSubmit={(event) => void confirm(event)} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>{words.codeLabel}</label>
        <input
          id={fieldId}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={SIGN_IN_CODE_DIGITS + 4}
          autoFocus
          value={code}
          aria-describedby={noteId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setCode(digitsOf(event.target.value));
            setProblem(null);
          }}
        />
        <p id={noteId} className="form__note">
          {note ?? words.codeSpam}
        </p>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? t.common.processing : words.codeSubmit}
      </button>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={busy}
        onClick={() => void resend()}
      >
        {words.codeResend}
      </button>
    </form>
  );
}

/** The home page's hero while the sign-in waits for its code: what happened, and the form. */
export function SignInCodePanel({ email }: { email: string }) {
  const words = useText(codeCopy);
  return (
    <>
      <p className="welcome-line">{words.codeTitle}</p>
      <p className="hero__sub">{fill(words.codeMessage, { email })}</p>
      <SignInCodeForm email={email} />
    </>
  );
}

/** The code form in a dialog, opened from the header on any page. */
export function SignInCodeDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const words = useText(codeCopy);
  return (
    <FormDialog title={words.codeTitle} onClose={onClose} focusFirstField={false}>
      <p>{fill(words.codeMessage, { email })}</p>
      <SignInCodeForm email={email} />
      <CancelSignIn className="button button--ghost button--block" />
    </FormDialog>
  );
}
