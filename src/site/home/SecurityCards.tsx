// The signed-in member's security on the home page: fingerprint / face login (register a passkey on this
// device, list and delete them) and the devices signed in to the account (sign out one or all others).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { catalog, siteErrorMessage } from '../../shared/i18n/index.js';
import { activeLanguage, fill, textAt, useText } from '../../client/text.js';
import { usePlural } from '../../client/plural.js';
import {
  AUTO_LOGOUT_CHANGED,
  readAutoLogoutMinutes,
  saveAutoLogoutMinutes,
} from '../../client/auto-logout.js';
import { AUTO_LOGOUT_OPTIONS_MIN } from '../../shared/constants.js';
import { call, failureCode } from '../../client/api.js';
import { useLoad } from '../../client/use-load.js';
import { passkeyMessageKey, registerPasskey } from '../../client/passkeys.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import { useSession } from '../auth/session.js';
import { formatInstantDate, formatDateTime } from '../../client/format.js';
import { Popup } from '../../client/ui/Popup.js';
import { useToast } from '../../client/ui/Toast.js';

interface Confirm {
  message: string;
  confirmLabel: string;
  run(): Promise<void>;
}

export function SecurityCards() {
  const t = useText(catalog);
  const lang = activeLanguage();
  const toast = useToast();
  const session = useSession();
  const passkeys = useLoad(() => call('passkeys'));
  const devices = useLoad(() => call('sessions'));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  /** Adding a passkey minutes after signing in asks for the current password first (description §5). */
  const [askPassword, setAskPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const passwordId = useId();
  const deviceName = (name: string) => textAt(t, `devices.names.${name}`, name);

  async function register(event?: FormEvent) {
    event?.preventDefault();
    if (askPassword && !currentPassword) return setProblem(t.auth.validation.currentRequired);
    setBusy(true);
    setProblem(null);
    const outcome = await registerPasskey(askPassword ? currentPassword : undefined);
    setBusy(false);
    if (!outcome.ok) {
      if (outcome.problem === 'api:auth/reauth-required') {
        setAskPassword(true);
        return setProblem(null);
      }
      return setProblem(textAt(t, passkeyMessageKey(outcome.problem, 'register')));
    }
    setAskPassword(false);
    setCurrentPassword('');
    toast(t.biometric.registered);
    passkeys.reload();
  }

  /** Runs a change the member confirmed; a session that ended meanwhile sends them to sign in again. */
  async function run(work: () => Promise<void>, done: string) {
    setConfirm(null);
    try {
      await work();
      toast(done);
    } catch (failure) {
      const code = failureCode(failure);
      if (code === 'auth/unauthenticated') return session.refresh();
      setProblem(siteErrorMessage(t.errors, code));
    } finally {
      passkeys.reload();
      devices.reload();
    }
  }

  return (
    <section className="section security" aria-labelledby="security-title">
      <h2 id="security-title" className="section__title">
        {t.devices.sectionTitle}
      </h2>
      <div className="security__cards">
        <article className="card security__card" aria-labelledby="passkeys-title">
          <h3 id="passkeys-title">{t.biometric.title}</h3>
          <p>{t.biometric.lead}</p>
          {askPassword ? (
            <form className="form" noValidate onSubmit={(event) => void register(event)}>
              <p className="form__note">{t.auth.reauth.lead}</p>
              <PasswordField
                id={passwordId}
                label={t.auth.currentPassword}
                value={currentPassword}
                visible={passwordVisible}
                autoComplete="current-password"
                onToggle={() => setPasswordVisible(!passwordVisible)}
                onChange={(value) => {
                  setCurrentPassword(value);
                  setProblem(null);
                }}
              />
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? t.biometric.working : t.biometric.register}
              </button>
            </form>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void register()}
            >
              {busy ? t.biometric.working : t.biometric.register}
            </button>
          )}
          {problem && (
            <p className="form__error" role="alert">
              {problem}
            </p>
          )}
          {passkeys.error && <p className="form__error">{t.biometric.loadFailed}</p>}
          {passkeys.data &&
            (passkeys.data.passkeys.length === 0 ? (
              <p className="form__note">{t.biometric.none}</p>
            ) : (
              <ul className="security__list" aria-label={t.biometric.listLabel}>
                {passkeys.data.passkeys.map((passkey) => (
                  <li key={passkey.id}>
                    <span>
                      {fill(t.biometric.item, {
                        device: deviceName(passkey.deviceName),
                        date: formatInstantDate(passkey.createdAt, lang),
                      })}
                      <small>
                        {passkey.lastUsedAt
                          ? fill(t.biometric.used, { date: formatDateTime(passkey.lastUsedAt, lang) })
                          : t.biometric.never}
                      </small>
                    </span>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() =>
                        setConfirm({
                          message: t.biometric.deleteConfirm,
                          confirmLabel: t.biometric.delete,
                          run: () =>
                            run(
                              () => call('deletePasskey', { params: { id: passkey.id } }),
                              t.biometric.deleted,
                            ),
                        })
                      }
                    >
                      {t.biometric.delete}
                    </button>
                  </li>
                ))}
              </ul>
            ))}
        </article>

        <AutoLogoutCard />

        <article className="card security__card" aria-labelledby="devices-title">
          <h3 id="devices-title">{t.devices.title}</h3>
          <p>{t.devices.lead}</p>
          {devices.error && <p className="form__error">{t.devices.loadFailed}</p>}
          {devices.data && (
            <ul className="security__list" aria-label={t.devices.title}>
              {devices.data.sessions.map((device) => (
                <li key={device.id}>
                  <span>
                    {fill(t.devices.item, {
                      device: deviceName(device.deviceName),
                      date: formatDateTime(device.signedInAt, lang),
                    })}
                    {device.current && <small>{t.devices.current}</small>}
                    {device.pending && <small>{t.devices.pending}</small>}
                    {device.canConfirm && <small>{t.devices.canConfirm}</small>}
                  </span>
                  {!device.current && (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() =>
                        setConfirm({
                          message: fill(t.devices.endConfirm, { device: deviceName(device.deviceName) }),
                          confirmLabel: t.devices.end,
                          run: () =>
                            run(() => call('endSession', { params: { id: device.id } }), t.devices.ended),
                        })
                      }
                    >
                      {t.devices.end}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {devices.data && devices.data.sessions.some((device) => !device.current) && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                setConfirm({
                  message: t.devices.endOthersConfirm,
                  confirmLabel: t.devices.endOthers,
                  run: () => run(() => call('endOtherSessions'), t.devices.endedOthers),
                })
              }
            >
              {t.devices.endOthers}
            </button>
          )}
        </article>
      </div>
      {confirm && (
        <Popup
          title={t.auth.confirmTitle}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => void confirm.run()}
          cancelLabel={t.common.cancel}
          onCancel={() => setConfirm(null)}
        />
      )}
    </section>
  );
}

/** The idle auto-logout minutes, shared with the app and every tab of this browser. */
function AutoLogoutCard() {
  const t = useText(catalog);
  const counted = usePlural();
  const [minutes, setMinutes] = useState(readAutoLogoutMinutes);
  useEffect(() => {
    const follow = () => setMinutes(readAutoLogoutMinutes());
    window.addEventListener('storage', follow);
    window.addEventListener(AUTO_LOGOUT_CHANGED, follow);
    return () => {
      window.removeEventListener('storage', follow);
      window.removeEventListener(AUTO_LOGOUT_CHANGED, follow);
    };
  }, []);
  return (
    <article className="card security__card" aria-labelledby="auto-logout-title">
      <h3 id="auto-logout-title">{t.autoLogout.title}</h3>
      <p>{t.autoLogout.lead}</p>
      <div className="field">
        <label htmlFor="auto-logout-minutes">{t.autoLogout.label}</label>
        <select
          id="auto-logout-minutes"
          value={minutes}
          onChange={(event) => {
            const value = Number(event.target.value);
            saveAutoLogoutMinutes(value);
            setMinutes(value);
          }}
        >
          {AUTO_LOGOUT_OPTIONS_MIN.map((option) => (
            <option key={option} value={option}>
              {option === 0 ? t.autoLogout.none : counted(t.autoLogout.minutes, option)}
            </option>
          ))}
        </select>
      </div>
    </article>
  );
}
