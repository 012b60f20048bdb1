// Web Push in the browser: the site's service worker (/push-sw.js), this device's subscription, and its
// registration with our server (one per member; a new one replaces the old; refreshed after 7 days).
import { PUSH_REFRESH_MS } from '../../shared/constants.js';
import type { PushStatus } from '../../shared/schemas/auth.js';
import { call } from '../../client/api.js';

export const PUSH_WORKER = '/push-sw.js';
/** The worker hands a notification to the page in front over this channel (see public/push-sw.js). */
export const PUSH_CHANNEL = 'mygenie-push';

export type PushProblem = 'unsupported' | 'permission' | 'save' | 'failed';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function worker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(PUSH_WORKER, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This device's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function save(subscription: PushSubscription): Promise<void> {
  // A subscription without its endpoint or keys is refused by the server as not valid.
  const { endpoint = '', expirationTime = null, keys = {} } = subscription.toJSON();
  await call('pushRegister', {
    body: {
      subscription: { endpoint, expirationTime, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
      language: navigator.language.slice(0, 16),
      platform: (navigator.platform || '').slice(0, 64),
    },
  });
}

/** Asks for permission (when not yet asked), subscribes this device and registers it. */
export async function registerPush(): Promise<{ ok: true } | { ok: false; problem: PushProblem }> {
  if (!pushSupported() || typeof Notification === 'undefined') return { ok: false, problem: 'unsupported' };
  if (Notification.permission === 'denied') return { ok: false, problem: 'permission' };
  if (Notification.permission === 'default' && (await Notification.requestPermission()) !== 'granted') {
    return { ok: false, problem: 'permission' };
  }
  let subscription: PushSubscription;
  try {
    const { publicKey } = await call('pushKey');
    const registration = await worker();
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      }));
  } catch {
    return { ok: false, problem: 'permission' };
  }
  try {
    await save(subscription);
    return { ok: true };
  } catch {
    return { ok: false, problem: 'save' };
  }
}

export async function unregisterPush(): Promise<void> {
  await call('pushUnregister');
  await (await currentSubscription())?.unsubscribe();
}

/** The member's registration and whether it is this device's; a registration of this device older than
 * 7 days is refreshed on the way. */
export async function pushStatus(): Promise<{ status: PushStatus; here: boolean }> {
  const status = await call('pushStatus');
  const mine = await currentSubscription().catch(() => null);
  const here = Boolean(status.registered && mine && mine.endpoint === status.endpoint);
  if (here && mine && status.updatedAt && Date.now() - Date.parse(status.updatedAt) > PUSH_REFRESH_MS) {
    await save(mine).catch(() => undefined);
  }
  return { status, here };
}
