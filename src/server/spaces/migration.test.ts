// The spaces migration (SQLite, and PostgreSQL when DATABASE_URL is set), up on a database written before it and down
// again: its tables hold what the plan keeps, refuse a second invitation to one address and a change stored twice,
// and an account's deletion takes the spaces it owns whole and its own part of the others', leaving what it wrote.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { firstUserRow, migrationDatabase } from '../test/migrations.js';
import type { Database } from '../db/schema.js';

const BEFORE = '1765100000000-Reminders';
const SPACE_TABLES = [
  'member_keys',
  'spaces',
  'space_members',
  'space_invitations',
  'space_log',
  'space_keys',
  'space_devices',
  'space_changes',
  'space_heads',
  'space_snapshots',
  'space_retired_devices',
  'space_usage',
] as const satisfies readonly (keyof Database)[];

const where = migrationDatabase('spacesmigration');

const at = new Date().toISOString();
const user = (id: string) => ({ ...firstUserRow(id, at), is_admin: 0, disabled_at: null });

async function tablesOf(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => (SPACE_TABLES as readonly string[]).includes(name));
}

/** How many rows each space table holds. */
async function counts(database: Awaited<ReturnType<typeof openDatabase>>) {
  const counted: Record<string, number> = {};
  for (const table of SPACE_TABLES) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counted[table] = Number(row.count);
  }
  return counted;
}

describe('the spaces migration', () => {
  it("keeps spaces, goes with an owner's account, keeps a member's writing, and comes down again", async () => {
    const [owner, member, outsider] = ['owner', 'member', 'outsider'].map(
      (name) => `${name}-${crypto.randomUUID().slice(0, 8)}`,
    ) as [string, string, string];
    const before = await openDatabase({ ...where(), migrateTo: BEFORE });
    try {
      expect(await tablesOf(before)).toEqual([]);
      await before.db
        .insertInto('users')
        .values([user(owner), user(member), user(outsider)])
        .execute();
    } finally {
      await before.close();
    }

    const after = await openDatabase(where());
    try {
      expect(after.migrations.applied).toEqual(['1765200000000-Spaces']);
      expect((await tablesOf(after)).sort()).toEqual([...SPACE_TABLES].sort());
      const db = after.db;
      const space = 'a'.repeat(32);
      const identity = (id: string) => ({
        user_id: id,
        version: 1,
        alg: 'p256',
        sign_key: `sign-${id}`,
        box_key: `box-${id}`,
        sealed_keys: 'sealed',
        proof: 'proof',
        vault_proof: 'vault-proof',
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('member_keys')
        .values([identity(owner), identity(member)])
        .execute();
      await db
        .insertInto('spaces')
        .values({
          id: space,
          owner_id: owner,
          epoch: 1,
          series_id: 'b'.repeat(32),
          latest: 2,
          log_seq: 2,
          log_head: 'c'.repeat(64),
          rotation_due: 0,
          handover_to: member,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const membership = (id: string, role: 'owner' | 'editor') => ({
        space_id: space,
        user_id: id,
        role,
        state: 'member' as const,
        key_version: 1,
        sign_key: `sign-${id}`,
        box_key: `box-${id}`,
        created_at: at,
      });
      await db
        .insertInto('space_members')
        .values([membership(owner, 'owner'), membership(member, 'editor')])
        .execute();
      const invitation = {
        id: 'invitation-1',
        space_id: space,
        email: 'someone@example.com',
        role: 'viewer' as const,
        invited_by: owner,
        expires_at: at,
        accepted_by: null,
        accepted_at: null,
        created_at: at,
      };
      await db.insertInto('space_invitations').values(invitation).execute();
      await expect(
        db
          .insertInto('space_invitations')
          .values({ ...invitation, id: 'invitation-2' })
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto('space_log')
        .values(
          [owner, member].map((author, index) => ({
            space_id: space,
            seq: index + 1,
            author,
            kind: index === 0 ? ('create' as const) : ('leave' as const),
            body: '{}',
            sig: 'sig',
            hash: String(index).repeat(64),
            created_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('space_keys')
        .values(
          [owner, member].map((id) => ({
            space_id: space,
            epoch: 1,
            user_id: id,
            wrap: 'w',
            created_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('space_devices')
        .values(
          [owner, member].map((id, index) => ({
            space_id: space,
            epoch: 1,
            id: String(index).repeat(32),
            user_id: id,
            session_id: null,
            session_device: null,
            last_seq: 1,
            last_mac: 'm'.repeat(44),
            created_at: at,
            last_seen_at: at,
          })),
        )
        .execute();
      const change = (seq: number, author: string, device: string) => ({
        space_id: space,
        epoch: 1,
        seq,
        device,
        device_seq: 1,
        author,
        mac: 'm'.repeat(44),
        size: 1000,
        body: '{}',
        created_at: at,
      });
      await db
        .insertInto('space_changes')
        .values([change(1, owner, '0'.repeat(32)), change(2, member, '1'.repeat(32))])
        .execute();
      // The same device's number twice: a retry stores nothing twice.
      await expect(
        db
          .insertInto('space_changes')
          .values(change(3, owner, '0'.repeat(32)))
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto('space_heads')
        .values({ space_id: space, epoch: 1, rid: 'r1', version: 'v' })
        .execute();
      await db
        .insertInto('space_snapshots')
        .values({
          id: crypto.randomUUID(),
          space_id: space,
          epoch: 1,
          covers: 2,
          size: 700,
          storage_key: `spaces/${space}/1`,
          author: member,
          staged: 0,
          created_at: at,
        })
        .execute();
      await db
        .insertInto('space_retired_devices')
        .values({ space_id: space, epoch: 1, id: '2'.repeat(32), retired_at: at })
        .execute();
      await db.insertInto('space_usage').values({ space_id: space, bytes: 4321 }).execute();
      // No space, no member of it.
      await expect(
        db
          .insertInto('space_members')
          .values({ ...membership(outsider, 'editor'), space_id: 'f'.repeat(32) })
          .execute(),
      ).rejects.toThrow();

      // The member's account goes: their keys, membership, wrap and device with it; what they wrote stays, and the
      // space is no longer offered to them.
      await db.deleteFrom('users').where('id', '=', member).execute();
      expect(await counts(after)).toEqual({
        member_keys: 1,
        spaces: 1,
        space_members: 1,
        space_invitations: 1,
        space_log: 2,
        space_keys: 1,
        space_devices: 1,
        space_changes: 2,
        space_heads: 1,
        space_snapshots: 1,
        space_retired_devices: 1,
        space_usage: 1,
      });
      const kept = await db
        .selectFrom('spaces')
        .select(['owner_id', 'handover_to'])
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ owner_id: owner, handover_to: null });

      // The owner's account goes: the space with everything in it.
      await db.deleteFrom('users').where('id', '=', owner).execute();
      expect(Object.values(await counts(after))).toEqual(SPACE_TABLES.map(() => 0));
      expect(await db.selectFrom('users').select('id').execute()).toEqual([{ id: outsider }]);
    } finally {
      await after.close();
    }

    const down = await openDatabase({ ...where(), migrateTo: BEFORE });
    try {
      expect(await tablesOf(down)).toEqual([]);
      expect(down.migrations.last).toBe(BEFORE);
    } finally {
      await down.close();
    }
    const again = await openDatabase(where());
    try {
      expect(again.migrations.applied).toEqual(['1765200000000-Spaces']);
      expect((await tablesOf(again)).sort()).toEqual([...SPACE_TABLES].sort());
    } finally {
      await again.close();
    }
  });
});
