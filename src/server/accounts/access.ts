// Who may do what (description §6, DESIGN §3.6): members are signed in with a verified e-mail; admins are
// members whose e-mail is in ADMIN_EMAILS. The server checks it on every route.
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../shared/errors.js';
import { ApiError } from '../http/errors.js';
import { currentSession } from './routes.js';
import type { AccountService, SignedIn } from './service.js';

export async function requireMember(
  accounts: AccountService,
  request: FastifyRequest,
  code: ErrorCode = 'auth/unauthenticated',
): Promise<SignedIn> {
  const signedIn = await currentSession(accounts, request);
  if (!signedIn || !signedIn.user.emailVerified) throw new ApiError(code);
  return signedIn;
}

export async function requireAdmin(accounts: AccountService, request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await requireMember(accounts, request);
  if (!signedIn.user.isAdmin) throw new ApiError('auth/forbidden');
  return signedIn;
}
