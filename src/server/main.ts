// Starts the server: reads the configuration, opens the database (running migrations) and listens; on SIGTERM
// or SIGINT it stops accepting, finishes the requests in flight, closes the database and exits 0.
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './core/config.js';
import { openDatabase } from './db/database.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`MyGenie cannot start. ${error.message}\nSee the README's Configuration section.`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    url: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'mygenie.db'),
    sqliteSynchronous: config.sqliteSynchronous,
  });
  const { app } = await buildApp({ config, database });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `MyGenie is serving ${config.publicUrl} (${database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'}; mail ${config.smtpUrl ? 'via SMTP' : `to ${path.join(config.dataDir, 'outbox')}`})`,
  );
}

main().catch((error: unknown) => {
  console.error('MyGenie could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
