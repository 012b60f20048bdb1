// The login-notification registration card (description §2 "Features", §4): a signed-in member enters their
// master password (at least 4 characters after trimming; it never leaves the device), the browser asks for
// permission when it has not yet, and this device is subscribed and registered — replacing the member's
// previous device. The card says which device is registered, and can unregister.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { MASTER_PASSWORD_PUSH_MIN_LENGTH } from '../../../shared/constants.js';
import type { PushStatus } from '../../../shared/schemas/auth.js';
import { AuthButton } from '../../auth/auth-dialog-context.js';
import { pushStatus, registerPush, unregisterPush, type PushProblem } from '../../auth/push.js';
import { useSession } from '../../auth/session.js';
import { sessionWait } from '../../ui/session-wait.js';
import { sections } from '../../../shared/text.js';
import { words as devices } from '../../../shared/i18n/words/devices.js';
import { textAt, useText } from '../../../client/text.js';
import type { copy } from './copy.js';

// The device names the card shows (devices.names), by the catalog's path.
const words = sections({ devices });

type Text = (typeof copy)['ko']['notifications']['login'];

export function PushCard({ text }: { text: Text }) {
  const t = useText(words);
  const session = useSession();
  const ids = { password: useId(), note: useId() };
  const [masterPassword, setMasterPassword] = useState('');
  const [state, setState] = useState<'idle' | 'registering'>('idle');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [status, setStatus] = useState<{ status: PushStatus; here: boolean } | null>(null);
  const signedIn = Boolean(session.user);

  useEffect(() => {
    if (!signedIn) return setStatus(null);
    let live = true;
    void pushStatus().then(
      (found) => live && setStatus(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const problems: Record<PushProblem, string> = {
    unsupported: text.unsupported,
    permission: text.permissionFailed,
    save: text.saveFailed,
    failed: text.failed,
  };

  async function register(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (masterPassword.trim().length < MASTER_PASSWORD_PUSH_MIN_LENGTH) {
      return setMessage({ kind: 'error', text: text.tooShort });
    }
    setState('registering');
    try {
      const outcome = await registerPush();
      setMasterPassword('');
      if (!outcome.ok) return setMessage({ kind: 'error', text: problems[outcome.problem] });
      setMessage({ kind: 'ok', text: text.success });
      setStatus(await pushStatus());
    } catch {
      setMessage({ kind: 'error', text: text.failed });
    } finally {
      setState('idle');
    }
  }

  async function unregister() {
    setMessage(null);
    try {
      await unregisterPush();
      setMessage({ kind: 'ok', text: text.unregistered });
      setStatus(await pushStatus());
    } catch {
      setMessage({ kind: 'error', text: text.failed });
    }
  }

  if (!signedIn) {
    return (
      <div className="features-register" {...sessionWait(session.loading)}>
        <AuthButton mode="login" className="button button--primary">
          {text.login}
        </AuthButton>
        <p className="features-register__note">{text.signedOut}</p>
      </div>
    );
  }

  const registeredElsewhere = status?.status.registered && !status.here;
  return (
    <form className="features-register features-register--form" onSubmit={(event) => void register(event)}>
      {status && (
        <p className="features-register__note" role="status">
          {status.here
            ? text.statusHere
            : registeredElsewhere
              ? text.statusElsewhere.replace(
                  '{{device}}',
                  textAt(t, `devices.names.${status.status.deviceName}`, status.status.deviceName ?? ''),
                )
              : text.statusNone}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.password}>{text.masterPassword}</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="off"
          aria-describedby={ids.note}
          value={masterPassword}
          onChange={(event) => setMasterPassword(event.target.value)}
        />
        <p className="field__hint" id={ids.note}>
          {text.masterHint}
        </p>
      </div>
      <div className="features-register__actions">
        <button type="submit" className="button button--primary" disabled={state === 'registering'}>
          {state === 'registering' ? text.registering : text.button}
        </button>
        {status?.here && (
          <button type="button" className="button button--ghost" onClick={() => void unregister()}>
            {text.unregister}
          </button>
        )}
      </div>
      {message && (
        <p className={message.kind === 'ok' ? 'form__note' : 'form__error'} role="alert">
          {message.text}
        </p>
      )}
    </form>
  );
}
