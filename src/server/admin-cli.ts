// `npm run admin -- <command>`: what a host does to members from the command line (admin.ts; docs/deploy.md,
// "The admin command line"). Settings come from the environment and .env, as the server's; it works while the
// server runs, and tells the running servers of a change at once.
import type { Config } from './core/config.js';
import { openConfiguredDatabase, type DatabaseHandle } from './db/database.js';
import { configuredStorage } from './storage/configured.js';
import {
  deleteAccount,
  endSessions,
  makeAdmin,
  removeAdmin,
  runningServers,
  usage,
  type Usage,
} from './admin.js';
import { CommandError, commandConfig, runCommand } from './cli.js';

const USAGE = `usage: npm run admin -- make-admin <email>            make the member an admin
       npm run admin -- remove-admin <email>          take back an admin role made with make-admin
       npm run admin -- end-sessions <email>          sign the member out on every browser
       npm run admin -- delete-account <email> --yes  delete the account, its data and its stored files
       npm run admin -- usage                         members, admins, who is signed in, storage`;

/** The command used wrongly: what is wrong, then the usage; exit code 2. */
const misused = (problem: string) => new CommandError(problem ? `${problem}\n${USAGE}` : USAGE, 2);

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
    `Storage: documents ${bytes(storage.documents)}, sync ${bytes(storage.sync)}, spaces ${bytes(storage.spaces)}, published files ${bytes(storage.files)}.`,
  ];
  if (figures.largest.length > 0) {
    lines.push('Members keeping the most:');
    for (const row of figures.largest) {
      lines.push(
        `  ${row.email}: documents ${bytes(row.documents)}, sync ${bytes(row.sync)}, spaces ${bytes(row.spaces)}`,
      );
    }
  }
  return lines.join('\n');
}

async function run(config: Config, database: DatabaseHandle, args: string[]): Promise<string> {
  const [command, email] = args;
  const needsEmail = () => {
    if (!email || email.startsWith('-')) throw misused(`${command} needs the member's e-mail address.`);
    return email;
  };
  const servers = runningServers(config);
  switch (command) {
    case 'make-admin':
      return makeAdmin(database, needsEmail(), servers);
    case 'remove-admin':
      return removeAdmin(config, database, needsEmail(), servers);
    case 'end-sessions':
      return endSessions(database, needsEmail(), servers);
    case 'delete-account': {
      const address = needsEmail();
      if (!args.includes('--yes')) {
        throw misused(
          `Deleting ${address} removes the account, its data and its stored files for good: add --yes.`,
        );
      }
      const { message, left } = await deleteAccount(
        database,
        await configuredStorage(config),
        address,
        servers,
      );
      if (left.length === 0) return message;
      return `${message}\nThese stored files could not be deleted; delete them by hand:\n${left.map((key) => `  ${key}`).join('\n')}`;
    }
    case 'usage':
      return report(await usage(config, database));
    default:
      throw misused(command ? `Unknown command ${command}.` : '');
  }
}

async function main(args: string[]): Promise<void> {
  const config = commandConfig();
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
    console.log(USAGE);
    return;
  }
  const database = await openConfiguredDatabase(config);
  try {
    console.log(await run(config, database, args));
  } finally {
    await database.close();
  }
}

runCommand('MyGenie could not complete the command', () => main(process.argv.slice(2)));
