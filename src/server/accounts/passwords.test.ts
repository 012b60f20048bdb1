// The password hashing pool: argon2id at the OWASP parameters, in worker threads below the request thread.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

/** Scheduling facts of this process's threads, from /proc (Linux). */
function threads(): Array<{ tid: string; nice: number; policy: number }> {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: nice is field 19, policy field 41.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { tid, nice: Number(fields[16]), policy: Number(fields[38]) };
  });
}

/** Linux's ordinary time-sharing policy (SCHED_IDLE, 5, would run a thread only when a core is idle). */
const SCHED_OTHER = 0;

describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and checks passwords against the hash', async () => {
    const hash = await hashPassword('비밀번호 correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, '비밀번호 correct horse')).toBe(true);
    expect(await verifyPassword(hash, '비밀번호 correct horsE')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('answers every one of many concurrent checks correctly', async () => {
    const hash = await hashPassword('pw-1');
    const checks = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        verifyPassword(hash, index % 3 === 0 ? 'pw-1' : `wrong-${index}`),
      ),
    );
    expect(checks).toEqual(Array.from({ length: 12 }, (_, index) => index % 3 === 0));
  });

  it.runIf(process.platform === 'linux')(
    'hashes in one thread per core below the request thread (nice 19), never one that waits for an idle core',
    async () => {
      await hashPassword('warm the pool');
      const main = threads().find((thread) => thread.tid === String(process.pid));
      expect(main).toMatchObject({ nice: 0, policy: SCHED_OTHER });
      const hashing = threads().filter((thread) => thread.nice === 19);
      expect(hashing).toHaveLength(os.availableParallelism());
      for (const thread of hashing) expect(thread.policy).toBe(SCHED_OTHER);
    },
  );

  it('hashes the first password under `node --watch` too, where Node posts its own messages from the workers', async () => {
    // `npm run dev` runs the server under `node --watch`: the workers then tell Node which modules they load, on
    // the port the pool reads its answers from. The first sign-up through the dev server once never answered.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-hash-'));
    const script = path.join(dir, 'hash.mjs');
    const source = path.join(import.meta.dirname, 'passwords.ts');
    fs.writeFileSync(
      script,
      `const { hashPassword } = await import(${JSON.stringify(source)});\n` +
        `console.log('hashed ' + (await hashPassword('pw')).slice(0, 9));\n`,
    );
    const child = spawn(process.execPath, ['--experimental-strip-types', '--watch', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('hashed')) resolve(out);
        });
        child.on('exit', () => reject(new Error(`node --watch stopped: ${out}`)));
      });
      expect(printed).toContain('hashed $argon2id');
    } finally {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
