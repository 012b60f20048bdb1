// The reminder pipeline's ports in the browser: the server's routes through the app's API client, one run at a time
// across the member's tabs (a Web Lock), the window's clock and network.
import { call, failureCode } from '../../client/api.js';
import type { ReminderServer } from './reconcile.js';
import type { ReminderClock, ReminderRunnerEnv } from './runner.js';

export const apiReminderServer: ReminderServer = {
  endpoints: async () => (await call('reminderEndpoints')).endpoints,
  list: async () => (await call('reminders')).reminders,
  async schedule(id, body) {
    await call('scheduleReminder', { params: { id }, body });
  },
  async withdraw(id) {
    try {
      await call('withdrawReminder', { params: { id } });
    } catch (error) {
      // Sent or withdrawn meanwhile (by the server, or another device): what was wanted.
      if (failureCode(error) !== 'reminder/not-found') throw error;
    }
  },
};

export const windowClock: ReminderClock = {
  now: () => Date.now(),
  setTimeout: (work, ms) => window.setTimeout(work, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
};

/** One run at a time across this member's tabs. */
export function tabsExclusive(memberId: string): ReminderRunnerEnv['exclusive'] {
  return <T>(name: string, work: () => Promise<T>): Promise<T> =>
    typeof navigator === 'undefined' || !navigator.locks
      ? work()
      : (navigator.locks.request(`${name}-${memberId}`, work) as Promise<T>);
}
