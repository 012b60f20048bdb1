// Starts the server: reads the configuration, opens the database (running migrations) and listens; on SIGTERM
// or SIGINT it stops accepting, finishes the requests in flight, closes the database and exits 0.
import http from 'node:http';
import { buildApp } from './app.js';
import { ConfigError, insecurePublicUrl, loadConfig, type Config } from './core/config.js';
import { openConfiguredDatabase } from './db/database.js';
import { holdData } from './db/data-lock.js';
import { tellLocalBuses } from './core/bus.js';
import { addressesIn, shownAddress, withoutPasswords } from './core/secrets.js';
import { runningBuild, startLine } from './core/version.js';

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
  const build = runningBuild();

  // While the database opens (migrations can take minutes on a large one), the port answers "starting".
  const starting = await answerStarting(config);
  // Held while it runs: a restore refuses meanwhile, and one under way is waited for; on SQLite the admin command
  // tells the server its changes through it (db/data-lock.ts).
  let warn = (message: string) => console.warn(message);
  const hold = await holdData(config, { hear: tellLocalBuses, warn: (message) => warn(message) });
  const database = await openConfiguredDatabase(config);
  const { app } = await buildApp({ config, database, build });
  warn = (message) => app.log.warn(message);
  await new Promise<void>((resolve) => {
    starting.close(() => resolve());
    starting.closeAllConnections();
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    app
      .close()
      .then(() => database.close())
      .then(() => hold.release())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(startLine(build, database.dialect, database.migrations));
  app.log.info(
    `MyGenie is serving ${shownAddress(config.publicUrl)} (${database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (insecurePublicUrl(config.publicUrl)) {
    app.log.warn(
      `PUBLIC_URL ${shownAddress(config.publicUrl)} is plain http on an address other than this computer's own: ` +
        'browsers give the app no encryption there, so nobody can make or open a vault. Serve it over HTTPS ' +
        '(docs/deploy.md, "HTTPS on a single server").',
    );
  }
}

/**
 * Listens on the server's port until the app takes it, answering every request 503 with `status: "starting"` and
 * Retry-After: a load balancer or a container's health check sees a server on its way up, not a closed port.
 */
function answerStarting(config: Config): Promise<http.Server> {
  const body = JSON.stringify({
    status: 'starting',
    error: { code: 'server/unavailable', message: 'MyGenie is starting: its database is being prepared.' },
  });
  const server = http.createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
      connection: 'close',
    });
    response.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `port ${config.port} on ${config.host} is in use by another program: stop it, or set PORT.`,
            )
          : error,
      ),
    );
    server.listen(config.port, config.host, () => resolve(server));
  });
}

main().catch((error: unknown) => {
  // A driver's message may carry the URL it was given: its password never reaches the output.
  console.error(
    `MyGenie could not start: ${withoutPasswords(error instanceof Error ? error.message : String(error), addressesIn(process.env))}`,
  );
  process.exit(1);
});
