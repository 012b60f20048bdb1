// Fingerprint / face login in the browser: a passkey made and used through WebAuthn, verified by our server
// (src/server/passkeys). Every failure becomes one of the description's biometric messages (§8). The
// WebAuthn helper library is loaded only when a passkey is actually used.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { SessionResponse } from '../../shared/schemas/auth.js';
import { call, failureCode } from '../../client/api.js';
import { readAutoLogoutMinutes } from '../../client/auto-logout.js';

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
export async function registerPasskey(currentPassword?: string): Promise<PasskeyOutcome<null>> {
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
  try {
    await call('passkeyRegister', { body: { response } });
    return { ok: true, value: null };
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
