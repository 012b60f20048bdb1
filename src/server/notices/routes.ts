// The routes of notices: checked by the API table, answered by the notice service; the list is sent compressed
// as the browser accepts it.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { NoticeService } from './service.js';

export function noticeRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; notices: NoticeService },
): void {
  const { gate, notices } = deps;
  app.addHook('onClose', async () => notices.close());

  route(app, gate, API.notices, async ({ query: { lang }, request, reply }) => {
    const list = await notices.list(lang);
    reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(list.br());
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(list.gzip());
    return reply.send(list.json);
  });

  route(app, gate, API.createNotice, ({ signedIn, body }) => notices.create(signedIn, body));

  route(app, gate, API.updateNotice, ({ signedIn, params: { id }, body }) =>
    notices.update(signedIn, id, body),
  );

  route(app, gate, API.deleteNotice, ({ signedIn, params: { id } }) => notices.remove(signedIn, id));
}
