// The update banner on the home page: none until an admin writes one; anyone reads it, only admins write and
// remove it (policies/members.ts). Every visit to the home page reads it, so each process keeps it serialized; a
// change is announced on the live bus (`banner`) and every process drops its copy, and a copy older than
// KEPT_MS is read again anyway (a lost announcement costs at most that long). A write or a removal names the
// revision it was made from and is refused with banner/changed when another admin wrote or removed it since.
import type { AdminLog } from '../audit/log.js';
import type { AdminBanner, BannerBody, PublicBanner } from '../../shared/schemas/banner.js';
import type { LiveBus } from '../core/bus.js';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { isAdmin } from '../policies/members.js';
import type { SignedIn } from '../accounts/service.js';
import type { BannerRow, BannerStore } from './store.js';

const KEPT_MS = 10_000;
const TOPIC = 'banner';

/** A write or removal that went through, as an activity log would record it. */
export interface BannerChange {
  action: 'write' | 'remove';
  /** The admin's account. */
  by: string;
  at: string;
  /** The banner written; null for a removal. */
  banner: AdminBanner | null;
}

function presentPublic(row: Omit<BannerRow, 'id'>): PublicBanner {
  return {
    version: row.version,
    title: { ko: row.title_ko, en: row.title_en },
    body: { ko: row.body_ko, en: row.body_en },
    updatedAt: row.updated_at,
  };
}

function presentAdmin(row: Omit<BannerRow, 'id'>, writer: string | null): AdminBanner {
  return { ...presentPublic(row), revision: row.revision, updatedBy: writer };
}

export type BannerService = ReturnType<typeof bannerService>;

export function bannerService(deps: {
  store: BannerStore;
  clock: Clock;
  live: LiveBus;
  /** Where each write and removal is written for the admins to read, with it (audit/log.ts). */
  adminLog?: Pick<AdminLog, 'record'>;
}) {
  const { store, clock, live } = deps;
  let kept: { json: string; until: number } | null = null;
  let generation = 0;
  const unsubscribe = live.subscribe(TOPIC, () => {
    generation++;
    kept = null;
  });
  const listeners = new Set<(change: BannerChange) => void>();
  const changed = async (change: BannerChange) => {
    await live.publish(TOPIC);
    for (const listener of listeners) listener(change);
  };

  return {
    /** Stops hearing of changes (the server is closing). */
    close: unsubscribe,

    /**
     * Hears every write and removal that went through in this process, after it did (an admin activity log);
     * returns the unsubscribe.
     */
    onChange(listener: (change: BannerChange) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** The banner as the home page reads it, serialized as `{banner}` (from this process's copy while fresh). */
    async current(): Promise<string> {
      if (kept && kept.until > clock()) return kept.json;
      const readAt = generation;
      const row = await store.readBanner();
      const answer = {
        json: JSON.stringify({ banner: row ? presentPublic(row) : null }),
        until: clock() + KEPT_MS,
      };
      // A change announced while reading makes this copy old already: answer with it, but do not keep it.
      if (readAt === generation) kept = answer;
      return answer.json;
    },

    /** The banner as an admin edits it: with its revision and who wrote it. */
    async read(admin: SignedIn): Promise<{ banner: AdminBanner | null }> {
      authorize(isAdmin(admin), 'auth/forbidden');
      const row = await store.readBanner();
      return { banner: row ? presentAdmin(row, row.writer) : null };
    },

    async write(admin: SignedIn, body: BannerBody): Promise<{ banner: AdminBanner }> {
      authorize(isAdmin(admin), 'auth/forbidden');
      const row: Omit<BannerRow, 'id'> = {
        version: body.version,
        title_ko: body.title.ko,
        title_en: body.title.en,
        body_ko: body.body.ko,
        body_en: body.body.en,
        revision: newId(),
        updated_by: admin.user.uid,
        updated_at: isoAt(clock),
      };
      const written = await store.transaction(async (tx, trx) => {
        if (!(await tx.replaceBanner(body.revision, row))) return false;
        await deps.adminLog?.record({ actor: admin.user.email, action: 'banner.write' }, trx);
        return true;
      });
      if (!written) throw new ApiError('banner/changed');
      const banner = presentAdmin(row, admin.user.email);
      await changed({ action: 'write', by: admin.user.uid, at: row.updated_at, banner });
      return { banner };
    },

    async remove(admin: SignedIn, revision: string): Promise<void> {
      authorize(isAdmin(admin), 'auth/forbidden');
      const removed = await store.transaction(async (tx, trx) => {
        if (!(await tx.removeBanner(revision))) return false;
        await deps.adminLog?.record({ actor: admin.user.email, action: 'banner.remove' }, trx);
        return true;
      });
      if (!removed) throw new ApiError('banner/changed');
      await changed({ action: 'remove', by: admin.user.uid, at: isoAt(clock), banner: null });
    },
  };
}
