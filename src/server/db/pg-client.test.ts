// The backup's PostgreSQL client programs, checked before they run: missing or too old for what they must read, they
// are refused with what to install; a good one answers its version line. Stand-ins print what a real one prints.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedClient, majorOf } from './pg-client.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-pg-client-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A program that answers --version as pg_dump or pg_restore of `version` does. */
function standIn(program: string, version: string): string {
  const file = path.join(folder, `${program}-${version}`);
  fs.writeFileSync(
    file,
    `#!/bin/sh\necho "${program} (PostgreSQL) ${version} (Debian ${version}-1.pgdg120+1)"\n`,
    {
      mode: 0o755,
    },
  );
  return file;
}

const server17 = { major: 17, than: 'the PostgreSQL server it backs up (17.11)' };

describe("the backup's PostgreSQL client programs", () => {
  it('read the major of a client and of a server', () => {
    expect(majorOf('pg_dump (PostgreSQL) 17.11 (Debian 17.11-1.pgdg120+1)')).toBe(17);
    expect(majorOf('pg_restore (PostgreSQL) 9.6.24')).toBe(9);
    expect(majorOf('15.20')).toBe(15);
    expect(majorOf('18beta3')).toBe(18);
    expect(majorOf('MySQL 8.0')).toBeNull();
  });

  it('answer the version line of a pg_dump as new as the server, or newer', async () => {
    await expect(checkedClient('pg_dump', server17, standIn('pg_dump', '17.11'))).resolves.toBe(
      'pg_dump (PostgreSQL) 17.11 (Debian 17.11-1.pgdg120+1)',
    );
    await expect(checkedClient('pg_dump', server17, standIn('pg_dump', '18.6'))).resolves.toContain('18.6');
  });

  it('refuse a pg_dump older than the server, saying why and what to install', async () => {
    await expect(checkedClient('pg_dump', server17, standIn('pg_dump', '15.20'))).rejects.toThrow(
      'pg_dump here is version 15 (pg_dump (PostgreSQL) 15.20 (Debian 15.20-1.pgdg120+1)), older than the ' +
        'PostgreSQL server it backs up (17.11): pg_dump reads only servers of its own major version or older. ' +
        "Install PostgreSQL's client programs, version 17 or later (on Debian or Ubuntu the package " +
        "postgresql-client-17, from PostgreSQL's apt repository apt.postgresql.org); the MyGenie image has them.",
    );
  });

  it('name a missing program and what to install, not "spawn pg_dump ENOENT"', async () => {
    const missing = checkedClient('pg_dump', server17, path.join(folder, 'no-such-dir', 'pg_dump'));
    await expect(missing).rejects.toThrow(
      "pg_dump was not found on this machine (PATH), and backing up PostgreSQL runs it. Install PostgreSQL's " +
        'client programs, version 17 or later (on Debian or Ubuntu the package postgresql-client-17',
    );
    await expect(missing).rejects.not.toThrow('ENOENT');
  });

  it('refuse a pg_restore older than the pg_dump that made the backup', async () => {
    const dump = { major: 17, than: 'the pg_dump that made this backup (pg_dump (PostgreSQL) 17.11)' };
    await expect(checkedClient('pg_restore', dump, standIn('pg_restore', '16.4'))).rejects.toThrow(
      'pg_restore here is version 16 (pg_restore (PostgreSQL) 16.4 (Debian 16.4-1.pgdg120+1)), older than the ' +
        'pg_dump that made this backup (pg_dump (PostgreSQL) 17.11): pg_restore reads only backup files of its own ' +
        'major version or older.',
    );
  });
});
