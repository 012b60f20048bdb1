// Request bodies of the account API. Each failing rule names its error code as the message, so the
// server answers with the description's codes and the site shows the same rules inline.
import { z } from '../zod.js';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { DEVICE_NAMES } from '../device.js';
import {
  AUTO_LOGOUT_OPTIONS_MIN,
  EMAIL_MAX_LENGTH,
  SIGN_IN_CODE_DIGITS,
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.js';
import { EMAIL_PATTERN, hasInvisibleCharacters, normalizeEmail } from '../email.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

const email = z
  .string({ error: 'auth/invalid-email' })
  .max(EMAIL_MAX_LENGTH * 4, { error: 'auth/invalid-email' })
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'request/invalid-characters' })
  .transform(normalizeEmail)
  .refine((value) => value.length <= EMAIL_MAX_LENGTH, { error: 'auth/invalid-email' })
  .refine((value) => !hasInvisibleCharacters(value), { error: 'auth/invalid-email' })
  .refine((value) => EMAIL_PATTERN.test(value), { error: 'auth/invalid-email' });

/** Any password given to log in: checked against the stored hash, so only bounded. */
const currentPassword = z
  .string({ error: 'request/invalid' })
  .min(1, { error: 'auth/invalid-login-credentials' })
  .max(PASSWORD_MAX_LENGTH, { error: 'auth/password-too-long' })
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'request/invalid-characters' });

/** A password being set: the register rule of the description (8 or more). */
export const newPassword = z
  .string({ error: 'request/invalid' })
  .min(PASSWORD_MIN_LENGTH, { error: 'auth/weak-password' })
  .max(PASSWORD_MAX_LENGTH, { error: 'auth/password-too-long' })
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'request/invalid-characters' })
  .refine((value) => value.trim().length > 0, { error: 'auth/weak-password' });

const lang = z.enum(LANGUAGES, { error: 'request/invalid' });
/** The auto logout this browser applies (minutes, 0 for none): the server ends the session after as long idle. */
const idleMinutes = z
  .number({ error: 'request/invalid' })
  .refine((value) => (AUTO_LOGOUT_OPTIONS_MIN as readonly number[]).includes(value), {
    error: 'request/invalid',
  });
const actionToken = z.string({ error: 'auth/invalid-action-code' }).regex(/^[A-Za-z0-9_-]{20,128}$/, {
  error: 'auth/invalid-action-code',
});

export const signupBody = z.strictObject({ email, password: newPassword, lang: lang.default('ko') });
export const loginBody = z.strictObject({
  email,
  password: currentPassword,
  idleMinutes: idleMinutes.optional(),
});
export const resendVerificationBody = z.strictObject({
  email,
  password: currentPassword,
  lang: lang.optional(),
});
/** Signed in: the current password proves it is the member for the next few minutes' sensitive changes. */
export const proofBody = z.strictObject({ currentPassword });
/** Signed in: the current password proves it is the member (unless a passkey proved it moments ago). */
export const passwordChangeBody = z.strictObject({
  currentPassword: currentPassword.optional(),
  newPassword,
});
/**
 * Signed out: with `newPassword` (the description's path, after the device checked the master key) the link asks
 * for that password again; without it (forgotten password) the link lets the person there set one.
 */
export const passwordResetBody = z.strictObject({
  email,
  newPassword: newPassword.optional(),
  lang: lang.default('ko'),
});
/** What a mailed link is for, without using it. */
export const actionInfoBody = z.strictObject({ token: actionToken });
/** Verifying an address: the person at the link proves they made the account, with its password. */
export const verifyEmailBody = z.strictObject({ token: actionToken, password: currentPassword });
/**
 * Applying a password change: `chosen` when typing again the password chosen at the request (refused if it is
 * not that one), else a new password set here.
 */
