// Notices (description §2 "Download / notices", §7): anyone reads the list for a language, newest first;
// only admins add, edit and delete. The list is read far more often than written, so each process keeps it,
// serialized, per language; a change is announced on the live bus (`notices`) and every process drops its copy,
// and a copy older than LIST_CACHE_MS is read again anyway (a lost announcement costs at most that long).
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type Notice } from '../../shared/schemas/files.js';
import type { AccountService } from '../accounts/service.js';
import { newId } from '../core/ids.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Database } from '../db/schema.js';
import { deleteNotice, insertNotice, listNotices, updateNotice, type NoticeRow } from './store.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';
import { API } from '../../shared/api/index.js';
import type { LiveBus } from '../core/bus.js';

const LIST_CACHE_MS = 10_000;

/** A serialized list, compressed once per encoding when first asked for (not once per request). */
interface CachedList {
  json: string;
  until: number;
  br(): Buffer;
  gzip(): Buffer;
}

function cachedList(json: string, until: number): CachedList {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    json,
    until,
    br: () =>
      (br ??= zlib.brotliCompressSync(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })),
    gzip: () => (gzip ??= zlib.gzipSync(json, { level: 6 })),
  };
}

function present(row: NoticeRow): Notice {
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
  deps: { db: Kysely<Database>; accounts: AccountService; clock: Clock; live: LiveBus },
): void {
  const { db, accounts, clock, live } = deps;
  const lists = new Map<string, CachedList>();
  let generation = 0;
  live.subscribe('notices', () => {
    generation++;
    lists.clear();
  });
  const changed = () => live.publish('notices');

  route(app, accounts, API.notices, async ({ query: { lang }, request, reply }) => {
    let list = lists.get(lang);
    if (!list || list.until <= clock()) {
      const readAt = generation;
      const rows = await listNotices(db, lang, 200);
      list = cachedList(JSON.stringify({ notices: rows.map(present) }), clock() + LIST_CACHE_MS);
      // A change announced while reading makes this copy old already: answer with it, but do not keep it.
      if (readAt === generation) lists.set(lang, list);
    }
    reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(list.br());
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(list.gzip());
    return reply.send(list.json);
  });

  route(app, accounts, API.createNotice, async ({ body }) => {
    const now = isoAt(clock);
    const row: NoticeRow = { id: newId(), ...body, created_at: now, updated_at: now };
    await insertNotice(db, row);
    await changed();
    return { notice: present(row) };
  });

  route(app, accounts, API.updateNotice, async ({ params: { id }, body }) => {
    const row = await updateNotice(db, id, { ...body, updated_at: isoAt(clock) });
    if (!row) throw new ApiError('request/not-found');
    await changed();
    return { notice: present(row) };
  });

  route(app, accounts, API.deleteNotice, async ({ params: { id } }) => {
    if (!(await deleteNotice(db, id))) throw new ApiError('request/not-found');
    await changed();
  });
}
