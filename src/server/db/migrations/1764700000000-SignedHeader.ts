import type { Kysely } from 'kysely';

// The synced vault's header, signed and versioned (docs/sync.md, "The header"): a session alone cannot swap it, nor
// put back an older one after a master-password change. `header_version` goes up with each new header (0: a header
// published before versions, taken as it is until a device signs it); `header_proof` is the vault signing key's
// signature of the header and its version.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sync_vaults')
    .addColumn('header_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sync_vaults').addColumn('header_proof', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_vaults').dropColumn('header_proof').execute();
  await db.schema.alterTable('sync_vaults').dropColumn('header_version').execute();
}
