// The one-click opt-out from update e-mails. The link's token is all it needs, and all it can do is opt out,
// so it accepts the POST that mail programs send for List-Unsubscribe-Post (RFC 8058) from any origin (its entry's
// `anyOrigin`).
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { route } from '../http/route.js';
import type { AccountGate, EmailLinkService } from './service.js';

export function unsubscribeRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; links: Pick<EmailLinkService, 'unsubscribe'> },
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(scope, deps.gate, API.unsubscribe, async ({ body, query }) => {
      await deps.links.unsubscribe(body.token ?? query.token);
      return { unsubscribed: true as const };
    });
  });
}
