// Fingerprint or face unlock on screen: the lock screen's button, the settings panel that turns it on and lists the
// member's devices that use it, and the one check that signs in and unlocks (docs/security.md, "Unlocking with a
// passkey"). The work is in passkey-unlock.ts.
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { call } from '../../client/api.js';
import { formatDateTime, formatInstantDate } from '../../client/format.js';
import { readAppSession } from './app-session.js';
import { lastMember } from '../../client/member.js';
import { fill, useLanguage, useText } from '../../client/text.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import { useToast } from '../../client/ui/Toast.js';
import { isErrorCode } from '../../shared/errors.js';
import { errorMessage } from '../../shared/i18n/error-message.js';
import type { PasskeySummary } from '../../shared/schemas/auth.js';
import { shellText } from '../copy.js';
import { useVault, useVaultVersion } from '../vault/react.js';
import type { Vault } from '../vault/vault.js';
import {
  enrolPasskeyUnlock,
  passkeyUnlockSupport,
  turnOffPasskeyUnlock,
  unlockWithPasskey,
  type UnlockProblem,
} from './passkey-unlock.js';

/** A problem of a passkey check in the member's language. */
export function usePasskeyProblem(): (problem: UnlockProblem) => string {
  const text = useText(shellText).passkey.problems;
  const { lang } = useLanguage();
  return (problem) => {
    if (problem.startsWith('api:')) {
      const code = problem.slice('api:'.length);
      // The site's words for these send the member to their ID and password; here the way out is the master password.
      if (code === 'passkey/verification-failed' || code === 'passkey/invalid-response') return text.refused;
      if (code === 'passkey/counter-rejected') return text.copied;
      return isErrorCode(code) ? errorMessage(lang, code) : text.failed;
    }
    switch (problem) {
      case 'cancelled':
      case 'denied':
      case 'refused':
      case 'ended':
      case 'no-prf':
      case 'unsupported':
      case 'no-platform':
      case 'hidden':
      case 'network':
      case 'wrong-master':
      case 'account-password':
      case 'master-due':
        return text[problem];
      case 'not-supported':
        return text['no-platform'];
      case 'not-registered':
        return text.ended;
      default:
        return text.failed;
    }
  };
}

/** Whether this device can unlock with a passkey (null while it is asked), and its setter for what a try found. */
function useSupport() {
  const [support, setSupport] = useState<'ready' | UnlockProblem | null>(null);
  useEffect(() => {
    let live = true;
    void passkeyUnlockSupport().then((found) => live && setSupport(found));
    return () => {
      live = false;
    };
  }, []);
  return [support, setSupport] as const;
}

/**
 * The lock screen's part: with a passkey unlock on this device, its button first (the master password's form stays
 * beside it); when the master password is due, why; where the browser cannot, why not, and no button.
 */
