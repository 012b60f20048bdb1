// The one-click opt-out from update e-mails. The link's token is all it needs, and all it can do is opt out,
// so it accepts the POST that mail programs send for List-Unsubscribe-Post (RFC 8058) from any origin.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';

const token = z.string({ error: 'auth/invalid-action-code' }).regex(/^[A-Za-z0-9_-]{20,128}$/, {
  error: 'auth/invalid-action-code',
});

export function mailRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post('/api/mail/unsubscribe', { config: { anyOrigin: true } }, async (request) => {
      const query = request.query as { token?: unknown };
      const body = (request.body ?? {}) as { token?: unknown };
      const value = parseBody(token, body.token ?? query.token);
      const result = await deps.db
        .updateTable('users')
        .set({ update_mails: 0 })
        .where('unsubscribe_token', '=', value)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new ApiError('auth/invalid-action-code');
      return { unsubscribed: true };
    });
  });
}
