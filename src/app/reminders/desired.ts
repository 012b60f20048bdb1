// What the app wants the server to hold: reminders as the schedule and the anniversaries ask for them (a pure input,
// `DesiredReminder`), the words each shows, and the opaque id each has on the server. The id is an HMAC under a key
// of the vault over everything the reminder is — its key, time, words and devices — so every device of the member
// names the same reminder alike, a reminder changed in any way is another one (withdrawn, and the new one sealed),
// and the server learns nothing of which event it came from.
import { REMINDER_MESSAGE_MAX_BYTES } from '../../shared/constants.js';
import { bytesToBase64Url } from './web-push.js';

/** A reminder to be sent at `sendAt`: what an event or an anniversary asks for. */
export interface DesiredReminder {
  /** Stable for the same reminder of the same occurrence (e.g. event id, occurrence date, minutes before). */
  key: string;
  /** When to show it: an ISO 8601 instant. */
  sendAt: string;
  title: string;
  body: string;
  /** Where a click on it opens, within the app (`/app/…`); the app's start otherwise. */
  url?: string;
}

/** What a device's service worker finds in the message, and shows. */
export interface ReminderMessage {
  title: string;
  body: string;
  url: string;
  /** The reminder's id: a message that arrives twice replaces its notification instead of adding one. */
  tag: string;
}

export const REMINDER_TITLE_MAX = 100;
export const REMINDER_BODY_MAX = 300;
/** Messages are padded to a multiple of this, so their sizes say little about their words. */
export const REMINDER_PAD_BYTES = 256;
/** The longest message that, sealed and padded, stays within the server's limit for one. */
const MESSAGE_MAX_BYTES =
  Math.floor((REMINDER_MESSAGE_MAX_BYTES - 86 - 16) / REMINDER_PAD_BYTES) * REMINDER_PAD_BYTES - 1;
const APP_START = '/app/';

const clip = (text: string, max: number) => {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
};

/** A click may open the app only (a reminder's link never leaves it). */
function appUrl(url: string | undefined): string {
  if (!url || !url.startsWith(APP_START) || url.startsWith('//') || /[\s\\]/.test(url)) return APP_START;
  return url.slice(0, 300);
}

/** The message a reminder shows, as bytes within what one sealed message may hold. */
export function reminderMessage(reminder: DesiredReminder, id: string): Uint8Array<ArrayBuffer> {
  const title = clip(reminder.title, REMINDER_TITLE_MAX) || 'MyGenie';
  let body = clip(reminder.body, REMINDER_BODY_MAX);
  const encode = (words: string) =>
    new TextEncoder().encode(
      JSON.stringify({ title, body: words, url: appUrl(reminder.url), tag: id } satisfies ReminderMessage),
    );
  let bytes = encode(body);
  while (bytes.length > MESSAGE_MAX_BYTES && body.length > 0) {
    body = clip([...body].slice(0, -10).join(''), REMINDER_BODY_MAX);
    bytes = encode(body);
  }
  return bytes;
}

/** The key reminders are named with: derived from the vault's data key, so only the member's devices have it. */
export function deriveReminderKey(dataKey: CryptoKey): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(32),
      info: new TextEncoder().encode('mygenie/reminders/v1'),
    },
    dataKey,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
}

async function mac(key: CryptoKey, value: unknown): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(JSON.stringify(value))),
  );
}

/**
 * The part of every id that says which vault made it (8 characters): a device reconciles only its own vault's
 * reminders, so a vault kept apart on another device (sync off) never withdraws this one's.
 */
export async function reminderNamespace(key: CryptoKey): Promise<string> {
  return bytesToBase64Url((await mac(key, ['mygenie/reminder-namespace/v1'])).subarray(0, 6));
}

/** A reminder's id on the server, for the devices it is sealed for (30 characters of base64url). */
export async function reminderIdOf(
  key: CryptoKey,
  namespace: string,
  reminder: DesiredReminder,
  endpointIds: readonly string[],
): Promise<string> {
  const digest = await mac(key, [
    'mygenie/reminder/v1',
    reminder.key,
    new Date(reminder.sendAt).toISOString(),
    reminder.title,
    reminder.body,
    reminder.url ?? '',
    [...endpointIds].sort(),
  ]);
  return namespace + bytesToBase64Url(digest.subarray(0, 16));
}
