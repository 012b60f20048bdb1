// Login notifications by Web Push (description §4 "login notification", §7 "push"): one registration per member
// (a new one replaces the old), and about 2 s after a sign-in the member's registered device — unless it is the
// device signing in — gets "a new login" with the device name and the time in Seoul. VAPID keys are made on the
// first start and kept in the database for every server process (sender.ts); messages are encrypted with aes128gcm
// by the `web-push` library. A push service answering 404 or 410 means the registration is gone: it is removed.
import { fill } from '../../shared/text.js';
import { NOTIFICATION_TEXT } from './text.js';
import type { FastifyBaseLogger } from 'fastify';
import { LOGIN_NOTIFICATION_DELAY_MS } from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import { type SessionUser } from '../../shared/schemas/auth.js';
import type { Caller, SignedIn, SignInService } from '../accounts/service.js';
import { isoAt, type Clock, type Timer } from '../core/clock.js';
import type { PushRow, PushStore } from './store.js';
import { ApiError } from '../http/errors.js';
import { isPushEndpointAllowed, PushRefused, type PushSender } from './sender.js';
import type { PushRegisterBody } from '../../shared/schemas/auth.js';

export interface PushDeps {
  /** The members' registrations (store.ts). */
  store: PushStore;
  /** The server's VAPID keys and its way to the push services. */
  sender: PushSender;
  /** The sign-ins to notify the member's other device of. */
  signIns: Pick<SignInService, 'onSignIn'>;
  clock: Clock;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  /** The clock's timer, for the wait before a login notification. */
  timer: Timer;
}

/** The time of a sign-in as people in Korea read it: 2026-11-22 14:50:03 (Asia/Seoul). */
export function seoulTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface LoginNotification {
  type: 'login';
  title: string;
  body: string;
  deviceName: string;
  loginTime: string;
  tag: 'login';
}

export type PushService = ReturnType<typeof pushService>;

export function pushService(deps: PushDeps) {
  const { store, clock, sender } = deps;
  void sender
    .serverKeys()
    .catch((err: unknown) => deps.log.warn({ err }, 'push keys not ready; made on first use'));
  const timers = new Set<() => void>();
  const sending = new Set<Promise<void>>();

  async function notifyLogin(user: SessionUser, deviceId: string | null, deviceName: string, at: Date) {
    const row = await store.findRegistration(user.uid);
    if (!row || (deviceId !== null && row.device_id === deviceId)) return;
    const text = NOTIFICATION_TEXT[user.lang];
    const loginTime = seoulTime(at);
    const message: LoginNotification = {
      type: 'login',
      title: text.title,
      body: fill(text.body, { device: deviceName, time: loginTime }),
      deviceName,
      loginTime,
      tag: 'login',
    };
    try {
      await sender.sendEncrypted(row, JSON.stringify(message), { ttlSeconds: 3600, urgency: 'high' });
    } catch (error) {
      const status = error instanceof PushRefused ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await store.deleteRegistration(user.uid, row.endpoint);
        deps.log.info({ status }, 'push registration gone; removed');
      } else {
        // The description's rule: a failed notification is only logged.
        deps.log.warn({ status, err: (error as Error).message }, 'login notification not delivered');
      }
    }
  }

  deps.signIns.onSignIn(({ signedIn, deviceId, deviceName, pushElsewhere }) => {
    // Most members have no other device registered: nothing to look up (the sign-in's own read said so).
    if (!pushElsewhere) return;
    const at = new Date(clock());
    const cancel = deps.timer(LOGIN_NOTIFICATION_DELAY_MS, () => {
      timers.delete(cancel);
      const sent = notifyLogin(signedIn.user, deviceId, deviceName, at)
        .catch((err: unknown) => deps.log.warn({ err }, 'login notification failed'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    });
    timers.add(cancel);
  });

  return {
    async publicKey() {
      return { publicKey: await sender.publicKey() };
    },

    async status({ user }: SignedIn) {
      const row = await store.findRegistration(user.uid);
      return row
        ? { registered: true, endpoint: row.endpoint, deviceName: row.device_name, updatedAt: row.updated_at }
        : { registered: false, endpoint: null, deviceName: null, updatedAt: null };
    },

    /** Keeps this browser's registration as the member's one (a new one replaces the old). */
    async register({ user }: SignedIn, body: PushRegisterBody, from: Caller) {
      if (!(await isPushEndpointAllowed(body.subscription.endpoint, deps.allowPrivate))) {
        throw new ApiError('push/invalid-subscription');
      }
      const now = isoAt(clock);
      const row: PushRow = {
        user_id: user.uid,
        endpoint: body.subscription.endpoint,
        p256dh: body.subscription.keys.p256dh,
        auth: body.subscription.keys.auth,
        // The browser's device key, so its own sign-ins are not announced to it.
        device_id: from.deviceKey,
        device_name: deviceNameFromUserAgent(from.userAgent),
        user_agent: from.userAgent.slice(0, 512),
        language: body.language ?? '',
        platform: body.platform ?? '',
        created_at: now,
        updated_at: now,
      };
      await store.saveRegistration(row);
      return { updatedAt: now };
    },

    async unregister({ user }: SignedIn): Promise<void> {
      await store.deleteRegistration(user.uid);
    },

    stop() {
      for (const cancel of timers) cancel();
      timers.clear();
    },
    /** Resolves once every notification that fell due has been sent or given up (tests). */
    async settle() {
      while (sending.size > 0) await Promise.all(sending);
    },
  };
}
