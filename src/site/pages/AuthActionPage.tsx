// Where the mailed links land. Opening a link changes nothing (a mail scanner may open it too): the page asks what
// the link is for, then the person here acts — verifying an address takes the password chosen at sign-up (so a
// link to an account someone else made activates nothing), and a password change takes the new password chosen
// when it was asked for, typed again, or a new one set here.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { fill, textAt, useText } from '../../client/text.js';
import { usePlural } from '../../client/plural.js';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants.js';
import type { ActionInfo } from '../../shared/schemas/auth.js';
import { call, failureMessage } from '../../client/api.js';
import { AuthButton } from '../auth/auth-dialog-context.js';
import { readAutoLogoutMinutes } from '../../client/auto-logout.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import { useSession } from '../auth/session.js';
import { Spinner } from '../ui/Spinner.js';
import { actionText } from './action-copy.js';

type State =
  | { status: 'loading' }
  | { status: 'ready'; info: ActionInfo }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

export function AuthActionPage() {
  const t = useText(catalog);
  const words = useText(actionText);
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const token = params.get('oobCode') ?? '';
  const session = useSession();
  const [state, setState] = useState<State>(
    token ? { status: 'loading' } : { status: 'failed', message: words.missing },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    call('actionInfo', { body: { token } }).then(
      (info) => live && setState({ status: 'ready', info }),
      (failure: unknown) => {
        const [key, values] = failureMessage(failure, 'errors.server/internal');
        if (live) setState({ status: 'failed', message: fill(textAt(t, key), values) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  return (
    <section className="section section--narrow action-page">
      <h1>{words.title}</h1>
      {state.status === 'loading' && (
        <>
          <Spinner />
          <p>{words.working}</p>
        </>
      )}
      {state.status === 'ready' &&
        (state.info.kind === 'verifyEmail' ? (
          <VerifyForm
            token={token}
            info={state.info}
            onDone={(message) => setState({ status: 'done', message })}
          />
        ) : (
          <ResetForm
            token={token}
            info={state.info}
            onDone={(message) => setState({ status: 'done', message })}
          />
        ))}
      {state.status === 'done' && (
        <p className="action-page__result" role="status">
          {state.message}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="form__error" role="alert">
          {state.message}
        </p>
      )}
      <div className="hero__actions">
        {(state.status === 'done' || state.status === 'failed') && !session.user && !session.pending && (
          <AuthButton mode="login" className="button button--primary">
            {words.login}
          </AuthButton>
        )}
        <a className="button button--ghost" href="/">
          {words.home}
        </a>
      </div>
    </section>
  );
}

/** A form for one mailed link: its token, what it is for, and where its outcome goes. */
interface LinkFormProps {
  token: string;
  info: ActionInfo;
  onDone(message: string): void;
}

/** Verifying an address: the password chosen at sign-up, then the member is signed in here. */
function VerifyForm({ token, info, onDone }: LinkFormProps) {
  const t = useText(catalog);
  const words = useText(actionText);
  const session = useSession();
  const id = useId();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setProblem(t.auth.validation.passwordRequired);
    setBusy(true);
    setProblem(null);
    try {
      const { email } = await call('verifyEmail', { body: { token, password } });
      try {
        const answer = await call('login', {
          body: {
            email,
            password,
            idleMinutes: readAutoLogoutMinutes(),
          },
        });
        session.signedIn(answer);
        onDone(answer.pending ? t.auth.success.pending : words.verifiedSignedIn);
      } catch {
        onDone(words.verified);
      }
    } catch (failure) {
      const [key, values] = failureMessage(failure, 'errors.server/internal');
      setProblem(fill(textAt(t, key), values));
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{fill(words.verifyLead, { email: info.email })}</p>
      <PasswordField
        id={id}
        label={t.auth.password}
        value={password}
        visible={visible}
        autoComplete="current-password"
        problem={problem ?? undefined}
        onToggle={() => setVisible(!visible)}
        onChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? t.common.processing : words.verifySubmit}
      </button>
      <p className="form__note">{words.verifyNotYou}</p>
    </form>
  );
}

/**
 * A password change: typing again the password chosen when it was asked for (when one was), or setting a new one
 * (a forgotten password, or a change the person here did not ask for).
 */
function ResetForm({ token, info, onDone }: LinkFormProps) {
  const t = useText(catalog);
  const words = useText(actionText);
  const counted = usePlural();
  const session = useSession();
  const ids = { password: useId(), confirm: useId() };
  const [chosen, setChosen] = useState(info.chosenPassword);
  const [fields, setFields] = useState({ password: '', confirm: '' });
  const [visible, setVisible] = useState({ password: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm' | 'form'; message: string } | null>(
    null,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!fields.password) {
      return setProblem({ field: 'password', message: t.auth.validation.passwordRequired });
    }
    if (!chosen) {
      if (fields.password.length < PASSWORD_MIN_LENGTH) {
        return setProblem({ field: 'password', message: t.auth.validation.passwordShort });
      }
      if (fields.confirm !== fields.password) {
        return setProblem({ field: 'confirm', message: t.auth.validation.passwordMismatch });
      }
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await call('resetPassword', {
        body: {
          token,
          newPassword: fields.password,
          chosen,
        },
      });
      // Every session of the account ended, this browser's included.
      await session.refresh();
      onDone(
        [
          words.passwordChanged,
          ...(result.passkeysRemoved > 0 ? [counted(words.passkeysRemoved, result.passkeysRemoved)] : []),
        ].join('\n'),
      );
    } catch (failure) {
      const [key, values] = failureMessage(failure, 'auth.defaults.passwordChange');
      setProblem({ field: 'form', message: fill(textAt(t, key), values) });
      setBusy(false);
    }
  }

  const shown = (field: 'password' | 'confirm') => (problem?.field === field ? problem.message : undefined);
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{fill(chosen ? words.chosenLead : words.freshLead, { email: info.email })}</p>
      <PasswordField
        id={ids.password}
        label={chosen ? words.chosenLabel : t.auth.newPassword}
        value={fields.password}
        visible={visible.password}
        autoComplete="new-password"
        hint={chosen ? undefined : t.auth.passwordHintRegister}
        problem={shown('password')}
        onToggle={() => setVisible({ ...visible, password: !visible.password })}
        onChange={(value) => {
          setFields({ ...fields, password: value });
          setProblem(null);
        }}
      />
      {!chosen && (
        <PasswordField
          id={ids.confirm}
          label={t.auth.confirmPassword}
          value={fields.confirm}
          visible={visible.confirm}
          autoComplete="new-password"
          problem={shown('confirm')}
          onToggle={() => setVisible({ ...visible, confirm: !visible.confirm })}
          onChange={(value) => {
            setFields({ ...fields, confirm: value });
            setProblem(null);
          }}
        />
      )}
      <p className="form__note">{words.resetEffects}</p>
      {problem?.field === 'form' && (
        <p className="form__error" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? t.common.processing : chosen ? words.chosenSubmit : words.freshSubmit}
      </button>
      {chosen && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setChosen(false);
            setFields({ password: '', confirm: '' });
            setProblem(null);
          }}
        >
          {words.chooseInstead}
        </button>
      )}
    </form>
  );
}
