// PostgreSQL's client programs the server's backup runs (pg_dump, pg_restore), checked before they run: one that is
// missing, or older than what it must read, is named with what to install, instead of failing as
// `spawn pg_dump ENOENT` or with pg_dump's own "server version mismatch".
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type ClientProgram = 'pg_dump' | 'pg_restore';

/** What each program is run for, and what it must be no older than. */
const ROLE: Record<ClientProgram, { task: string; reads: string }> = {
  pg_dump: { task: 'backing up PostgreSQL', reads: 'servers' },
  pg_restore: { task: 'restoring a PostgreSQL backup', reads: 'backup files' },
};

/** The major version of a client's or a server's version (`pg_dump (PostgreSQL) 17.11 (Debian …)`, `17.11`). */
export function majorOf(version: string): number | null {
  const found = /^(?:\S+ \(PostgreSQL\) )?(\d+)(?:\.\d+)?/.exec(version.trim());
  return found ? Number(found[1]) : null;
}

/** What to install for client programs of `major` or later. */
function install(major: number): string {
  return (
    `Install PostgreSQL's client programs, version ${major} or later (on Debian or Ubuntu the package ` +
    `postgresql-client-${major}, from PostgreSQL's apt repository apt.postgresql.org); the MyGenie image has them.`
  );
}

/**
 * Runs `<program> --version` (as `command`: a path, in tests) and answers its version line when the program is there
 * and of the `needed` major or later: the server's for pg_dump, which reads only servers of its major or older; the
 * dump's for pg_restore, which reads only files of its major or older. `needed.than` names that server or dump.
 * Otherwise throws a message that says what to install.
 */
export async function checkedClient(
  program: ClientProgram,
  needed: { major: number; than: string },
  command: string = program,
): Promise<string> {
  const { task, reads } = ROLE[program];
  let line: string;
  try {
    line = (await run(command, ['--version'], { encoding: 'utf8' })).stdout.trim().split('\n')[0] ?? '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${program} was not found on this machine (PATH), and ${task} runs it. ${install(needed.major)}`,
      );
    }
    throw new Error(`${program} --version failed: ${(error as Error).message}`);
  }
  const major = majorOf(line);
  if (major === null)
    throw new Error(`${program} answered "${line}" to --version, not a PostgreSQL version.`);
  if (major < needed.major) {
    throw new Error(
      `${program} here is version ${major} (${line}), older than ${needed.than}: ${program} reads only ${reads} ` +
        `of its own major version or older. ${install(needed.major)}`,
    );
  }
  return line;
}
