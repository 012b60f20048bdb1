// Notices (description §2 "Download / notices", §7): anyone reads the list for a language, newest first;
// only admins add, edit and delete (policies/members.ts). The list is read far more often than written, so each process keeps it,
// serialized, per language; a change is announced on the live bus (`notices`) and every process drops its copy,
// and a copy older than LIST_CACHE_MS is read again anyway (a lost announcement costs at most that long).
import zlib from 'node:zlib';
import type { Language } from '../../shared/constants.js';
import type { Notice, NoticeBody } from '../../shared/schemas/files.js';
import type { LiveBus } from '../core/bus.js';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { isAdmin, type Actor } from '../policies/members.js';
import type { NoticeRow, NoticeStore } from './store.js';

const LIST_CACHE_MS = 10_000;

/** A serialized list, compressed once per encoding when first asked for (not once per request). */
export interface CachedList {
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

export type NoticeService = ReturnType<typeof noticeService>;

export function noticeService(deps: { store: NoticeStore; clock: Clock; live: LiveBus }) {
  const { store, clock, live } = deps;
  const lists = new Map<string, CachedList>();
  let generation = 0;
  const unsubscribe = live.subscribe('notices', () => {
    generation++;
    lists.clear();
  });
  const changed = () => live.publish('notices');

  return {
    /** Stops hearing of changes (the server is closing). */
    close: unsubscribe,

    /** A language's list, serialized (from this process's copy while it is fresh). */
    async list(lang: Language): Promise<CachedList> {
      let list = lists.get(lang);
      if (!list || list.until <= clock()) {
        const readAt = generation;
        const rows = await store.listNotices(lang, 200);
        list = cachedList(JSON.stringify({ notices: rows.map(present) }), clock() + LIST_CACHE_MS);
        // A change announced while reading makes this copy old already: answer with it, but do not keep it.
        if (readAt === generation) lists.set(lang, list);
      }
      return list;
    },

    async create(admin: Actor, body: NoticeBody) {
      authorize(isAdmin(admin), 'auth/forbidden');
      const now = isoAt(clock);
      const row: NoticeRow = { id: newId(), ...body, created_at: now, updated_at: now };
      await store.insertNotice(row);
      await changed();
      return { notice: present(row) };
    },

    async update(admin: Actor, id: string, body: NoticeBody) {
      authorize(isAdmin(admin), 'auth/forbidden');
      const row = await store.updateNotice(id, { ...body, updated_at: isoAt(clock) });
      if (!row) throw new ApiError('request/not-found');
      await changed();
      return { notice: present(row) };
    },

    async remove(admin: Actor, id: string): Promise<void> {
      authorize(isAdmin(admin), 'auth/forbidden');
      if (!(await store.deleteNotice(id))) throw new ApiError('request/not-found');
      await changed();
    },
  };
}
