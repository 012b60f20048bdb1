// Fingerprint / face in the browser: a passkey made and used through WebAuthn, verified by our server
// (src/server/passkeys), to sign in on the site and to unlock the app's vault (with the PRF extension, whose output
// never leaves this page: checkWithPrf). Every failure becomes one of the description's biometric messages (§8).
// The WebAuthn helper library is loaded only when a passkey is actually used.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { SessionResponse } from '../shared/schemas/auth.js';
import { call, failureCode } from './api.js';
import { readAutoLogoutMinutes } from './auto-logout.js';
import { BIOMETRIC_TIMEOUT_MS } from '../shared/constants.js';
import { bytesToBase64 } from '../shared/base64.js';

export type PasskeyProblem =
  | 'unsupported'
  | 'no-platform'
  | 'hidden'
  | 'cancelled'
  | 'denied'
  | 'not-supported'
  | 'not-registered'
  | 'already-registered'
  | 'failed'
  | 'network'
  /** An API error code, shown with the site's error catalog. */
  | `api:${string}`;

export type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; problem: PasskeyProblem };

/** Whether this browser and device can use a fingerprint / face passkey at all. */
export async function passkeySupport(): Promise<'ready' | 'unsupported' | 'no-platform'> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return 'unsupported';
  try {
    const available = await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
    return available ? 'ready' : 'no-platform';
  } catch {
    // The check itself failed: counted as no support (the description logs it and moves on).
    return 'unsupported';
  }
}

