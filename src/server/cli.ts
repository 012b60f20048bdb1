// What the server's commands share (`npm run backup`, `npm run admin`): the server's settings, read from the
// environment and a .env beside it, and one way to fail — a refusal printed as it is with its exit code (2 for a
// command used wrongly), anything else named with what failed, never with a password.
import fs from 'node:fs';
import { loadConfig, type Config } from './core/config.js';
import { addressesIn, withoutPasswords } from './core/secrets.js';

/** A refusal the command prints as it is, exiting with its code (1: refused; 2: the command was used wrongly). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** The server's settings, as it reads them: the environment, and .env in the working folder. */
export function commandConfig(): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig(process.env);
}

/** Runs a command; a failure is printed (`failed`: what could not be done) and ends the process. */
export function runCommand(failed: string, command: () => Promise<void>): void {
  command().catch((error: unknown) => {
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    const message = error instanceof Error ? error.message : String(error);
    // A driver may repeat the settings it was given: their secrets go, wherever they appear.
    console.error(`${failed}: ${withoutPasswords(message, addressesIn(process.env))}`);
    process.exit(1);
  });
}
