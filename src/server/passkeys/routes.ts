// Fingerprint / face login as a real passkey (DESIGN §3.3): WebAuthn registration and sign-in verified here
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
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  type VerifiedAuthenticationResponse,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BIOMETRIC_TIMEOUT_MS } from '../../shared/constants.js';
import { deviceNameFromUserAgent } from '../../shared/device.js';
import {
  passkeyLoginBody,
  passkeyRegisterBody,
  type PasskeyList,
  type SessionResponse,
} from '../../shared/schemas/auth.js';
import { idParams } from '../../shared/schemas/files.js';
import { requireMember } from '../accounts/access.js';
import { caller, setSessionCookie } from '../accounts/routes.js';
import type { AccountService } from '../accounts/service.js';
import { newId } from '../accounts/tokens.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database, PasskeyTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import type { RateLimiter } from '../ratelimit/limiter.js';

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

function transportsOf(row: PasskeyTable): AuthenticatorTransport[] {
  return row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : [];
}

export function passkeyRoutes(app: FastifyInstance, deps: PasskeyDeps): void {
  const { db, accounts, clock, limiter } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;

  async function issueChallenge(purpose: 'register' | 'login', userId: string | null): Promise<string> {
    const challenge = crypto.randomBytes(32).toString('base64url');
    await db.deleteFrom('webauthn_challenges').where('expires_at', '<', isoAt(clock)).execute();
    await db
      .insertInto('webauthn_challenges')
      .values({ challenge, purpose, user_id: userId, expires_at: isoAt(clock, CHALLENGE_TTL_MS) })
      .execute();
    return challenge;
  }

  /** Takes a challenge once: a replay finds it gone, an old one has expired, another purpose does not count. */
  async function takeChallenge(
    clientDataJSON: string,
    purpose: 'register' | 'login',
    userId: string | null,
  ): Promise<string> {
    const challenge = answeredChallenge(clientDataJSON);
    if (!challenge) throw new ApiError('passkey/invalid-response');
    const row = await db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .returningAll()
      .executeTakeFirst();
    if (!row || row.purpose !== purpose || (userId !== null && row.user_id !== userId)) {
      throw new ApiError('passkey/challenge-expired');
    }
    if (row.expires_at < isoAt(clock)) throw new ApiError('passkey/challenge-expired');
    return challenge;
  }

  /** An address with too many failed passkey sign-ins waits (as for passwords). */
  async function refuseWhenBlocked(request: FastifyRequest): Promise<void> {
    if ((await limiter.count(`passkey-fail:address:${request.ip}`, FAILURE_WINDOW_MS)) >= FAILURE_LIMIT) {
      throw new ApiError('auth/too-many-requests');
    }
  }

  async function countFailure(request: FastifyRequest): Promise<void> {
    await limiter.record(`passkey-fail:address:${request.ip}`);
  }

  app.post('/api/passkeys/register/options', async (request) => {
    const { user } = await requireMember(accounts, request);
    const existing = await db
      .selectFrom('passkeys')
      .select(['credential_id', 'transports'])
      .where('user_id', '=', user.uid)
      .execute();
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
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: row.transports ? row.transports.split(',') : [],
      })),
    });
  });

  app.post('/api/passkeys/register/verify', async (request, reply) => {
    const { user } = await requireMember(accounts, request);
    const { response } = parseBody(passkeyRegisterBody, request.body) as {
      response: RegistrationResponseJSON;
    };
    const expectedChallenge = await takeChallenge(response.response.clientDataJSON, 'register', user.uid);
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
    const row: PasskeyTable = {
      id: newId(),
      user_id: user.uid,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      device_name: deviceNameFromUserAgent(String(request.headers['user-agent'] ?? '')),
      created_at: isoAt(clock),
      last_used_at: null,
    };
    try {
      await db.insertInto('passkeys').values(row).execute();
    } catch {
      throw new ApiError('passkey/already-registered');
    }
    return reply.status(201).send({ passkey: present(row) });
  });

  app.get('/api/passkeys', async (request): Promise<PasskeyList> => {
    const { user } = await requireMember(accounts, request);
    const rows = await db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', user.uid)
      .orderBy('created_at', 'desc')
      .execute();
    return { passkeys: rows.map(present) };
  });

  app.delete('/api/passkeys/:id', async (request, reply) => {
    const { user } = await requireMember(accounts, request);
    const { id } = parseBody(idParams, request.params);
    const result = await db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', user.uid)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new ApiError('passkey/not-found');
    return reply.status(204).send();
  });

  app.post('/api/passkeys/login/options', async (request) => {
    await refuseWhenBlocked(request);
    const challenge = await issueChallenge('login', null);
    return generateAuthenticationOptions({
      rpID,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: BIOMETRIC_TIMEOUT_MS,
      userVerification: 'required',
      allowCredentials: [],
    });
  });

  app.post('/api/passkeys/login/verify', async (request, reply: FastifyReply): Promise<SessionResponse> => {
    const { response, deviceId } = parseBody(passkeyLoginBody, request.body) as {
      response: AuthenticationResponseJSON;
      deviceId?: string;
    };
    await refuseWhenBlocked(request);
    const expectedChallenge = await takeChallenge(response.response.clientDataJSON, 'login', null);
    const passkey = await db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', response.id)
      .executeTakeFirst();
    if (!passkey) {
      await countFailure(request);
      throw new ApiError('passkey/not-found');
    }
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
      await countFailure(request);
      const cloned = error instanceof Error && /counter value/i.test(error.message);
      throw new ApiError(cloned ? 'passkey/counter-rejected' : 'passkey/verification-failed');
    }
    if (!verified.verified) {
      await countFailure(request);
      throw new ApiError('passkey/verification-failed');
    }
    // The counter moves forward only: of two sign-ins racing with one counter value, one wins.
    const updated = await db
      .updateTable('passkeys')
      .set({ counter: verified.authenticationInfo.newCounter, last_used_at: isoAt(clock) })
      .where('id', '=', passkey.id)
      .where('counter', '=', passkey.counter)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError('passkey/counter-rejected');
    const { token, signedIn } = await accounts.signInAs(passkey.user_id, caller(request), deviceId ?? null);
    setSessionCookie(request, reply, token);
    return { user: signedIn.user };
  });
}

function present(row: PasskeyTable) {
  return {
    id: row.id,
    deviceName: row.device_name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
