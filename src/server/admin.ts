// What a host does to members from the command line (`npm run admin`, admin-cli.ts; docs/deploy.md, "The admin
// command line"): make or unmake an admin, end a member's sessions, delete an account with everything it stored,
// and see the site's usage. Each works on the database (and the file storage) the server uses, while it runs, and
// then tells the running server processes at once (runningServers), which drop what they remember of the member
// and end the event streams of sessions that ended. Were they not told, a server process would see the change
// within 5 seconds (how long it remembers a checked session) and an event stream within 15 (its safety poll).
import { sql } from 'kysely';
import { announce } from './core/bus.js';
import type { Config } from './core/config.js';
import type { DatabaseHandle } from './db/database.js';
import { tellDataHolders } from './db/data-lock.js';
import { storedFigures } from './db/figures.js';
import type { FileStorage } from './storage/storage.js';
import { CommandError } from './cli.js';
import { normalizeEmail } from '../shared/email.js';
import { revokeUserSessions } from './accounts/store.js';
import { withoutPasswords } from './core/secrets.js';

/** A refusal the command line prints as it is (no account with that address, …), exiting 1. */
export class AdminError extends CommandError {}

interface Member {
  id: string;
  email: string;
  email_verified: number;
  is_admin: number;
}

async function member(database: DatabaseHandle, email: string): Promise<Member> {
  const address = normalizeEmail(email);
  const row = await database.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified', 'is_admin'])
    .where('email', '=', address)
    .executeTakeFirst();
  if (!row) throw new AdminError(`No account has the address ${address}.`);
  return row;
}

const now = () => new Date().toISOString();

/** Whether the running servers heard of a change at once; `why` they could not be told otherwise. */
export type Told = { told: true } | { told: false; why: string };

/** The running server processes, told of a change to a member. */
export interface RunningServers {
  /** Tells every running server that the member's sessions or role changed (the live bus's `devices:<uid>`). */
  tell(uid: string): Promise<Told>;
}

/**
 * The running servers of these settings: told through their live bus (Redis or PostgreSQL), else (SQLite) through
 * the socket of each server holding the data (db/data-lock.ts).
 */
export function runningServers(config: Config): RunningServers {
  return {
    async tell(uid) {
      const topics = [`devices:${uid}`];
      try {
        if (await announce(config, topics)) return { told: true };
        const { missed } = await tellDataHolders(config.dataDir, topics);
        if (missed.length === 0) return { told: true };
        return { told: false, why: `the server ${missed.join(', and ')} did not answer` };
      } catch (error) {
        const through = config.redis ? 'Redis: ' : config.databaseUrl ? 'PostgreSQL: ' : '';
        return { told: false, why: withoutPasswords(`${through}${(error as Error).message}`) };
      }
    },
  };
}

/** What is said when the servers could not be told: when they see the change all the same. */
function late(told: Told, what: string): string {
  return told.told ? '' : ` The running servers could not be told at once (${told.why}): ${what}.`;
}

/** Makes the member an admin (one who has not verified their address becomes one when they do). */
export async function makeAdmin(
  database: DatabaseHandle,
  email: string,
  servers: RunningServers,
): Promise<string> {
  const found = await member(database, email);
  await database.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', found.id).execute();
  if (found.email_verified !== 1) {
    return `${found.email} will be an admin once they verify their address (the account is not verified yet).`;
  }
  const told = await servers.tell(found.id);
  return `${found.email} is an admin now.${late(told, 'signed-in browsers see it within 5 seconds')}`;
}

/** Takes the admin role made here back; one listed in ADMIN_EMAILS stays an admin until removed there. */
export async function removeAdmin(
  config: Config,
  database: DatabaseHandle,
  email: string,
  servers: RunningServers,
): Promise<string> {
  const found = await member(database, email);
  await database.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', found.id).execute();
  if (config.adminEmails.includes(found.email)) {
    return `${found.email} is still an admin through ADMIN_EMAILS: remove the address there and restart the server.`;
  }
  const told = await servers.tell(found.id);
  return `${found.email} is no longer an admin.${late(told, 'signed-in browsers see it within 5 seconds')}`;
}

