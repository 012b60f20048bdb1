// How the server speaks Web Push (RFC 8030, VAPID RFC 8292): its VAPID key pair, made once for every server process,
// and one guarded agent for the push services' addresses. Login notifications are encrypted here with the
// registration's keys (web-push does it); a reminder arrives already sealed by the member's app (RFC 8291) and is
// posted byte for byte, since the server holds no key that could open or make one.
import https from 'node:https';
import webpush from 'web-push';
import { isoAt, type Clock } from '../core/clock.js';
import { driveAgents, isPublicHost } from '../http/outbound.js';
import type { PushStore } from './store.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID key pair: made once, on the first start, by whichever process gets there first. */
export async function vapidKeys(store: PushStore, clock: Clock): Promise<VapidKeys> {
  const stored = await store.readServerKey('vapid');
  if (stored) return JSON.parse(stored) as VapidKeys;
  await store.insertServerKeyOnce('vapid', JSON.stringify(webpush.generateVAPIDKeys()), isoAt(clock));
  return JSON.parse((await store.readServerKey('vapid'))!) as VapidKeys;
}

/**
 * Whether the server may post to a push endpoint a browser gave: https, and a public host unless the host allows
 * its own network (tests). The addresses it resolves to are checked again at every connection (http/outbound.ts).
 */
export async function isPushEndpointAllowed(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return allowPrivate || isPublicHost(url.hostname);
}

export interface PushSenderDeps {
  store: PushStore;
  clock: Clock;
  publicUrl: string;
  contact: string | undefined;
  allowPrivate: boolean;
  /** Extra certificate authority for the push endpoints (a local endpoint in tests). */
  ca?: string;
}

export interface PushOptions {
  /** How long the push service keeps the message for a device that is offline, in seconds. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

/** A push service's refusal: its HTTP status (404 and 410 mean the registration is gone). */
export class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

const SEND_TIMEOUT_MS = 10_000;

export type PushSender = ReturnType<typeof pushSender>;

export function pushSender(deps: PushSenderDeps) {
  // Made (or read) at start; if the database is not ready then, on first use instead (never a crash).
  let keys: Promise<VapidKeys> | null = null;
  const serverKeys = () =>
    (keys ??= vapidKeys(deps.store, deps.clock).catch((error: unknown) => {
      keys = null;
      throw error;
    }));
  const { httpsAgent } = driveAgents({
    allowPrivate: deps.allowPrivate,
    idleMs: SEND_TIMEOUT_MS,
    ...(deps.ca ? { ca: deps.ca } : {}),
  });
  const subject = `mailto:${deps.contact ?? `admin@${new URL(deps.publicUrl).hostname}`}`;

  return {
    serverKeys,

    async publicKey(): Promise<string> {
      return (await serverKeys()).publicKey;
    },

    /** Encrypts `payload` for a registration's keys and sends it (login notifications). */
    async sendEncrypted(
      subscription: { endpoint: string; p256dh: string; auth: string },
      payload: string,
      options: PushOptions,
    ): Promise<void> {
      const vapid = await serverKeys();
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            contentEncoding: 'aes128gcm',
            agent: httpsAgent,
            timeout: SEND_TIMEOUT_MS,
          },
        );
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        throw status === undefined ? error : new PushRefused(status);
      }
    },

    /**
     * Posts a message someone else sealed (RFC 8291 `aes128gcm`, the keys in its own header) as it is: the server
     * adds its VAPID signature and nothing else.
     */
    async sendSealed(endpoint: string, body: Uint8Array, options: PushOptions): Promise<void> {
      const vapid = await serverKeys();
      const url = new URL(endpoint);
      const { Authorization } = webpush.getVapidHeaders(
        url.origin,
        subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
      ) as { Authorization: string };
      const status = await new Promise<number>((resolve, reject) => {
        const request = https.request(
          url,
          {
            method: 'POST',
            agent: httpsAgent,
            timeout: SEND_TIMEOUT_MS,
            headers: {
              Authorization,
              TTL: String(options.ttlSeconds),
              Urgency: options.urgency,
              'Content-Encoding': 'aes128gcm',
              'Content-Type': 'application/octet-stream',
              'Content-Length': String(body.byteLength),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error('push service timed out')));
        request.on('error', reject);
        request.end(body);
      });
      if (status < 200 || status > 299) throw new PushRefused(status);
    },
  };
}