/** The browser's refusal, by the DOMException name WebAuthn gives (or the helper library's code). */
function browserProblem(error: unknown, purpose: 'register' | 'login'): PasskeyProblem {
  const failure = error as { name?: string; code?: string; cause?: { name?: string } };
  const name = failure.cause?.name ?? failure.name;
  if (failure.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'already-registered';
  if (failure.code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return 'cancelled';
  if (name === 'NotAllowedError') return 'denied';
  if (name === 'NotSupportedError') return 'not-supported';
  if (name === 'InvalidStateError') return purpose === 'register' ? 'already-registered' : 'not-registered';
  return 'failed';
}

async function ready(): Promise<PasskeyProblem | null> {
  const support = await passkeySupport();
  if (support !== 'ready') return support;
  if (document.visibilityState !== 'visible') return 'hidden';
  return null;
}

function apiProblem(failure: unknown): PasskeyProblem {
  const code = failureCode(failure);
  return code === 'network' ? 'network' : `api:${code}`;
}

/**
 * Registers a passkey on this device for the signed-in member. Adding one is a sensitive change: the server asks
 * for the current password (`api:auth/reauth-required`) unless the member proved it moments ago (signing in).
 */
export async function registerPasskey(
  currentPassword?: string,
): Promise<PasskeyOutcome<{ credentialId: string; passkeyId: string; prf: boolean | undefined }>> {
  const problem = await ready();
  if (problem) return { ok: false, problem };
  let options;
  try {
    options = await call('passkeyRegisterOptions', {
      body: currentPassword === undefined ? {} : { currentPassword },
    });
  } catch (failure) {
    return { ok: false, problem: apiProblem(failure) };
  }
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    return { ok: false, problem: browserProblem(error, 'register') };
  }
  // Whether the new passkey can give a PRF output (what unlocking the app's vault needs); undefined: not said.
  const prf = (response.clientExtensionResults as { prf?: { enabled?: boolean } }).prf?.enabled;
  try {
    const { passkey } = await call('passkeyRegister', {
      body: { response: { ...response, clientExtensionResults: {} } },
    });
    return { ok: true, value: { credentialId: response.id, passkeyId: passkey.id, prf } };
  } catch (failure) {
    return { ok: false, problem: apiProblem(failure) };
  }
}

/**
 * Answers one of our passkey challenges with a passkey of this device: asks `options` for the challenge, lets the
 * member pick and verify, and sends the answer (with `extra`) to `verify`.
 */
async function answerChallenge<T>(
  options: () => Promise<PublicKeyCredentialRequestOptionsJSON>,
  verify: (response: AuthenticationResponseJSON) => Promise<T>,
): Promise<PasskeyOutcome<T>> {
  const problem = await ready();
  if (problem) return { ok: false, problem };
  let challenge;
  try {
    challenge = await options();
  } catch (failure) {
    return { ok: false, problem: apiProblem(failure) };
  }
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let response;
  try {
    response = await startAuthentication({ optionsJSON: challenge });
  } catch (error) {
    return { ok: false, problem: browserProblem(error, 'login') };
  }
  try {
    return { ok: true, value: await verify(response) };
  } catch (failure) {
    return { ok: false, problem: apiProblem(failure) };
  }
}

/**
 * Signs in with a passkey alone (the account comes from the passkey the member picks); the answer may be a sign-in
 * waiting for approval on another device.
 */
export async function signInWithPasskey(): Promise<PasskeyOutcome<SessionResponse>> {
  const outcome = await answerChallenge(
    () => call('passkeyLoginOptions'),
    (response) => call('passkeyLogin', { body: { response, idleMinutes: readAutoLogoutMinutes() } }),
  );
  if (!outcome.ok) return outcome;
  return outcome.value.user || outcome.value.pending ? outcome : { ok: false, problem: 'failed' };
}

/** Proves it is the signed-in member with one of their passkeys, before a sensitive change. */
export async function proveWithPasskey(): Promise<PasskeyOutcome<null>> {
  const outcome = await answerChallenge(
    () => call('passkeyReauthOptions'),
    (response) => call('passkeyReauth', { body: { response } }),
  );
  return outcome.ok ? { ok: true, value: null } : outcome;
}

/** The message key for a problem, for registration or login (description §8, "Biometric"). */
export function passkeyMessageKey(problem: PasskeyProblem, purpose: 'register' | 'login'): string {
  if (problem.startsWith('api:')) return `errors.${problem.slice(4)}`;
  switch (problem) {
    case 'unsupported':
      return 'biometric.unsupported';
    case 'no-platform':
      return 'biometric.noPlatform';
    case 'hidden':
      return 'biometric.hidden';
    case 'cancelled':
      return purpose === 'register' ? 'biometric.registerCancelled' : 'biometric.loginCancelled';
    case 'denied':
      return purpose === 'register' ? 'biometric.registerDenied' : 'biometric.loginDenied';
    case 'not-supported':
      return purpose === 'register' ? 'biometric.registerNotSupported' : 'biometric.loginNotSupported';
    case 'not-registered':
      return 'biometric.notRegistered';
    case 'already-registered':
      return 'errors.passkey/already-registered';
    case 'network':
      return 'errors.network';
    default:
      return purpose === 'register' ? 'biometric.registerFailed' : 'biometric.loginFailed';
  }
}

// The PRF extension (WebAuthn level 3): a passkey check that also gives 32 bytes only that passkey's authenticator
// can compute for a given input. The app's vault is unlocked with them on this device (docs/security.md,
// "Unlocking with a passkey"); they are never sent anywhere.

/** Whether this browser can make and use a passkey that gives a PRF output. */
export async function prfSupport(): Promise<'ready' | 'unsupported' | 'no-platform' | 'no-prf'> {
  const support = await passkeySupport();
  if (support !== 'ready') return support;
  const capabilities = (
    PublicKeyCredential as unknown as { getClientCapabilities?: () => Promise<Record<string, boolean>> }
  ).getClientCapabilities;
  if (!capabilities) return 'ready';
  try {
    // A browser that says it has no PRF cannot unlock with one; one that does not say may (the check will tell).
    return (await capabilities.call(PublicKeyCredential))['extension:prf'] === false ? 'no-prf' : 'ready';
  } catch {
    return 'ready';
  }
}

/** A check with the PRF: the answer for our server (without the PRF output) and the output (null: none given). */
export interface PrfCheck {
  response: AuthenticationResponseJSON;
  prf: Uint8Array<ArrayBuffer> | null;
}

/**
 * Checks a passkey of this device's against `options` (our server's challenge, or one made here when offline),
 * asking its authenticator for the PRF output of `prfSalt`. `credentialId`: only that passkey may answer.
 */
export async function checkWithPrf(
  options: PublicKeyCredentialRequestOptionsJSON,
  prfSalt: Uint8Array<ArrayBuffer>,
  credentialId?: string,
): Promise<PasskeyOutcome<PrfCheck>> {
  const problem = await ready();
  if (problem) return { ok: false, problem };
  const allowed = credentialId
    ? [{ id: credentialId, transports: undefined }]
    : (options.allowCredentials ?? []);
  // One ceremony at a time: a new check cancels one still pending (the browser refuses a second while one is), as
  // the helper library does for its own (the same abort service, so the two kinds cancel each other too).
  const { WebAuthnAbortService, base64URLStringToBuffer, bufferToBase64URLString } =
    await import('@simplewebauthn/browser');
  let credential: PublicKeyCredential;
  try {
    credential = (await navigator.credentials.get({
      signal: WebAuthnAbortService.createNewAbortSignal(),
      publicKey: {
        challenge: base64URLStringToBuffer(options.challenge),
        ...(options.rpId ? { rpId: options.rpId } : {}),
        timeout: options.timeout ?? BIOMETRIC_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: allowed.map((item) => ({
          type: 'public-key' as const,
          id: base64URLStringToBuffer(item.id),
          ...(item.transports ? { transports: item.transports as AuthenticatorTransport[] } : {}),
        })),
        extensions: { prf: { eval: { first: prfSalt } } } as AuthenticationExtensionsClientInputs,
      },
    })) as PublicKeyCredential;
  } catch (error) {
    return { ok: false, problem: browserProblem(error, 'login') };
  }
  const answer = credential.response as AuthenticatorAssertionResponse;
  const results = (credential.getClientExtensionResults() as { prf?: { results?: { first?: BufferSource } } })
    .prf?.results?.first;
  const prf = results
    ? new Uint8Array(ArrayBuffer.isView(results) ? results.buffer.slice(0) : results.slice(0))
    : null;
  const response: AuthenticationResponseJSON = {
    id: credential.id,
    rawId: bufferToBase64URLString(credential.rawId),
    type: 'public-key',
    // Nothing of the extension's answer goes to the server.
    clientExtensionResults: {},
    response: {
      clientDataJSON: bufferToBase64URLString(answer.clientDataJSON),
      authenticatorData: bufferToBase64URLString(answer.authenticatorData),
      signature: bufferToBase64URLString(answer.signature),
      ...(answer.userHandle ? { userHandle: bufferToBase64URLString(answer.userHandle) } : {}),
    },
    ...(credential.authenticatorAttachment === 'platform' ||
    credential.authenticatorAttachment === 'cross-platform'
      ? { authenticatorAttachment: credential.authenticatorAttachment }
      : {}),
  };
  return { ok: true, value: { response, prf } };
}

/** A challenge made here, for a check while our server cannot be reached (the authenticator still verifies). */
export function offlineOptions(): PublicKeyCredentialRequestOptionsJSON {
  return {
    challenge: bytesToBase64(crypto.getRandomValues(new Uint8Array(32)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, ''),
    rpId: window.location.hostname,
    timeout: BIOMETRIC_TIMEOUT_MS,
    userVerification: 'required',
  };
}
