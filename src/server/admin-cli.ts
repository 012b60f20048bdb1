// `npm run admin -- <command>`: what a host does to members from the command line (admin.ts; docs/deploy.md,
// "The admin command line"). Settings come from the environment and .env, as the server's; it works while the
// server runs.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './core/config.js';
import { withoutPasswords } from './core/secrets.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { localStorage } from './storage/local.js';
import type { FileStorage } from './storage/storage.js';
import {
  AdminError,
  deleteAccount,
  endSessions,
  makeAdmin,
  removeAdmin,
  usage,
  type Usage,
} from './admin.js';

const USAGE = `usage: npm run admin -- make-admin <email>            make the member an admin
       npm run admin -- remove-admin <email>          take back an admin role made with make-admin
       npm run admin -- end-sessions <email>          sign the member out on every browser
       npm run admin -- delete-account <email> --yes  delete the account, its data and its stored files
       npm run admin -- usage                         members, admins, who is signed in, storage`;

async function fileStorage(config: Config): Promise<FileStorage> {
  return config.s3
    ? (await import('./storage/s3.js')).s3Storage(config.s3)
    : localStorage(path.join(config.dataDir, 'files'));
}

function bytes(count: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = count;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${count} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

function report(figures: Usage): string {
  const { members, storage } = figures;
  const lines = [
    `Members: ${members.verified} verified, ${members.unverified} not verified yet; ${figures.signedIn} signed in now.`,
    `Admins: ${figures.admins.length > 0 ? figures.admins.join(', ') : 'none (set ADMIN_EMAILS or run make-admin)'}.`,
    `Storage: documents ${bytes(storage.documents)}, sync ${bytes(storage.sync)}, published files ${bytes(storage.files)}.`,
  ];
  if (figures.largest.length > 0) {
    lines.push('Members keeping the most:');
    for (const row of figures.largest) {
      lines.push(`  ${row.email}: documents ${bytes(row.documents)}, sync ${bytes(row.sync)}`);
    }
  }
  return lines.join('\n');
}

async function run(config: Config, database: DatabaseHandle, args: string[]): Promise<string> {
  const [command, email] = args;
  const needsEmail = () => {
    if (!email || email.startsWith('-'))
      throw new UsageError(`${command} needs the member's e-mail address.`);
    return email;
  };
  switch (command) {
    case 'make-admin':
      return makeAdmin(database, needsEmail());
    case 'remove-admin':
      return removeAdmin(config, database, needsEmail());
    case 'end-sessions':
      return endSessions(database, needsEmail());
    case 'delete-account': {
      const address = needsEmail();
      if (!args.includes('--yes')) {
        throw new UsageError(
          `Deleting ${address} removes the account, its data and its stored files for good: add --yes.`,
        );
      }
      const { message, left } = await deleteAccount(database, await fileStorage(config), address);
      if (left.length === 0) return message;
      return `${message}\nThese stored files could not be deleted; delete them by hand:\n${left.map((key) => `  ${key}`).join('\n')}`;
    }
    case 'usage':
      return report(await usage(config, database));
    default:
      throw new UsageError(command ? `Unknown command ${command}.` : '');
  }
}

class UsageError extends Error {}

async function main(args: string[]): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
    console.log(USAGE);
    return;
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'mygenie.db'),
    sqliteSynchronous: config.sqliteSynchronous,
  });
  try {
    console.log(await run(config, database, args));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(error.message ? `${error.message}\n${USAGE}` : USAGE);
    process.exit(2);
  }
  if (error instanceof AdminError) {
    console.error(error.message);
    process.exit(1);
  }
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`MyGenie could not complete the command: ${withoutPasswords(message)}`);
  process.exit(1);
});
