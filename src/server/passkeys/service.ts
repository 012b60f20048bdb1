// Fingerprint / face login as a real passkey (docs/design.md §3.3): WebAuthn registration and sign-in verified here
// with @simplewebauthn/server, with the description's parameters (rp id = the site's host name, algorithms
// -7 and -257, a platform authenticator, user verification and a resident key required, 120 s, no
// attestation, 32 random bytes of challenge and user id). Challenges are ours, single use and short-lived;
// the sign counter must move forward (a cloned authenticator is refused). No password or password hash is
// ever stored on the device for this.
import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationExtensionsClientInputs,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type AuthenticatorTransport,
  type VerifiedAuthenticationResponse,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import {
  BIOMETRIC_TIMEOUT_MS,
  PASSKEY_OPTIONS_LIMIT,
  PASSKEY_OPTIONS_WINDOW_MS,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import type { Caller, MemberProof, SignedIn } from '../accounts/service.js';
import { newId } from '../core/ids.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { PasskeyRow, PasskeyStore } from './store.js';
import { ApiError } from '../http/errors.js';
import { reserveOrRefuse, type RateLimiter } from '../ratelimit/limiter.js';

export const PASSKEY_ALGORITHMS = [-7, -257];
/** A challenge outlives the browser's 120 s prompt a little, for the round trip. */
const CHALLENGE_TTL_MS = BIOMETRIC_TIMEOUT_MS + 30_000;
const FAILURE_LIMIT = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;

export interface PasskeyDeps {
  /** The members' passkeys and the challenges in flight (store.ts). */
  store: PasskeyStore;
  /** Proofs of the member before and after a sensitive change. */
  proofs: MemberProof;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
}

/** The challenge a client answered, from its clientDataJSON (verified again by the library). */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' && data.challenge.length <= 128 ? data.challenge : null;
  } catch {
    return null;
  }
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  return row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : [];
}

