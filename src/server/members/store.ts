// Queries of the members list in /admin: each member with when they were last seen, their browsers signed in now
// and the bytes they keep, read in one statement per page; and disabling an account. Written once for SQLite
// and PostgreSQL.
import { sql } from 'kysely';
import { storeOf, type Executor } from '../db/stores.js';

export interface MemberRow {
  id: string;
  email: string;
  created_at: string;
  email_verified: number;
  is_admin: number;
  disabled_at: string | null;
  last_seen_at: string | null;
  devices: number;
  storage: number;
}

/** A LIKE pattern matching addresses that contain `part` (its % and _ taken as they are). */
function containing(part: string): string {
  return `%${part.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function members(db: Executor, search: string | undefined, now: string) {
  let query = db.selectFrom('users').select([
    'users.id',
    'users.email',
    'users.created_at',
    'users.email_verified',
    'users.is_admin',
    'users.disabled_at',
    sql<string | null>`(select max(s.last_seen_at) from sessions s where s.user_id = users.id)`.as(
      'last_seen_at',
    ),
    sql<number>`(select count(*) from sessions s where s.user_id = users.id and s.revoked_at is null
        and s.approval = 'approved' and s.expires_at > ${now})`.as('devices'),
    sql<number>`(select coalesce(sum(d.size), 0) from user_documents d where d.user_id = users.id)
        + coalesce((select u.bytes from sync_usage u where u.user_id = users.id), 0)
        + (select coalesce(sum(su.bytes), 0) from space_usage su join spaces s on s.id = su.space_id
            where s.owner_id = users.id)`.as('storage'),
  ]);
  if (search) query = query.where(sql<boolean>`users.email like ${containing(search)} escape '\\'`);
  return query;
}

const numbers = (row: MemberRow): MemberRow => ({
  ...row,
  devices: Number(row.devices),
  storage: Number(row.storage),
});

/** A page of members matching `search` (part of an address), newest first. */
async function listMembers(
  db: Executor,
  page: { search: string | undefined; offset: number; limit: number; now: string },
): Promise<MemberRow[]> {
  const rows = await members(db, page.search, page.now)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(numbers);
}

/** How many members match `search`. */
async function countMembers(db: Executor, search: string | undefined): Promise<number> {
  let query = db.selectFrom('users').select(sql<number>`count(*)`.as('count'));
  if (search) query = query.where(sql<boolean>`email like ${containing(search)} escape '\\'`);
  return Number((await query.executeTakeFirst())?.count ?? 0);
}

async function findMember(db: Executor, id: string, now: string): Promise<MemberRow | undefined> {
  const row = await members(db, undefined, now).where('users.id', '=', id).executeTakeFirst();
  return row && numbers(row);
}

/**
 * Disables the account at `at`, or (null) enables it. True when it changed; false when it was so already or no
 * such member exists.
 */
async function setDisabled(db: Executor, id: string, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: at })
    .where('id', '=', id)
    .where('disabled_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The queries, bound to where they run (db/stores.ts). */
export const memberStore = (db: Executor) =>
  storeOf(db, { listMembers, countMembers, findMember, setDisabled });

export type MemberStore = ReturnType<typeof memberStore>;
