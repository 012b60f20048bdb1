// Makes the server hold exactly the reminders the vault asks for: those due within the window, sealed for every
// device of the member the server still sends to. What the server holds of this vault and is no longer asked for —
// deleted, changed, moved, a device added or gone — is withdrawn; what is asked for and missing is sealed for each
// device and scheduled, soonest first, until the server's caps say stop. Every device of the member reaches the same
// set (the ids are the reminders' HMACs, one key for the vault), so devices running this at once agree.
import { REMINDERS_MAX } from '../../shared/constants.js';
import type { Reminder, ReminderBody } from '../../shared/schemas/reminders.js';
import {
  REMINDER_PAD_BYTES,
  reminderIdOf,
  reminderMessage,
  reminderNamespace,
  type DesiredReminder,
} from './desired.js';
import type { PushTarget } from './targets.js';
import { bytesToBase64Url, sealPushMessage } from './web-push.js';

/** How far ahead reminders are handed to the server; later ones go as the window moves on. */
export const REMINDER_WINDOW_MS = 30 * 24 * 60 * 60_000;

/** The server's reminder routes, as the reconciler uses them (the app's API, or a test's fake). */
export interface ReminderServer {
  endpoints(): Promise<Array<{ id: string }>>;
  list(): Promise<Reminder[]>;
  schedule(id: string, body: ReminderBody): Promise<void>;
  /** Withdraws a reminder; one already gone is not an error. */
  withdraw(id: string): Promise<void>;
}

export interface Reconciled {
  scheduled: number;
  withdrawn: number;
  kept: number;
  /** Asked for, but not held: the caps were reached (soonest first), or no device can receive them. */
  left: number;
  /** The devices sealed for (their endpoint ids). */
  endpoints: string[];
  /** Devices the vault knows that the server no longer sends to (removed, or their subscription gone). */
  gone: string[];
}

/** The code of a refused call (the app's ApiFailure carries one), if any. */
const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

export async function reconcileReminders(input: {
  desired: readonly DesiredReminder[];
  targets: readonly PushTarget[];
  server: ReminderServer;
  /** The vault's reminder key (desired.ts, deriveReminderKey). */
  key: CryptoKey;
  now: number;
}): Promise<Reconciled> {
  const { server, key, now } = input;
  const namespace = await reminderNamespace(key);
  const known = new Set((await server.endpoints()).map((endpoint) => endpoint.id));
  const targets = input.targets.filter((target) => known.has(target.endpointId));
  const endpoints = targets.map((target) => target.endpointId).sort();

  // The asked-for set: within the window, soonest first, as many as the server holds; none without a device.
  const due = input.desired
    .filter((reminder) => {
      const at = Date.parse(reminder.sendAt);
      return at > now && at <= now + REMINDER_WINDOW_MS;
    })
    .sort((a, b) => Date.parse(a.sendAt) - Date.parse(b.sendAt) || (a.key < b.key ? -1 : 1));
  const wanted = new Map<string, DesiredReminder>();
  if (endpoints.length > 0) {
    for (const reminder of due.slice(0, REMINDERS_MAX)) {
      wanted.set(await reminderIdOf(key, namespace, reminder, endpoints), reminder);
    }
  }

  const held = (await server.list()).filter((reminder) => reminder.id.startsWith(namespace));
  const heldIds = new Set(held.map((reminder) => reminder.id));
  let withdrawn = 0;
  for (const reminder of held) {
    if (wanted.has(reminder.id)) continue;
    await server.withdraw(reminder.id);
    withdrawn += 1;
  }

  let scheduled = 0;
  for (const [id, reminder] of wanted) {
    if (heldIds.has(id)) continue;
    const message = reminderMessage(reminder, id);
    const messages = await Promise.all(
      targets.map(async (target) => ({
        endpoint: target.endpointId,
        body: bytesToBase64Url(await sealPushMessage(target, message, { padTo: REMINDER_PAD_BYTES })),
      })),
    );
    try {
      await server.schedule(id, { sendAt: new Date(reminder.sendAt).toISOString(), messages });
      scheduled += 1;
    } catch (error) {
      const code = codeOf(error);
      // Full, or a device removed meanwhile (the next run seals for the devices there are then): stop here.
      if (
        code === 'reminder/too-many' ||
        code === 'reminder/too-large' ||
        code === 'reminder/unknown-endpoint'
      ) {
        break;
      }
      // Its time passed while this ran: nothing to send any more.
      if (code === 'reminder/invalid-time') continue;
      throw error;
    }
  }
  const kept = [...wanted.keys()].filter((id) => heldIds.has(id)).length;
  return {
    scheduled,
    withdrawn,
    kept,
    left: due.length - scheduled - kept,
    endpoints,
    gone: input.targets.filter((target) => !known.has(target.endpointId)).map((t) => t.endpointId),
  };
}
