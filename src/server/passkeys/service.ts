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
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type AuthenticatorTransport,
  type VerifiedAuthenticationResponse,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import {
  BIOMETRIC_TIMEOUT_MS,
  PASSKEY_OPTIONS_LIMIT,
  PASSKEY_OPTIONS_WINDOW_MS,
} from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import type { AccountService, Caller, SignedIn } from '../accounts/service.js';
import { newId } from '../core/ids.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Database } from '../db/schema.js';
import {
  advanceCounter,
  deletePasskey,
  findPasskeyByCredential,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  takeChallenge,
  type PasskeyRow,
} from './store.js';
import { ApiError } from '../http/errors.js';
import { reserveOrRefuse, type RateLimiter } from '../ratelimit/limiter.js';

export const PASSKEY_ALGORITHMS = [-7, -257];
/** A challenge outlives the browser's 120 s prompt a little, for the round trip. */
const CHALLENGE_TTL_MS = BIOMETRIC_TIMEOUT_MS + 30_000;
const FAILURE_LIMIT = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;

export interface PasskeyDeps {
  db: Kysely<Database>;
  accounts: AccountService;
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
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;

export function passkeyService(deps: PasskeyDeps) {
  const { db, accounts, clock, limiter } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;

  type Purpose = 'register' | 'login' | 'reauth';

  async function issueChallenge(purpose: Purpose, userId: string | null): Promise<string> {
    const challenge = crypto.randomBytes(32).toString('base64url');
    await insertChallenge(
      db,
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
    const row = await takeChallenge(db, challenge);
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
    purpose: 'login' | 'reauth',
    userId: string | null,
  ): Promise<PasskeyRow> {
    const expectedChallenge = await answeredOnce(response.response.clientDataJSON, purpose, userId);
    const passkey = await findPasskeyByCredential(db, response.id, userId);
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
    if (!(await advanceCounter(db, passkey, verified.authenticationInfo.newCounter, isoAt(clock)))) {
      throw new ApiError('passkey/counter-rejected');
    }
    return passkey;
  }

  return {
    /**
     * Adding a passkey is a sensitive change: the member proves it is them (the current password, or a password or
     * passkey proof moments ago in this session) before a challenge is issued.
     */
    async registerOptions(signedIn: SignedIn, currentPassword: string | undefined, who: Caller) {
      const { user } = signedIn;
      await accounts.proveMember(signedIn, currentPassword, who);
      const existing = await listPasskeys(db, user.uid);
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
      };
      if (!(await insertPasskey(db, row))) throw new ApiError('passkey/already-registered');
      accounts.passkeyAdded(signedIn, deviceName);
      return { passkey: present(row) };
    },

    async list({ user }: SignedIn) {
      return { passkeys: (await listPasskeys(db, user.uid)).map(present) };
    },

    async remove({ user }: SignedIn, id: string): Promise<void> {
      if (!(await deletePasskey(db, user.uid, id))) throw new ApiError('passkey/not-found');
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

    /** The member whose passkey answered a sign-in challenge (a failure of the address until verified). */
    async signedInMember(response: AuthenticationResponseJSON, ip: string): Promise<string> {
      const release = await reserveFailure(ip);
      const passkey = await verifiedPasskey(response, 'login', null);
      await release();
      return passkey.user_id;
    },

    /** A challenge to prove it is the member again with one of their passkeys, instead of the password. */
    async reauthOptions({ user }: SignedIn) {
      const own = await listPasskeys(db, user.uid);
      if (own.length === 0) throw new ApiError('passkey/not-found');
      const challenge = await issueChallenge('reauth', user.uid);
      return generateAuthenticationOptions({
        rpID,
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: BIOMETRIC_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: own.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      });
    },

    /** The member proved it is them with a passkey: sensitive changes need no password for a few minutes. */
    async reauth(signedIn: SignedIn, response: AuthenticationResponseJSON, ip: string): Promise<void> {
      const release = await reserveFailure(ip);
      await verifiedPasskey(response, 'reauth', signedIn.user.uid);
      await release();
      await accounts.markProven(signedIn);
    },
  };
}
