// Members as admins see them in /admin (docs/deploy.md, "Members"; the users page of Vaultwarden's admin): the
// list, searched by address, and what an admin does to a member — end their sessions, disable the account (it is
// signed out and cannot sign in again; its data is kept) or enable it, delete it with everything it keeps. Each
// action is written to the admins' log in the transaction that does it, and the member's browsers, on every
// server process, hear of it at once through the live bus (their sessions end, their event streams close).
//
// An admin does none of this to their own account here (a slip would lock them out): their own devices page and
// settings are for that. A disabled account's sessions count for nothing wherever they are checked (the session
// query reads the account), so a sign-in racing the disabling never leaves one that works.
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail } from '../../shared/email.js';
import { MEMBERS_PAGE_SIZE, type Member } from '../../shared/schemas/members.js';
import type { AccountStore } from '../accounts/store.js';
import type { AdminDeed, AdminLog } from '../audit/log.js';
import type { LiveBus } from '../core/bus.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Trx } from '../db/stores.js';
import type { DocumentStore } from '../documents/store.js';
import { ApiError } from '../http/errors.js';
import type { SignedIn } from '../accounts/service.js';
import { authorize } from '../policies/authorize.js';
import { isAdmin } from '../policies/members.js';
import type { FileStorage } from '../storage/storage.js';
import type { SpaceStore } from '../spaces/store.js';
import type { SyncStore } from '../sync/store.js';
import type { MemberRow, MemberStore } from './store.js';

/** The stores an account's deletion reads and writes: its rows go with the account, its objects are named here. */
export interface ErasedStores {
  accounts: AccountStore;
  documents: DocumentStore;
  sync: SyncStore;
  spaces: SpaceStore;
}

/**
 * Deletes the account and everything it keeps: its rows go with it (every table's rows of a member cascade from
 * its account, and so do the spaces it owns), with `alongside` in the same transaction (the log's entry), then its
 * stored objects (documents, sync chunks and snapshots, the snapshots of its spaces) are deleted from the storage.
 * The rows go first, so no object is deleted that a row still names; an object whose deletion fails is answered by
 * key (`left`), for the host to delete by hand.
 */
export async function eraseAccount(
  stores: ErasedStores,
  storage: FileStorage,
  userId: string,
  alongside?: (trx: Trx) => Promise<void>,
): Promise<{ files: number; left: string[] }> {
  const keys = await stores.accounts.transaction(async (accounts, trx) => {
    const [documents, synced, spaces] = await Promise.all([
      stores.documents.on(trx).storageKeysOf(userId),
      stores.sync.on(trx).storageKeysOf(userId),
      stores.spaces.on(trx).storageKeysOwnedBy(userId),
    ]);
    await accounts.deleteUser(userId);
    await alongside?.(trx);
    return [...documents, ...synced, ...spaces];
  });
  const left: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch {
      left.push(key);
    }
  }
  return { files: keys.length - left.length, left };
}

export interface MemberAdminDeps extends ErasedStores {
  members: MemberStore;
  log: AdminLog;
  storage: FileStorage;
  live: LiveBus;
  clock: Clock;
  adminEmails: readonly string[];
  logger: FastifyBaseLogger;
}

export function memberAdmin(deps: MemberAdminDeps) {
  const { members, accounts, log, live, clock } = deps;

  function present(row: MemberRow): Member {
    const verified = row.email_verified === 1;
    const adminBySettings = deps.adminEmails.includes(row.email);
    return {
      id: row.id,
      email: row.email,
      joinedAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      verified,
      admin: verified && (row.is_admin === 1 || adminBySettings),
      adminBySettings,
      disabledAt: row.disabled_at,
      storageBytes: row.storage,
      devices: row.devices,
    };
  }

  /** The member an admin acts on: never the admin themself. */
  async function target(admin: SignedIn, id: string): Promise<MemberRow> {
    authorize(isAdmin(admin), 'auth/forbidden');
    if (id === admin.user.uid) throw new ApiError('member/self');
    const row = await members.findMember(id, isoAt(clock));
    if (!row) throw new ApiError('member/not-found');
    return row;
  }

  /** The member as they are now (after an action), or not-found when deleted meanwhile. */
  async function current(id: string): Promise<Member> {
    const row = await members.findMember(id, isoAt(clock));
    if (!row) throw new ApiError('member/not-found');
    return present(row);
  }

  const deed = (
    admin: SignedIn,
    action: AdminDeed['action'],
    row: MemberRow,
    detail?: number,
  ): AdminDeed => ({
    actor: admin.user.email,
    action,
    target: row.email,
    ...(detail === undefined ? {} : { detail }),
  });

  /** Tells the member's browsers, on every server process, that their sessions changed. */
  const tell = (id: string) => live.publish(`devices:${id}`);

  return {
    async list(admin: SignedIn, query: { q?: string | undefined; offset: number }) {
      authorize(isAdmin(admin), 'auth/forbidden');
      const search = query.q || undefined;
      const [rows, total] = await Promise.all([
        members.listMembers({ search, offset: query.offset, limit: MEMBERS_PAGE_SIZE, now: isoAt(clock) }),
        members.countMembers(search),
      ]);
      return { members: rows.map(present), total };
    },

    /** Ends every session of the member: each browser is signed out at once and must sign in again. */
    async endSessions(admin: SignedIn, id: string): Promise<{ member: Member; ended: number }> {
      const row = await target(admin, id);
      const ended = await accounts.transaction(async (tx, trx) => {
        const count = await tx.revokeUserSessions(id, isoAt(clock));
        await log.record(deed(admin, 'member.end-sessions', row, count), trx);
        return count;
      });
      await tell(id);
      return { member: await current(id), ended };
    },

    /** Disables the account: its sessions end and it cannot sign in again until enabled; its data stays. */
    async disable(admin: SignedIn, id: string): Promise<Member> {
      const row = await target(admin, id);
      await members.transaction(async (tx, trx) => {
        const now = isoAt(clock);
        if (!(await tx.setDisabled(id, now))) return;
        await accounts.on(trx).revokeUserSessions(id, now);
        await log.record(deed(admin, 'member.disable', row), trx);
      });
      await tell(id);
      return current(id);
    },

    /**
     * Lets a disabled account sign in again. Its sessions stay ended: one a sign-in racing the disabling wrote,
     * which never counted, ends now rather than coming to life.
     */
    async enable(admin: SignedIn, id: string): Promise<Member> {
      const row = await target(admin, id);
      await members.transaction(async (tx, trx) => {
        if (!(await tx.setDisabled(id, null))) return;
        await accounts.on(trx).revokeUserSessions(id, isoAt(clock));
        await log.record(deed(admin, 'member.enable', row), trx);
      });
      return current(id);
    },

    /** Deletes the account with everything it keeps, once its address is typed again (`typed`). */
    async remove(admin: SignedIn, id: string, typed: string): Promise<void> {
      const row = await target(admin, id);
      if (normalizeEmail(typed) !== row.email) throw new ApiError('member/confirm-mismatch');
      const { left } = await eraseAccount(deps, deps.storage, id, (trx) =>
        log.record(deed(admin, 'member.delete', row), trx),
      );
      await tell(id);
      if (left.length > 0) {
        deps.logger.warn({ keys: left }, 'stored objects of a deleted account could not be deleted');
      }
    },

    newestLog(admin: SignedIn) {
      authorize(isAdmin(admin), 'auth/forbidden');
      return log.newest();
    },
  };
}

export type MemberAdmin = ReturnType<typeof memberAdmin>;
