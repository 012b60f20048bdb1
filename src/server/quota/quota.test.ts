// A member's quota on the real database (SQLite, or PostgreSQL with DATABASE_URL): a shared space's bytes count
// against its owner alone, wherever a member's bytes are summed (the quota, the admins' figures, the members list),
// and go with the owner's account; the member's lock taken inside a transaction already open (`lockIn`, as the
// space routes take it after the space's) keeps two writers from passing the quota together.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import { storedFigures } from '../db/figures.js';
import { memberStore } from '../members/store.js';
import { answer, serviceWorlds } from '../test/services.js';
import { memberQuota, type MemberQuota } from './quota.js';

const QUOTA = 10_000;
const world = serviceWorlds();

let quota: MemberQuota;
let owner: SignedIn;
let member: SignedIn;
beforeEach(async () => {
  const w = world();
  quota = memberQuota({ store: w.stores.quota, clock: w.clock, storage: w.storage, quotaBytes: QUOTA });
  owner = await w.member('owner@example.com');
  member = await w.member('member@example.com');
});

let spaces = 0;
/** A space of `ownerId` with `memberIds` in it too, keeping `bytes`; answers its id. */
async function space(ownerId: string, memberIds: string[], bytes: number): Promise<string> {
  const { db } = world().database;
  const at = isoAt(world().clock);
  const id = String(++spaces).padStart(32, '0');
  await db
    .insertInto('spaces')
    .values({
      id,
      owner_id: ownerId,
      epoch: 1,
      series_id: id,
      latest: 0,
      log_seq: 1,
      log_head: '0'.repeat(64),
      rotation_due: 0,
      handover_to: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('space_members')
    .values(
      [ownerId, ...memberIds].map((userId) => ({
        space_id: id,
        user_id: userId,
        role: userId === ownerId ? ('owner' as const) : ('editor' as const),
        state: 'member' as const,
        key_version: 1,
        sign_key: 's',
        box_key: 'b',
        created_at: at,
      })),
    )
    .execute();
  await db.insertInto('space_usage').values({ space_id: id, bytes }).execute();
  return id;
}

/** What the members list in /admin says each keeps. */
async function listed(): Promise<Record<string, number>> {
  const rows = await memberStore(world().database.db).listMembers({
    search: undefined,
    offset: 0,
    limit: 10,
    now: isoAt(world().clock),
  });
  return Object.fromEntries(rows.map((row) => [row.email, row.storage]));
}

describe("a space's bytes", () => {
  it('count against its owner, not its members, wherever bytes are summed', async () => {
    const { db } = world().database;
    await db.insertInto('sync_usage').values({ user_id: owner.user.uid, bytes: 1000 }).execute();
    await space(owner.user.uid, [member.user.uid], 4000);
    await space(owner.user.uid, [], 2500);

    expect(await quota.used(owner.user.uid)).toBe(7500);
    expect(await quota.used(member.user.uid)).toBe(0);
    await db.transaction().execute(async (trx) => {
      expect(await answer(quota.ensureRoom(trx, owner.user.uid, QUOTA - 7500 + 1))).toBe(
        'storage/quota-exceeded',
      );
      expect(await answer(quota.ensureRoom(trx, owner.user.uid, QUOTA - 7500))).toBe('done');
      expect(await answer(quota.ensureRoom(trx, member.user.uid, QUOTA))).toBe('done');
    });
    expect(await world().stores.quota.largestMembers(10)).toEqual([
      { email: 'owner@example.com', documents: 0, sync: 1000, spaces: 6500 },
    ]);
    expect(await listed()).toEqual({ 'owner@example.com': 7500, 'member@example.com': 0 });
    expect((await storedFigures(world().database)).storage).toMatchObject({ sync: 1000, spaces: 6500 });
  });

  it("go with the owner's account, and a member's leaves the space and its bytes to the owner", async () => {
    const { db } = world().database;
    const owned = await space(owner.user.uid, [member.user.uid], 4000);
    const joined = await space(member.user.uid, [owner.user.uid], 3000);

    await world().stores.accounts.deleteUser(owner.user.uid);
    expect(await db.selectFrom('spaces').select('id').execute()).toEqual([{ id: joined }]);
    expect(await db.selectFrom('space_usage').selectAll().execute()).toEqual([
      { space_id: joined, bytes: 3000 },
    ]);
    expect(
      await db.selectFrom('space_members').select(['space_id', 'user_id']).orderBy('space_id').execute(),
    ).toEqual([{ space_id: joined, user_id: member.user.uid }]);
    expect(await db.selectFrom('space_members').where('space_id', '=', owned).selectAll().execute()).toEqual(
      [],
    );
    expect(await quota.used(member.user.uid)).toBe(3000);
  });
});

describe("the member's lock inside an open transaction", () => {
  it('lets one of two writers into the same owner’s spaces have the last room, never both', async () => {
    const { db, dialect } = world().database;
    const spaceIds = [await space(owner.user.uid, [], 0), await space(owner.user.uid, [member.user.uid], 0)];
    // On PostgreSQL both transactions are open before either takes the lock, so neither could have read the other's
    // write; SQLite runs one transaction at a time.
    let arrived = 0;
    let release: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (release = resolve));
    const meet = async () => {
      if (dialect !== 'postgres') return;
      if (++arrived === 2) release();
      await together;
    };
    const write = (spaceId: string) =>
      answer(
        db.transaction().execute(async (trx) => {
          await trx.selectFrom('spaces').select('id').where('id', '=', spaceId).execute();
          await meet();
          await quota.lockIn(trx, owner.user.uid);
          await quota.ensureRoom(trx, owner.user.uid, 6000);
          await trx
            .updateTable('space_usage')
            .set((eb) => ({ bytes: eb('bytes', '+', 6000) }))
            .where('space_id', '=', spaceId)
            .execute();
        }),
      );

    const outcomes = await Promise.all(spaceIds.map(write));
    expect(outcomes.sort()).toEqual(['done', 'storage/quota-exceeded']);
    expect(await quota.used(owner.user.uid)).toBe(6000);
  });
});
