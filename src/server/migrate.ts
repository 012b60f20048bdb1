// `npm run migrate`: brings the database named by the environment (DATABASE_URL, else SQLite in DATA_DIR) to
// the current schema and exits, so a release's migrations can run before its server processes start. A server
// also migrates at every start; on PostgreSQL, Kysely's migration lock lets only one process migrate at once.
import { sql } from 'kysely';
import { ConfigError, loadConfig } from './core/config.js';
import { openConfiguredDatabase } from './db/database.js';
import { addressesIn, withoutPasswords } from './core/secrets.js';
import { appliedMigrations } from './core/version.js';

async function migrate(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    console.log(
      `MyGenie database (${database.dialect}) is at the current schema: ${rows.length} migrations, the last ${rows.at(-1)?.name ?? 'none'}.\n` +
        `Applied now: ${appliedMigrations(database.migrations)}.`,
    );
  } finally {
    await database.close();
  }
}

migrate().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  // A driver's message may carry the URL it was given: none of its secrets reaches the output.
  console.error(
    `MyGenie could not migrate the database: ${withoutPasswords(message, addressesIn(process.env))}`,
  );
  process.exit(1);
});
