// Notices (description §2 "Download / notices", §7): anyone reads the list for a language, newest first;
// only admins add, edit and delete.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { idParams, noticeBody, noticeListQuery, type Notice } from '../../shared/schemas/files.js';
import { requireAdmin } from '../accounts/access.js';
import type { AccountService } from '../accounts/service.js';
import { newId } from '../accounts/tokens.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database, NoticeTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';

function present(row: NoticeTable): Notice {
  return {
    id: row.id,
    lang: row.lang === 'en' ? 'en' : 'ko',
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
  };
}

export function noticeRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; accounts: AccountService; clock: Clock },
): void {
  const { db, accounts, clock } = deps;

  app.get('/api/notices', async (request) => {
    const { lang } = parseBody(noticeListQuery, request.query);
    const rows = await db
      .selectFrom('notices')
      .selectAll()
      .where('lang', '=', lang)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
    return { notices: rows.map(present) };
  });

  app.post('/api/notices', async (request, reply) => {
    await requireAdmin(accounts, request);
    const body = parseBody(noticeBody, request.body);
    const now = isoAt(clock);
    const row: NoticeTable = { id: newId(), ...body, created_at: now, updated_at: now };
    await db.insertInto('notices').values(row).execute();
    return reply.status(201).send({ notice: present(row) });
  });

  app.put('/api/notices/:id', async (request) => {
    await requireAdmin(accounts, request);
    const { id } = parseBody(idParams, request.params);
    const body = parseBody(noticeBody, request.body);
    const result = await db
      .updateTable('notices')
      .set({ ...body, updated_at: isoAt(clock) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new ApiError('request/not-found');
    const row = await db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { notice: present(row) };
  });

  app.delete('/api/notices/:id', async (request, reply) => {
    await requireAdmin(accounts, request);
    const { id } = parseBody(idParams, request.params);
    const result = await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new ApiError('request/not-found');
    return reply.status(204).send();
  });
}
