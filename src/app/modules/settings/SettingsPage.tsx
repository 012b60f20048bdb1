// Settings: nickname, language, auto logout, master password, detail view password, and the in-app notice.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AUTO_LOGOUT_OPTIONS_MIN, type Language } from '../../../shared/constants.js';
import { useToast } from '../../../client/ui/Toast.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { shellText } from '../../copy.js';
import { DetailPasswordForm } from '../../access/DetailGate.js';
import { InAppNotice } from '../../ui/InAppNotice.js';
import { passwordStrength } from '../../access/password-strength.js';
import { readAutoLogoutMinutes, saveAutoLogoutMinutes } from '../../../client/auto-logout.js';
import { useAppSettings } from '../../settings.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { HeldNote, useSavedMessage } from '../../ui/held-record.js';
import { usePasswordFields, type PasswordProblems } from '../../ui/use-password-fields.js';
import { useVault, useVaultVersion } from '../../vault/react.js';
import { MASTER_PASSWORD_MIN_LENGTH } from '../../vault/vault.js';
import { useSyncStatus } from '../../sync/react.js';
import { call, failureCode } from '../../../client/api.js';
import { errorMessage } from '../../../shared/i18n/error-message.js';
import { PasskeyUnlockSettings } from '../../access/PasskeyUnlock.js';
import { endEveryPasskeyUnlock } from '../../access/passkey-unlock.js';
import { openScreen } from '../../ui/open-screen.js';
import { settingsText } from './copy.js';

export const NICKNAME_MAX = 30;

/** The settings; `panels` are the sync and backup panels, which the shell brings from their own modules. */
export default function SettingsPage({ panels }: { panels: ReactNode }) {
  const text = useText(settingsText);
  const vault = useVault();
  useVaultVersion();
  const { locale } = useLanguage();
  const counted = usePlural();
  return (
    <section aria-labelledby="settings-title" className="settings">
      <div className="screen-head">
        <h1 id="settings-title">{text.title}</h1>
      </div>
      <ProfileSettings />
      <LanguageSettings />
      <AutoLogoutSettings />
      <MasterPasswordSettings />
      <PasskeyUnlockSettings />
      <DetailPasswordSettings />
      {panels}
      <section className="panel" aria-labelledby="settings-transfer">
        <h2 id="settings-transfer">{text.transfer.heading}</h2>
        <p>{text.transfer.lead}</p>
        <a
          className="button"
          href="?page=import"
          onClick={(event) => {
            event.preventDefault();
            openScreen('import');
          }}
        >
          {text.transfer.open}
        </a>
      </section>
      <section className="panel" aria-labelledby="settings-vault">
        <h2 id="settings-vault">{text.vault.heading}</h2>
        <p>
          {fill(text.vault.summary, { iterations: new Intl.NumberFormat(locale).format(vault.iterations) })}
        </p>
        <p className="form__note">{counted(text.vault.records, vault.itemCount)}</p>
      </section>
      <InAppNotice open />
    </section>
  );
}

function ProfileSettings() {
  const text = useText(settingsText);
  const shell = useText(shellText);
  const toast = useToast();
  const id = useId();
  const [settings, save] = useAppSettings();
  const [nickname, setNickname] = useState(settings.nickname);
  /** The nickname as the field was filled in: changed elsewhere since, the form says so and merges. */
  const [opened, setOpened] = useState(settings.nickname);
  const [problem, setProblem] = useState('');
  const savedMessage = useSavedMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = nickname.trim();
    if ([...value].length > NICKNAME_MAX) return setProblem(text.profile.tooLong);
    setProblem('');
    // The saved nickname shows at once (useAppSettings), so the form holds it from now: while it is written the
    // note does not call it a change made elsewhere. A failed save goes back to what the form held.
    const before = opened;
    setOpened(value);
    try {
      const saved = await save({ nickname: value }, { nickname: before });
      toast(savedMessage(saved.met));
    } catch {
      setOpened(before);
      setProblem(shell.errors.saveFailed);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.profile.heading}</h2>
      <form className="form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={id}>{text.profile.nickname}</label>
          <div className="field__row">
            <input
              id={id}
              value={nickname}
              autoComplete="nickname"
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setNickname(event.target.value)}
            />
            <button type="submit" className="button button--primary">
              {shell.save}
            </button>
          </div>
          <p className="field__hint">{text.profile.nicknameHint}</p>
          {problem && <p className="field__problem">{problem}</p>}
        </div>
        <HeldNote state={settings.nickname === opened ? 'same' : 'changed'} />
      </form>
    </section>
  );
}

