// The one-click opt-out from update e-mails. The link's token is all it needs, and all it can do is opt out,
// so it accepts the POST that mail programs send for List-Unsubscribe-Post (RFC 8058) from any origin.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API } from '../../shared/api.js';
import type { AccountService } from '../accounts/service.js';
import { optOutOfUpdateMails } from '../accounts/store.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';

export function mailRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; accounts: AccountService },
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(
      scope,
      deps.accounts,
      API.unsubscribe,
      async ({ body, query }) => {
        const token = body.token ?? query.token;
        if (!token) throw new ApiError('auth/invalid-action-code');
        if (!(await optOutOfUpdateMails(deps.db, token))) throw new ApiError('auth/invalid-action-code');
        return { unsubscribed: true as const };
      },
      { config: { anyOrigin: true } },
    );
  });
}
