// Reminders for React: the runner that keeps the server's reminders true to the vault while it is unlocked and
// online, whether this device receives them by push, and — where it does not — the reminders the app shows itself
// while open. The shell gives it the reminder sources and how to tell sync has caught up.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLanguage, useText } from '../../client/text.js';
import type { Vault } from '../vault/vault.js';
import { apiReminderServer, tabsExclusive, windowClock } from './browser.js';
import { reminderAlertText } from './copy.js';
import type { DesiredReminder } from './desired.js';
import { InAppReminders } from './in-app.js';
import { ReminderRunner, type ReminderRunStatus } from './runner.js';
import type { ReminderSource } from './sources.js';
import { keepThisDeviceRegistered, pushAvailability, type PushAvailability } from './this-device.js';

export interface RemindersHere {
  runner: ReminderRunner;
  /** Whether this device receives reminders by push, or why not (null until known). */
  availability: PushAvailability | null;
  /** This device's endpoint on the server, while it receives reminders. */
  endpointHere: string | null;
  /** Looks again (after turning reminders on or off here). */
  recheck(): Promise<void>;
}

const RemindersContext = createContext<RemindersHere | null>(null);

export function useReminders(): RemindersHere {
  const here = useContext(RemindersContext);
  if (!here) throw new Error('useReminders outside RemindersProvider');
  return here;
}

/** Whether this device receives reminders by push (null until known, or outside the unlocked app). */
export function usePushAvailability(): PushAvailability | null {
  return useContext(RemindersContext)?.availability ?? null;
}

export function useReminderRunStatus(): ReminderRunStatus {
  const { runner } = useReminders();
  return useSyncExternalStore(runner.subscribe, () => runner.status);
}

/** At most this many reminders stay on screen; older ones give way. */
const ALERTS_SHOWN = 5;

export function RemindersProvider({
  memberId,
  vault,
  sources,
  ready,
  watchReady,
  online,
  children,
}: {
  memberId: string;
  vault: Vault;
  sources: readonly ReminderSource[];
  /** Whether the vault is as the member's other devices have it (sync caught up, or off here). */
  ready: () => Promise<boolean>;
  watchReady: (listener: () => void) => () => void;
  online: boolean;
  children: ReactNode;
}) {
  const { lang } = useLanguage();
  const runner = useMemo(
    () =>
      new ReminderRunner(vault, {
        server: apiReminderServer,
        sources,
        ready,
        watchReady,
        clock: windowClock,
        exclusive: tabsExclusive(memberId),
        online: () => navigator.onLine,
      }),
    [vault, sources, ready, watchReady, memberId],
  );
  const [{ availability, endpointHere }, setHere] = useState<{
    availability: PushAvailability | null;
    endpointHere: string | null;
  }>({ availability: null, endpointHere: null });
  const recheck = useCallback(async () => {
    const found = await pushAvailability(vault).catch(() => ({
      availability: 'unsupported' as const,
      endpointId: null,
    }));
    setHere((shown) =>
      shown.availability === found.availability && shown.endpointHere === found.endpointId
        ? shown
        : { availability: found.availability, endpointHere: found.endpointId },
    );
  }, [vault]);

  useEffect(() => {
    void recheck();
    // A device's keys arriving by sync, or its own turned on in another tab.
    return vault.subscribe(() => void recheck());
  }, [vault, recheck]);

  useEffect(() => {
    if (!online) return;
    let live = true;
    void keepThisDeviceRegistered(vault, lang)
      .catch(() => undefined)
      .finally(() => {
        if (live) runner.start();
      });
    return () => {
      live = false;
      runner.stop();
    };
  }, [runner, vault, online, lang]);

  const [alerts, setAlerts] = useState<Array<DesiredReminder & { shownAt: number }>>([]);
  useEffect(() => {
    // Pushed reminders reach this device through its service worker; elsewhere the page reminds while open.
    if (availability === null || availability === 'on') return;
    const inApp = new InAppReminders(vault, sources, windowClock, (reminder) => {
      setAlerts((shown) => [...shown, { ...reminder, shownAt: Date.now() }].slice(-ALERTS_SHOWN));
    });
    inApp.start();
    const stopHearing = vault.subscribe(() => inApp.check());
    return () => {
      stopHearing();
      inApp.stop();
    };
  }, [availability, vault, sources]);

  const here = useMemo(
    () => ({ runner, availability, endpointHere, recheck }),
    [runner, availability, endpointHere, recheck],
  );
  return (
    <RemindersContext.Provider value={here}>
      {children}
      <ReminderAlerts
        alerts={alerts}
        onDismiss={(dismissed) => setAlerts((shown) => shown.filter((alert) => alert !== dismissed))}
      />
    </RemindersContext.Provider>
  );
}

function ReminderAlerts<A extends DesiredReminder>({
  alerts,
  onDismiss,
}: {
  alerts: A[];
  onDismiss: (alert: A) => void;
}) {
  const text = useText(reminderAlertText);
  if (alerts.length === 0) return null;
  return (
    <section className="reminder-alerts" aria-label={text.region}>
      {alerts.map((alert) => (
        <div className="reminder-alert" role="alert" key={`${alert.key}@${alert.sendAt}`}>
          <p className="reminder-alert__title">{alert.title || text.untitled}</p>
          {alert.body && <p className="reminder-alert__body">{alert.body}</p>}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => onDismiss(alert)}
          >
            {text.dismiss}
          </button>
        </div>
      ))}
    </section>
  );
}
