// Reminders the server cannot read (issue 46, docs/security.md "Reminders"): what the reminder routes take and
// answer. The server sees a send time, which of the member's push endpoints, and sealed bytes; the app chooses each
// reminder's id as an HMAC under a key of the vault, so it names no event either.
import { z } from '../zod.js';
import { REMINDER_ENDPOINTS_MAX, REMINDER_MESSAGE_MAX_BYTES } from '../constants.js';

const invalid = { error: 'request/invalid' } as const;

/** A reminder's id, chosen by the app: 16 to 64 characters of base64url. */
export const reminderId = z.string(invalid).regex(/^[A-Za-z0-9_-]{16,64}$/, invalid);
export const reminderParams = z.object({ id: reminderId });

/** One of the member's push endpoints, by the id the server gave it. */
export const reminderEndpointId = z.uuid({ error: 'reminder/unknown-endpoint' });
export const reminderEndpointParams = z.object({ id: reminderEndpointId });

/** A push endpoint of this device (PushSubscription.endpoint): its keys stay on the member's devices. */
export const reminderEndpointBody = z.strictObject({
  endpoint: z
    .string({ error: 'push/invalid-subscription' })
    .max(2048, { error: 'push/invalid-subscription' })
    .refine((value) => URL.canParse(value), { error: 'push/invalid-subscription' }),
});
export type ReminderEndpointBody = z.infer<typeof reminderEndpointBody>;

export const reminderEndpoint = z.object({
  id: z.string(),
  /** The browser and system it was registered from. */
  deviceName: z.string(),
  createdAt: z.string().describe('An ISO 8601 time'),
});
export type ReminderEndpoint = z.infer<typeof reminderEndpoint>;
export const reminderEndpointList = z.object({ endpoints: z.array(reminderEndpoint) });

/**
 * A message sealed for one endpoint: an RFC 8291 `aes128gcm` body (RFC 8188 header with the app's one-time public
 * key, then one record), base64url without padding.
 */
const sealedMessage = z
  .string(invalid)
  .max(Math.ceil((REMINDER_MESSAGE_MAX_BYTES * 4) / 3), { error: 'reminder/too-large' })
  .regex(/^[A-Za-z0-9_-]+$/, invalid);

export const reminderBody = z.strictObject({
  /** When to send it: an ISO 8601 instant in UTC. */
  sendAt: z.iso.datetime({ error: 'reminder/invalid-time' }),
  messages: z
    .array(z.strictObject({ endpoint: reminderEndpointId, body: sealedMessage }), invalid)
    .min(1, invalid)
    .max(REMINDER_ENDPOINTS_MAX, invalid)
    .refine(
      (messages) => new Set(messages.map((message) => message.endpoint)).size === messages.length,
      invalid,
    ),
});
export type ReminderBody = z.infer<typeof reminderBody>;

export const reminder = z.object({
  id: z.string(),
  sendAt: z.string().describe('An ISO 8601 time'),
  /** The endpoints it is sealed for (those removed since are left out). */
  endpoints: z.array(z.string()),
});
export type Reminder = z.infer<typeof reminder>;

export const reminderList = z.object({
  reminders: z.array(reminder),
  /** What the member's reminders take, and what they may. */
  usage: z.object({ count: z.number(), bytes: z.number(), maxCount: z.number(), maxBytes: z.number() }),
});
export type ReminderList = z.infer<typeof reminderList>;