function LanguageSettings() {
  const text = useText(settingsText);
  const { lang, setLang } = useLanguage();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{text.language.heading}</h2>
      <div className="toolbar" role="radiogroup" aria-labelledby={id}>
        {(['ko', 'en'] as Language[]).map((option) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name="language"
              value={option}
              checked={lang === option}
              onChange={() => {
                setLang(option);
                const query = new URLSearchParams(window.location.search);
                query.set('lang', option);
                window.history.replaceState(null, '', `?${query.toString()}`);
              }}
            />
            {text.language[option]}
          </label>
        ))}
      </div>
    </section>
  );
}

function AutoLogoutSettings() {
  const text = useText(settingsText);
  const toast = useToast();
  const id = useId();
  const [minutes, setMinutes] = useState(readAutoLogoutMinutes);
  const counted = usePlural();
  const label = (value: number) =>
    value === 0 ? text.autoLogout.none : counted(text.autoLogout.minutes, value);
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.autoLogout.heading}</h2>
      <div className="field">
        <label htmlFor={id}>{text.autoLogout.label}</label>
        <select
          id={id}
          value={minutes}
          onChange={(event) => {
            const value = Number(event.target.value);
            saveAutoLogoutMinutes(value);
            setMinutes(value);
            toast(fill(text.autoLogout.saved, { value: label(value) }));
          }}
        >
          {AUTO_LOGOUT_OPTIONS_MIN.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </select>
        <p className="field__hint">{text.autoLogout.hint}</p>
      </div>
    </section>
  );
}

function MasterPasswordSettings() {
  const text = useText(settingsText);
  const shell = useText(shellText);
  const { lang } = useLanguage();
  const toast = useToast();
  const vault = useVault();
  // Synced, the new header reaches the other devices only with a fresh proof of the member (docs/sync.md, "The
  // header"): the account password, asked here beside the master passwords.
  const synced = useSyncStatus().state !== 'off';
  const ids = { heading: useId(), current: useId(), next: useId(), confirm: useId(), account: useId() };
  const { fields, setProblems, clear, field } = usePasswordFields();
  const [account, setAccount] = useState('');
  const [accountProblem, setAccountProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const strength = passwordStrength(fields.next);

  /** The account password proves the member to the server; offline, the sync settings ask for it later. */
  async function proveMember(): Promise<boolean> {
    try {
      await call('proveMember', { body: { currentPassword: account } });
      return true;
    } catch (error) {
      const code = failureCode(error);
      if (code === 'network') return true;
      setAccountProblem(errorMessage(lang, code));
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: PasswordProblems = {};
    if (!fields.current) found.current = text.master.required;
    if ([...fields.next].length < MASTER_PASSWORD_MIN_LENGTH) found.next = shell.setup.tooShort;
    if (fields.confirm !== fields.next) found.confirm = shell.setup.mismatch;
    setProblems(found);
    const accountMissing = synced && !account;
    setAccountProblem(accountMissing ? text.master.accountRequired : '');
    if (Object.keys(found).length || accountMissing) return;
    setBusy(true);
    try {
      if (synced && !(await proveMember())) return;
      const changed = await vault.changeMasterPassword(fields.current, fields.next);
      if (!changed) {
        setProblems({ current: text.master.wrong });
        return;
      }
      clear();
      setAccount('');
      // Every passkey unlock was made under the old master password: it ends here and on every device.
      await endEveryPasskeyUnlock(vault);
      toast(text.master.changed);
    } catch {
      setProblems({ confirm: shell.errors.saveFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{text.master.heading}</h2>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id={ids.current}
          label={text.master.current}
          autoComplete="current-password"
          {...field('current')}
        />
        <PasswordField
          id={ids.next}
          label={text.master.next}
          autoComplete="new-password"
          {...field('next')}
          hint={
            <p className="field__hint">
              {fill(shell.setup.strength, { level: shell.setup.levels[strength] })} ·{' '}
              {shell.setup.recommendation}
            </p>
          }
        />
        <PasswordField
          id={ids.confirm}
          label={text.master.confirm}
          autoComplete="new-password"
          {...field('confirm')}
        />
        {synced && (
          <PasswordField
            id={ids.account}
            label={text.master.account}
            hint={text.master.accountHint}
            value={account}
            onChange={setAccount}
            autoComplete="current-password"
            problem={accountProblem}
          />
        )}
        <p className="form__note">{text.master.note}</p>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? text.master.working : text.master.submit}
          </button>
        </div>
      </form>
    </section>
  );
}

function DetailPasswordSettings() {
  const text = useText(settingsText);
  const [settings] = useAppSettings();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{text.detail.heading}</h2>
      {!settings.detailPassword && <p className="form__note">{text.detail.defaultInUse}</p>}
      <DetailPasswordForm askCurrent onDone={() => undefined} />
    </section>
  );
}