export const resetPasswordBody = z.strictObject({
  token: actionToken,
  newPassword: currentPassword,
  chosen: z.boolean({ error: 'request/invalid' }),
});
export const sessionActivityBody = z.strictObject({ idleMinutes });
/** The code mailed to confirm a waiting sign-in: its digits, spaces and dashes as typed left out by the page. */
export const signInCodeBody = z.strictObject({
  code: z.string().regex(new RegExp(`^[0-9]{${SIGN_IN_CODE_DIGITS}}$`)),
});
export const passkeyRegisterOptionsBody = z.strictObject({ currentPassword: currentPassword.optional() });

export type SignupBody = z.infer<typeof signupBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

// What the API answers. Plain objects: the server's answer is encoded through them, so a field not named
// here never leaves the server.
const deviceName = z.enum(DEVICE_NAMES);
const isoTime = z.string().describe('An ISO 8601 time');

/** What the API tells the site about the signed-in member. */
export const sessionUser = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  lang: z.enum(LANGUAGES),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/**
 * A sign-in on this browser waiting for the new-device check: it can do nothing else until approved. `confirmBy`:
 * another signed-in device of the member that can check the master key is asked ('device'), or, where none can, a
 * code mailed to the member confirms it ('code').
 */
export const pendingSignIn = z.object({
  email: z.string(),
  deviceName,
  signedInAt: isoTime,
  confirmBy: z.enum(['device', 'code']),
});
export type PendingSignIn = z.infer<typeof pendingSignIn>;