export function PasskeyUnlockChoice({ vault, onFailed }: { vault: Vault; onFailed: () => void }) {
  const text = useText(shellText).passkey;
  const problemText = usePasskeyProblem();
  useSyncExternalStore(vault.subscribe, () => vault.version);
  const [support] = useSupport();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState('');
  const passkey = vault.passkey;
  // What the last check said stays in view when it ended the passkey unlock or made the master password due.
  const said = problem && (
    <p className="form__error" role="alert">
      {problem}
    </p>
  );
  if (!passkey || support === null) return said || null;
  const due = vault.masterPasswordDue();
  if (due) {
    return (
      <>
        {said}
        <p className="form__note passkey-unlock__due" role="status">
          {text.due[due]}
        </p>
      </>
    );
  }
  if (support !== 'ready') return <p className="form__note">{problemText(support)}</p>;

  async function check() {
    setChecking(true);
    setProblem('');
    try {
      const outcome = await unlockWithPasskey(vault, navigator.onLine);
      if (!outcome.ok) {
        setProblem(problemText(outcome.problem));
        onFailed();
      }
    } catch {
      setProblem(text.problems.failed);
      onFailed();
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="passkey-unlock">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={checking}
        // The passkey is offered first: the member's next step is one touch.
        autoFocus
        onClick={() => void check()}
      >
        {checking ? text.working : text.unlock}
      </button>
      {said}
      <p className="passkey-unlock__or">{text.orPassword}</p>
    </div>
  );
}

/** Whether the lock screen opens on the passkey's button (the password field then does not take the focus). */
export function usePasskeyFirst(vault: Vault): boolean {
  useSyncExternalStore(vault.subscribe, () => vault.version);
  return vault.passkey !== null && vault.masterPasswordDue() === null;
}

/** The settings panel: turn it on for this device, see and turn off every device's, and how this session opened. */
export function PasskeyUnlockSettings() {
  const shell = useText(shellText);
  const text = shell.passkey.settings;
  const problemText = usePasskeyProblem();
  const { lang } = useLanguage();
  const toast = useToast();
  const vault = useVault();
  useVaultVersion();
  const [support, setSupport] = useSupport();
  const ids = { heading: useId(), master: useId(), account: useId(), list: useId() };
  const [master, setMaster] = useState('');
  const [account, setAccount] = useState('');
  const [askAccount, setAskAccount] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [devices, setDevices] = useState<PasskeySummary[] | 'failed' | null>(null);
  const own = vault.passkey;
  const session = readAppSession();

  const load = useCallback(async () => {
    try {
      const { passkeys } = await call('passkeys');
      setDevices(passkeys.filter((passkey) => passkey.vaultUnlockAt !== null));
    } catch {
      setDevices('failed');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, vault.passkeyRevision]);

  async function turnOn() {
    setProblem('');
    const member = lastMember();
    if (!master) return setProblem(shell.unlock.required);
    // The member this device signed in last (written at every sign-in): without it, nothing to tie the unlock to.
    if (!member) return setProblem(problemText('failed'));
    setBusy(true);
    try {
      const outcome = await enrolPasskeyUnlock(vault, member, master, askAccount ? account : undefined);
      if (outcome.ok) {
        setMaster('');
        setAccount('');
        setAskAccount(false);
        toast(text.on);
        await load();
        return;
      }
      if (outcome.problem === 'account-password') setAskAccount(true);
      // This device's passkeys cannot unlock: nothing more is offered here, and why stays in view.
      if (outcome.problem === 'no-prf') setSupport('no-prf');
      setProblem(problemText(outcome.problem));
    } catch {
      setProblem(problemText('failed'));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(device: PasskeySummary) {
    setProblem('');
    try {
      if (device.id === own?.passkeyId) await turnOffPasskeyUnlock(vault);
      else await call('endPasskeyUnlock', { params: { id: device.id } });
      toast(fill(text.removed, { device: device.deviceName }));
      await load();
    } catch {
      setProblem(problemText('network'));
    }
  }

  return (
    <section className="panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{text.heading}</h2>
      <p>{text.lead}</p>
      <p className="form__note">{text.keeps}</p>
      {session && (
        <p className="form__note">
          {text.session[session.biometricLogin ? 'passkey' : 'password']}{' '}
          {formatDateTime(session.loginTime, lang)}
        </p>
      )}
      {!own && support !== null && support !== 'ready' && (
        <p className="form__note" role="status">
          {problemText(support)}
        </p>
      )}
      {!own && support === 'ready' && (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void turnOn();
          }}
        >
          <PasswordField
            id={ids.master}
            label={text.masterPassword}
            value={master}
            onChange={setMaster}
            autoComplete="current-password"
          />
          {askAccount && (
            <PasswordField
              id={ids.account}
              label={text.accountPassword}
              value={account}
              onChange={setAccount}
              autoComplete="current-password"
            />
          )}
          <p className="field__hint">{text.twoPrompts}</p>
          {problem && (
            <p className="form__error" role="alert">
              {problem}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? text.turningOn : text.turnOn}
            </button>
          </div>
        </form>
      )}
      {own && problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <h3 id={ids.list} className="passkey-devices__heading">
        {text.listLabel}
      </h3>
      {devices === 'failed' && <p className="form__note">{text.listFailed}</p>}
      {Array.isArray(devices) && devices.length === 0 && <p className="form__note">{text.none}</p>}
      {Array.isArray(devices) && devices.length > 0 && (
        <ul className="list" aria-labelledby={ids.list}>
          {devices.map((device) => (
            <li key={device.id} className="list__item">
              <div className="list__main">
                <p className="list__title">
                  {device.deviceName}
                  {device.id === own?.passkeyId && <span className="badge">{text.thisDevice}</span>}
                </p>
                <p className="form__note">
                  {fill(text.since, {
                    date: formatInstantDate(device.vaultUnlockAt ?? device.createdAt, lang),
                  })}
                </p>
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`${text.remove}: ${device.deviceName}`}
                onClick={() => void turnOff(device)}
              >
                {text.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="form__note">{text.twoChecks}</p>
    </section>
  );
}
