// `npm run backup -- <folder>`: a backup of the server's data into a new folder inside <folder>, while it runs.
// `npm run backup -- --restore <backup folder> --yes`: puts one back, the server stopped (what it replaces is kept
// beside it; while a server holds the data, nothing is done). Settings come from the environment and .env, as the
// server's. See docs/deploy.md.
import path from 'node:path';
import { openConfiguredDatabase } from './db/database.js';
import { DataInUse } from './db/data-lock.js';
import { makeBackup, restoreBackup } from './backup.js';
import { CommandError, commandConfig, runCommand } from './cli.js';

const USAGE = `usage: npm run backup -- <folder>                      back up into a new folder inside <folder>
       npm run backup -- --restore <backup folder> --yes   put a backup back (stop the server first)`;

async function main(args: string[]): Promise<void> {
  const config = commandConfig();
  if (args[0] === '--restore') {
    const from = args[1];
    if (!from || !args.includes('--yes')) {
      throw new CommandError(
        `${USAGE}\nRestoring replaces the server's data: stop the server, then add --yes.`,
        2,
      );
    }
    const manifest = await restoreBackup(config, path.resolve(from)).catch((error: unknown) => {
      if (error instanceof DataInUse) throw new CommandError(`${error.message} Nothing was restored.`, 1);
      throw error;
    });
    console.log(
      `Restored the backup of ${manifest.createdAt} (${manifest.members} members; the data it replaced is kept beside it with "before-restore" in its name). Start the server.`,
    );
    return;
  }
  const into = args[0];
  if (!into || into.startsWith('-')) throw new CommandError(USAGE, 2);
  const database = await openConfiguredDatabase(config);
  try {
    const { folder, manifest, tightened } = await makeBackup(config, database, path.resolve(into));
    const files =
      manifest.files.kind === 'copied'
        ? `${manifest.files.count} files (${manifest.files.bytes} bytes)`
        : `the listing of the S3 bucket ${manifest.files.bucket} (${manifest.files.count} files, ${manifest.files.bytes} bytes: the files stay there, keep it versioned and replicated)`;
    console.log(`Backed up ${manifest.members} members' accounts and ${files} into ${folder}`);
    if (tightened > 0) {
      console.log(
        `${tightened} earlier backup${tightened === 1 ? '' : 's'} there could be read by other users of this machine: now only by this one.`,
      );
    }
  } finally {
    await database.close();
  }
}

runCommand('MyGenie could not complete the backup', () => main(process.argv.slice(2)));
