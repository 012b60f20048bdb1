// First run (create the vault with a master password) and the unlock screen.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fill, useText } from '../../client/text.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import type { Vault } from '../vault/vault.js';
import { MASTER_PASSWORD_MIN_LENGTH } from '../vault/vault.js';
import { shellText } from '../copy.js';
import { InAppNotice } from '../ui/InAppNotice.js';
import { GateScreen } from '../ui/GateScreen.js';
import { backupText } from '../modules/backup/copy.js';
import { RestorePanel } from '../modules/backup/RestorePanel.js';
import { passwordStrength } from '../access/password-strength.js';
import { syncText } from '../modules/sync/copy.js';
import type { SyncEngine } from '../sync/engine.js';
import { PasskeyUnlockChoice, usePasskeyFirst } from '../access/PasskeyUnlock.js';

/**
 * A new vault. With `sync` (online, and the member syncs no other vault), it syncs with the member's other devices
 * from the start unless the member unticks it (docs/sync.md).
 */
export function SetupScreen({ vault, sync }: { vault: Vault; sync?: SyncEngine }) {
  const text = useText(shellText);
  const syncCopy = useText(syncText);
  const [syncOn, setSyncOn] = useState(true);
  const restoreText = useText(backupText);
  const ids = { password: useId(), confirm: useId(), meter: useId(), sync: useId() };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const strength = passwordStrength(password);
  const problems = {
    password: [...password].length < MASTER_PASSWORD_MIN_LENGTH ? text.setup.tooShort : '',
    confirm: confirm !== password ? text.setup.mismatch : '',
    acknowledge: acknowledged ? '' : text.setup.acknowledgeRequired,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problems.password || problems.confirm || problems.acknowledge) return;
    setBusy(true);
    setFailure('');
    try {
      await vault.create(password);
    } catch {
      setFailure(text.setup.failed);
      setBusy(false);
      return;
    }
    if (sync && syncOn) void sync.enableNew();
  }

  return (
    <GateScreen title={text.setup.title}>
      <p>{text.setup.lead}</p>
      <InAppNotice />
      <details className="setup__restore">
        <summary>{restoreText.restoreTitle}</summary>
        <RestorePanel vault={vault} titled={false} />
      </details>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id={ids.password}
          label={text.setup.password}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          problem={submitted && problems.password}
          hint={
            <>
              <div
                className={`strength strength--${strength}`}
                id={ids.meter}
                role="meter"
                aria-valuemin={0}
                aria-valuemax={4}
                aria-valuenow={['too-short', 'weak', 'fair', 'good', 'strong'].indexOf(strength)}
                aria-label={fill(text.setup.strength, { level: text.setup.levels[strength] })}
              >
                <span className="strength__bar" />
              </div>
              <p className="field__hint">
                {fill(text.setup.strength, { level: text.setup.levels[strength] })} · {text.setup.minimum}{' '}
                {text.setup.recommendation}
              </p>
            </>
          }
        />
        <PasswordField
          id={ids.confirm}
          label={text.setup.confirm}
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          problem={submitted && problems.confirm}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          {text.setup.acknowledge}
        </label>
        {submitted && problems.acknowledge && <p className="field__problem">{problems.acknowledge}</p>}
        {sync && (
          <div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={syncOn}
                aria-describedby={ids.sync}
                onChange={(event) => setSyncOn(event.target.checked)}
              />
              {syncCopy.setup.label}
            </label>
            <p className="field__hint" id={ids.sync}>
              {syncCopy.setup.hint}
            </p>
          </div>
        )}
        {failure && (
          <p className="form__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? text.setup.working : text.setup.submit}
        </button>
      </form>
    </GateScreen>
  );
}

export function UnlockScreen({ vault }: { vault: Vault }) {
  const text = useText(shellText);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // With a passkey unlock here, its button takes the focus (PasskeyUnlockChoice); else the password field.
  // Only as the screen opens: a passkey that fails later moves the focus itself.
  const passkeyFirst = useRef(usePasskeyFirst(vault));
  useEffect(() => {
    if (!passkeyFirst.current) input.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(text.unlock.required);
    setBusy(true);
    setError('');
    try {
      const result = await vault.unlock(password);
      if (result === 'wrong-password') setError(text.unlock.wrong);
      if (result === 'damaged-header') setError(text.unlock.damagedHeader);
    } catch {
      setError(text.unlock.failed);
    }
    setBusy(false);
  }

  return (
    <GateScreen title={text.unlock.title}>
      <p>{text.unlock.lead}</p>
      <PasskeyUnlockChoice vault={vault} onFailed={() => input.current?.focus()} />
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id={id}
          inputRef={input}
          label={text.unlock.password}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? text.unlock.working : text.unlock.submit}
        </button>
        <p className="form__note">{text.unlock.forgot}</p>
      </form>
    </GateScreen>
  );
}
