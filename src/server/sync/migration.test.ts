// The sync hardening migration on a database written before it (SQLite, and PostgreSQL when DATABASE_URL is set):
// what members' sync already keeps is counted against their quota from the start, and each device is bound to the
// session its browser still has open (or to none, and leaves sync at its member's next request).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { firstUserRow, migrationDatabase } from '../test/migrations.js';
import { DEVICE_BYTES, HEAD_BYTES, vaultBytes } from './store.js';
import type { SessionTable } from '../db/schema.js';

const where = migrationDatabase('migration');

const at = new Date().toISOString();
const user = (id: string) => firstUserRow(id, at);

describe('the sync hardening migration', () => {
  it("counts what each member's sync kept before it, and binds each device to its browser's open session", async () => {
    const before = await openDatabase({ ...where(), migrateTo: '1764200000000-Sync' });
    const [syncing, idle] = [crypto.randomUUID(), crypto.randomUUID()];
    const vault = { header: JSON.stringify({ v: 1, salt: 'AAAA' }), header_mac: 'm'.repeat(44) };
    try {
      const db = before.db;
      await db
        .insertInto('users')
        // The users table as it was at that migration, before is_admin (today's types name it).
        .values([user(syncing), user(idle)] as never)
        .execute();
      await db
        .insertInto('sync_vaults')
        // The vaults table as it was at that migration, before the header's version (today's types name it).
        .values({
          user_id: syncing,
          vault_id: 'a'.repeat(32),
          ...vault,
          latest: 2,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await db
        .insertInto('sync_devices')
        .values(
          ['b', 'c'].map((letter) => ({
            user_id: syncing,
            id: letter.repeat(32),
            name: 'Laptop',
            session_device: `${letter}-browser`,
            last_seq: 1,
            last_mac: null,
            created_at: at,
            last_seen_at: at,
          })),
        )
        .execute();
      // The b browser's sessions: an older one, the newest open one, one ended since, one waiting for approval.
      const session = (id: string, created: number, changes: Record<string, unknown> = {}) => ({
        id,
        user_id: syncing,
        token_hash: crypto.randomBytes(32).toString('hex'),
        device_id: 'b-browser',
        device_name: 'Desktop',
        user_agent: 'x',
        created_at: new Date(Date.now() - created * 60_000).toISOString(),
        last_seen_at: at,
        revoked_at: null,
        approval: 'approved',
        idle_minutes: 0,
        expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
        reauth_at: null,
        ...changes,
      });
      await db
        .insertInto('sessions')
        // Rows of the schema before sessions.can_confirm (a later migration): typed as today's, written as then.
        .values([
          session('older', 30),
          session('newest', 20),
          session('ended', 10, { revoked_at: at }),
          session('waiting', 5, { approval: 'pending' }),
        ] as unknown as SessionTable[])
        .execute();
      await db
        .insertInto('sync_changes')
        .values(
          [1, 2].map((seq) => ({
            user_id: syncing,
            seq,
            device: 'b'.repeat(32),
            device_seq: seq,
            mac: 'm',
            size: 1000 * seq,
            body: '{}',
            created_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('sync_heads')
        .values([
          { user_id: syncing, rid: 'r1', version: 'v' },
          { user_id: syncing, rid: 'r2', version: 'v' },
        ])
        .execute();
      await db
        .insertInto('sync_snapshots')
        .values({
          id: crypto.randomUUID(),
          user_id: syncing,
          covers: 1,
          size: 700,
          storage_key: 'k1',
          created_at: at,
        })
        .execute();
      await db
        .insertInto('sync_chunks')
        .values({ user_id: syncing, key: 'c1', size: 50, storage_key: 'k2', created_at: at })
        .execute();
    } finally {
      await before.close();
    }

    const after = await openDatabase(where());
    try {
      const usage = await after.db.selectFrom('sync_usage').selectAll().execute();
      expect(usage.map((row) => [row.user_id, Number(row.bytes)])).toEqual([
        [syncing, 3000 + 700 + 50 + 2 * HEAD_BYTES + 2 * DEVICE_BYTES + vaultBytes(vault)],
      ]);
      const devices = await after.db
        .selectFrom('sync_devices')
        .select(['id', 'session_id'])
        .orderBy('id')
        .execute();
      expect(devices).toEqual([
        { id: 'b'.repeat(32), session_id: 'newest' },
        { id: 'c'.repeat(32), session_id: null },
      ]);
    } finally {
      await after.close();
    }
  });
});
