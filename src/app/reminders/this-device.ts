// Reminders on this device: whether its browser can receive them by push, and turning them on and off — the app's
// service worker (/app/sw.js) subscribed with the server's VAPID key, the subscription's endpoint registered with the
// server, its keys kept in the vault (targets.ts) for every device of the member to seal for. Where push cannot work
// the app says why and reminds in the page while it is open (in-app.ts).
import { call, failureCode } from '../../client/api.js';
import { browserAndSystem, browserDeviceName } from '../../shared/device.js';
import type { Language } from '../../shared/constants.js';
import type { Vault } from '../vault/vault.js';
import { forgetPushTarget, keepPushTarget, pushTargets, unpadded, type PushTarget } from './targets.js';
import { base64UrlToBytes } from './web-push.js';

/** The app's own worker, whose scope the installed app (manifest scope /app/) and its pushes live in. */
const APP_SCOPE = '/app/';

/**
 * What this device can do: `available` (push works, not turned on here), `on`, or why not: no Push API
 * (`unsupported`), iOS and iPadOS before the app is added to the Home Screen (`install-first`), notifications refused
 * (`denied`), or no service worker to receive them (`no-worker`: the development server).
 */
export type PushAvailability = 'available' | 'on' | 'unsupported' | 'install-first' | 'denied' | 'no-worker';

export type TurnOnProblem = Exclude<PushAvailability, 'available' | 'on'> | 'failed';

function isAppleMobile(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

function installed(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * Whether the member let this site notify: the Permissions API's answer where there is one (headless Chromium's
 * Notification.permission says 'denied' whatever was granted), else Notification.permission's.
 */
async function notificationPermission(): Promise<NotificationPermission> {
  try {
    const state = (await navigator.permissions.query({ name: 'notifications' })).state;
    return state === 'prompt' ? 'default' : state;
  } catch {
    return Notification.permission;
  }
}

/** What the browser allows, before anything is asked. */
export async function pushSupport(): Promise<
  Exclude<PushAvailability, 'available' | 'on' | 'no-worker'> | 'supported'
> {
  const api = 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
  if (isAppleMobile() && !installed()) return 'install-first';
  if (!api) return 'unsupported';
  if ((await notificationPermission()) === 'denied') return 'denied';
  return 'supported';
}

/** The app's service worker: the one registered as the page loaded (main.tsx), or registered now if not yet. */
async function appWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registered = await navigator.serviceWorker.getRegistration(APP_SCOPE);
  if (registered) return registered;
  // None on the development server, which serves no worker: push cannot reach this page there.
  return navigator.serviceWorker.register(`${APP_SCOPE}sw.js`, { scope: APP_SCOPE }).catch(() => null);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await appWorker())?.pushManager.getSubscription()) ?? null;
}

function keysOf(subscription: PushSubscription): { p256dh: string; auth: string } | null {
  const keys = subscription.toJSON().keys ?? {};
  const p256dh = unpadded(keys.p256dh);
  const auth = unpadded(keys.auth);
  return p256dh && auth ? { p256dh, auth } : null;
}

/** This device's target in the vault: the one with this browser's subscription key. */
export function targetOfThisDevice(vault: Pick<Vault, 'list'>, subscription: PushSubscription | null) {
  const keys = subscription ? keysOf(subscription) : null;
  return keys ? (pushTargets(vault).find((target) => target.p256dh === keys.p256dh) ?? null) : null;
}

/** Whether reminders reach this device by push, or why they cannot; with its endpoint's id when they do. */
export async function pushAvailability(
  vault: Pick<Vault, 'list'>,
): Promise<{ availability: PushAvailability; endpointId: string | null }> {
  const support = await pushSupport();
  if (support !== 'supported') return { availability: support, endpointId: null };
  const worker = await appWorker();
  if (!worker) return { availability: 'no-worker', endpointId: null };
  const target = targetOfThisDevice(vault, await worker.pushManager.getSubscription());
  return (await notificationPermission()) === 'granted' && target
    ? { availability: 'on', endpointId: target.endpointId }
    : { availability: 'available', endpointId: null };
}

/** The name this device goes by in the list of devices ("Chrome on Android"). */
function thisDeviceName(lang: Language): string {
  return browserDeviceName(browserAndSystem(navigator.userAgent), lang);
}

/**
 * Registers this device's subscription with the server and keeps its keys in the vault. With `subscription` null it
 * is made first (asking for permission when not yet asked).
 */
async function register(vault: Vault, subscription: PushSubscription, lang: Language): Promise<PushTarget> {
  const keys = keysOf(subscription);
  if (!keys) throw new Error('the subscription has no keys');
  const { id } = await call('addReminderEndpoint', { body: { endpoint: subscription.endpoint } });
  const target: PushTarget = {
    endpointId: id,
    ...keys,
    name: thisDeviceName(lang),
    addedAt: Date.now(),
  };
  await keepPushTarget(vault, target);
  return target;
}

/** Turns reminders on for this device. */
export async function turnOnHere(
  vault: Vault,
  lang: Language,
): Promise<{ ok: true } | { ok: false; problem: TurnOnProblem }> {
  const support = await pushSupport();
  if (support !== 'supported') return { ok: false, problem: support };
  const asked =
    (await notificationPermission()) === 'default'
      ? await Notification.requestPermission()
      : await notificationPermission();
  if (asked !== 'granted') return { ok: false, problem: 'denied' };
  const worker = await appWorker();
  if (!worker) return { ok: false, problem: 'no-worker' };
  try {
    let subscription = await worker.pushManager.getSubscription();
    if (!subscription) {
      const { publicKey } = await call('pushKey');
      subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      });
    }
    await register(vault, subscription, lang);
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      problem: failureCode(error) === 'push/invalid-subscription' ? 'unsupported' : 'failed',
    };
  }
}

/** Turns reminders off for this device: the server no longer sends here, and no device seals for it. */
export async function turnOffHere(vault: Vault): Promise<void> {
  const subscription = await currentSubscription();
  const target = targetOfThisDevice(vault, subscription);
  if (target) await removeDevice(vault, target.endpointId);
  await subscription?.unsubscribe();
}

/** Stops reminders to one of the member's devices (a lost phone): on the server and in the vault. */
export async function removeDevice(vault: Pick<Vault, 'get' | 'remove'>, endpointId: string): Promise<void> {
  try {
    await call('removeReminderEndpoint', { params: { id: endpointId } });
  } catch (error) {
    if (failureCode(error) !== 'reminder/unknown-endpoint') throw error;
  }
  await forgetPushTarget(vault, endpointId);
}

/**
 * Keeps this device's registration true while the app is open: a subscription the browser renewed (a new endpoint)
 * or one the server forgot is registered again, so reminders keep reaching a device that has them on.
 */
export async function keepThisDeviceRegistered(vault: Vault, lang: Language): Promise<void> {
  if ((await pushSupport()) !== 'supported' || (await notificationPermission()) !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  const target = targetOfThisDevice(vault, subscription);
  if (!target) return;
  const { endpoints } = await call('reminderEndpoints');
  if (endpoints.some((endpoint) => endpoint.id === target.endpointId)) return;
  const renewed = await register(vault, subscription, lang);
  if (renewed.endpointId !== target.endpointId) await forgetPushTarget(vault, target.endpointId);
}