function present(row: PasskeyRow) {
  return {
    id: row.id,
    deviceName: row.device_name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    vaultUnlockAt: row.vault_unlock_at,
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;

export function passkeyService(deps: PasskeyDeps) {
  const { store, proofs, clock, limiter } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;

  type Purpose = 'register' | 'login' | 'reauth' | 'unlock';

  async function issueChallenge(purpose: Purpose, userId: string | null): Promise<string> {
    const challenge = crypto.randomBytes(32).toString('base64url');
    await store.insertChallenge(
      { challenge, purpose, user_id: userId, expires_at: isoAt(clock, CHALLENGE_TTL_MS) },
      isoAt(clock),
    );
    return challenge;
  }

  /** Takes a challenge once: a replay finds it gone, an old one has expired, another purpose does not count. */
  async function answeredOnce(
    clientDataJSON: string,
    purpose: Purpose,
    userId: string | null,
  ): Promise<string> {
    const challenge = answeredChallenge(clientDataJSON);
    if (!challenge) throw new ApiError('passkey/invalid-response');
    const row = await store.takeChallenge(challenge);
    if (!row || row.purpose !== purpose || (userId !== null && row.user_id !== userId)) {
      throw new ApiError('passkey/challenge-expired');
    }
    if (row.expires_at < isoAt(clock)) throw new ApiError('passkey/challenge-expired');
    return challenge;
  }

  /**
   * A passkey answer counts as a failure of the caller's address until it is verified (as for passwords): the
   * failure is reserved before the check, so answers sent at once cannot pass the limit together.
   */
  function reserveFailure(ip: string): Promise<() => Promise<void>> {
    return reserveOrRefuse(limiter, [
      { key: `passkey-fail:address:${ip}`, limit: FAILURE_LIMIT, windowMs: FAILURE_WINDOW_MS },
    ]);
  }

  /**
   * Checks a passkey's answer to one of our challenges: the challenge taken once, the signature, and a counter that
   * moves forward only (of two answers racing with one counter value, one wins). `userId`: the passkey must be
   * that member's.
   */
  async function verifiedPasskey(
    response: AuthenticationResponseJSON,
    purpose: 'login' | 'reauth' | 'unlock',
    userId: string | null,
  ): Promise<PasskeyRow> {
    const expectedChallenge = await answeredOnce(response.response.clientDataJSON, purpose, userId);
    const passkey = await store.findPasskeyByCredential(response.id, userId);
    if (!passkey) throw new ApiError('passkey/not-found');
    let verified: VerifiedAuthenticationResponse;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey),
        },
      });
    } catch (error) {
      const cloned = error instanceof Error && /counter value/i.test(error.message);
      throw new ApiError(cloned ? 'passkey/counter-rejected' : 'passkey/verification-failed');
    }
    if (!verified.verified) throw new ApiError('passkey/verification-failed');
    if (!(await store.advanceCounter(passkey, verified.authenticationInfo.newCounter, isoAt(clock)))) {
      throw new ApiError('passkey/counter-rejected');
    }
    return passkey;
  }

  /** A challenge for one of the member's own passkeys, for `purpose`; none registered: `passkey/not-found`. */
  async function ownPasskeyOptions(userId: string, purpose: 'reauth' | 'unlock') {
    const own = await store.listPasskeys(userId);
    if (own.length === 0) throw new ApiError('passkey/not-found');
    const challenge = await issueChallenge(purpose, userId);
    return generateAuthenticationOptions({
      rpID,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: BIOMETRIC_TIMEOUT_MS,
      userVerification: 'required',
      allowCredentials: own.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    });
  }

  return {
    /**
     * Adding a passkey is a sensitive change: the member proves it is them (the current password, or a password or
     * passkey proof moments ago in this session) before a challenge is issued.
     */
    async registerOptions(signedIn: SignedIn, currentPassword: string | undefined, who: Caller) {
      const { user } = signedIn;
      await proofs.proveMember(signedIn, currentPassword, who);
      const existing = await store.listPasskeys(user.uid);
      const challenge = await issueChallenge('register', user.uid);
      return generateRegistrationOptions({
        rpName: 'MyGenie',
        rpID,
        userName: user.email,
        userDisplayName: user.email,
        userID: crypto.randomBytes(32),
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: BIOMETRIC_TIMEOUT_MS,
        attestationType: 'none',
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        authenticatorSelection: {
          authenticatorAttachment: 'platform',
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'required',
        },
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        // Made able to give a PRF output where the authenticator can, so that it can also unlock the app's vault
        // on this device if the member turns that on (docs/security.md, "Unlocking with a passkey").
        extensions: { prf: {} } as AuthenticationExtensionsClientInputs,
      });
    },

    /** Keeps a new passkey of the member's, named for the browser that made it; the member is told by mail. */
    async register(signedIn: SignedIn, response: RegistrationResponseJSON, userAgent: string) {
      const { user } = signedIn;
      const expectedChallenge = await answeredOnce(response.response.clientDataJSON, 'register', user.uid);
      let verified: VerifiedRegistrationResponse;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        });
      } catch {
        throw new ApiError('passkey/verification-failed');
      }
      if (!verified.verified) throw new ApiError('passkey/verification-failed');
      const { credential } = verified.registrationInfo;
      const deviceName = deviceNameFromUserAgent(userAgent);
      const row: PasskeyRow = {
        id: newId(),
        user_id: user.uid,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        device_name: deviceName,
        created_at: isoAt(clock),
        last_used_at: null,
        vault_unlock_at: null,
      };
      if (!(await store.insertPasskey(row))) throw new ApiError('passkey/already-registered');
      proofs.passkeyAdded(signedIn, deviceName);
      return { passkey: present(row) };
    },

    async list({ user }: SignedIn) {
      return { passkeys: (await store.listPasskeys(user.uid)).map(present) };
    },

    async remove({ user }: SignedIn, id: string): Promise<void> {
      if (!(await store.deletePasskey(user.uid, id))) throw new ApiError('passkey/not-found');
    },

    /** A challenge to sign in with any passkey: anyone may ask, so each address may ask only so often. */
    async loginOptions(ip: string) {
      await reserveOrRefuse(limiter, [
        {
          key: `passkey-options:address:${ip}`,
          limit: PASSKEY_OPTIONS_LIMIT,
          windowMs: PASSKEY_OPTIONS_WINDOW_MS,
        },
      ]);
      const challenge = await issueChallenge('login', null);
      return generateAuthenticationOptions({
        rpID,
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: BIOMETRIC_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: [],
      });
    },

    /**
     * The member whose passkey answered a sign-in challenge (a failure of the address until verified), and whether
     * that passkey also unlocks the app's vault on its device (the app's one check for both).
     */
    async signedInMember(
      response: AuthenticationResponseJSON,
      ip: string,
    ): Promise<{ userId: string; vaultUnlock: boolean }> {
      const release = await reserveFailure(ip);
      const passkey = await verifiedPasskey(response, 'login', null);
      await release();
      return { userId: passkey.user_id, vaultUnlock: passkey.vault_unlock_at !== null };
    },

    /** A challenge to prove it is the member again with one of their passkeys, instead of the password. */
    reauthOptions: ({ user }: SignedIn) => ownPasskeyOptions(user.uid, 'reauth'),

    /** A challenge for the member's passkeys, to unlock the app's vault on a device or to make one able to. */
    unlockOptions: ({ user }: SignedIn) => ownPasskeyOptions(user.uid, 'unlock'),

    /**
     * One of the member's passkeys answered an unlock challenge on a device. With `enrol`, that passkey unlocks the
     * app's vault there from now on (the device keeps the key; the server only that it may); otherwise it must be
     * one that still does (`passkey/unlock-ended` when it was removed from the list or a new master password ended
     * it). A failure of the address until verified.
     */
    async unlockCheck(
      { user }: SignedIn,
      response: AuthenticationResponseJSON,
      enrol: boolean,
      ip: string,
    ): Promise<{ passkeyId: string }> {
      const release = await reserveFailure(ip);
      const passkey = await verifiedPasskey(response, 'unlock', user.uid);
      await release();
      if (enrol) await store.markVaultUnlock(passkey.id, isoAt(clock));
      else if (passkey.vault_unlock_at === null) throw new ApiError('passkey/unlock-ended');
      return { passkeyId: passkey.id };
    },

    /** A passkey of the member's no longer unlocks the vault on its device (it still signs in). */
    async endUnlock({ user }: SignedIn, id: string): Promise<void> {
      if (!(await store.hasPasskey(user.uid, id))) throw new ApiError('passkey/not-found');
      await store.endVaultUnlock(user.uid, id);
    },

    /** No passkey of the member's unlocks the vault any more (a new master password): how many did. */
    async endAllUnlocks({ user }: SignedIn): Promise<{ ended: number }> {
      return { ended: await store.endVaultUnlock(user.uid) };
    },

    /** The member proved it is them with a passkey: sensitive changes need no password for a few minutes. */
    async reauth(signedIn: SignedIn, response: AuthenticationResponseJSON, ip: string): Promise<void> {
      const release = await reserveFailure(ip);
      await verifiedPasskey(response, 'reauth', signedIn.user.uid);
      await release();
      await proofs.markProven(signedIn);
    },
  };
}
