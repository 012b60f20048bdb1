// The admins' log (docs/deploy.md, "Members"): what an admin did to members, invitations or the banner, and who
// did it, for the admins to read in /admin. The command line (`npm run admin`) writes here too. Entries name
// addresses, not ids, so each still says who and whom once an account is gone.
import type { AdminAction, AdminLogEntry } from '../../shared/schemas/members.js';
import { ADMIN_LOG_SIZE } from '../../shared/schemas/members.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Insertable, Selectable } from 'kysely';
import type { AdminLogTable } from '../db/schema.js';
import { storeOf, type Executor, type Trx } from '../db/stores.js';

async function insertEntry(db: Executor, row: Insertable<AdminLogTable>): Promise<void> {
  await db.insertInto('admin_log').values(row).execute();
}

function newestEntries(db: Executor, limit: number): Promise<Array<Selectable<AdminLogTable>>> {
  return db.selectFrom('admin_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export const adminLogStore = (db: Executor) => storeOf(db, { insertEntry, newestEntries });
export type AdminLogStore = ReturnType<typeof adminLogStore>;

/** One thing an admin did: who (their address), what, to whom, and a figure where the action has one. */
export interface AdminDeed {
  actor: string;
  action: AdminAction;
  target?: string;
  detail?: number;
}

export function adminLog(deps: { store: AdminLogStore; clock: Clock }) {
  const { store, clock } = deps;
  return {
    /** Writes the entry: inside the transaction of the action it records, when given one. */
    async record(deed: AdminDeed, within?: Trx): Promise<void> {
      await (within ? store.on(within) : store).insertEntry({
        at: isoAt(clock),
        actor: deed.actor,
        action: deed.action,
        target: deed.target ?? '',
        detail: deed.detail ?? null,
      });
    },

    async newest(): Promise<AdminLogEntry[]> {
      const rows = await store.newestEntries(ADMIN_LOG_SIZE);
      return rows.map((row) => ({
        id: String(row.id),
        at: row.at,
        actor: row.actor,
        action: row.action as AdminAction,
        target: row.target,
        detail: row.detail === null ? null : Number(row.detail),
      }));
    },
  };
}

export type AdminLog = ReturnType<typeof adminLog>;
