// Reminders the server cannot read (issue 46, docs/security.md "Reminders"). A member's app seals each reminder for
// each of the member's devices (RFC 8291, with the keys of the devices' push subscriptions, which only the vault
// holds) and hands the server a send time and those sealed messages; at that time the server posts each message to
// its device's push endpoint with its VAPID key, byte for byte. It keeps what it needs to do that — an opaque id the
// app chose, the time, the endpoints, the sealed bytes — and deletes a reminder once sent.
//
// Sending survives restarts and several server processes: reminders are rows, found due by every process's poll and
// claimed by one conditional update each, so no two processes send one reminder; a claim left by a process that
// stopped is taken up again after a while (at least once, then: a message may go twice, never be lost).
import type { FastifyBaseLogger } from 'fastify';
import {
  REMINDER_AHEAD_MAX_MS,
  REMINDER_ENDPOINTS_MAX,
  REMINDER_LATE_MAX_MS,
  REMINDER_MESSAGE_MAX_BYTES,
  REMINDERS_MAX,
  REMINDERS_MAX_BYTES,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import type { Reminder, ReminderBody, ReminderEndpointBody } from '../../shared/schemas/reminders.js';
import type { Caller } from '../accounts/service.js';
import { isoAt, type Clock, type Timer } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { isPushEndpointAllowed, PushRefused, type PushSender } from '../push/sender.js';
import type { QuotaStore } from '../quota/store.js';
import type { ReminderStore } from './store.js';

/** Every process looks for due reminders this often, so each goes out within a minute of its time. */
export const REMINDER_POLL_MS = 15_000;
/** How long a push service keeps a reminder for a device that is offline; a reminder later than that is dropped. */
const REMINDER_TTL_S = 6 * 60 * 60;
/** A claim older than this was left by a process that stopped: another takes the reminder up. */
const STALE_CLAIM_MS = 5 * 60_000;
/** Tries of a reminder whose push service did not answer, waiting a minute, two, four … between them. */
const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** Reminders one process sends at once (a morning's reminders fall due together). */
const SENDING_AT_ONCE = 8;

/** RFC 8188 header: salt (16), record size (4), key id length (1), then the key id: the sender's P-256 key (65). */
const HEADER_BYTES = 21 + 65;
/** The smallest record: the padding delimiter and the AES-GCM tag. */
const RECORD_MIN_BYTES = 1 + 16;

/**
 * The bytes of a sealed message when it has the shape of an RFC 8291 message (one aes128gcm record whose key id is
 * an uncompressed P-256 point); null when it has not. The server can check the shape, never the content.
 */
export function sealedMessageBytes(body: string): Buffer | null {
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.toString('base64url') !== body) return null;
  if (bytes.length < HEADER_BYTES + RECORD_MIN_BYTES) return null;
  const recordSize = bytes.readUInt32BE(16);
  const keyIdLength = bytes[20];
  const keyFirst = bytes[21];
  if (keyIdLength !== 65 || keyFirst !== 0x04) return null;
  if (recordSize < 18 || bytes.length - HEADER_BYTES > recordSize) return null;
  return bytes;
}

export interface ReminderDeps {
  /** The reminders' rows (store.ts). */
  store: ReminderStore;
  /** A member's lock (the quota room's), under which the caps are checked and the rows written. */
  locked: QuotaStore['locked'];
  /** The server's VAPID key and its way to the push services (push/sender.ts). */
  sender: Pick<PushSender, 'sendSealed'>;
  clock: Clock;
  /** Timers on the clock: the due-time poll. */
  timer: Timer;
  log: FastifyBaseLogger;
  /** Whether push endpoints on the host's own network are allowed (tests). */
  allowPrivate: boolean;
}

export type ReminderService = ReturnType<typeof reminderService>;

export function reminderService(deps: ReminderDeps) {
  const { store, clock, log } = deps;

  const endpointOf = (row: { id: string; device_name: string; created_at: string }) => ({
    id: row.id,
    deviceName: row.device_name,
    createdAt: row.created_at,
  });

  // The due-time poll: one run at a time per process; `stop` cancels the next.
  let running: Promise<number> | null = null;
  let cancelPoll: (() => void) | null = null;
  let stopped = true;

  type Due = Awaited<ReturnType<ReminderStore['dueReminders']>>[number];

  /** Sends one due reminder if this process claims it; answers whether it went out. */
  async function sendOne(due: Due): Promise<boolean> {
    const claimedAt = isoAt(clock);
    const held = { userId: due.user_id, id: due.id, claimedAt };
    const claimed = await store.claimReminder(
      { userId: due.user_id, id: due.id, sendAt: due.send_at },
      claimedAt,
      isoAt(clock, -STALE_CLAIM_MS),
    );
    if (!claimed) return false;
    if (clock() - Date.parse(due.send_at) > REMINDER_TTL_S * 1000) {
      // The server was down past the time the push services would have kept it: too late to be of use.
      await store.deleteSent(held);
      log.info({ late: true }, 'reminder dropped, too late to send');
      return false;
    }
    const messages = await store.messagesOf(due.user_id, due.id);
    let unanswered = 0;
    for (const message of messages) {
      try {
        await deps.sender.sendSealed(message.endpoint, Buffer.from(message.body, 'base64url'), {
          ttlSeconds: REMINDER_TTL_S,
          urgency: 'high',
        });
        await store.deleteMessage(due.user_id, due.id, message.endpoint_id);
      } catch (error) {
        const status = error instanceof PushRefused ? error.statusCode : undefined;
        if (status === 404 || status === 410) {
          // The device's subscription is gone: so is its endpoint, and every message waiting for it.
          await store.deleteGoneEndpoint(message.endpoint_id);
          log.info({ status }, 'reminder endpoint gone; removed');
        } else if (
          status !== undefined &&
          status >= 400 &&
          status < 500 &&
          status !== 408 &&
          status !== 429
        ) {
          await store.deleteMessage(due.user_id, due.id, message.endpoint_id);
          log.warn({ status }, 'reminder refused by the push service; not sent again');
        } else {
          unanswered += 1;
          log.warn({ status, err: (error as Error).message }, 'reminder not delivered; will retry');
        }
      }
    }
    const attempts = due.attempts + 1;
    if (unanswered > 0 && attempts < MAX_ATTEMPTS) {
      await store.postpone(held, isoAt(clock, 60_000 * 2 ** (attempts - 1)), attempts);
      return false;
    }
    await store.deleteSent(held);
    return unanswered < messages.length;
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await store.dueReminders(isoAt(clock), isoAt(clock, -STALE_CLAIM_MS), BATCH);
      for (let i = 0; i < due.length; i += SENDING_AT_ONCE) {
        const outcomes = await Promise.all(
          due.slice(i, i + SENDING_AT_ONCE).map((row) =>
            sendOne(row).catch((err: unknown) => {
              log.error({ err }, 'reminder sending failed');
              return false;
            }),
          ),
        );
        sent += outcomes.filter(Boolean).length;
      }
      if (due.length < BATCH || stopped) return sent;
    }
  }

  function run(): Promise<number> {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  function poll(): void {
    if (stopped) return;
    cancelPoll = deps.timer(REMINDER_POLL_MS, () => {
      cancelPoll = null;
      run()
        .catch((err: unknown) => log.error({ err }, 'reminder run failed'))
        .finally(poll);
    });
  }

  return {
    async endpoints(userId: string) {
      return { endpoints: (await store.listEndpoints(userId)).map(endpointOf) };
    },

    /** Sends reminders to this device's push endpoint too; the same endpoint again answers as it is. */
    async addEndpoint(userId: string, body: ReminderEndpointBody, from: Caller) {
      if (!(await isPushEndpointAllowed(body.endpoint, deps.allowPrivate))) {
        throw new ApiError('push/invalid-subscription');
      }
      return deps.locked(userId, async (trx) => {
        const rooms = store.on(trx);
        const known = await rooms.findEndpoint(userId, body.endpoint);
        if (known) return endpointOf(known);
        const held = await rooms.listEndpoints(userId);
        if (held.length >= REMINDER_ENDPOINTS_MAX) throw new ApiError('reminder/too-many-endpoints');
        const row = {
          id: newId(),
          user_id: userId,
          endpoint: body.endpoint,
          device_name: deviceNameFromUserAgent(from.userAgent),
          created_at: isoAt(clock),
        };
        await rooms.insertEndpoint(row);
        return endpointOf(row);
      });
    },

    async removeEndpoint(userId: string, id: string): Promise<void> {
      const removed = await deps.locked(userId, (trx) => store.on(trx).deleteEndpoint(userId, id));
      authorize(removed, 'reminder/unknown-endpoint');
    },

    async list(userId: string) {
      const reminders = await store.listReminders(userId);
      const used = await store.usage(userId);
      return {
        reminders,
        usage: { ...used, maxCount: REMINDERS_MAX, maxBytes: REMINDERS_MAX_BYTES },
      };
    },

    /** Holds these sealed messages to send at `sendAt`, in place of whatever the member's `id` held. */
    async schedule(userId: string, id: string, body: ReminderBody): Promise<Reminder> {
      const at = Date.parse(body.sendAt);
      const now = clock();
      if (!(at >= now - REMINDER_LATE_MAX_MS && at <= now + REMINDER_AHEAD_MAX_MS)) {
        throw new ApiError('reminder/invalid-time');
      }
      const messages = body.messages.map((message) => {
        const bytes = sealedMessageBytes(message.body);
        if (!bytes) throw new ApiError('reminder/invalid-message');
        if (bytes.length > REMINDER_MESSAGE_MAX_BYTES) throw new ApiError('reminder/too-large');
        return { ...message, bytes: bytes.length };
      });
      const adding = messages.reduce((sum, message) => sum + message.bytes, 0);
      const sendAt = new Date(at).toISOString();
      const endpoints = body.messages.map((message) => message.endpoint);
      // The caps are checked and the rows written under the member's lock: requests sent at once cannot together
      // pass them (docs/design.md §3.9).
      await deps.locked(userId, async (trx) => {
        const rooms = store.on(trx);
        const own = await rooms.ownEndpoints(userId, endpoints);
        authorize(own.size === endpoints.length, 'reminder/unknown-endpoint');
        const used = await rooms.usage(userId, id);
        if (used.count + 1 > REMINDERS_MAX) throw new ApiError('reminder/too-many');
        if (used.bytes + adding > REMINDERS_MAX_BYTES) throw new ApiError('reminder/too-large');
        await rooms.replaceReminder({ userId, id, sendAt, createdAt: isoAt(clock) }, messages);
      });
      return { id, sendAt, endpoints: [...endpoints].sort() };
    },

    async withdraw(userId: string, id: string): Promise<void> {
      authorize(await store.deleteReminder(userId, id), 'reminder/not-found');
    },

    /** Sends what is due now (one run at a time per process); answers how many reminders went out. */
    run,

    /** Looks for due reminders every REMINDER_POLL_MS on the clock, until stopped. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      poll();
    },

    async stop(): Promise<void> {
      stopped = true;
      cancelPoll?.();
      cancelPoll = null;
      await running?.catch(() => undefined);
    },

    /** Resolves once the run in progress, if any, has ended (tests). */
    async settle(): Promise<void> {
      while (running) await running.catch(() => undefined);
    },
  };
}