export const sessionResponse = z.object({
  user: sessionUser.nullable(),
  /** Present (with `user` null) while this browser's sign-in waits for approval on another device. */
  pending: pendingSignIn.optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signupResponse = z.object({ email: z.string() });

export type ActionKind = 'verifyEmail' | 'resetPassword';
/** A mailed link, looked at without being used. */
export const actionInfo = z.object({
  kind: z.enum(['verifyEmail', 'resetPassword']),
  email: z.string(),
  /** A password change whose new password was chosen when it was asked for. */
  chosenPassword: z.boolean(),
});
export type ActionInfo = z.infer<typeof actionInfo>;
export const verifyEmailResponse = z.object({ email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;
export const resetPasswordResponse = z.object({
  email: z.string(),
  /** Passkeys the change removed (a reset ends every sign-in method but the new password). */
  passkeysRemoved: z.number().int(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

// Passkeys: the browser's WebAuthn answers, bounded here and verified by @simplewebauthn/server.
const base64url = (max: number) =>
  z
    .string({ error: 'passkey/invalid-response' })
    .max(max, { error: 'passkey/invalid-response' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'passkey/invalid-response' });
const credentialBase = {
  id: base64url(1400).min(1, { error: 'passkey/invalid-response' }),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'passkey/invalid-response' }),
  // A PRF output is the device's own (it unlocks the vault there): the app never sends one, and should a client
  // send it all the same, it is dropped here, before anything reads or keeps the answer.
  clientExtensionResults: z
    .record(z.string(), z.unknown())
    .default({})
    .transform(({ prf: _prf, ...others }) => others),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
/** A new passkey's answer, typed as @simplewebauthn's JSON form (the schema checks its shape and bounds). */
const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
}) as unknown as z.ZodType<RegistrationResponseJSON, RegistrationResponseJSON>;
/** A passkey's signed answer to a challenge, typed as @simplewebauthn's JSON form. */
const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
}) as unknown as z.ZodType<AuthenticationResponseJSON, AuthenticationResponseJSON>;
export const passkeyRegisterBody = z.strictObject({ response: registrationResponse });
export const passkeyLoginBody = z.strictObject({
  response: authenticationResponse,
  idleMinutes: idleMinutes.optional(),
});
export const passkeyReauthBody = z.strictObject({ response: authenticationResponse });
/** A passkey's answer to an unlock challenge; `enrol`: it is to unlock the vault on this device from now on. */
export const passkeyUnlockBody = z.strictObject({
  response: authenticationResponse,
  enrol: z.boolean().default(false),
});
export const passkeyUnlockAnswer = z.object({ passkeyId: z.string() });
/** A passkey sign-in's answer: the session's, and whether the passkey also unlocks the vault on its device. */
export const passkeySignInResponse = sessionResponse.extend({ vaultUnlock: z.boolean() });

/** The WebAuthn options the browser passes to navigator.credentials, in @simplewebauthn's JSON form. */
export const passkeyCreationOptions = z.looseObject({
  challenge: z.string(),
}) as unknown as z.ZodType<PublicKeyCredentialCreationOptionsJSON>;
export const passkeyRequestOptions = z.looseObject({
  challenge: z.string(),
}) as unknown as z.ZodType<PublicKeyCredentialRequestOptionsJSON>;

export const passkeySummary = z.object({
  id: z.string(),
  deviceName: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  /** Since when it also unlocks the app's vault on its device (null: sign-in only). */
  vaultUnlockAt: isoTime.nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;
export const passkeyList = z.object({ passkeys: z.array(passkeySummary) });
export type PasskeyList = z.infer<typeof passkeyList>;

/** One signed-in device of the member (GET /api/sessions). */
export const deviceSession = z.object({
  id: z.string(),
  deviceName,
  /** This browser's own session. */
  current: z.boolean(),
  /** Signed in on a new device and not yet confirmed by another device. */
  pending: z.boolean(),
  /** Can check the master key (holds the vault, or its verifier): asked to confirm sign-ins on new devices. */
  canConfirm: z.boolean(),
  signedInAt: isoTime,
  lastSeenAt: isoTime,
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessionList = z.object({ sessions: z.array(deviceSession) });
export type DeviceSessionList = z.infer<typeof deviceSessionList>;
export const sessionParams = z.object({ id: z.uuid({ error: 'session/not-found' }) });

// Web Push registration (login notifications): the browser's PushSubscription as JSON.
/** A base64url key of exactly `bytes` bytes (an uncompressed P-256 point starts with 0x04, so with 'B'). */
const pushKey = (bytes: number) =>
  z
    .string({ error: 'push/invalid-subscription' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'push/invalid-subscription' })
    .refine(
      (value) => {
        const bare = value.replace(/=+$/, '');
        return (
          Math.floor((bare.length * 3) / 4) === bytes &&
          bare.length === Math.ceil((bytes * 4) / 3) &&
          (bytes !== 65 || bare.startsWith('B'))
        );
      },
      { error: 'push/invalid-subscription' },
    );
export const pushRegisterBody = z.strictObject({
  subscription: z.object({
    endpoint: z
      .string({ error: 'push/invalid-subscription' })
      .max(2048, { error: 'push/invalid-subscription' })
      .refine((value) => URL.canParse(value), { error: 'push/invalid-subscription' }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: pushKey(65), auth: pushKey(16) }, { error: 'push/invalid-subscription' }),
  }),
  language: z.string().max(16).optional(),
  platform: z.string().max(64).optional(),
});
export type PushRegisterBody = z.infer<typeof pushRegisterBody>;
export const pushStatus = z.object({
  registered: z.boolean(),
  endpoint: z.string().nullable(),
  deviceName: z.string().nullable(),
  updatedAt: isoTime.nullable(),
});
export type PushStatus = z.infer<typeof pushStatus>;
export const pushKeyResponse = z.object({ publicKey: z.string() });
export const pushRegistered = z.object({ updatedAt: isoTime });

/**
 * Who may make an account here, for the register form's note: anyone (`open`), or only addresses at `domains`
 * when it lists any. An address an admin invited may sign up either way; which ones were invited is not told.
 */
export const signupPolicy = z.object({ open: z.boolean(), domains: z.array(z.string()) });
export type SignupPolicy = z.infer<typeof signupPolicy>;

/** An admin invites an address (its mail goes out in `lang`). */
export const invitationBody = z.strictObject({ email, lang: lang.default('ko') });
export const invitationParams = z.object({ id: z.uuid({ error: 'invitation/not-found' }) });
export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  lang: z.enum(LANGUAGES),
  /** The admin who invited, while their account exists. */
  invitedBy: z.string().nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  /** When the invited address verified its new account. */
  usedAt: isoTime.nullable(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationList = z.object({ invitations: z.array(invitation), policy: signupPolicy });
export const invitationAnswer = z.object({ invitation });