/** Ends every session of the member: each browser is signed out at once and must sign in again. */
export async function endSessions(
  database: DatabaseHandle,
  email: string,
  servers: RunningServers,
): Promise<string> {
  const found = await member(database, email);
  const count = await revokeUserSessions(database.db, found.id, now());
  const told = await servers.tell(found.id);
  return `Ended ${count} session${count === 1 ? '' : 's'} of ${found.email}.${late(
    told,
    'they are refused within 5 seconds, and their open event streams end within 15',
  )}`;
}

/**
 * Deletes the account and everything it keeps: its rows go with it (every table's rows of a member cascade from
 * its account), then its stored objects (documents, sync chunks and snapshots) are deleted from the storage. The
 * rows go first, in one transaction, so no object is deleted that a row still names; an object whose deletion
 * fails is reported by key, for the host to delete by hand.
 */
export async function deleteAccount(
  database: DatabaseHandle,
  storage: FileStorage,
  email: string,
  servers: RunningServers,
): Promise<{ message: string; left: string[] }> {
  const found = await member(database, email);
  const keys = await database.db.transaction().execute(async (trx) => {
    const [documents, chunks, snapshots] = await Promise.all([
      trx.selectFrom('user_documents').select('storage_key').where('user_id', '=', found.id).execute(),
      trx.selectFrom('sync_chunks').select('storage_key').where('user_id', '=', found.id).execute(),
      trx.selectFrom('sync_snapshots').select('storage_key').where('user_id', '=', found.id).execute(),
    ]);
    await trx.deleteFrom('users').where('id', '=', found.id).execute();
    return [...documents, ...chunks, ...snapshots].map((row) => row.storage_key);
  });
  const told = await servers.tell(found.id);
  const left: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch {
      left.push(key);
    }
  }
  const files = `${keys.length - left.length} stored file${keys.length - left.length === 1 ? '' : 's'}`;
  return {
    message: `Deleted the account ${found.email} with its data and ${files}.${late(
      told,
      'its sessions are refused within 5 seconds, and their open event streams end within 15',
    )}`,
    left,
  };
}

export interface Usage {
  members: { verified: number; unverified: number };
  admins: string[];
  signedIn: number;
  storage: { documents: number; files: number; sync: number };
  /** The members keeping the most, largest first. */
  largest: Array<{ email: string; documents: number; sync: number }>;
}

/** The site's usage: members, admins, members signed in now, bytes kept, and who keeps the most. */
export async function usage(config: Config, database: DatabaseHandle, top = 10): Promise<Usage> {
  const db = database.db;
  const at = now();
  const [figures, admins, signedIn, largest] = await Promise.all([
    storedFigures(database),
    db
      .selectFrom('users')
      .select('email')
      .where('email_verified', '=', 1)
      .where((where) =>
        where.or([
          where('is_admin', '=', 1),
          ...(config.adminEmails.length > 0 ? [where('email', 'in', config.adminEmails)] : []),
        ]),
      )
      .orderBy('email')
      .execute(),
    db
      .selectFrom('sessions')
      .select(sql<number>`count(distinct user_id)`.as('count'))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .where('approval', '=', 'approved')
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .leftJoin(
        db
          .selectFrom('user_documents')
          .select(['user_id', sql<number>`sum(size)`.as('bytes')])
          .groupBy('user_id')
          .as('documents'),
        'documents.user_id',
        'users.id',
      )
      .leftJoin('sync_usage', 'sync_usage.user_id', 'users.id')
      .select([
        'users.email',
        sql<number>`coalesce(documents.bytes, 0)`.as('documents'),
        sql<number>`coalesce(sync_usage.bytes, 0)`.as('sync'),
      ])
      .where(sql<boolean>`coalesce(documents.bytes, 0) + coalesce(sync_usage.bytes, 0) > 0`)
      .orderBy(sql`coalesce(documents.bytes, 0) + coalesce(sync_usage.bytes, 0)`, 'desc')
      .orderBy('users.email')
      .limit(top)
      .execute(),
  ]);
  return {
    members: figures.members,
    admins: admins.map((row) => row.email),
    signedIn: Number(signedIn?.count ?? 0),
    storage: figures.storage,
    largest: largest.map((row) => ({
      email: row.email,
      documents: Number(row.documents),
      sync: Number(row.sync),
    })),
  };
}
