// What a host does to members from the command line (`npm run admin`, admin-cli.ts; docs/deploy.md, "The admin
// command line"): make or unmake an admin, end a member's sessions, delete an account with everything it stored,
// and see the site's usage. Each works on the database (and the file storage) the server uses, while it runs, and
// then tells the running server processes at once (runningServers), which drop what they remember of the member
// and end the event streams of sessions that ended. Were they not told, a server process would see the change
// within 5 seconds (how long it remembers a checked session) and an event stream within 15 (its safety poll).
import { announce } from './core/bus.js';
import type { Config } from './core/config.js';
import type { DatabaseHandle } from './db/database.js';
import { tellDataHolders } from './db/data-lock.js';
import { storedFigures } from './db/figures.js';
import type { FileStorage } from './storage/storage.js';
import { CommandError } from './cli.js';
import { normalizeEmail } from '../shared/email.js';
import { accountStore, type UserRow } from './accounts/store.js';
import { documentStore } from './documents/store.js';
import { quotaStore } from './quota/store.js';
import { syncStore } from './sync/store.js';
import { spaceStore } from './spaces/store.js';
import { withoutPasswords } from './core/secrets.js';
import { systemClock } from './core/clock.js';
import type { Trx } from './db/stores.js';
import { adminLog, adminLogStore } from './audit/log.js';
import { eraseAccount } from './members/service.js';
import { COMMAND_LINE_ACTOR, type AdminAction } from '../shared/schemas/members.js';

/** A refusal the command line prints as it is (no account with that address, …), exiting 1. */
export class AdminError extends CommandError {}

async function member(database: DatabaseHandle, email: string): Promise<UserRow> {
  const address = normalizeEmail(email);
  const row = await accountStore(database.db).findUserByEmail(address);
  if (!row) throw new AdminError(`No account has the address ${address}.`);
  return row;
}

const now = () => new Date().toISOString();

/** Writes what the command line did to the admins' log (audit/log.ts), as the admin page's actions are. */
function logged(
  database: DatabaseHandle,
  action: AdminAction,
  target: string,
  detail?: number,
  within?: Trx,
): Promise<void> {
  const log = adminLog({ store: adminLogStore(database.db), clock: systemClock });
  return log.record(
    { actor: COMMAND_LINE_ACTOR, action, target, ...(detail === undefined ? {} : { detail }) },
    within,
  );
}

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
  await accountStore(database.db).setAdmin(found.id, true);
  await logged(database, 'member.make-admin', found.email);
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
  await accountStore(database.db).setAdmin(found.id, false);
  await logged(database, 'member.remove-admin', found.email);
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
  const count = await accountStore(database.db).revokeUserSessions(found.id, now());
  await logged(database, 'member.end-sessions', found.email, count);
  const told = await servers.tell(found.id);
  return `Ended ${count} session${count === 1 ? '' : 's'} of ${found.email}.${late(
    told,
    'they are refused within 5 seconds, and their open event streams end within 15',
  )}`;
}

/**
 * Deletes the account and everything it keeps, as the members page does (members/service.ts, eraseAccount): its
 * rows in one transaction with the log's entry, then its stored objects; an object whose deletion fails is
 * reported by key, for the host to delete by hand.
 */
export async function deleteAccount(
  database: DatabaseHandle,
  storage: FileStorage,
  email: string,
  servers: RunningServers,
): Promise<{ message: string; left: string[] }> {
  const found = await member(database, email);
  const stores = {
    accounts: accountStore(database.db),
    documents: documentStore(database.db),
    sync: syncStore(database.db),
    spaces: spaceStore(database.db),
  };
  const { files, left } = await eraseAccount(stores, storage, found.id, (trx) =>
    logged(database, 'member.delete', found.email, undefined, trx),
  );
  const told = await servers.tell(found.id);
  return {
    message: `Deleted the account ${found.email} with its data and ${files} stored file${files === 1 ? '' : 's'}.${late(
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
  storage: { documents: number; files: number; sync: number; spaces: number };
  /** The members keeping the most, largest first (a space's bytes are its owner's). */
  largest: Array<{ email: string; documents: number; sync: number; spaces: number }>;
}

/** The site's usage: members, admins, members signed in now, bytes kept, and who keeps the most. */
export async function usage(config: Config, database: DatabaseHandle, top = 10): Promise<Usage> {
  const [figures, admins, signedIn, largest] = await Promise.all([
    storedFigures(database),
    accountStore(database.db).verifiedAdmins(config.adminEmails),
    accountStore(database.db).membersSignedIn(now()),
    quotaStore(database.db, database.dialect).largestMembers(top),
  ]);
  return { members: figures.members, admins, signedIn, storage: figures.storage, largest };
}
