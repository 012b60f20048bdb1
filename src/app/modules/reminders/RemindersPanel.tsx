// The settings' reminders panel: whether this device receives reminders (and why not, where it cannot), turning
// them on and off here, and the member's devices that receive them, any of which can be removed (a lost phone).
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../client/api.js';
import { formatDateTime } from '../../../client/format.js';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { Popup } from '../../../client/ui/Popup.js';
import { useToast } from '../../../client/ui/Toast.js';
import type { ReminderEndpoint } from '../../../shared/schemas/reminders.js';
import { useReminderRunStatus, useReminders } from '../../reminders/react.js';
import { pushTargets } from '../../reminders/targets.js';
import { removeDevice, turnOffHere, turnOnHere } from '../../reminders/this-device.js';
import { useVault, useVaultVersion } from '../../vault/react.js';
import { remindersText } from './copy.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants.js';
import { useAppSettings, useKeepReminderLanguage } from '../../settings.js';

/** Each language by its own name, as language pickers write them. */
const LANGUAGE_NAMES: Record<Language, string> = { ko: '한국어', en: 'English' };

export function RemindersPanel() {
  const text = useText(remindersText);
  const { lang } = useLanguage();
  const counted = usePlural();
  const toast = useToast();
  const vault = useVault();
  useVaultVersion();
  const [settings, saveSettings] = useAppSettings();
  const keepReminderLanguage = useKeepReminderLanguage();
  const { runner, availability, endpointHere, recheck } = useReminders();
  const run = useReminderRunStatus();
  const [endpoints, setEndpoints] = useState<ReminderEndpoint[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);

  const refresh = useCallback(async () => {
    try {
      setEndpoints((await call('reminderEndpoints')).endpoints);
    } catch {
      // Offline: the list waits for the next look.
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh, availability]);

  const targets = pushTargets(vault);
  const named = (endpoint: ReminderEndpoint) =>
    targets.find((target) => target.endpointId === endpoint.id)?.name || endpoint.deviceName;

  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setProblem('');
    try {
      const done = await work();
      if (done) toast(done);
      await recheck();
      await refresh();
      void runner.runNow(true);
    } catch {
      setProblem(text.failed);
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    act(async () => {
      const outcome = await turnOnHere(vault, lang);
      await keepReminderLanguage(outcome.ok);
      if (outcome.ok) return text.turnedOn;
      setProblem(outcome.problem === 'failed' ? text.failed : text.here[outcome.problem]);
      return null;
    });

  return (
    <section className="panel" aria-labelledby="reminders-title">
      <h2 id="reminders-title">{text.heading}</h2>
      <p>{text.lead}</p>
      <p id="reminders-here" data-reminders-here={availability ?? 'checking'}>
        {availability === null ? text.here.checking : text.here[availability]}
      </p>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {availability === 'available' && (
        <button
          type="button"
          className="button button--primary"
          aria-disabled={busy}
          onClick={() => !busy && void turnOn()}
        >
          {text.turnOn}
        </button>
      )}
      {availability === 'on' && (
        <button
          type="button"
          className="button button--ghost"
          aria-disabled={busy}
          onClick={() =>
            !busy &&
            void act(async () => {
              await turnOffHere(vault);
              return text.turnedOff;
            })
          }
        >
          {text.turnOff}
        </button>
      )}
      {run.state === 'done' && run.result.endpoints.length > 0 && (
        <p className="form__note">
          {counted(text.scheduled, run.result.scheduled + run.result.kept)}
          {run.result.left > 0 && ` · ${counted(text.left, run.result.left)}`}
        </p>
      )}
      {run.state === 'failed' && targets.length > 0 && <p className="form__note">{text.runFailed}</p>}
      <div className="field reminders-language">
        <label htmlFor="reminders-language">{text.language.label}</label>
        <select
          id="reminders-language"
          aria-describedby="reminders-language-hint"
          value={settings.reminderLanguage ?? DEFAULT_LANGUAGE}
          onChange={(event) =>
            void saveSettings({ reminderLanguage: event.target.value as Language })
              .then(() => runner.runNow(true))
              .catch(() => setProblem(text.failed))
          }
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LANGUAGE_NAMES[option]}
            </option>
          ))}
        </select>
        <p id="reminders-language-hint" className="field__hint">
          {text.language.hint}
        </p>
      </div>
      <h3>{text.devices}</h3>
      {endpoints && endpoints.length === 0 && <p className="form__note">{text.noDevices}</p>}
      {endpoints && endpoints.length > 0 && (
        <ul className="sync-list" aria-label={text.devices}>
          {endpoints.map((endpoint) => {
            const name = named(endpoint);
            const synced = targets.some((target) => target.endpointId === endpoint.id);
            const mine = endpoint.id === endpointHere;
            return (
              <li key={endpoint.id}>
                <span>
                  <strong>{name}</strong>
                  {mine && <span className="sync-list__tag">{text.thisDevice}</span>}
                  <span className="form__note">
                    {' '}
                    {fill(text.added, { date: formatDateTime(endpoint.createdAt, lang) })}
                    {!synced && ` · ${text.noKeys}`}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-disabled={busy}
                  onClick={() => !busy && setRemoving({ id: endpoint.id, name })}
                >
                  {text.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {removing && (
        <Popup
          title={text.remove}
          message={fill(text.removeConfirm, { name: removing.name })}
          confirmLabel={text.remove}
          onConfirm={() => {
            const { id, name } = removing;
            setRemoving(null);
            void act(async () => {
              await removeDevice(vault, id);
              return fill(text.removed, { name });
            });
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
