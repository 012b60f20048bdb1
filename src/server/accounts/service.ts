// The account flows of the description (§4, §5, §7, §8) as docs/design.md §3 builds them: argon2id hashes, opaque
// session tokens stored hashed, single-use e-mail links, and answers that do not reveal whether an e-mail exists.
// Everything fails closed (docs/design.md §3.9): a sign-in waiting for the new-device check grants nothing, a
// mailed link changes nothing by being opened, limits are reserved before the work they guard, and sensitive
// changes need the password (or a passkey) again and are mailed to the member.
//
// One context (context.ts) shared by capabilities, each its own object, so that a feature is handed only the one
// it uses: the routes' gate (access.ts), signing in (sign-in.ts), a member's devices (devices.ts), mailed links
// (email-links.ts), who may sign up (invitations.ts), and the proofs of a sensitive change (proofs.ts). The
// accounts' own routes take them all.
import type { FastifyRequest } from 'fastify';
import type { Access, Endpoint } from '../../shared/api/index.js';
import type { Gatekeeper } from '../http/route.js';
import { admit } from './access.js';
import { accountContext, type AccountDeps, type SignedIn } from './context.js';
import { deviceService } from './devices.js';
import { emailLinkService } from './email-links.js';
import { invitationService } from './invitations.js';
import { memberProofService } from './proofs.js';
import { signInService } from './sign-in.js';

export type { AccountDeps, Caller, SignedIn, SignInEvent, SignInResult } from './context.js';
export type { MemberProof } from './proofs.js';

/** The routes' gatekeeper (http/route.ts): the session a route's access needs, or its refusal. */
export type AccountGate = Gatekeeper<SignedIn>;
export type SignInService = ReturnType<typeof signInService>;
export type DeviceService = ReturnType<typeof deviceService>;
export type EmailLinkService = ReturnType<typeof emailLinkService>;
export type InvitationService = ReturnType<typeof invitationService>;
export type AccountService = ReturnType<typeof accountService>;

export function accountService(deps: AccountDeps) {
  const ctx = accountContext(deps);
  const { pendingWork } = ctx;
  const signIn = signInService(ctx);
  const gate: AccountGate = {
    admit(access: Access, request: FastifyRequest, endpoint: Endpoint): Promise<SignedIn | undefined> {
      return admit(signIn, access, request, endpoint);
    },
  };
  return {
    gate,
    signIn,
    devices: deviceService(ctx),
    links: emailLinkService(ctx),
    invitations: invitationService(ctx),
    proofs: memberProofService(ctx),

    /** Waits for mails still being sent and work after an answer (graceful shutdown, tests), and what it started. */
    async settle(): Promise<void> {
      while (pendingWork.size > 0) await Promise.allSettled([...pendingWork]);
    },
  };
}
